"""Issue 23: the Turn Orders dialog offers the newer orders (they worked typed, headless or by
file only). The Federation's commander takes the screen (Turn > Answer, Ctrl+Shift+A, the
hand-over), and in its orders dialog scraps the crippled starbase by keys alone (Down to the kind,
Tab to the list, Return), then raises a ground unit, loads Census on its Colony Fleet, sends a
cruiser to Reserve, mothballs a frigate and reactivates a destroyer, each picked from the list the
engine accepts, in the engine's words with the cost before OK; an order the engine refuses is
shown in the dialog with its rule; each order is one undoable step."""
from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from rules.model import dumps, parse_campaign
from rules.model.builds import GroundClass
from rules.model.turn_model import GroundUnit
from rules.turn.run import play
from tests.app.gui import Answerer, ok, open_campaign, press, show_active
from tests.app.shell.fed_orders import fed_gives
from tests.rules.turn.test_colonize import with_colony_fleet
from tests.rules.turn.test_empire import power
from tests.rules.turn.test_purchases import TO_ORDERS, crippled


def campaign():
    """The economy scenario by powers: the Federation with a crippled starbase of cost 41, an Army
    on its ground list, a Colony Fleet at Vanguard, maintenance costs and USS Decatur in Reserve."""
    c = crippled(with_colony_fleet(), ("fed-sb-11", 41))
    c.settings.turn_orders = "powers"
    fed = power(c, "fed")
    fed.ground_list = [GroundClass(unit=GroundUnit(id="fed-army", name="Army", power="fed", attrition=2),
                                   cost=Fraction(1, 2))]
    c = play(parse_campaign(dumps(c)), TO_ORDERS).campaign  # at Turn Orders, Point Pool 11 4/5
    eco = power(c, "fed").economy
    eco.maintenance = {"FF": Fraction(1), "CA": Fraction(3), "DD": Fraction(2)}
    eco.reserve = ["fed-dd-1"]
    return parse_campaign(dumps(c))


def pick(box, words: str) -> None:
    i = next(i for i in range(box.count()) if words in box.itemText(i))
    box.setCurrentIndex(i)


def test_the_newer_orders_are_offered_from_the_engines_lists(qtbot, tmp_path):
    main = open_campaign(qtbot, tmp_path, campaign(), (1400, 900))
    assert power(main.campaign, "fed").economy.point_pool == Fraction(59, 5)
    shown: dict[str, list[str]] = {}
    refusals: list[str] = []
    notes: dict[str, str] = {}
    steps = iter(["scrap", "ground", "colonize", "reserve", "mothball", "reactivate", "intel", "done"])
    now: list[str] = []

    def act(d, kind: str) -> bool:
        if kind == "scrap":  # by keys alone: the kind typed in the Order list, Tab to the unit list, Return
            d.activateWindow()  # keys go to the active window: a loaded machine may not have made it so yet
            qtbot.waitUntil(d.isActiveWindow, timeout=10000)
            d.kind_box.setFocus()
            while d.kind_box.currentData() != "scrap":  # Down through the Order list
                qtbot.keyClick(d.kind_box, Qt.Key.Key_Down)
            assert d.kind_box.currentData() == "scrap"
            box = d.lists["scrap"]
            for _ in range(12):  # Tab on to the list (past the buttons and fields before it in the Tab order)
                qtbot.keyClick(QApplication.focusWidget() or d, Qt.Key.Key_Tab)
                if QApplication.focusWidget() is box:
                    break
            assert QApplication.focusWidget() is box
            shown[kind] = [box.itemText(i) for i in range(box.count())]
            qtbot.keyClick(box, Qt.Key.Key_Return)
            return True
        d.choose(kind)
        if kind == "intel":  # more than the pool: refused, and the same dialog opens again saying why

            def refused() -> None:
                if not (d.isVisible() and d.refusal.isVisible()):  # not open again yet (a loaded machine)
                    QTimer.singleShot(100, refused)
                    return
                refusals.append(d.refusal.text())
                now.append(next(steps))
                d.choose("done")
                ok(d)
            d.intel_box.setValue(999)
            QTimer.singleShot(300, refused)
            return ok(d)
        box = d.lists[kind]
        shown[kind] = [box.itemText(i) for i in range(box.count())]
        assert d.ok_button.isEnabled() and box.count()
        pick(box, {"ground": "Tau Ceti IV", "colonize": "Vanguard II", "reserve": "USS Kongo",
                   "mothball": "USS Burke", "reactivate": "USS Decatur"}.get(kind, ""))
        notes[kind] = d.notes[kind].text()  # the chosen order's whole line, which the closed list may cut
        return ok(d)

    fed_gives(qtbot, main, steps, now, act)
    assert now == ["scrap", "ground", "colonize", "reserve", "mothball", "reactivate", "intel", "done"]
    # each list is what the engine accepts, in its own words with the figures (cost, refund, pool)
    assert shown["scrap"] == ["United Federation of Planets scraps Starbase 11 at Vanguard II (0207): 50% of 41 = "
                              "20 1/2 back; Point Pool 11 4/5 to 32 3/10"]
    assert all("Trade Fleet" not in t for t in shown["mothball"])  # not ships: the engine refuses them
    assert any("orders a Army (ground unit 1 of at most 3) at Tau Ceti IV (0509) for 1/2: Point Pool 32 3/10 to "
               "31 4/5" in t for t in shown["ground"])
    assert any("Colony Fleet Mayflower loads 1 Census from Vanguard II (0207): Census 8 to 7" in t
               for t in shown["colonize"])
    assert not any("Vanguard Outpost" in t for t in shown["colonize"])  # Census 1: it keeps 1
    assert not any("Decatur" in t for t in shown["reserve"])  # already in Reserve
    assert shown["reactivate"] == ["USS Decatur is reactivated at Construction Completion; full maintenance 2 paid, "
                                   "Point Pool 31 4/5 to 29 4/5"]
    assert notes["reactivate"].startswith("Paid now, as the engine logs it: ") and notes["reactivate"].endswith(shown["reactivate"][0])
    assert "USS Kongo goes to Reserve" in notes["reserve"]
    assert refusals and refusals[0].startswith("Refused: Intel Phase")
    c = main.campaign
    eco = power(c, "fed").economy
    assert eco.point_pool == Fraction(59, 5) + Fraction(41, 2) - Fraction(1, 2) - 2
    assert eco.status_orders == {"fed-ca-kongo": "reserve", "fed-ff-burke": "mothball", "fed-dd-1": "active"}
    assert [j.unit_class for j in eco.projects] == ["Army"]
    assert all(u.id != "fed-sb-11" for u in c.sector_at("0207").garrison)
    assert "orders/fed" in c.turn_asked
    # each order is one undoable step: undo back to before the reactivation (the orders are open again)
    undo = main.session.undo_stack
    # the Alliance handed the screen back to the GM (issue 22): the GM confirms each step taken back; a
    # question dialog the undo reopens waits: cancelled ("Not now")
    answerer = Answerer(lambda d: isinstance(d, QMessageBox) and d.objectName() == "undo_across_handover"
                        and ok(d))
    try:
        for _ in range(3):  # the Kzinti's "done", the Federation's "done", the reactivation
            before = undo.index()
            show_active(main, qtbot)
            press(main, "Ctrl+Z")
            assert undo.index() == before - 1
    finally:
        answerer.stop()
    assert "orders/fed" not in main.campaign.turn_asked
    assert power(main.campaign, "fed").economy.status_orders == {"fed-ca-kongo": "reserve",
                                                                   "fed-ff-burke": "mothball"}
