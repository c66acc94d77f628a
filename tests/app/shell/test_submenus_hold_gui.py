"""Every menu's submenu stays open while a slow hand goes to it (issue 22): seen on the real screen at
QT_SCALE_FACTOR=2, a click on a submenu's item after a slow diagonal hand fell on the window, the
submenu closed by Qt's one-second "sloppy" timer as the pointer left the menu. Turn > Battle System
was held (tests/app/shell/test_battle_system_menu_click_gui.py); Help > Rules, File > Open Recent and
the battle window's Replay > Speed were not. The same slow hand now reaches and clicks their items.

The window system's enter and leave notifications for the menus (which the offscreen platform does
not send for popups) are sent as X11 sends them."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu, QWidget

from tests.app.gui import open_main_window
from tests.app.systems.test_table import system_action
from tests.app.systems.v13.test_keys import take_over_by_keys
from tests.app.test_gui_paths import end_movement_and_fight


def _open(bar, title: str) -> QMenu:
    """Click ``title`` on the menu bar ``bar``: its menu."""
    menu = next(a.menu() for a in bar.actions() if a.text().replace("&", "") == title)
    QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.actionGeometry(menu.menuAction()).center())
    return menu


def slow_hand_to(qtbot, menu: QMenu, sub: QMenu, under: QWidget, pick: int = 0) -> QPoint:
    """Hover ``sub``'s entry in ``menu``, leave the menu for 1.5 s over ``under`` (the window beneath),
    then come onto ``sub``'s item ``pick``: where it is (global), ``sub`` still open or not."""
    qtbot.waitUntil(menu.isVisible)
    entry = menu.actionGeometry(sub.menuAction())
    QApplication.sendEvent(menu, QEvent(QEvent.Type.Enter))  # the pointer comes onto the menu
    QTest.mouseMove(menu, entry.center())
    qtbot.waitUntil(sub.isVisible)
    item = [a for a in sub.actions() if not a.isSeparator()][pick]
    goal = sub.mapToGlobal(sub.actionGeometry(item).center())
    start = menu.mapToGlobal(entry.center())
    for i in range(1, 6):  # within the entry, to its edge on the way out (the hand's first moves)
        QTest.mouseMove(menu, entry.center() + QPoint(0, (entry.height() // 2 - 2) * i // 5))
        qtbot.wait(30)
    QApplication.sendEvent(menu, QEvent(QEvent.Type.Leave))  # the pointer leaves the menu, on its way
    box = menu.geometry().united(sub.geometry())
    edge, dip = QPoint(start.x(), box.bottom() + 4), QPoint(box.center().x(), box.bottom() + 40)
    for i in range(1, 11):  # 1.5 s under both menus, over the window beneath (a careful hand at scale 2)
        QTest.mouseMove(under, under.mapFromGlobal(edge + (dip - edge) * i / 10))
        qtbot.wait(150)
    QTest.mouseMove(sub, sub.mapFromGlobal(goal))
    qtbot.wait(50)
    return goal


def test_help_rules_is_held_on_the_way_and_its_item_opens(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    help_menu = _open(main.menuBar(), "Help")
    rules = next(a.menu() for a in help_menu.actions() if a.menu() is not None)
    first = rules.actions()[0]
    fired: list[bool] = []
    first.triggered.connect(lambda *_: fired.append(True))
    goal = slow_hand_to(qtbot, help_menu, rules, main.strategic_view.viewport())
    assert rules.isVisible()  # still open when the hand arrives
    QTest.mouseClick(rules, Qt.MouseButton.LeftButton, pos=rules.mapFromGlobal(goal))
    qtbot.waitUntil(lambda: bool(fired))
    qtbot.waitUntil(lambda: not help_menu.isVisible())


def test_file_open_recent_is_held_on_the_way(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    file_menu = _open(main.menuBar(), "File")
    recent = main.recent_menu
    assert recent.actions(), "Open Recent lists nothing to go to"
    slow_hand_to(qtbot, file_menu, recent, main.strategic_view.viewport())
    assert recent.isVisible()
    QTest.keyClick(recent, Qt.Key.Key_Escape)
    QTest.keyClick(file_menu, Qt.Key.Key_Escape)


def test_the_battle_window_s_replay_speed_is_held_and_its_item_chosen(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "table").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    take_over_by_keys(bw, qtbot)  # behind the hand-over page nothing acts (test_held_behind_hand_over)
    replay = _open(bw.menuBar(), "Replay")
    speed = bw.findChild(QMenu, "replay_speed_menu")
    pick = next(k for k, a in enumerate(speed.actions()) if not a.isChecked())
    goal = slow_hand_to(qtbot, replay, speed, bw.centralWidget(), pick)
    assert speed.isVisible()
    QTest.mouseClick(speed, Qt.MouseButton.LeftButton, pos=speed.mapFromGlobal(goal))
    qtbot.waitUntil(lambda: speed.actions()[pick].isChecked())
