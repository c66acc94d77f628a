"""The battle window in combat, used with the mouse and keyboard: the hover readout, a drag
that says what the move would do before the drop, right-click menus, Disengage / Retreat
asking which unit, floating the map by direction letter."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QComboBox, QMenu, QPushButton

from app.systems.v13.map import centre_of
from tests.app.gui import Answerer, choose_item, open_main_window, press
from tests.app.test_gui_paths import battle_in_combat


@pytest.fixture
def bw(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    w = battle_in_combat(main, qtbot)
    w.resize(1300, 850)
    # the battle window lies over the main window as on a desktop (offscreen Qt cannot raise a
    # window, and hover moves go to the top-level window under the pointer)
    main.move(w.geometry().right() + 50, 0)
    w.activateWindow()
    qtbot.wait(20)  # the resize's fit done
    w.panel.view.zoom(1.5 / w.panel.view.transform().m11())  # close enough that one hex is wider than a counter
    assert w.panel.view.transform().m11() > 1.2
    return w


def point_of(bw, h) -> QPoint:
    """Where ``h`` is in the viewport now (the view is not moved)."""
    return bw.panel.view.mapFromScene(centre_of(h))


def counter_point(bw, uid: str) -> QPoint:
    item = bw.panel.scene.counters[uid]
    bw.panel.view.centerOn(item.scenePos())
    return bw.panel.view.mapFromScene(item.scenePos())


def popup_action(qtbot, *path: str):
    """The entry of the open popup menu named by ``path`` (submenus opened on the way)."""
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu))
    menu = QApplication.activePopupWidget()
    for i, name in enumerate(path):
        act = next(a for a in menu.actions() if a.text().startswith(name))
        if i == len(path) - 1:
            return act
        menu = act.menu()


def test_hover_readout_gives_label_range_bearing_and_who_is_there(bw, qtbot):
    claw = bw.b.state.units["kz-cv-claw"]
    vp = bw.panel.view.viewport()
    QTest.mouseClick(vp, Qt.MouseButton.LeftButton, pos=counter_point(bw, "kz-cv-claw"))  # select
    target = claw.pos + type(claw.facing).D.vector * 4  # towards the sheet (claw stands above it)
    bw.panel.view.centerOn((centre_of(claw.pos) + centre_of(target)) / 2)  # scrolled so both are on the screen
    at = point_of(bw, target)
    assert vp.rect().contains(at), (at, vp.rect())  # (a third toolbar row left the hex 2 px below the view)
    QTest.mouseMove(vp, at)
    qtbot.wait(50)
    assert "range 4" in bw.panel.view.readout.text(), bw.panel.view.readout.text()
    text = bw.panel.view.readout.text()
    label = bw.b.ctx.where(target)
    assert label in text and f"from {claw.name}" in text and "bearing D" in text
    QTest.mouseMove(vp, counter_point(bw, "kz-cv-claw"))
    qtbot.waitUntil(lambda: claw.name in bw.panel.view.readout.text() and "here:" in bw.panel.view.readout.text())


def test_a_drag_shows_the_exit_class_before_the_drop(bw, qtbot):
    b = bw.b
    u = b.state.units["kz-eff-1"]
    vp = bw.panel.view.viewport()
    start = counter_point(bw, u.id)
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, pos=start)
    one = u.pos + u.facing.vector
    QTest.mouseMove(vp, bw.panel.view.mapFromScene(centre_of(one)))
    text = bw.panel.scene.hover_text.toPlainText()
    assert "stays in the battle" in text and "1 hex" in text and "speed" in text
    # far beyond the top border of the legal region, facing as it is (not the DoR): in disorder
    top = bw.b.ctx.window.label(bw.b.state.centre)
    far = bw.b.ctx.window.hex_at(f"({top.col},{top.row - 31})")
    assert u.pos.distance(far) <= 6  # on screen at this zoom
    QTest.mouseMove(vp, bw.panel.view.mapFromScene(centre_of(far)))
    text = bw.panel.scene.hover_text.toPlainText()
    assert "leaves in disorder" in text
    qtbot.waitUntil(lambda: "leaves in disorder" in bw.panel.view.readout.text())  # also in the corner readout
    assert b.state.units[u.id].pos != far  # nothing moved yet
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=bw.panel.view.mapFromScene(centre_of(far)))
    assert bw.b.state.units[u.id].status.value == "disorganized withdrawal", bw.statusBar().currentMessage()
    assert bw.panel.scene.hover_text.toPlainText() == ""  # the balloon goes with the drop


def test_right_click_menu_marks_a_counter_and_declares(bw, qtbot):
    vp = bw.panel.view.viewport()
    claw = bw.b.state.units["kz-cv-claw"]
    QTest.mousePress(vp, Qt.MouseButton.RightButton, pos=counter_point(bw, claw.id))
    act = popup_action(qtbot, "Mark", "Crippled")
    act.trigger()
    QApplication.activePopupWidget() and QApplication.activePopupWidget().close()
    assert bw.b.state.units[claw.id].crippled
    QTest.mousePress(vp, Qt.MouseButton.RightButton, pos=counter_point(bw, claw.id))
    act = popup_action(qtbot, "Declare retreat")
    assert claw.name in act.text() and "V13.615" in act.text()
    act.trigger()
    QApplication.activePopupWidget() and QApplication.activePopupWidget().close()
    assert bw.b.pending.to == "coalition" and "oppose" in bw.b.pending.text


def test_right_click_on_an_empty_hex_floats_the_map_there(bw, qtbot):
    vp = bw.panel.view.viewport()
    c = bw.b.state.centre
    h = c + type(bw.b.state.units["kz-cv-claw"].facing).D.vector * 3
    QTest.mousePress(vp, Qt.MouseButton.RightButton, pos=point_of(bw, h))
    act = popup_action(qtbot, "Float the map")
    assert "direction D" in act.text() and "3 hexes" in act.text()
    act.trigger()
    assert bw.b.state.float_offset == type(c)(0, 3)


def test_disengage_retreat_without_a_selection_asks_which_unit(bw, qtbot):
    bw.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
    name = bw.b.state.units["kz-aac-1"].name
    answerer = Answerer(choose_item(name))
    press(bw, "Ctrl+D")
    answerer.stop()
    assert answerer.seen == [("QInputDialog", "Disengage or retreat")]
    assert bw.b.state.units["kz-aac-1"].under_fire or bw.b.pending.text.endswith(f"retreat of {name}?")


def test_float_by_direction_letter(bw, qtbot):
    combo = bw.panel.combat.findChild(QComboBox)
    assert [combo.itemText(i)[0] for i in range(combo.count())] == list("ABCDEF")
    combo.setCurrentIndex(3)  # D
    spin = bw.panel.combat.float_hexes
    spin.setValue(2)
    go = next(b for b in bw.panel.combat.findChildren(QPushButton) if b.text() == "Float")
    qtbot.mouseClick(go, Qt.MouseButton.LeftButton)
    assert bw.b.state.float_offset.r == 2 and bw.b.state.float_offset.q == 0


def test_a_click_selects_without_rebuilding_the_window(bw, qtbot):
    vp = bw.panel.view.viewport()
    bw.log_view.document().firstBlock().setUserState(7)  # gone if the log were rendered anew
    items_before = dict(bw.panel.scene.counters)
    QTest.mouseClick(vp, Qt.MouseButton.LeftButton, pos=counter_point(bw, "kz-eff-1"))
    assert bw.panel.scene.counters["kz-eff-1"].spec.selected
    assert not any(i.spec.selected for uid, i in bw.panel.scene.counters.items() if uid != "kz-eff-1")
    assert bw.panel.scene.counters == items_before  # the same counter items, only their mark changed
    assert bw.log_view.document().firstBlock().userState() == 7
    name = bw.b.state.units["kz-eff-1"].name
    assert bw.panel.combat.unit_label.text().startswith(f"Selected: {name}")
