"""The main window after End Movement with the Empire Sheet open beside the Battle Hexes, as a person
gets there (Ctrl+E through the ignore questions, then Ctrl+Shift+K): the start of the hot-seat tests
where a Team's seat at the sheet meets a battle window (docs/SECRETS.md, "On screen")."""
from __future__ import annotations

from typing import Any

from tests.app.gui import open_main_window, press, show_active
from tests.app.test_gui_paths import end_movement


def sheet_after_movement(qtbot: Any, tmp_path: Any) -> tuple[Any, Any]:
    """(main window, Empire Sheet dock), the sheet shown, the main window active."""
    main = open_main_window(qtbot, tmp_path)
    end_movement(main, qtbot)
    show_active(main, qtbot)
    press(main, "Ctrl+Shift+K")
    sheet = main.empire_sheet
    qtbot.waitUntil(sheet.isVisible)
    return main, sheet
