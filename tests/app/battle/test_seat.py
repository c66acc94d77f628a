"""Hot seat in V13 combat (issue 19): the engine refuses a move 'by' a Team that does not own
the unit, so the Team holding the seat passes it to the other Team's commander. Played as a
person plays it: a V13 battle of the default campaign opened through the menus, the seat
passed with Ctrl+Shift+P (or the toolbar), the hand-over screen hiding the last Team's
secrets until the next commander presses Return, counters dragged on the map."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QAction, QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QToolBar

from app.systems.v13.map import centre_of
from rules.systems.v13.queries import preview_move
from tests.app.gui import Answerer, choose_item, open_main_window, press
from tests.app.battle.test_window import set_up_0604
from tests.app.test_gui_paths import end_movement_and_fight


def _at(bw, uid: str) -> QPoint:
    """Where ``uid``'s counter is on the screen, zoomed in and scrolled to as a player would."""
    view = bw.panel.view
    view.auto_fit = False
    view.resetTransform()
    view.scale(1.5, 1.5)  # counters apart, as a player zooms in to move one
    spot = centre_of(bw.b.state.units[uid].pos)
    for _ in range(20):  # the map just came back from behind the hand-over screen: its docks lay out first
        view.centerOn(spot)
        QApplication.processEvents()
        at = view.mapFromScene(spot)
        if view.viewport().rect().adjusted(20, 20, -20, -20).contains(at):
            return at
    raise AssertionError(f"{uid} cannot be scrolled into view ({at})")


def _drag(bw, uid: str, to) -> str:
    """Press on ``uid``'s counter, move over ``to`` and release there; returns the drag balloon's text."""
    view = bw.panel.view
    vp = view.viewport()
    a = _at(bw, uid)
    b = view.mapFromScene(centre_of(to))
    assert vp.rect().contains(b), (uid, to)
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    for p in (a + QPoint(3, 2), (a + b) / 2, b):
        QApplication.sendEvent(vp, QMouseEvent(QEvent.Type.MouseMove, QPointF(p), QPointF(vp.mapToGlobal(p)),
                                               Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton,
                                               Qt.KeyboardModifier.NoModifier))
    balloon = view.scene().hover_text.toPlainText()
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)
    return balloon


def _legal_step(bw, uid: str, team: str):
    """A neighbouring hex the engine lets ``team`` move ``uid`` to."""
    b = bw.b
    u = b.state.units[uid]
    taken = {x.pos for x in b.state.units.values()}
    return next(h for h in u.pos.neighbors() if h not in taken and preview_move(b.ctx, uid, h, by=team).ok)


def _hand_over_to(bw, qtbot, name: str, secret: str) -> None:
    """The hand-over screen asks for ``name``; nothing of the battle, nor ``secret`` (a message
    said to the last Team), is shown; Return takes over."""
    assert bw.handing_over() and name in bw.handover_label.text()
    assert not bw.panel_dock.isVisible() and not bw.log_dock.isVisible()
    assert secret not in bw.statusBar().currentMessage() and secret not in bw.panel.verdict_label.text()
    bw.activateWindow()
    qtbot.waitUntil(lambda: bw.handover_button.hasFocus())
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert not bw.handing_over()


def test_the_seat_passes_in_combat_and_a_dragged_unit_of_another_team_says_how(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    bw = end_movement_and_fight(main, qtbot, "0604")  # V13, the default campaign's system
    bw.auto_dialogs = False
    set_up_0604(bw)
    assert bw.panel.combat_mode() and bw.b.pending.to == "any" and bw.viewer == "gm"  # the GM placed the centre
    action = next(a for a in bw.findChild(QToolBar, "battle_seat_bar").actions() if a.text().startswith("Pass the seat"))
    assert isinstance(action, QAction) and action.isEnabled() and "Ctrl+Shift+P" in action.toolTip()
    # the GM's seat: which Team takes it is asked (both fight)
    answerer = Answerer(choose_item("Coalition"))
    bw.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
    press(bw, "Ctrl+Shift+P")
    answerer.stop()
    assert ("QInputDialog", "Pass the seat") in answerer.seen
    _hand_over_to(bw, qtbot, "Coalition", "\u0000")
    assert bw.viewer == "coalition" and action.text() == "Pass the seat to Alliance"
    # the Coalition drags an Alliance counter: refused, saying whose it is and how to pass the seat
    before = (list(bw.b.answers), bw.b.state.units["kz-eff-1"].pos)
    to = _legal_step(bw, "kz-eff-1", "alliance")
    balloon = _drag(bw, "kz-eff-1", to)
    said = bw.statusBar().currentMessage()
    assert (list(bw.b.answers), bw.b.state.units["kz-eff-1"].pos) == before
    for text in (balloon, said):
        assert "Alliance" in text and "Pass the seat" in text and "Ctrl+Shift+P" in text, text
    assert "V13.480" in said
    # the Coalition's own counter moves
    mine = _legal_step(bw, "lyr-dd-1", "coalition")
    _drag(bw, "lyr-dd-1", mine)
    assert bw.b.state.units["lyr-dd-1"].pos == mine
    # Ctrl+Shift+P passes the seat to the Alliance: the Coalition's messages are gone behind the hand-over
    bw.statusBar().showMessage("Coalition secret: the plan")
    press(bw, "Ctrl+Shift+P")
    _hand_over_to(bw, qtbot, "Alliance", "Coalition secret")
    assert bw.viewer == "alliance" and bw.panel.selected_combat_unit() is None
    _drag(bw, "kz-eff-1", to)
    assert bw.b.state.units["kz-eff-1"].pos == to and len(bw.b.answers) == len(before[0]) + 2


def test_leaving_the_gm_view_in_combat_gives_the_seat_back_behind_the_hand_over(qtbot, tmp_path):
    """The GM view (Ctrl+Shift+G) shows every unit; switched off in hot-seat combat, the map goes
    behind the hand-over screen for the Team that held the seat, never staying in the GM's sight
    with nobody's seat (before: the viewer was nobody, and the map and moves were the GM's)."""
    main = open_main_window(qtbot, tmp_path)
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    set_up_0604(bw)
    answerer = Answerer(choose_item("Coalition"))
    bw.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
    press(bw, "Ctrl+Shift+P")
    answerer.stop()
    _hand_over_to(bw, qtbot, "Coalition", "\u0000")
    press(bw, "Ctrl+Shift+G")
    assert bw.gm_action.isChecked() and bw.viewer == "gm" and not bw.pass_action.isEnabled()
    bw.statusBar().showMessage("GM secret: the Orions wait in 0703")
    press(bw, "Ctrl+Shift+G")
    assert not bw.gm_action.isChecked()
    _hand_over_to(bw, qtbot, "Coalition", "GM secret")
    assert bw.viewer == "coalition" and bw.pass_action.isEnabled()
