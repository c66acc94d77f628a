"""Issue 22: Return, the key a GM presses to go on, closes the "End of movement: Battle Hexes"
list (Ctrl+E) through its default Close button, with the keyboard where Qt puts it (the text).
A report said only Escape closed it; on the real screen Return does close it (the report's
script never pressed Return there). This keeps it so: without a default button it fails."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.app.gui import end_movement_listing, open_main_window


def test_return_closes_the_battle_hexes_list(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    dialog = end_movement_listing(main, qtbot)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    target = dialog.focusWidget() or dialog
    QTest.keyClick(target, Qt.Key.Key_Return)  # where the key goes: the widget with focus
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=2000)
