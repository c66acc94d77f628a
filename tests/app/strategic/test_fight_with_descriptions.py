"""The "Fight it with" submenu's descriptions no longer cover its entries (issue 22, real-screen
pass at 1600x1000): each battle system's description was the entry's tooltip, a long line drawn
over the entries below the hovered one (0604, 0707, 0907's menus and a fleet's). Each description
now shows in the main window's status bar while its entry is hovered, and is gone when the menu
closes. Used as a person does: a right click on sector 0604 on the view's viewport,
"Fight it with" opened by the Right key, its entries walked with the Down key."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from app.widgets.titles import plain_words
from rules.systems import systems
from tests.app.strategic.test_menus import end_movement, sector_pos
from tests.app.submenu_walk import walk_submenu


def test_each_system_s_description_shows_in_the_status_bar_not_over_the_menu(window, qtbot):
    end_movement(window, qtbot)
    vp, pos = window.strategic_view.viewport(), sector_pos(window, "0604")

    def right_click() -> None:
        QTest.mouseClick(vp, Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier, pos)
        # the context menu event a right click makes (QTest's click does not)
        QApplication.sendEvent(vp, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, vp.mapToGlobal(pos)))
    seen = walk_submenu(qtbot, window, "Fight it with", "fight_with_menu", right_click)
    assert seen == [(s.title, plain_words(s.blurb), False) for s in systems().values()]  # in words: no "seed 003"
    assert window.statusBar().currentMessage() not in {plain_words(s.blurb) for s in systems().values()}  # gone
