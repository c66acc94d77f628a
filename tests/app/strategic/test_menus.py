"""The strategic map's right-click menus, used as a person does: a right click on the view's
viewport opens the menu, an entry is clicked in the QMenu, and the effect is checked."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt, QTimer
from PySide6.QtGui import QContextMenuEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu

from app.battle.window import BattleWindow
from app.strategic.scene import StrategicScene
from hexmap import Label
from tests.app.gui import show_active, to_space_combat
from tests.app.test_manners import EndMovementAnswers


def scene(window) -> StrategicScene:
    return window.strategic_view.scene()


def counter_pos(window, fleet_id: str) -> QPoint:
    view = window.strategic_view
    counter = scene(window).counter(fleet_id)
    view.centerOn(counter)
    return view.mapFromScene(counter.scenePos())


def sector_pos(window, label: str, centre: bool = True) -> QPoint:
    """A point of the sector clear of its counters (its label area, top of the hex)."""
    view = window.strategic_view
    item = scene(window).sector_items[label]
    if centre:
        view.centerOn(item)
    return view.mapFromScene(item.scenePos() + QPointF(0, -28))


def right_click(window, qtbot, pos: QPoint, entry: str, fleet_name: str = "") -> list[tuple[str, bool]]:
    """Right-click the map at ``pos`` and click ``entry`` in the menu that opens (Escape when
    the entry is disabled); returns the menu's entries with whether each was enabled. Where
    counters are stacked, ``entry`` is taken from ``fleet_name``'s menu in the stack picker."""
    seen: list[tuple[str, bool]] = []
    opened: list[QMenu] = []

    def choose() -> None:
        menu = QApplication.activePopupWidget()
        if not isinstance(menu, QMenu):
            QTimer.singleShot(20, choose)
            return
        opened.append(menu)
        if menu.objectName() == "stack_menu":  # stacked counters: the fleet's own menu in the picker
            sub = next(a.menu() for a in menu.actions() if a.menu() is not None and a.text() == fleet_name)
            seen.extend((a.text(), a.isEnabled()) for a in sub.actions() if a.text() and not a.isSeparator())
            act = next((a for a in sub.actions() if a.text().startswith(entry)), None)
            menu.close()
            if act is not None and act.isEnabled():
                act.trigger()
            return
        seen.extend((a.text(), a.isEnabled()) for a in menu.actions() if a.text() and not a.isSeparator())
        act = next((a for a in menu.actions() if a.text().startswith(entry)), None)
        if act is None or not act.isEnabled():
            QTest.keyClick(menu, Qt.Key.Key_Escape)
            return
        QTest.mouseClick(menu, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         menu.actionGeometry(act).center())

    vp = window.strategic_view.viewport()
    QTest.mouseClick(vp, Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier, pos)
    # the context menu event the window system sends with a right click (QTest's click goes to
    # the widget directly and so does not make one)
    QTimer.singleShot(0, choose)
    QApplication.sendEvent(vp, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, vp.mapToGlobal(pos)))
    qtbot.waitUntil(lambda: bool(opened) and QApplication.activePopupWidget() is None, timeout=3000)
    return seen


