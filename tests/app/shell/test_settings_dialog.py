"""Campaign > Settings... (issue 23): the GM switches the default campaign to seed 004's economy,
Turn Orders by the powers, Random Events and AF/EF in the dialog's widgets, as one undoable step;
a planet whose economy fields were never filled refuses the switch, named in the dialog."""
from __future__ import annotations

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication

from app.shell.window import MainWindow
from rules.model import save_campaign
from tests.app.gui import Answerer, cancel, ok, press, show_active
from tests.rules.turn.test_settings_change import default


def the_action(main, menu: str, words: str):
    m = next(a.menu() for a in main.menuBar().actions() if a.text().replace("&", "") == menu)
    return next(a for a in m.actions() if a.text().replace("&", "") == words)


def _window(qtbot, tmp_path, c) -> MainWindow:
    path = tmp_path / "c.json"
    save_campaign(c, path)
    main = MainWindow(path, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    main.resize(1400, 900)
    show_active(main, qtbot)
    return main


def test_the_gm_switches_the_settings_and_undoes_it(qtbot, tmp_path):
    from app.shell.settings_dialog import SettingsDialog

    main = _window(qtbot, tmp_path, default())

    def settings(d) -> bool:
        if not isinstance(d, SettingsDialog):
            return False
        assert d.empire_box.currentData() == "by_hand" and d.system_box.currentData() == "v13"
        d.empire_box.setCurrentIndex(d.empire_box.findData("seed004"))
        d.orders_box.setCurrentIndex(d.orders_box.findData("powers"))
        d.system_box.setCurrentIndex(d.system_box.findData("afef"))
        d.events_box.click()
        return ok(d)

    answerer = Answerer(settings)
    try:
        the_action(main, "Campaign", "Settings...").trigger()
        qtbot.waitUntil(lambda: bool(answerer.seen) and QApplication.activeModalWidget() is None)
    finally:
        answerer.stop()
    s = main.campaign.settings
    assert (s.empire_turn, s.turn_orders, s.random_events, s.battle_system) == ("seed004", "powers", True, "afef")
    assert main.campaign.log[-1].text.startswith("The GM changes the campaign's settings: empire turn from kept by hand to run by BattleHex")
    show_active(main, qtbot)
    press(main, "Ctrl+Z")
    qtbot.waitUntil(lambda: main.campaign.settings.empire_turn == "by_hand")
    assert main.campaign.settings.battle_system == "v13"


def test_a_planet_never_filled_refuses_the_economy_in_the_dialog(qtbot, tmp_path):
    from app.shell.settings_dialog import SettingsDialog

    c = default()
    planet = next(pl for s in c.map.sectors for pl in (s.star_system.planets if s.star_system else [])
                  if pl.name == "Ktharn III")
    planet.census = planet.productivity = 0
    main = _window(qtbot, tmp_path, c)
    said: list[str] = []

    def settings(d) -> bool:
        if not isinstance(d, SettingsDialog):
            return False

        def refused() -> None:  # the same dialog open again, saying why
            if not (d.isVisible() and d.refusal.isVisible()):
                QTimer.singleShot(50, refused)
                return
            said.append(d.refusal.text())
            cancel(d)
        d.empire_box.setCurrentIndex(d.empire_box.findData("seed004"))
        QTimer.singleShot(50, refused)
        return ok(d)

    answerer = Answerer(settings)
    try:
        the_action(main, "Campaign", "Settings...").trigger()
        qtbot.waitUntil(lambda: bool(said) and QApplication.activeModalWidget() is None, timeout=10000)
    finally:
        answerer.stop()
    assert "missing: Ktharn III (0404): Census, Productivity and RAW" in said[0]
    assert main.campaign.settings.empire_turn == "by_hand"
