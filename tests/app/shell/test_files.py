"""File > Open... and File > Save As... ask through Qt's file dialog, imported when first asked
for (issue 21: its Qt enum types are not the first frame's): both work from the menu."""
from __future__ import annotations

import json

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QFileDialog

from app.shell.window import MainWindow
from tests.app.gui import show_active
from tests.conftest import ROOT


def _file_action(main: MainWindow, text: str):
    menu = next(a.menu() for a in main.menuBar().actions() if a.text() == "&File")
    return next(a for a in menu.actions() if a.text() == text)


def test_file_open_and_save_as_ask_through_the_file_dialog(qtbot, tmp_path, monkeypatch):
    main = MainWindow(ROOT / "scenarios" / "default_campaign.json",
                      settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), offer_recovery=False)
    qtbot.addWidget(main)
    show_active(main, qtbot)
    saved = tmp_path / "mine.json"
    asked = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (asked.append("save") or str(saved), ""))
    _file_action(main, "Save &As...").trigger()
    assert asked == ["save"] and json.loads(saved.read_text(encoding="utf-8"))["name"] == main.campaign.name
    other = json.loads(saved.read_text(encoding="utf-8"))
    other["name"] = "Opened by File > Open"
    (tmp_path / "other.json").write_text(json.dumps(other), encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        lambda *a, **k: (asked.append("open") or str(tmp_path / "other.json"), ""))
    _file_action(main, "&Open...").trigger()
    QApplication.processEvents()
    assert asked == ["save", "open"]
    assert main.campaign.name == "Opened by File > Open" and main.campaign_path == tmp_path / "other.json"
