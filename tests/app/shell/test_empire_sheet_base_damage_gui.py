"""A power's damaged bases on its Empire Sheet (issue 23; docs/combat_phase.md, "Base damage levels"):
Starbase 11 at 0207, crippled with three damage levels, one of them ordered for repair at Vanguard II
this turn. View > Empire Sheet (Ctrl+Shift+K): the Alliance's commander, seated behind the sheet's
hand-over, reads the base, its levels to repair at 25% of its cost each, the repair ordered and the
levels not ordered yet; the Coalition's commander, seated, sees no power of the Alliance and nothing of
the base; the table's view keeps it the power's secret; the GM view shows it."""
from __future__ import annotations

from PySide6.QtCore import Qt

from rules.model import dumps, parse_campaign
from rules.turn.run import TurnRun
from tests.app.gui import Answerer, open_campaign, press, take_over
from tests.app.shell.test_empire_sheet import _choose
from tests.app.shell.test_orders_base_repair_gui import campaign

HEAD = "Damaged bases (Construction Completion: 25% of a base's cost repairs a damage level):"
BASE = ("Starbase 11 at Vanguard (0207): 3 damage levels to repair (10 each); repair ordered: 1 damage level at "
        "Vanguard II on turn 1; 2 damage levels not ordered yet")


def _ordered():
    """The scenario with one of Starbase 11's three levels ordered for repair (the GM's answer)."""
    run = TurnRun(campaign())
    run.answer({"repair": {"power": "fed", "unit": "fed-sb-11", "planet": "Vanguard II", "levels": 1}})
    return parse_campaign(dumps(run.campaign))


def _sheet(main, qtbot):
    press(main, "Ctrl+Shift+K")  # View > Empire Sheet
    sheet = main.empire_sheet
    qtbot.waitUntil(sheet.isVisible)
    return sheet


def _seat(sheet, qtbot, power: str, team: str) -> None:
    """The power's Team takes the sheet's seat: "Take the seat...", then "I am the ..." on its hand-over."""
    _choose(sheet, qtbot, power)
    answerer = Answerer(take_over)
    try:
        qtbot.mouseClick(sheet.seat_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: sheet.seat == team)
    finally:
        answerer.stop()
    assert answerer.seen and answerer.seen[0][0] == "HandOverDialog"


def test_the_seated_team_reads_its_damaged_base_and_the_repair_ordered(qtbot, tmp_path):
    main = open_campaign(qtbot, tmp_path, _ordered(), size=(1400, 900))
    sheet = _sheet(main, qtbot)
    table = _choose(sheet, qtbot, "fed")  # the table's view: the power's secret
    assert "Starbase 11" not in table and HEAD not in table and "damaged bases" in table
    _seat(sheet, qtbot, "fed", "alliance")
    lines = sheet.totals.text().splitlines()
    assert lines[lines.index(HEAD) + 1] == BASE
    assert "repair of Starbase 11 (SB, 1 damage level) at Vanguard II (0207)" in sheet.totals.text()  # not its id
    assert HEAD + " none" in _choose(sheet, qtbot, "kzinti").splitlines()


def test_another_team_sees_nothing_of_the_base_and_the_gm_sees_it(qtbot, tmp_path):
    main = open_campaign(qtbot, tmp_path, _ordered(), size=(1400, 900))
    sheet = _sheet(main, qtbot)
    _seat(sheet, qtbot, "klingon", "coalition")
    assert [sheet.power_box.itemData(i) for i in range(sheet.power_box.count())] == ["klingon", "lyran", "romulan"]
    for own in ("klingon", "lyran", "romulan"):
        text = _choose(sheet, qtbot, own)
        assert HEAD + " none" in text.splitlines() and "Starbase 11" not in text
    main.gm_view_action.trigger()  # View > GM View: every power's sheet
    qtbot.waitUntil(lambda: sheet.seat is None and sheet.power_box.findData("fed") >= 0)
    assert BASE in _choose(sheet, qtbot, "fed").splitlines()
