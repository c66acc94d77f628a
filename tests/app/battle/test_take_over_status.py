"""Taking over the screen starts with a clean status bar (issue 22, real-screen pass, B5 at 0604 of
the default campaign): Replay pressed behind the hand-over screen said "Cannot replay: take over
the screen first", and the words stayed under the battle once the commander took over - a
message for whoever sat there before, about a state that no longer held. (Replay no longer acts behind
the page at all, app/battle/held.py: the words are put there by the test, as any earlier message.)"""
from __future__ import annotations

from PySide6.QtCore import Qt

from tests.app.systems.b5.test_b5_narrow_bar import _placing
from tests.app.systems.b5.test_b5_window import click_hex


def test_the_status_bar_is_cleared_when_the_next_commander_takes_over(qtbot, tmp_path):
    bw = _placing(qtbot, tmp_path)
    panel = bw.panel
    for _ in range(6):  # the Alliance's ships placed on its legal hexes: the screen passes to the Coalition
        if bw.handing_over():
            break
        click_hex(qtbot, panel, bw.b.legal()[len(bw.b.legal()) // 2])
    assert bw.handing_over()
    bw.statusBar().showMessage("Cannot replay: take over the screen first", 15000)  # said behind the page
    bw.replay.replay_action.trigger()  # behind the hand-over it does nothing now (test_held_behind_hand_over)
    assert not bw.replay.on
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    assert not bw.handing_over()
    assert not bw.statusBar().currentMessage().startswith("Cannot replay"), bw.statusBar().currentMessage()
