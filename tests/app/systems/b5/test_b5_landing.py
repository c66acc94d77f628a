"""Issue 24 in the GUI: a flight landing on a carrier that is not its own (seed 003 Launching and
Landing Fighters): Blue takes the screen at its flights' moves, clicks B-FL, then B-F2 (a friendly
carrier with a place free): the bar reads 'B-FL land B-F2', and Return lands it there."""
from __future__ import annotations

from tests.app.systems.b5.test_b5_flights import click_hex, give, take_over
from tests.rules.systems.b5.test_flights import PULSE1, SET_UP, TURN1
from tests.rules.systems.b5.test_flying import campaign


def test_a_click_on_another_carrier_lands_the_picked_flight_there(qtbot, b5_window):
    main, bw = b5_window([*SET_UP, *TURN1, *PULSE1], campaign=campaign(), at="0304", size=(1300, 850))
    run, panel = bw.b, bw.panel
    assert run.pending.key == "b5/1/fly/blue"  # pulse 2
    bw.auto_dialogs = True
    take_over(qtbot, bw)
    view, e = panel.board, run.engine
    click_hex(qtbot, view, e.air.at["b-fl"])
    assert "B-FL picked" in panel.prompt.text()
    click_hex(qtbot, view, e.at["b-f2"])
    assert panel.hex_edit.text() == "B-FL land B-F2"
    give(qtbot, bw, panel)
    assert "B-FL lands on B-F2" in [x.text for x in run.log.events]
    take_over(qtbot, bw)  # Red's screen: its Forces sheet
    qtbot.waitUntil(lambda: "flight: B-FL (6 fighters) aboard B-F2" in panel.sheet.toPlainText())
    bw.close()
