"""Issue 23: replacement flights ({"replace": {power, flight, to}}, rules/turn/replacement.py) were
given headless only; the orders dialog now offers them from the engine's list (rules/turn/
order_choices.py). Fed built fighter N1 at Earth (0303) last turn; its carrier group at 0304 lost
F1 aboard CV. The GM opens Turn > Turn Orders for a Power..., picks Fed, chooses "Send a new flight
to replace a loss", reads the order in the engine's words and gives it (one undoable step); with
the carrier crippled nothing is offered and the dialog says the rule why."""
from __future__ import annotations

from rules.model import dumps, parse_campaign
from tests.app.gui import answering, choose_item, menu_action, ok, open_campaign, press, show_active
from tests.rules.turn.test_replacement_flights import carrier_group, units, world
from tests.rules.strategic.builder import unit

WORDS = "N1 taken through its logistical network to cg (in supply), replacing F1 lost in combat, aboard CV"


def test_the_gm_sends_a_new_fighter_to_the_carrier_that_lost_one(qtbot, tmp_path):
    from app.shell.orders_dialog import OrdersDialog

    main = open_campaign(qtbot, tmp_path, parse_campaign(dumps(world(carrier_group()))), size=(1400, 900))
    steps = iter(["replace", "after"])
    seen: dict[str, object] = {}

    def enter(d) -> bool:
        if not isinstance(d, OrdersDialog):
            return False
        step = next(steps)
        d.choose("replace")
        box = d.lists["replace"]
        seen[step] = ([box.itemText(i) for i in range(box.count())], d.notes["replace"].text(), d.ok_button.isEnabled())
        if step == "after":  # the flight went: nothing left to send
            d.choose("done")
        return ok(d)

    answering(qtbot, menu_action(main, "Turn Orders for a Power...").trigger, choose_item("Fed"), enter,
              until=lambda: "after" in seen, timeout=20000)
    assert next(steps, None) is None  # "done" given after the order: the dialog closed
    items, note, enabled = seen["replace"]
    assert items == [WORDS + "; fed-built-t1-0303 has no unit left and leaves"] and enabled
    assert note == "As the engine logs it: Fed: " + items[0]
    assert units(main.campaign, "cg") == [("cv", None, False), ("n1", "cv", False), ("f2", "cv", False)]
    line = main.campaign.log[-1]
    assert line.rule == "004 Construction Completion Phase (replacement flights)" and line.text == "Fed: " + items[0]
    assert seen["after"] == ([], "Nothing can be ordered so now: Fed has nothing it applies to.", False)
    show_active(main, qtbot)
    press(main, "Ctrl+Z")  # the order is one undoable step
    qtbot.waitUntil(lambda: units(main.campaign, "cg")[1] == ("f1", "cv", True), timeout=20000)


def test_a_crippled_carrier_is_not_offered_and_the_dialog_says_the_rule(qtbot, tmp_path):
    from app.shell.orders_dialog import OrdersDialog

    c = world(carrier_group(cv=unit("cv", is_carrier=True, crippled=True)))
    main = open_campaign(qtbot, tmp_path, parse_campaign(dumps(c)), size=(1400, 900))
    seen: dict[str, object] = {}

    def enter(d) -> bool:
        if not isinstance(d, OrdersDialog):
            return False
        if "note" in seen:
            d.choose("done")
            return ok(d)
        d.choose("replace")
        seen["note"], seen["ok"] = d.notes["replace"].text(), d.ok_button.isEnabled()
        seen["count"] = d.lists["replace"].count()
        d.choose("done")
        return ok(d)

    answering(qtbot, menu_action(main, "Turn Orders for a Power...").trigger, choose_item("Fed"), enter,
              until=lambda: "note" in seen, timeout=20000)
    assert seen["count"] == 0 and seen["ok"] is False
    assert seen["note"] == ("Nothing can be ordered so now - for instance Construction Completion Phase "
                            "(replacement flights): N1 cannot go to cg: F1's carrier CV is crippled: it replenishes "
                            "once it is repaired.")
    assert units(main.campaign, "cg")[1] == ("f1", "cv", True)
