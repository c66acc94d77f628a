"""Turn > Battle System for New Battle Hexes chosen by a mouse click (issue 22, seen on the real
screen at ``QT_SCALE_FACTOR=2``: three clicks on "Fought at the table" did not take; the keyboard
did). The entry is the Turn menu's last, so its submenu hangs below the menu's bottom, and a
diagonal hand from the entry to a lower item crosses the map. Qt started its one-second "sloppy"
timer as the pointer left the Turn menu and closed the submenu before a slow hand reached it; at
scale 2 the path is twice as long. The same path with the same slow hand now chooses the item.

The window system's enter and leave notifications for the menus (which the offscreen platform
does not send for popups) are sent as X11 sends them."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu

from tests.app.gui import open_main_window


def _turn_menu(main) -> QMenu:
    bar = main.menuBar()
    turn = next(a.menu() for a in bar.actions() if a.text().replace("&", "") == "Turn")
    QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.actionGeometry(turn.menuAction()).center())
    return turn


def test_a_slow_hand_from_the_entry_down_to_an_item_chooses_it(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    assert main.campaign.settings.battle_system != "table"
    turn = _turn_menu(main)
    qtbot.waitUntil(turn.isVisible)
    systems = turn.findChild(QMenu, "battle_systems_menu")
    entry = turn.actionGeometry(systems.menuAction())
    QApplication.sendEvent(turn, QEvent(QEvent.Type.Enter))  # the pointer comes onto the Turn menu
    QTest.mouseMove(turn, entry.center())
    qtbot.waitUntil(systems.isVisible)
    target = next(a for a in systems.actions() if a.objectName() == "system_table")
    goal = systems.mapToGlobal(systems.actionGeometry(target).center())
    start = turn.mapToGlobal(entry.center())
    assert goal.y() > turn.mapToGlobal(QPoint(0, turn.height())).y()  # the item lies below the Turn menu
    bottom = turn.mapToGlobal(QPoint(0, turn.height())).y()
    dip = QPoint(systems.geometry().left() - 30, max(bottom + 20, goal.y()))  # off both menus, on the map
    assert not turn.geometry().contains(dip) and not systems.geometry().contains(dip)
    for i in range(1, 6):  # down to the menu's bottom edge, still on the entry's side
        QTest.mouseMove(turn, turn.mapFromGlobal(start + QPoint(0, (bottom - 2 - start.y()) * i // 5)))
        qtbot.wait(30)
    QApplication.sendEvent(turn, QEvent(QEvent.Type.Leave))  # the pointer leaves the Turn menu
    edge = QPoint(start.x(), bottom + 4)
    view = main.strategic_view.viewport()
    for i in range(1, 11):  # 1.5 s across the map (a careful hand at scale 2, where the way is twice as long)
        QTest.mouseMove(view, view.mapFromGlobal(edge + (dip - edge) * i / 10))
        qtbot.wait(150)
    QTest.mouseMove(systems, systems.mapFromGlobal(goal))  # onto the item
    qtbot.wait(50)
    assert systems.isVisible()  # still open when the hand arrives
    QTest.mouseClick(systems, Qt.MouseButton.LeftButton, pos=systems.mapFromGlobal(goal))
    qtbot.waitUntil(lambda: main.campaign.settings.battle_system == "table")
    qtbot.waitUntil(lambda: not turn.isVisible())


def test_the_submenu_still_closes_on_another_entry_of_the_turn_menu(qtbot, tmp_path):
    """Held open only while the pointer is off the Turn menu: back on another entry, it closes."""
    main = open_main_window(qtbot, tmp_path)
    turn = _turn_menu(main)
    qtbot.waitUntil(turn.isVisible)
    systems = turn.findChild(QMenu, "battle_systems_menu")
    QApplication.sendEvent(turn, QEvent(QEvent.Type.Enter))
    QTest.mouseMove(turn, turn.actionGeometry(systems.menuAction()).center())
    qtbot.waitUntil(systems.isVisible)
    other = next(a for a in turn.actions() if a.text().replace("&", "").startswith("Show Battle Hexes"))
    for _ in range(3):
        QTest.mouseMove(turn, turn.actionGeometry(other).center() + QPoint(0, _))
        qtbot.wait(100)
    qtbot.waitUntil(lambda: not systems.isVisible(), timeout=5000)
    assert turn.activeAction() is other
    QTest.keyClick(turn, Qt.Key.Key_Escape)
