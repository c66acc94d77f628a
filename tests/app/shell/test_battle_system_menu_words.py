"""Turn > Battle System for New Battle Hexes says what each system is, in the status bar (issue 22,
real screen at 1600x1000): hovered, an entry showed its description as a tooltip drawn over the
entries below it ("Fought at the table" covered SIDCORS), and the status bar kept the phase's words.
Each description comes from the registry (the "Fight it with" submenu shows the same ones), in the
status bar while its entry is hovered, no tooltip. Walked as a person walks it: Alt+T on the main
window, the submenu opened with Right, its entries with Down."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from rules.systems import systems
from tests.app.gui import open_main_window
from tests.app.submenu_walk import walk_submenu


def test_each_battle_system_says_what_it_is_in_the_status_bar(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    seen = walk_submenu(qtbot, main, "Battle &System for New Battle Hexes", "battle_systems_menu",
                        lambda: QTest.keyClick(main, Qt.Key.Key_T, Qt.KeyboardModifier.AltModifier))  # the Turn menu
    assert seen == [(s.title, s.blurb, False) for s in systems().values()]
