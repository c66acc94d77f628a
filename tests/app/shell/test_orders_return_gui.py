"""Return in a power's Turn Orders dialog (issue 23, settings.turn_orders powers) on the shipped
default campaign: each dialog opens at "My orders are done", so a player who presses Return closes
its orders and the next power is asked. It opened at "Buy a unit": Return bought a unit the power's
list does not hold (the shipped powers have none), refused at each Return (found by a walk with
defaults); with that page's OK off (f5d0255) Return did nothing."""
from __future__ import annotations

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.exceptions import TimeoutError as QtBotTimeout

from app.shell.window import MainWindow
from rules.model import load_campaign, save_campaign
from rules.model.records import Phase
from rules.turn.run import TurnRun
from tests.app.gui import Answerer, press, show_active
from tests.conftest import DEFAULT
from tests.play.turn_player import default_answer


def test_return_closes_each_powers_orders_on_the_default_campaign(qtbot, tmp_path):
    c = load_campaign(DEFAULT)
    c.settings.turn_orders = "powers"  # as Campaign > Settings... sets it
    run = TurnRun(c)
    while not (run.campaign.phase is Phase.ORDERS and run.pending.key.startswith("orders/")):
        run.answer(default_answer(run.pending))  # Income confirmed, nothing invested in research
    path = tmp_path / "default_by_powers.json"
    save_campaign(run.campaign, path)
    main = MainWindow(path, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    main.resize(1400, 900)
    show_active(main, qtbot)
    from app.shell.orders_dialog import OrdersDialog
    from app.shell.turn_dialogs import HandOverDialog

    opened: list[tuple[str, str]] = []
    refusals: list[str] = []

    def hand_over(d) -> bool:
        if not isinstance(d, HandOverDialog):
            return False
        d.take_over_button.click()
        return True

    def enter(d) -> bool:
        if not isinstance(d, OrdersDialog):
            return False
        opened.append((d.p.id, str(d.kind_box.currentData())))
        d.activateWindow()  # keys go to the active window: a loaded machine may not have made it so yet
        qtbot.waitUntil(d.isActiveWindow, timeout=10000)
        qtbot.keyClick(d.focusWidget() or d, Qt.Key.Key_Return)  # the player presses Return
        QTimer.singleShot(500, d, lambda: refusals.append(d.refusal.text()) if d.isVisible() and d.refusal.isVisible()
                          else None)  # refused: the same dialog opens again, saying why (no call once d is gone)
        return True

    asked = [p.id for p in run.campaign.powers if f"orders/{p.id}" not in run.campaign.turn_asked
             and (t := run.campaign.team_of_power(p.id)) is not None and t.id != "gm"]
    answerer = Answerer(hand_over, enter)
    try:
        press(main, "Ctrl+Shift+A")
        try:  # until every power's orders are closed, or a refusal; else the assertions below say what was seen
            qtbot.waitUntil(lambda: all(f"orders/{p}" in main.campaign.turn_asked for p in asked)
                            and QApplication.activeModalWidget() is None or bool(refusals), timeout=20000)
        except QtBotTimeout:
            pass
    finally:
        answerer.stop()
    assert not refusals
    assert opened == [(p, "done") for p in asked]
    assert all(f"orders/{p}" in main.campaign.turn_asked for p in asked)
    assert all(p.economy is None or not p.economy.projects for p in main.campaign.powers)  # nothing bought
