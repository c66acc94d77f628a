"""The orders dialog (Turn > Turn Orders for a Power...) for issue 23's bases outside the planet's
orbit and a new colony's first turn: the GM buys a base built elsewhere, its Transport Fleets
chosen from the Built list the engine fills; with too few fleets the list offers only the orbit
and the note gives the rule; a colony settled last turn is marked in the planet list and an order
at it is refused in the dialog with the seed's words."""
from __future__ import annotations

from rules.model import dumps, parse_campaign
from rules.turn.run import play
from tests.app.gui import answering, choose_item, menu_action, ok, open_campaign, press
from tests.rules.turn.test_base_transport import with_transports
from tests.rules.turn.test_colony_first_turn import TURN_2_ORDERS
from tests.rules.turn.test_colonize import colonize, with_colony_fleet
from tests.rules.turn.test_empire import EXAMPLE


def _planet(d, name: str) -> None:
    d.planet_box.setCurrentIndex(next(i for i in range(d.planet_box.count()) if d.planet_box.itemData(i)[1] == name))


def _gm_orders(qtbot, main, enter, until) -> None:
    answering(qtbot, menu_action(main, "Turn Orders for a Power...").trigger, choose_item("United Federation"), enter,
              until=until, timeout=20000)


def test_a_base_built_elsewhere_with_its_transport_fleets(qtbot, tmp_path):
    from app.shell.orders_dialog import OrdersDialog

    main = open_campaign(qtbot, tmp_path, parse_campaign(dumps(with_transports())), size=(1400, 900))
    steps = iter(["purchase", "done"])
    seen: dict[str, object] = {}

    def enter(d) -> bool:
        if not isinstance(d, OrdersDialog):
            return False
        kind = next(steps)
        d.choose(kind)
        if kind == "purchase":
            d.class_box.setCurrentIndex(d.class_box.findData("BASE11"))
            _planet(d, "Vanguard II")
            seen["built"] = [d.place_box.itemText(i) for i in range(d.place_box.count())]
            seen["note"] = d.place_note.text()
            d.place_box.setCurrentIndex(1)
        return ok(d)

    _gm_orders(qtbot, main, enter, lambda: next(steps, None) is None)
    assert seen["built"] == ["in the planet's orbit (a ship or flight: at the planet)",
                             "elsewhere at 0207, carried by fed-tf-1, fed-tf-2",
                             "elsewhere at 0509, carried by fed-tf-1, fed-tf-2"]
    assert "one Transport Fleet per 10 EP" in str(seen["note"])
    j = main.campaign.power("fed").economy.projects[-1]
    assert (j.unit_class, str(j.elsewhere), j.transports) == ("BASE11", "0207", ["fed-tf-1", "fed-tf-2"])
    assert "built at 0207, carried by fed-tf-1, fed-tf-2" in main.campaign.log[-1].text


def test_too_few_transport_fleets_leave_only_the_orbit_and_say_why(qtbot, tmp_path):
    from app.shell.orders_dialog import OrdersDialog

    main = open_campaign(qtbot, tmp_path, parse_campaign(dumps(with_transports(n=1))), size=(1400, 900))
    seen: dict[str, object] = {}

    def enter(d) -> bool:
        if not isinstance(d, OrdersDialog):
            return False
        d.choose("purchase")
        d.class_box.setCurrentIndex(d.class_box.findData("BASE11"))
        _planet(d, "Vanguard II")
        seen["count"], seen["note"] = d.place_box.count(), d.place_note.text()
        d.reject()
        return True

    _gm_orders(qtbot, main, enter, lambda: "note" in seen)
    assert seen["count"] == 1
    assert seen["note"] == ("Not outside the orbit now: Turn Orders Phase (bases outside the planet's orbit): the "
                            "BASE11 costs 11 EP: building it outside the planet's orbit needs 2 Transport Fleets (one "
                            "Transport Fleet per 10 EP of a base built outside the planet's orbit), not 1 named")


def test_a_new_colony_is_marked_and_its_order_refused_in_the_dialog(qtbot, tmp_path):
    from app.shell.orders_dialog import OrdersDialog

    run = play(with_colony_fleet(), [*EXAMPLE[:8], colonize(), *EXAMPLE[8:], *TURN_2_ORDERS])
    main = open_campaign(qtbot, tmp_path, parse_campaign(dumps(run.campaign)), size=(1400, 900))
    seen: dict[str, object] = {}

    def enter(d) -> bool:
        if not isinstance(d, OrdersDialog):
            return False
        d.choose("purchase")
        d.class_box.setCurrentIndex(d.class_box.findData("CL"))
        _planet(d, "Vanguard III")
        seen["planet"] = d.planet_box.currentText()
        seen["built"] = (d.place_box.count(), d.place_note.text())  # a ship: built at its planet, nothing to say
        return ok(d)

    # the refused order: the same dialog shown again with the refusal (the answerer escapes it after a while)
    _gm_orders(qtbot, main, enter, lambda: "planet" in seen and main.orders_dialog.refusal.text() != "")
    seen["refused"] = main.orders_dialog.refusal.text()
    assert seen["planet"].endswith(" - a new colony (turn 1): it builds nothing this turn")
    assert seen["built"] == (1, "")
    assert seen["refused"] == ("Refused: Update Asset Phase (colonization): Vanguard III (0207) became a colony at "
                               "turn 1's Update Asset: \"During this turn, the colony cannot build or perform any actions "
                               "as they are focused on establishing their presence\" - it builds nothing and acts in no "
                               "order until turn 2 ends")
    assert not any(j.planet == "Vanguard III" for j in main.campaign.power("fed").economy.projects)


def test_buy_a_unit_marks_the_new_colony_and_says_why_it_is_refused(qtbot, tmp_path, monkeypatch):
    from app.shell.purchase_dialog import PurchaseDialog
    from app.shell.window import MainWindow

    errors: list[tuple[str, str]] = []
    monkeypatch.setattr(MainWindow, "show_error", lambda self, title, text: errors.append((title, text)))
    run = play(with_colony_fleet(), [*EXAMPLE[:8], colonize(), *EXAMPLE[8:], *TURN_2_ORDERS])
    main = open_campaign(qtbot, tmp_path, parse_campaign(dumps(run.campaign)), size=(1400, 900))
    seen: list[str] = []

    def buy(d) -> bool:
        if not isinstance(d, PurchaseDialog):
            return False
        d.power_box.setCurrentIndex(d.power_box.findData("fed"))
        d.class_box.setCurrentIndex(d.class_box.findData("CL"))
        _planet(d, "Vanguard III")
        seen.append(d.planet_box.currentText())
        return ok(d)

    answering(qtbot, lambda: press(main, "Ctrl+Shift+U"), buy, until=lambda: bool(errors), timeout=20000)
    assert seen[0].endswith(" - a new colony (turn 1): it builds nothing this turn")
    assert errors[0][1].startswith("004 Update Asset Phase (colonization): Vanguard III (0207) became a colony at turn "
                                   "1's Update Asset: \"During this turn, the colony cannot build")
    assert main.campaign.power("fed").economy.projects == []
