"""A power's orders dialog heads its text with the power's name and the possessive helper (issue
22: "United Federation of Planets's orders for turn 1"), opened as a player does: Turn > Answer
(Ctrl+Shift+A), the Alliance commander takes the screen."""
from __future__ import annotations

from PySide6.QtWidgets import QLabel

from rules.turn.run import play
from tests.app.gui import answering, cancel, open_campaign, press, take_over
from tests.rules.turn.test_orders import by_powers
from tests.rules.turn.test_purchases import TO_ORDERS


def test_the_federations_orders_dialog_reads_planets_orders(qtbot, tmp_path):
    main = open_campaign(qtbot, tmp_path, play(by_powers(), TO_ORDERS).campaign, (1400, 900))
    from app.shell.orders_dialog import OrdersDialog

    heads: list[str] = []

    def read(d) -> bool:
        if not isinstance(d, OrdersDialog):
            return False
        heads.extend(lb.text() for lb in d.findChildren(QLabel) if " orders for turn " in lb.text())
        return cancel(d)

    answering(qtbot, lambda: press(main, "Ctrl+Shift+A"), take_over, read, until=lambda: bool(heads), timeout=15000)
    assert heads[0].startswith("United Federation of Planets' orders for turn 1 (Turn Orders Phase), seen by"), heads
    assert "s's" not in heads[0]
