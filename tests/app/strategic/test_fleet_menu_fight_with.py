"""A fleet counter's right-click menu in an open Battle Hex offers "Fight it with", as the sector's
menu does (issue 22, real-screen pass at 1600x1000, scale 1): the counter covers most of its hex,
so right-clicking a Battle Hex mostly opened the fleet's menu, which had "Fight its Battle Hex" but
no way to choose the battle system; the sector's menu came up only on the hex's edge."""
from __future__ import annotations

from app.strategic.menus import fleet_menu
from tests.app.strategic.test_menus import counter_pos, end_movement, fleet, right_click
from tests.app.systems.test_table import system_action


def test_a_fleet_in_an_open_battle_hex_chooses_how_it_is_fought(window, qtbot):
    end_movement(window, qtbot)
    fid = next(f.id for f in window.campaign.fleets if str(f.sector) == "0604")
    seen = right_click(window, qtbot, counter_pos(window, fid), "Inspect", fleet(window, fid).name)
    assert dict(seen).get("Fight it with") is True, seen
    menu = fleet_menu(window.strategic_view, fleet(window, fid))
    with_menu = next(a.menu() for a in menu.actions() if a.menu() is not None and a.text() == "Fight it with")
    assert system_action(with_menu, "v13").isChecked()
    system_action(with_menu, "table").trigger()
    rec = next(r for r in window.campaign.battle_hexes if str(r.at) == "0604")
    assert rec.system == "table"
    assert window.statusBar().currentMessage().startswith("Battle Hex 0604 will be fought with: Fought at the table")


def test_a_fleet_outside_any_battle_hex_has_no_system_to_choose(window, qtbot):
    seen = right_click(window, qtbot, counter_pos(window, "fed-logistics"), "Inspect")
    assert "Fight it with" not in dict(seen)
