"""Issue 23: the planet a Colony Fleet settles is its power's choice, in the power's own orders
dialog behind its hand-over. The Federation's commander takes the screen (Turn > Answer,
Ctrl+Shift+A), loads Census on the Colony Fleet at Vanguard (two free planets there), then on the
"Choose the planet a Colony Fleet settles" page picks Vanguard IV from the list the engine accepts
(in the engine's words), and closes its orders: the fleet's Census carries the choice, which its
Update Asset settles (tests/rules/turn/test_colony_planet.py)."""
from __future__ import annotations

from PySide6.QtCore import Qt

from rules.model import dumps, parse_campaign
from rules.turn.run import play
from tests.app.gui import ok, open_campaign
from tests.app.shell.fed_orders import fed_gives
from tests.rules.turn.test_colony_planet import two_free
from tests.rules.turn.test_purchases import TO_ORDERS


def campaign():
    c = two_free()
    c.settings.turn_orders = "powers"
    return parse_campaign(dumps(play(parse_campaign(dumps(c)), TO_ORDERS).campaign))


def test_the_commander_chooses_the_planet_in_its_orders_dialog(qtbot, tmp_path):
    main = open_campaign(qtbot, tmp_path, campaign(), (1400, 900))
    steps = iter(["colonize", "settle", "done"])
    now: list[str] = []
    seen: dict[str, object] = {}

    def act(d, kind: str) -> bool:
        d.choose(kind)
        if kind == "colonize":
            box = d.lists["colonize"]
            box.setCurrentIndex(next(i for i in range(box.count()) if "Vanguard II " in box.itemText(i)))
        if kind == "settle":  # the list by keys: Tab to it, Down to the second planet
            box = d.lists["settle"]
            seen["list"] = [box.itemText(i) for i in range(box.count())]
            seen["ok before"] = d.ok_button.isEnabled()
            box.setFocus()
            qtbot.keyClick(box, Qt.Key.Key_Down)
            seen["note"] = d.notes["settle"].text()
        return ok(d)

    fed_gives(qtbot, main, steps, now, act)
    assert now == ["colonize", "settle", "done"]
    assert seen["list"] == [
        "Colony Fleet Mayflower is to settle Vanguard III (0207) on the next Update Asset Phase where it stands there",
        "Colony Fleet Mayflower is to settle Vanguard IV (0207) on the next Update Asset Phase where it stands there"]
    assert seen["ok before"] is True
    assert seen["note"] == ("As the engine logs it: Colony Fleet Mayflower is to settle Vanguard IV (0207) on the "
                            "next Update Asset Phase where it stands there")
    load = next(f for f in main.campaign.fleets if f.id == "fed-colony").cargo
    assert [(x.amount, str(x.settle_at), x.settle_planet) for x in load] == [(1, "0207", "Vanguard IV")]
    assert "orders/fed" in main.campaign.turn_asked
