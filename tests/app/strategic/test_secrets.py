"""Issue 11: the main window shows the table's view (what every Team at the shared screen may
know); View > GM View (Ctrl+Shift+G) shows the units the rules keep from the table, incidental
units (V13.03) and cloaked units (V13.29). Reached as a person reaches it: the shortcut pressed
on the window, the action triggered, the sector clicked and hovered on the map's viewport."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip

from app.strategic.items import FleetCounterItem
from app.shell.turn_dialogs import BattleHexesDialog
from rules.model import Unit, load_campaign
from rules.strategic import build_graph
from rules.strategic.battle_hex import table_secret, table_units, what_team_sees
from rules.strategic.state import StrategicState
from tests.app.gui import end_movement_listing, ok, open_main_window, press
from tests.conftest import DEFAULT
from tests.rules.strategic.builder import campaign, unit

INCIDENTAL = "Tau Ceti IV Ground Base Alpha"  # an incidental unit of the base in 0509
CLOAKED = "RIS Talon"  # of the all-cloaked Shadow Squadron in 0608


# -- the rule: a pure function of the engine --------------------------------------------------
def test_the_table_may_not_see_incidental_or_cloaked_units():
    base, inc, cloaked = (Unit.model_validate(u) for u in (
        unit("b", kind="battle_station"), unit("i", kind="frd", is_incidental=True), unit("c", is_cloaked=True)))
    assert table_secret(base) == "" and table_secret(inc) == "V13.03" and table_secret(cloaked) == "V13.29"
    assert table_units([base, inc, cloaked]) == [base]


def test_the_table_view_of_a_battle_hex_names_no_secret_unit():
    from tests.rules.strategic.builder import fleet
    from tests.rules.strategic.test_battle_hex import run
    c = campaign(sectors={"0304": {"owner": "lyran", "garrison": [unit("bats", kind="battle_station"),
                                                                   unit("frd", kind="frd", is_incidental=True)]}},
                 fleets=[fleet("f", "fed", "0303", ("0304",), units=[unit("f1"), unit("cl", is_cloaked=True)])])
    after = run(c).campaign
    b = after.battle_hexes[0]
    s = StrategicState.compute(after, build_graph(after))
    for team in ("blue", "red"):
        names = {n for sight in what_team_sees(s, b, team, table=True) for n in sight.seen}
        assert "FRD" not in names and "CL" not in names and names
        assert all(sight.hidden == 0 and not sight.note for sight in what_team_sees(s, b, team, table=True))
    assert "CL" in what_team_sees(s, b, "red")[0].seen  # a team's own view is unchanged


def test_default_campaign_has_the_secrets_this_file_looks_for():
    c = load_campaign(DEFAULT)
    assert any(u.name == INCIDENTAL and u.is_incidental for u in c.sector_at("0509").garrison)
    assert all(u.is_cloaked for f in c.fleets if any(u.name == CLOAKED for u in f.units) for u in f.units)


# -- the window -------------------------------------------------------------------------------
@pytest.fixture
def main(qtbot, tmp_path):
    w = open_main_window(qtbot, tmp_path)
    w.resize(1400, 900)
    w.strategic_view.zoom(2.0)
    return w


def _point(main, label: str):
    view = main.strategic_view
    item = view.scene().sector_items[label]
    view.centerOn(item)
    return view.mapFromScene(item.scenePos() + QPointF(0, -22))


def _click(main, qtbot, label: str) -> str:
    qtbot.mouseClick(main.strategic_view.viewport(), Qt.MouseButton.LeftButton, pos=_point(main, label))
    return main.inspector.toPlainText()


def _hover_tip(main, qtbot, label: str) -> str:
    view = main.strategic_view
    pos = _point(main, label)
    qtbot.mouseMove(view.viewport(), pos)
    QApplication.sendEvent(view.viewport(), QHelpEvent(QEvent.Type.ToolTip, pos, view.viewport().mapToGlobal(pos)))
    qtbot.waitUntil(lambda: bool(QToolTip.text()))
    text = QToolTip.text()
    QToolTip.hideText()
    return text


def test_the_sector_inspector_and_tooltip_keep_incidental_units_for_the_gm_view(main, qtbot):
    assert not main.gm_view_action.isChecked() and "GM view" not in main.windowTitle()
    html = _click(main, qtbot, "0509")
    assert "Battle Station Tau" in html and INCIDENTAL not in html
    tip = _hover_tip(main, qtbot, "0509")
    assert "Battle Station Tau" in tip and INCIDENTAL not in tip
    press(main, "Ctrl+Shift+G")
    assert main.gm_view_action.isChecked() and "GM view" in main.windowTitle()
    assert main._gm_label.isVisible()
    assert INCIDENTAL in main.inspector.toPlainText()  # the selection is shown again, now in full
    assert INCIDENTAL in _hover_tip(main, qtbot, "0509")
    main.gm_view_action.trigger()  # the menu action turns it off again
    assert not main.gm_view_action.isChecked() and "GM view" not in main.windowTitle()
    assert INCIDENTAL not in _click(main, qtbot, "0509")


def _counters(main) -> dict[str, FleetCounterItem]:
    return {i.fleet.name: i for i in main.strategic_view.scene().fleet_items}


def test_a_cloaked_fleet_shows_only_in_the_gm_view(main, qtbot):
    shadow = next(i for n, i in _counters(main).items() if n.startswith("Shadow Squadron"))
    assert not shadow.isVisible()
    html = _click(main, qtbot, "0608")
    assert CLOAKED not in html and "Shadow Squadron" not in html
    assert "Shadow Squadron" not in _hover_tip(main, qtbot, "0608")
    press(main, "Ctrl+Shift+G")
    shadow = next(i for n, i in _counters(main).items() if n.startswith("Shadow Squadron"))
    assert shadow.isVisible() and CLOAKED in shadow.toolTip()
    assert CLOAKED in main.inspector.toPlainText() and "Shadow Squadron" in _hover_tip(main, qtbot, "0608")


def _battle_hexes(main, qtbot) -> str:
    listing = end_movement_listing(main, qtbot)
    return listing.windowTitle() + "\n" + listing.browser.toPlainText()


def test_the_battle_hexes_dialog_names_secrets_only_in_the_gm_view(main, qtbot):
    text = _battle_hexes(main, qtbot)
    assert "Battle Hex 0509" in text and INCIDENTAL not in text and CLOAKED not in text
    assert "GM view" not in text.splitlines()[0]
    main.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is main)
    press(main, "Ctrl+Shift+G")  # the open list is shown again, in full
    qtbot.waitUntil(lambda: any(isinstance(d, BattleHexesDialog) and d.isVisible() and "GM view" in d.windowTitle()
                                for d in QApplication.topLevelWidgets()))
    listing = next(d for d in QApplication.topLevelWidgets()
                   if isinstance(d, BattleHexesDialog) and d.isVisible() and "GM view" in d.windowTitle())
    assert INCIDENTAL in listing.browser.toPlainText()
    ok(listing)


def test_the_neighbours_line_counts_no_cloaked_unit_outside_the_gm_view(main, qtbot):
    """0509's neighbour 0608 holds the cloaked Shadow Squadron (V13.29): the table's inspector
    must not give it away as a hostile force of 3 units."""
    text = _click(main, qtbot, "0509")
    line = next(x for x in text.splitlines() if "0608" in x and x.split(":")[0].strip() in "ABCDEF")
    assert "(3 units)" not in line, line
    press(main, "Ctrl+Shift+G")
    gm_line = next(x for x in main.inspector.toPlainText().splitlines()
                   if "0608" in x and x.split(":")[0].strip() in "ABCDEF")
    assert "hostile force present (3 units)" in gm_line, gm_line
