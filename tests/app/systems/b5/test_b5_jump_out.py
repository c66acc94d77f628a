"""A withdrawing squadron jumping out, as the GM plays it in the battle window (rules/systems/b5/jumpout.py):
"jump" typed into the plot bar of the squadron's plot; once the plots are revealed its vortex is drawn on the
board ahead of the opener for the whole turn, and gone with the squadron at the turn's end."""
from __future__ import annotations

from PySide6.QtCore import Qt

from tests.rules.systems.b5.test_jump_out import campaign, set_up


def _vortices(bw) -> list[str]:
    return [it.toolTip() for it in bw.panel.board.items_ if it.toolTip().startswith("vortex: ")]


def test_jump_typed_in_the_plot_bar_draws_the_vortex_until_the_squadron_is_gone(b5_window, qtbot):
    main, bw = b5_window(set_up(), campaign=campaign(), at="0304")
    assert bw.b.pending.key == "b5/2/plot/b-flag"
    if bw.handing_over():
        qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    assert "\"jump\" to jump out, B-F2 opening a jump point ahead of it" in bw.question_label.text()
    edit = bw.panel.hex_edit
    edit.clear()
    qtbot.keyClicks(edit, "jump")
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    assert bw.b.answers[-1] == "jump" and bw.b.pending.key == "b5/2/plot/b-c2"
    assert _vortices(bw) == []  # secret until the plots are revealed
    for plot in ("FF F FF", "FFF FF FFF"):
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: "plot" in bw.b.pending.data, timeout=20000)
        edit.clear()
        qtbot.keyClicks(edit, plot)
        qtbot.keyClick(edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: bw.b.pending.key.startswith("b5/2/fire/"), timeout=20000)
    if bw.handing_over():  # the Game Master takes the screen for the fire
        qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: _vortices(bw) == ["vortex: B-F2, jumping out (0430)"], timeout=20000)
    while bw.b.pending.key.startswith("b5/2/fire/"):
        bw.answer("done")
    qtbot.waitUntil(lambda: _vortices(bw) == [], timeout=20000)
    names = [it.toolTip() for it in bw.panel.board.items_]
    assert not any(t.startswith(("B-FLAG at", "B-F2 at")) for t in names)  # off the board: jumped out
