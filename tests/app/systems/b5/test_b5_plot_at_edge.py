"""Return at a plot whose straight on leaves the board (I5's real-screen walk of 0604 by Return stood at turn 5's
Coalition plot: the Lyrans at the top edge, the bar empty, Return refused with "a plot is three pulses' steps ...,
none was given"). The bar now opens at the first plot the rules take, and Return gives it."""
from __future__ import annotations

from PySide6.QtCore import Qt

from tests.rules.systems.b5.test_edge_speed import campaign
from tests.rules.systems.b5.test_pulses import ruled


def test_return_at_the_edge_gives_a_plot_that_keeps_the_squadron_on_the_board(b5_window, qtbot):
    """B-C2 (medium) at 0140 facing E (off the board's west edge) at speed 8: the bar opens at LFFF FF FFF (a
    turn to port, south along the edge), and Return in it is taken."""
    main, bw = b5_window(["meeting engagement", "skirmish", "none", 8, 8, ruled("2030", "A"), ruled("2031", "A"),
                          ruled("3530", "F"), ruled("3531", "F"), ruled("0140", "E"), "plot and move", "FFF FF FFF"],
                         campaign=campaign(slow=False), at="0304")
    assert bw.b.pending.key == "b5/1/plot/b-c2", bw.b.pending.key
    if bw.handing_over():
        qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    edit = bw.panel.hex_edit
    qtbot.waitUntil(edit.isVisible, timeout=20000)
    assert edit.text() == "LFFF FF FFF"
    qtbot.keyClick(edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: bw.b.pending.key != "b5/1/plot/b-c2", timeout=20000)
    assert bw.b.answers[-1] == "LFFF FF FFF" and bw.b.pending.key == "b5/1/plot/r-flag"
