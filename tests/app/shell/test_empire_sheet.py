"""Issue 23: View > Empire Sheet (Ctrl+Shift+K) - a power's planets as the engine computes them, the
power chosen by keys, the sheet following the campaign, and its CSV and HTML exports."""
from __future__ import annotations

import csv
import io

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QFileDialog

from rules.economy.sheet import sheet
from tests.app.gui import open_main_window, press


def _rows(dock) -> dict[str, list[str]]:
    t = dock.table
    return {t.item(r, 1).text(): [t.item(r, c).text() for c in range(t.columnCount())] for r in range(t.rowCount())}


def test_the_empire_sheet_opens_by_its_shortcut_and_shows_the_chosen_power(qtbot, tmp_path, monkeypatch):
    main = open_main_window(qtbot, tmp_path)
    dock = main.empire_sheet
    assert not dock.isVisible()
    press(main, "Ctrl+Shift+K")
    qtbot.waitUntil(dock.isVisible)
    names = [dock.power_box.itemText(i) for i in range(dock.power_box.count())]
    assert names == [p.name for p in main.campaign.powers]
    dock.power_box.setFocus()
    kzinti = names.index(next(p.name for p in main.campaign.powers if p.id == "kzinti"))
    for _ in range(kzinti):
        QTest.keyClick(dock.power_box, Qt.Key.Key_Down)
    qtbot.waitUntil(lambda: "Kzin Prime" in _rows(dock))
    prime = _rows(dock)["Kzin Prime"]
    assert prime[:9] == ["0203", "Kzin Prime", "10", "8", "4", "8", "8", "32", "8"]
    expected = sheet(main.campaign, "kzinti")
    assert f"Total Domestic Product (construction capacity): {expected.tdp}" in dock.totals.text()
    assert "not run by BattleHex yet" in dock.totals.text()

    out = tmp_path / "kz.csv"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    qtbot.mouseClick(dock.csv_button, Qt.MouseButton.LeftButton)
    rows = list(csv.reader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert rows[-1][1] == "Total Domestic Product" and rows[-1][7] == str(expected.tdp)
    page = tmp_path / "kz.html"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(page), ""))
    qtbot.mouseClick(dock.html_button, Qt.MouseButton.LeftButton)
    assert "Kzin Prime" in page.read_text(encoding="utf-8")

    press(main, "Ctrl+Shift+K")  # the same shortcut closes it
    qtbot.waitUntil(lambda: not dock.isVisible())
