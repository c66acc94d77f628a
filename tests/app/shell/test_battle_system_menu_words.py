"""Turn > Battle System for New Battle Hexes says what each system is, in the status bar (issue 22,
real screen at 1600x1000): hovered, an entry showed its description as a tooltip drawn over the
entries below it ("Fought at the table" covered SIDCORS), and the status bar kept the phase's words.
Each description comes from the registry (the "Fight it with" submenu shows the same ones), in the
status bar while its entry is hovered, no tooltip. Walked as a person walks it: Alt+T on the main
window, the submenu opened with Right, its entries with Down."""
from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import QHelpEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu, QToolTip

from rules.systems import systems
from tests.app.gui import open_main_window


def test_each_battle_system_says_what_it_is_in_the_status_bar(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
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
        if menu.objectName() != "battle_systems_menu":
            act = next(a for a in menu.actions() if a.text() == "Battle &System for New Battle Hexes")
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
            seen.append((act.text(), main.statusBar().currentMessage(), QToolTip.isVisible()))
            QToolTip.hideText()
        QTest.keyClick(menu, Qt.Key.Key_Escape)
        QTest.keyClick(QApplication.activePopupWidget(), Qt.Key.Key_Escape)
        done.append(True)

    QTimer.singleShot(0, walk)
    QTest.keyClick(main, Qt.Key.Key_T, Qt.KeyboardModifier.AltModifier)  # the Turn menu
    qtbot.waitUntil(lambda: bool(done), timeout=20000)
    assert not errors, errors
    assert seen == [(s.title, s.blurb, False) for s in systems().values()]
    assert all(blurb for _title, blurb, _tip in seen)
