"""An Intel mission's risks shown before it is ordered (issue 23): the GM opens Turn > Turn Orders for a
Power... for the Klingons, at Peace with the Federation, and chooses "Intel mission against another power".
The seed gives no odds of success (the GM rules the mission), so under the mission's note the page shows
what Exhibit B gives: with espionage against 0207 the Federation's chance to break the Peace Treaty with
the Klingons, 10% now and 35% if the GM rules the mission caught; with sabotage, caught and implicated
(70% and 100%). The risks follow the mission and target chosen; ordering it is then the same as before."""
from __future__ import annotations

from rules.model import dumps, parse_campaign
from rules.turn.run import play
from tests.app.gui import answering, choose_item, menu_action, ok, open_campaign
from tests.rules.turn.test_intel_missions import spies
from tests.rules.turn.test_purchases import TO_ORDERS


def test_the_mission_page_shows_the_exhibit_b_risks_of_the_mission_and_target_chosen(qtbot, tmp_path):
    from app.shell.orders_dialog import OrdersDialog

    main = open_campaign(qtbot, tmp_path, parse_campaign(dumps(play(spies(klingon_fed="peace"), TO_ORDERS).campaign)),
                         size=(1400, 900))
    seen: dict[str, str] = {}
    steps = iter(["mission", "done"])
    given: list[str] = []

    def enter(d) -> bool:
        if not isinstance(d, OrdersDialog):
            return False
        kind = next(steps)
        given.append(kind)
        seen.setdefault("opened", str(d.height()))  # at "My orders are done", a page of one line
        d.choose(kind)
        if kind == "mission":
            d.staging_box.setCurrentIndex(d.staging_box.findData("1208"))
            d.target_box.setCurrentIndex(d.target_box.findData("0207"))
            d.mission_box.setCurrentIndex(d.mission_box.findData("espionage"))
            seen["espionage"] = d.mission_risks.toPlainText()
            d.mission_box.setCurrentIndex(d.mission_box.findData("sabotage"))
            seen["sabotage"] = d.mission_risks.toPlainText()
            seen["visible"] = str(d.mission_risks.isVisible())
            seen["mission height"] = str(d.height())
            d.mission_box.setCurrentIndex(d.mission_box.findData("espionage"))
            d.mission_points.setValue(2)
        return ok(d)

    answering(qtbot, menu_action(main, "Turn Orders for a Power...").trigger, choose_item("Klingon"), enter,
              until=lambda: given == ["mission", "done"], timeout=20000)
    spying = seen["espionage"]
    assert spying.startswith("If the GM rules it caught: United Federation of Planets' chances against Klingon Empire: ")
    assert "break the Peace Treaty 10% -> 35%" in spying and "\n" not in spying  # espionage: caught only
    caught, implicated = seen["sabotage"].split("\n\n")
    assert "break the Peace Treaty 10% -> 70%" in caught and caught.startswith("If the GM rules it caught:")
    assert "break the Peace Treaty 10% -> 100%" in implicated and implicated.startswith("If the GM rules it implicated:")
    assert seen["visible"] == "True"
    assert int(seen["opened"]) + 100 < int(seen["mission height"])  # each page's height, not the tallest page's
    eco = main.campaign.power("klingon").economy  # the mission ordered as before, the risks changed nothing
    assert [(m.mission, str(m.target), m.points) for m in eco.missions] == [("espionage", "0207", 2)]
