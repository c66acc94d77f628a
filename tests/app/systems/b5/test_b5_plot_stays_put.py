"""The B5 plot bar of a squadron at speed 0 (a real-screen pass, shot 42: the bar opened with "- - -", the
engine's default plot of no step in each pulse, which reads like code). It opens empty, its placeholder
says in words what giving it empty does; Return on the empty bar gives the engine's default (the squadron
stays put); a squadron with hexes to move still opens at its straight-on plot."""
from __future__ import annotations

from PySide6.QtCore import Qt

from tests.test_main_cli_b5 import MEETING


def _plotting(b5_window, qtbot, speeds: tuple[int, int]):
    """The default campaign's 0604 fought with B5 as a meeting engagement at ``speeds``, the squadrons
    placed, turn 1 plotted: the Alliance's commander has taken the screen for squadron Claw's plot."""
    main, bw = b5_window([*MEETING[:3], *speeds, *MEETING[5:11], "plot and move"])
    assert bw.b.pending.key == "b5/1/plot/kz-cv-claw", bw.b.pending.key
    assert bw.handing_over()
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    return bw


def test_a_plot_at_speed_0_opens_empty_with_words_and_return_stays_put(b5_window, qtbot):
    bw = _plotting(b5_window, qtbot, (0, 0))
    edit = bw.panel.hex_edit
    assert edit.text() == ""  # not "- - -"
    assert edit.placeholderText() == "empty: stay put (speed 0)"
    assert bw.panel.place_button.text() == "&Give plot"
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    e = bw.b.engine
    assert bw.b.pending.key != "b5/1/plot/kz-cv-claw"  # given: the engine took the empty bar as its default
    assert bw.b.answers[-1] == "- - -" and e.speed["kz-cv-claw"] == 0


def test_a_plot_with_hexes_to_move_still_opens_straight_on(b5_window, qtbot):
    bw = _plotting(b5_window, qtbot, (5, 8))
    edit = bw.panel.hex_edit
    assert edit.text() == bw.b.pending.default and "F" in edit.text()
    assert edit.placeholderText() == "e.g. FF F FF"
    edit.clear()
    qtbot.keyClick(edit, Qt.Key.Key_Return)  # cleared: nothing given, the engine says what a plot is
    assert bw.b.pending.key == "b5/1/plot/kz-cv-claw"
    assert "none was given" in bw.panel.prompt.text()
