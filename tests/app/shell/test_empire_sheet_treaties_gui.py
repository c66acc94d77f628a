"""Issue 23's per-power sheet: "treaties and their break chances". View > Empire Sheet (Ctrl+Shift+K),
the GM's view on (Ctrl+Shift+G), the Lyrans chosen by keys in the power list: the sheet names each
treaty with the Romulans and the chance of each attempt now with its parts (the seed's example:
caught spying, breaking the Peace Treaty is 10 + 25 = 35%, 45% with 2 Intel Points); in the table's
view (nobody seated, the GM view off) they are the power's secret."""
from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest

from app.shell.window import MainWindow
from rules.model import save_campaign
from tests.app.gui import press, show_active
from tests.rules.economy.test_sheet import _caught_spying

PEACE = ("Break the Peace Treaty: base 10 + Power was caught running an espionage mission on one of your systems "
         "25 = 35%")


def test_the_sheet_shows_the_treaties_and_the_chances_to_the_gm_and_not_to_the_table(qtbot, tmp_path):
    path = tmp_path / "spied.json"
    save_campaign(_caught_spying(), path)
    main = MainWindow(path, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    main.resize(1400, 900)
    show_active(main, qtbot)
    press(main, "Ctrl+Shift+K")
    dock = main.empire_sheet
    qtbot.waitUntil(dock.isVisible)
    press(main, "Ctrl+Shift+G")  # the GM's view
    qtbot.waitUntil(main.gm_view_action.isChecked)
    dock.power_box.setFocus()
    while dock.power_box.currentData() != "lyran":
        QTest.keyClick(dock.power_box, Qt.Key.Key_Down)
    qtbot.waitUntil(lambda: dock.sheet is not None and dock.sheet.power == "lyran")
    lines = dock.totals.text().splitlines()
    rom = next(x for x in lines if x.startswith("Romulan Star Empire: Non-Aggression Treaty, Peace Treaty; "))
    assert PEACE in rom
    assert "Make a Declaration of Hostilities: base 20 + Power was caught running an espionage mission" in rom
    assert "Treaties and the chances of an attempt now (Exhibit B; each Intel Point spent adds 5%):" in lines
    press(main, "Ctrl+Shift+G")  # the table's view: nobody's secret
    qtbot.waitUntil(lambda: not main.gm_view_action.isChecked())
    qtbot.waitUntil(lambda: "the power's secret" in dock.totals.text())
    assert "Break the" not in dock.totals.text()