def end_movement(window, qtbot) -> None:
    answers = EndMovementAnswers()
    qtbot.keyClick(window, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    answers.stop()
    assert window._battle_dialog is not None
    window._battle_dialog.close()
    show_active(window, qtbot)  # back from the Battle Hex list
    to_space_combat(window, qtbot)  # seed 004: the Battle Hexes are fought in the Space Combat Phase


def fleet(window, fid: str):
    return next(f for f in window.campaign.fleets if f.id == fid)


def test_a_fleet_menu_offers_orders_inspect_fight_and_clear(window, qtbot):
    seen = right_click(window, qtbot, counter_pos(window, "fed-logistics"), "Inspect")
    texts = [t for t, _on in seen]
    assert texts == ["Give orders...", "Inspect", "Fight its Battle Hex", "Clear orders", "Cargo", "Centre here"]
    assert dict(seen)["Fight its Battle Hex"] is False  # nothing to fight before movement
    assert dict(seen)["Clear orders"] is False  # no orders yet
    assert scene(window).selected_fleet().id == "fed-logistics"
    name = fleet(window, "fed-logistics").name
    assert name in window.inspector.toPlainText()


def test_give_orders_then_click_the_destination(window, qtbot):
    right_click(window, qtbot, counter_pos(window, "fed-logistics"), "Give orders")
    assert "click the destination" in window.statusBar().currentMessage()
    vp = window.strategic_view.viewport()
    target = sector_pos(window, "0309", centre=False)
    QTest.mouseMove(vp, target)
    assert scene(window)._preview.isVisible()  # the path follows the mouse
    QTest.mouseClick(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, target)
    assert fleet(window, "fed-logistics").orders == [Label.parse("0308"), Label.parse("0309")]
    assert not scene(window)._preview.isVisible()


def test_escape_cancels_giving_orders(window, qtbot):
    right_click(window, qtbot, counter_pos(window, "fed-logistics"), "Give orders")
    QTest.keyClick(window.strategic_view, Qt.Key.Key_Escape)
    QTest.mouseClick(window.strategic_view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     sector_pos(window, "0308", centre=False))
    assert fleet(window, "fed-logistics").orders == []
    assert "cancelled" in window.statusBar().currentMessage()


def test_clear_orders_from_the_menu(window, qtbot):
    right_click(window, qtbot, counter_pos(window, "fed-logistics"), "Give orders")
    QTest.mouseClick(window.strategic_view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     sector_pos(window, "0308", centre=False))
    assert fleet(window, "fed-logistics").orders == [Label.parse("0308")]
    seen = right_click(window, qtbot, counter_pos(window, "fed-logistics"), "Clear orders")
    assert dict(seen)["Clear orders"] is True
    assert fleet(window, "fed-logistics").orders == []


def test_a_fleet_in_an_open_battle_hex_fights_it(window, qtbot):
    end_movement(window, qtbot)
    fid = next(f.id for f in window.campaign.fleets if str(f.sector) == "0604")
    seen = right_click(window, qtbot, counter_pos(window, fid), "Fight its Battle Hex", fleet(window, fid).name)
    assert dict(seen)["Fight its Battle Hex (0604)"] is True
    qtbot.waitUntil(lambda: any(isinstance(w, BattleWindow) and w.isVisible()
                                for w in QApplication.topLevelWidgets()))
    bw = next(w for w in QApplication.topLevelWidgets() if isinstance(w, BattleWindow) and w.isVisible())
    assert str(bw.at) == "0604" and bw.windowTitle().startswith("Battle Hex 0604")
    bw.close()


def test_a_fleet_outside_any_battle_hex_cannot_fight(window, qtbot):
    end_movement(window, qtbot)
    open_hexes = {str(b.at) for b in window.campaign.battle_hexes if not b.resolved}
    fid = next(f.id for f in window.campaign.fleets if str(f.sector) not in open_hexes and not f.in_transit_to)
    seen = right_click(window, qtbot, counter_pos(window, fid), "Fight its Battle Hex", fleet(window, fid).name)
    assert dict(seen)["Fight its Battle Hex"] is False
    assert not any(isinstance(w, BattleWindow) for w in QApplication.topLevelWidgets())


def test_a_sector_menu_centres_and_inspects(window, qtbot):
    view = window.strategic_view
    window.strategic_view.fit()
    fitted = view.transform().m11()
    item = scene(window).sector_items["0806"]
    pos = view.mapFromScene(item.scenePos() + QPointF(0, -28))
    seen = right_click(window, qtbot, pos, "Centre here")
    assert [t for t, _on in seen] == ["Centre here", "Inspect sector", "Fight this Battle Hex"]
    assert dict(seen)["Fight this Battle Hex"] is False
    def centred() -> bool:
        centre, middle = view.mapFromScene(item.scenePos()), view.viewport().rect().center()
        return abs(centre.x() - middle.x()) <= 2 and abs(centre.y() - middle.y()) <= 2
    qtbot.waitUntil(centred, timeout=2000)
    assert view.transform().m11() > 1.5 * fitted  # a map shown whole is zoomed in to move at all
    right_click(window, qtbot, view.mapFromScene(item.scenePos() + QPointF(0, -28)), "Inspect sector")
    assert scene(window).selected_sector().at == Label.parse("0806")
    assert "0806" in window.inspector.toPlainText()


def test_a_sector_that_is_an_open_battle_hex_is_fought_from_its_menu(window, qtbot):
    end_movement(window, qtbot)
    seen = right_click(window, qtbot, sector_pos(window, "0907"), "Fight this Battle Hex")
    assert dict(seen)["Fight this Battle Hex"] is True
    qtbot.waitUntil(lambda: any(isinstance(w, BattleWindow) and w.isVisible()
                                for w in QApplication.topLevelWidgets()))
    bw = next(w for w in QApplication.topLevelWidgets() if isinstance(w, BattleWindow) and w.isVisible())
    assert str(bw.at) == "0907"
    bw.close()


def test_stacked_counters_open_a_stack_picker(window, qtbot):
    """Stacked fleet counters hid each other, and right-clicking the one wanted took several tries
    (issue 22): a right click where counters overlap lists every fleet there, each with its own
    menu, so the lower one is reached at once."""
    from app.strategic.items import FleetCounterItem
    view = window.strategic_view
    view.zoom(2.0)
    counters = [i for i in scene(window).items() if isinstance(i, FleetCounterItem)]
    pair = next((a, b) for a in counters for b in counters
                if a is not b and a.sceneBoundingRect().intersects(b.sceneBoundingRect()))
    spot = pair[0].sceneBoundingRect().intersected(pair[1].sceneBoundingRect()).center()
    view.centerOn(spot)
    pos = view.mapFromScene(spot)
    under = [i.fleet.id for i in view.items(pos) if isinstance(i, FleetCounterItem)]
    assert len(under) >= 2
    lower = under[-1]  # the one a plain right click never reached
    names = {f.id: f.name for f in window.campaign.fleets}
    opened: list[QMenu] = []

    def choose() -> None:
        menu = QApplication.activePopupWidget()
        if not isinstance(menu, QMenu):
            QTimer.singleShot(20, choose)
            return
        opened.append(menu)
        entries = [a.text() for a in menu.actions() if a.text() and not a.isSeparator()]
        sub = next((a.menu() for a in menu.actions() if a.text() == names[lower] and a.menu() is not None), None)
        if sub is None:
            opened.append(entries)
            QTest.keyClick(menu, Qt.Key.Key_Escape)
            return
        inspect = next(a for a in sub.actions() if a.text() == "Inspect")
        menu.close()
        inspect.trigger()

    vp = view.viewport()
    QTimer.singleShot(0, choose)
    QApplication.sendEvent(vp, QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, vp.mapToGlobal(pos)))
    qtbot.waitUntil(lambda: bool(opened) and QApplication.activePopupWidget() is None, timeout=3000)
    assert len(opened) == 1, f"no stack picker: the menu was {opened[-1]}"
    assert scene(window).selected_fleet().id == lower
    assert names[lower] in window.inspector.toPlainText()
