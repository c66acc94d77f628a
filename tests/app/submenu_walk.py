"""Walking a submenu's entries by keys while it is open, as a person does (issue 22's status-bar
descriptions): the submenu opened from its parent entry with Right, each entry reached with Down
and hovered for its tooltip; what the status bar said at each is recorded, then both menus close
with Escape. The walk runs from timers, since a menu runs its own event loop."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import QHelpEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMainWindow, QMenu, QToolTip


def walk_submenu(qtbot, window: QMainWindow, entry: str, submenu: str, open_menu: Callable[[], None],
                 ) -> list[tuple[str, str, bool]]:
    """Open a menu by ``open_menu``, then its ``entry``'s submenu (object name ``submenu``) and walk
    it: (entry text, the status bar's message, a tooltip shown on it) for each entry."""
    seen: list[tuple[str, str, bool]] = []
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
        if menu.objectName() != submenu:
            act = next(a for a in menu.actions() if a.text() == entry)
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

    QTimer.singleShot(0, walk)
    open_menu()
    qtbot.waitUntil(lambda: bool(done), timeout=20000)
    assert not errors, errors
    return seen
