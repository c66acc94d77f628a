"""A power's orders dialog heads its text with the power's name and the possessive helper (issue
22: "United Federation of Planets's orders for turn 1"), opened as a player does: Turn > Answer
(Ctrl+Shift+A), the Alliance commander takes the screen."""
from __future__ import annotations

from PySide6.QtWidgets import QApplication, QLabel

from rules.turn.run import play
from tests.app.gui import Answerer, cancel, open_campaign, press
from tests.rules.turn.test_orders import by_powers
from tests.rules.turn.test_purchases import TO_ORDERS


def test_the_federations_orders_dialog_reads_planets_orders(qtbot, tmp_path):
    main = open_campaign(qtbot, tmp_path, play(by_powers(), TO_ORDERS).campaign, (1400, 900))
    from app.shell.orders_dialog import OrdersDialog
    from app.shell.turn_dialogs import HandOverDialog

    heads: list[str] = []

    def hand_over(d) -> bool:
        if not isinstance(d, HandOverDialog):
            return False
        d.take_over_button.click()
        return True

    def read(d) -> bool:
        if not isinstance(d, OrdersDialog):
            return False
        heads.extend(lb.text() for lb in d.findChildren(QLabel) if " orders for turn " in lb.text())
        return cancel(d)

    answerer = Answerer(hand_over, read)
    try:
        press(main, "Ctrl+Shift+A")
        qtbot.waitUntil(lambda: bool(heads) and QApplication.activeModalWidget() is None, timeout=15000)
    finally:
        answerer.stop()
    assert heads[0].startswith("United Federation of Planets' orders for turn 1 (Turn Orders Phase), seen by"), heads
    assert "s's" not in heads[0]
