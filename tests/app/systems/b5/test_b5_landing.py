"""Issue 24 in the GUI: a flight landing on a carrier that is not its own (seed 003 Launching and
Landing Fighters): Blue takes the screen at its flights' moves, clicks B-FL, then B-F2 (a friendly
carrier with a place free): the bar reads 'B-FL land B-F2', and Return lands it there."""
from __future__ import annotations

from hexmap import Label
from rules.model import io
from tests.app.gui import open_main_window
from tests.app.systems.b5.test_b5_flights import click_hex, give, take_over
from tests.rules.systems.b5.test_flights import PULSE1, SET_UP, TURN1
from tests.rules.systems.b5.test_flying import campaign


def test_a_click_on_another_carrier_lands_the_picked_flight_there(qtbot, tmp_path):
    path = tmp_path / "carriers.json"
    path.write_text(io.dumps(campaign()), encoding="utf-8")
    main = open_main_window(qtbot, tmp_path)
    assert main.open_campaign(path)
    bw = main.fight(Label.parse("0304"))
    bw.auto_dialogs = False
    bw.resize(1300, 850)
    qtbot.waitExposed(bw)
    for answer in [*SET_UP, *TURN1, *PULSE1]:
        bw.answer(answer)
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
