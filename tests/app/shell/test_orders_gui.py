"""A power's own Turn Orders behind its hand-over (issue 23, settings.turn_orders powers): Turn >
Answer (Ctrl+Shift+A) hands the screen to the Alliance commander, the Federation buys an FF in
its orders dialog and closes its orders, the Kzinti (same Team) close theirs, then the screen is
handed to the Coalition; the Edit menu's undo text never names the order (every player sees it)."""
from __future__ import annotations

from fractions import Fraction

from rules.turn.run import play
from tests.app.gui import answering, cancel, ok, open_campaign, press
from tests.rules.turn.test_orders import by_powers
from tests.rules.turn.test_purchases import TO_ORDERS


def test_each_power_orders_behind_its_hand_over(qtbot, tmp_path):
    main = open_campaign(qtbot, tmp_path, play(by_powers(), TO_ORDERS).campaign, (1400, 900))
    assert main.answer_turn_action.isEnabled()
    from app.shell.orders_dialog import OrdersDialog
    from app.shell.turn_dialogs import HandOverDialog

    handed: list[str] = []
    orders: list[str] = []

    def hand_over(d) -> bool:
        if not isinstance(d, HandOverDialog):
            return False
        handed.append(d.windowTitle())
        if "Coalition" in d.windowTitle():
            return cancel(d)  # "Not now": the Coalition's orders wait
        d.take_over_button.click()
        return True

    def enter(d) -> bool:
        if not isinstance(d, OrdersDialog):
            return False
        orders.append(d.p.id)
        if d.p.id == "fed" and "fed" not in orders[:-1]:
            d.choose("purchase")
            d.class_box.setCurrentIndex(d.class_box.findData("FF"))
            d.planet_box.setCurrentIndex(next(i for i in range(d.planet_box.count())
                                              if d.planet_box.itemData(i)[1] == "Vanguard II"))
        else:
            d.choose("done")
        return ok(d)

    answering(qtbot, lambda: press(main, "Ctrl+Shift+A"), hand_over, enter,
              until=lambda: any("Coalition" in h for h in handed), timeout=15000)
    assert orders == ["fed", "fed", "kzinti"]
    assert "Alliance" in handed[0] and "Coalition" in handed[1] and len(handed) == 3
    assert handed[2] == "Hand over to GM: Alliance done, Turn Orders Phase"  # the Alliance does not keep the screen (issue 22)
    c = main.campaign
    fed = c.power("fed").economy
    assert [j.unit_class for j in fed.projects] == ["FF"] and fed.point_pool == Fraction(59, 5) - 3
    assert "orders/fed" in c.turn_asked and "orders/kzinti" in c.turn_asked and "orders/klingon" not in c.turn_asked
    steps = [main.session.undo_stack.text(i) for i in range(main.session.undo_stack.count())]
    assert steps and not any("FF" in s or "Vanguard" in s for s in steps)
    assert any("answers in secret" in s for s in steps)
