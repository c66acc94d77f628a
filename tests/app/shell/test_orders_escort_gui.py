"""Issue 23 audit: escort and trade-route assignments as Turn Orders in the orders dialog (they were
kept in the campaign file only). The Federation's commander takes the screen (Turn > Answer,
Ctrl+Shift+A, the hand-over) and, in its orders dialog, makes the Logistics Command (at 0307, on the
route) an Escort of its Trade Fleet, picked from the list the engine accepts in the engine's words;
types a route of two sectors not joined by a lane (refused in the dialog with its rule), then
0207 0208; then closes its orders. Each order is one step on the undo stack."""
from __future__ import annotations

from PySide6.QtCore import QTimer

from rules.model import load_campaign
from rules.turn.run import play
from tests.app.gui import answering, ok, open_campaign, press
from tests.app.shell.fed_orders import fed_steps, hand_over
from tests.conftest import DEFAULT
from tests.rules.turn.test_escort_orders import TO_ORDERS


def test_an_escort_and_a_trade_route_are_ordered_in_the_orders_dialog(qtbot, tmp_path):
    c = load_campaign(DEFAULT).model_copy(deep=True)
    c.settings.turn_orders = "powers"
    main = open_campaign(qtbot, tmp_path, play(c, list(TO_ORDERS)).campaign, (1400, 900))
    steps = iter(["escort", "route_bad", "route", "done"])
    now: list[str] = []
    seen: dict[str, object] = {}

    def act(d, kind: str) -> bool:
        if kind == "escort":
            d.choose("escort")
            box = d.lists["escort"]
            seen["escort"] = [box.itemText(i) for i in range(box.count())]
            i = next(i for i in range(box.count()) if box.itemText(i).startswith("Vanguard Logistics Group escorts"))
            box.setCurrentIndex(i)
            seen["note"] = d.notes["escort"].text()
            return ok(d)
        if kind.startswith("route"):
            d.choose("route")
            seen["fleets"] = [d.route_fleet.itemText(i) for i in range(d.route_fleet.count())]
            d.route_text.setFocus()
            d.route_text.clear()
            qtbot.keyClicks(d.route_text, "0207 0609" if kind == "route_bad" else "0207, 0208")
            if kind == "route_bad":  # refused: the same dialog opens again saying why

                def refused() -> None:
                    if not (d.isVisible() and d.refusal.isVisible()):
                        QTimer.singleShot(100, refused)
                        return
                    seen["refusal"] = d.refusal.text()
                    now.append(next(steps))
                    d.route_text.clear()
                    qtbot.keyClicks(d.route_text, "0207, 0208")
                    ok(d)
                QTimer.singleShot(300, refused)
            return ok(d)
        d.choose("done")
        return ok(d)

    answering(qtbot, lambda: press(main, "Ctrl+Shift+A"), hand_over(lambda title: "Alliance" not in title),
              fed_steps(steps, now, act),
              until=lambda: "orders/fed" in main.campaign.turn_asked, timeout=30000)
    assert now == ["escort", "route_bad", "route", "done"]
    # the list is what the engine accepts, in its words: the Logistics Command (on the route) may
    # escort the Trade Fleet, the Third Fleet (at 0607, off the route) may not; the Trade Escort may
    # be removed
    assert seen["escort"] == [
        "Vanguard Trade Escort no longer escorts Vanguard Trade Fleet: placed at its current location, 0207",
        "Vanguard Logistics Group escorts Vanguard Trade Fleet at 0307: it follows its movement and takes part in any "
        "encounter scenario involving it"]  # not the Second or Third Fleet: off the route
    assert "Vanguard Logistics Group escorts Vanguard Trade Fleet at 0307" in str(seen["note"])
    assert seen["fleets"] == ["Vanguard Trade Fleet at 0207, trading along 0207, 0307, 0306"]
    assert str(seen["refusal"]).startswith("Refused: Movement Phase (trade routes)")  # no seed number (issue 22)
    assert "not adjacent" in str(seen["refusal"])
    c = main.campaign
    f = {x.id: x for x in c.fleets}
    assert f["fed-logistics"].escort_of == "fed-trade-vanguard"
    assert [str(x) for x in f["fed-trade-vanguard"].trade_route] == ["0207", "0208"]
    texts = [u.text() for u in (main.session.undo_stack.command(i) for i in range(main.session.undo_stack.count()))]
    assert len(texts) >= 3  # the escort, the route, the Federation's "done" are steps of their own
