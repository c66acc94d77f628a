"""Turn > Turn Orders for a Power... (issue 23, ``settings.turn_orders`` gm): the GM enters a
power's Turn Orders in the same dialog a power uses behind its hand-over screen - the newer orders
too, and the Intel mission order, its target, staging system and points chosen from the lists the
engine accepts. Each order is one undoable step; "My orders are done" closes the dialog."""
from __future__ import annotations

from rules.model import dumps, parse_campaign
from rules.turn.run import play
from tests.app.gui import answering, choose_item, menu_action, ok, open_campaign, press, show_active
from tests.rules.turn.test_intel_missions import spies
from tests.rules.turn.test_purchases import TO_ORDERS


def test_the_gm_enters_a_powers_orders_with_an_intel_mission(qtbot, tmp_path):
    from app.shell.orders_dialog import OrdersDialog

    c = parse_campaign(dumps(play(spies(), TO_ORDERS).campaign))
    assert c.settings.turn_orders == "gm"
    main = open_campaign(qtbot, tmp_path, c, size=(1400, 900))
    steps = iter(["mission", "reserve", "done"])
    seen: dict[str, object] = {}

    def enter(d) -> bool:
        if not isinstance(d, OrdersDialog):
            return False
        kind = next(steps)
        seen.setdefault("power", d.p.id)
        d.choose(kind)
        if kind == "mission":
            seen["targets"] = [d.target_box.itemText(i) for i in range(d.target_box.count())]
            seen["staging"] = [d.staging_box.itemText(i) for i in range(d.staging_box.count())]
            d.staging_box.setCurrentIndex(d.staging_box.findData("1208"))
            seen["most"] = d.mission_points.maximum()
            d.mission_box.setCurrentIndex(d.mission_box.findData("sabotage"))
            d.target_box.setCurrentIndex(d.target_box.findData("0207"))
            d.mission_points.setValue(3)
            d.mission_details.setText("the shipyard at Vanguard")
        if kind == "reserve":
            seen["reserve"] = d.lists["reserve"].currentText()
        return ok(d)

    answering(qtbot, menu_action(main, "Turn Orders for a Power...").trigger, choose_item("Klingon"), enter,
              until=lambda: "reserve" in seen, timeout=20000)
    assert next(steps, None) is None  # "done" given: the dialog closed
    assert seen["power"] == "klingon"
    assert "0207 (United Federation of Planets)" in seen["targets"]
    assert "1208: Census 9 left this turn" in seen["staging"] and seen["most"] == 9  # the Census of 1208, under the pool of 12
    eco = main.campaign.power("klingon").economy
    assert [(m.mission, str(m.target), str(m.staging), m.points, m.details) for m in eco.missions] == [
        ("sabotage", "0207", "1208", 3, "the shipyard at Vanguard")]
    assert eco.intel_points == 9
    texts = [e.text for e in main.campaign.log[-2:]]
    assert texts[0].startswith("Klingon Empire orders a sabotage mission against United Federation of Planets at 0207")
    assert texts[1] == "Klingon Empire orders: " + str(seen["reserve"]) and texts[1].endswith("goes to Reserve at Construction Completion")
    show_active(main, qtbot)
    press(main, "Ctrl+Z")  # each order one undoable step: the Reserve order, then the mission
    qtbot.waitUntil(lambda: main.campaign.log[-1].text == texts[0])
    press(main, "Ctrl+Z")
    qtbot.waitUntil(lambda: main.campaign.power("klingon").economy.missions == [])
    assert main.campaign.power("klingon").economy.intel_points == 12
