"""The campaign log and the Empire Sheet are made when first wanted (issue 21: start-up), and
work when they are: View > Empire Sheet (Ctrl+Shift+K) and View > Campaign Log (Ctrl+L) open
them, their menu entries stay in step, and a dock open when the window closed is open again at
the next start."""
from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QDockWidget

from app.shell.window import MainWindow
from tests.app.gui import press, show_active
from tests.conftest import ROOT


def _main(qtbot, settings: QSettings) -> MainWindow:
    main = MainWindow(ROOT / "scenarios" / "default_campaign.json", settings=settings)
    qtbot.addWidget(main)
    show_active(main, qtbot)
    QApplication.processEvents()
    return main


def _docks(main: MainWindow) -> set[str]:
    return {d.objectName() for d in main.findChildren(QDockWidget)}


def _view_action(main: MainWindow, text: str):
    view = next(a.menu() for a in main.menuBar().actions() if a.text() == "&View")
    return next(a for a in view.actions() if a.text() == text)


def test_the_first_frame_makes_neither_dock_and_the_view_menu_opens_each(qtbot, tmp_path):
    main = _main(qtbot, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    assert not main.campaign.log  # nothing to read: the log would be hidden
    assert {"campaign_log", "empire_sheet"}.isdisjoint(_docks(main)), _docks(main)
    sheet_action = _view_action(main, "&Empire Sheet")
    assert not sheet_action.isChecked()
    press(main, "Ctrl+Shift+K")  # View > Empire Sheet
    qtbot.waitUntil(lambda: "empire_sheet" in _docks(main) and main.empire_sheet.isVisible())
    sheet = main.empire_sheet
    assert sheet.power_box.count() == len(main.campaign.powers)  # filled as it opened
    assert sheet.table.rowCount() > 0
    assert sheet_action.isChecked()
    sheet_action.trigger()  # the menu closes it again
    qtbot.waitUntil(lambda: not sheet.isVisible())
    assert not sheet_action.isChecked()
    press(main, "Ctrl+L")  # View > Campaign Log: opened though empty, as the user asked
    qtbot.waitUntil(lambda: "campaign_log" in _docks(main) and main.campaign_log.isVisible())
    assert _view_action(main, "Campaign &Log").isChecked()
    main.campaign_log.toggleViewAction().trigger()  # the dock's own close keeps the menu in step
    assert not _view_action(main, "Campaign &Log").isChecked()


def test_a_dock_open_when_the_window_closed_is_open_at_the_next_start(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    first = _main(qtbot, settings)
    press(first, "Ctrl+Shift+K")
    qtbot.waitUntil(lambda: first.empire_sheet.isVisible())
    first.close()
    again = _main(qtbot, settings)
    assert "empire_sheet" in _docks(again)  # made with the window, before its first frame
    assert again.empire_sheet.isVisible() and again.empire_sheet.table.rowCount() > 0
    assert _view_action(again, "&Empire Sheet").isChecked()
    assert "campaign_log" not in _docks(again)
