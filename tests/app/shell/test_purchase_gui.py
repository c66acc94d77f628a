"""Turn > Buy a Unit... (Ctrl+Shift+U; issue 23, seed 004 Turn Orders): the GM enters a purchase in
the dialog's widgets; the engine pays it and records the project, refuses an illegal one with its
rule (shown, nothing changed), and Ctrl+Z undoes it."""
from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from app.shell.window import MainWindow
from rules.model import save_campaign
from rules.turn.run import play
from tests.app.gui import Answerer, ok, press, show_active
from tests.rules.turn.test_purchases import TO_ORDERS, with_list


def pick(cls: str, planet: str):
    def handle(d) -> bool:
        from app.shell.purchase_dialog import PurchaseDialog

        if not isinstance(d, PurchaseDialog):
            return False
        d.power_box.setCurrentIndex(d.power_box.findData("fed"))
        d.class_box.setCurrentIndex(d.class_box.findData(cls))
        d.planet_box.setCurrentIndex(next(i for i in range(d.planet_box.count())
                                          if d.planet_box.itemData(i)[1] == planet))
        return ok(d)
    return handle


def _buy(main, qtbot, cls: str, planet: str) -> None:
    answerer = Answerer(pick(cls, planet))
    try:
        press(main, "Ctrl+Shift+U")
        qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None and bool(answerer.seen))
    finally:
        answerer.stop()
    show_active(main, qtbot)


def test_a_purchase_through_the_turn_menu(qtbot, tmp_path, monkeypatch):
    path = tmp_path / "orders.json"
    save_campaign(play(with_list(), TO_ORDERS).campaign, path)
    errors: list[tuple[str, str]] = []
    monkeypatch.setattr(MainWindow, "show_error", lambda self, title, text: errors.append((title, text)))
    main = MainWindow(path, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    main.resize(1400, 900)
    show_active(main, qtbot)

    def fed():
        return main.campaign.power("fed").economy

    _buy(main, qtbot, "FF", "Vanguard II")
    assert [j.unit_class for j in fed().projects] == ["FF"] and fed().point_pool == Fraction(59, 5) - 3
    assert errors == []
    _buy(main, qtbot, "FF", "Tau Ceti IV")  # capacity 2: refused with the rule, nothing changed
    assert len(errors) == 1 and "004 Construction Completion Phase" in errors[0][1]
    assert "construction capacity left this turn is 2, the FF costs 3" in errors[0][1]
    assert [j.unit_class for j in fed().projects] == ["FF"]
    press(main, "Ctrl+Z")
    qtbot.waitUntil(lambda: fed().projects == [])
    assert fed().point_pool == Fraction(59, 5)
