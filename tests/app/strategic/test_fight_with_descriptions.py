"""The "Fight it with" submenu's descriptions no longer cover its entries (issue 22, real-screen
pass at 1600x1000): each battle system's description was the entry's tooltip, a long line drawn
over the entries below the hovered one (0604, 0707, 0907's menus and a fleet's). Each description
now shows in the main window's status bar while its entry is hovered, and is gone when the menu
closes. Used as a person does: a right click on sector 0604 on the view's viewport,
"Fight it with" opened by the Right key, its entries walked with the Down key."""
from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import QContextMenuEvent, QHelpEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu, QToolTip

from rules.systems import systems
from tests.app.strategic.test_menus import end_movement, sector_pos


def test_each_system_s_description_shows_in_the_status_bar_not_over_the_menu(window, qtbot):
    end_movement(window, qtbot)
    seen: list[tuple[str, str, bool]] = []  # (entry, status bar, a tooltip shown on it)
    done: list[bool] = []
    errors: list[BaseException] = []

    def walk() -> None:
        try:
            _walk()
        except BaseException as e:  # (an assertion inside the menu's loop: the menus closed, then raised)
            while QApplication.activePopupWidget() is not None:
                QApplication.activePopupWidget().close()
            done.append(False)
            errors.append(e)

    def _walk() -> None:
        menu = QApplication.activePopupWidget()
        if not isinstance(menu, QMenu):
            QTimer.singleShot(20, walk)
            return
        if menu.objectName() != "fight_with_menu":
            act = next(a for a in menu.actions() if a.text() == "Fight it with")
            menu.setActiveAction(act)
            QTest.keyClick(menu, Qt.Key.Key_Right)  # opens the submenu, its first entry chosen
            QTimer.singleShot(0, walk)
            return
        for k, act in enumerate(menu.actions()):
            if k:
                QTest.keyClick(menu, Qt.Key.Key_Down)
            assert menu.activeAction() is act
            at = menu.actionGeometry(act).center()
            QApplication.sendEvent(menu, QHelpEvent(QEvent.Type.ToolTip, at, menu.mapToGlobal(at)))
            seen.append((act.text(), window.statusBar().currentMessage(), QToolTip.isVisible()))
            QToolTip.hideText()
        QTest.keyClick(menu, Qt.Key.Key_Escape)
        QTest.keyClick(QApplication.activePopupWidget(), Qt.Key.Key_Escape)
        done.append(True)

    vp, pos = window.strategic_view.viewport(), sector_pos(window, "0604")
    QTest.mouseClick(vp, Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier, pos)
    QTimer.singleShot(0, walk)  # the context menu event a right click makes (QTest's click does not)
    QApplication.sendEvent(vp, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, vp.mapToGlobal(pos)))
    qtbot.waitUntil(lambda: bool(done), timeout=5000)
    assert not errors, errors
    assert seen == [(s.title, s.blurb, False) for s in systems().values()]
    assert window.statusBar().currentMessage() not in {s.blurb for s in systems().values()}  # closed: gone
