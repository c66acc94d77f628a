"""A click on a counter selects it and never moves it (issue 22, H10's real-screen pass): in the
default campaign's V13 battle at 0703 a single click on the stacked QUIC/FAR counters logged "LSS
Far Sight moves to ... 17" (it was at 18). The hover had fanned the stack out, side by side, so the
counter clicked lay over the next hex, and the release asked the engine to move it to the hex
under the pointer. A press and release within the drag distance is a click: select, nothing else."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from tests.app.systems.v13.test_map import (  # noqa: F401 (the fixture)
    LEFT, MOVE, NO_BUTTON, PRESS, RELEASE, FakeController, at, hover, look_at, send_mouse, spec, view)
from tests.hand_kept import hand_kept_file


def _click(view, pos: QPoint) -> None:
    QTest.mousePress(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos)
    QTest.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos)
    QApplication.processEvents()


def _centre(view, uid: str) -> QPoint:
    item = view.scene().counters[uid]
    return item.body_rect().translated(view.viewportTransform().map(item.pos())).center().toPoint()


def test_a_click_on_each_counter_of_a_fanned_stack_selects_it_and_moves_nothing(view):  # noqa: F811
    w = view.scene().window
    h = w.hex_at("2115")
    for n, scale in ((2, 1.0), (3, 1.0), (5, 0.6), (2, 0.5)):
        uids = [f"u{i}" for i in range(n)]
        view.scene().set_units([spec(u, h) for u in uids])
        look_at(view, h, scale)
        ctl = view.controller = FakeController(w)
        hover(view, at(view, h))
        assert view.scene().expanded == h
        for uid in uids:
            hover(view, at(view, h))
            pos = _centre(view, uid)
            hover(view, pos)  # onto the fanned-out counter, maybe over the next hex
            assert view.counter_at(QPointF(pos)).uid == uid
            _click(view, pos)
            assert ("select", uid) in ctl.calls
            assert [c for c in ctl.calls if c[0] != "select"] == [], (n, scale, uid, view.hex_at(pos), ctl.calls)


def test_a_jitter_within_the_drag_distance_is_still_a_click(view):  # noqa: F811
    w = view.scene().window
    h = w.hex_at("2115")
    view.scene().set_units([spec("a", h), spec("b", h)])
    look_at(view, h, 1.0)
    ctl = view.controller = FakeController(w)
    hover(view, at(view, h))
    pos = _centre(view, "a")
    hover(view, pos)
    QTest.mousePress(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos)
    jitter = max(1, QApplication.startDragDistance() - 2)
    send_mouse(view, MOVE, pos + QPoint(jitter, 0), NO_BUTTON, LEFT)
    QTest.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                       pos + QPoint(jitter, 0))
    assert ctl.calls == [("select", "a")]
    assert not view.scene().ghost.isVisible() and view.scene().hover_text.toPlainText() == ""


def test_a_release_far_from_the_press_is_still_a_move(view):  # noqa: F811
    w = view.scene().window
    start, to = w.hex_at("2115"), w.hex_at("2117")
    view.scene().set_units([spec("a", start)])
    look_at(view, start, 1.0)
    ctl = view.controller = FakeController(w)
    QTest.mousePress(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at(view, start))
    QTest.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at(view, to))
    assert ctl.calls == [("select", "a"), ("move", "a", to)]


def test_in_a_real_battle_a_click_on_a_stacked_counter_asks_the_engine_nothing(qtbot, tmp_path, monkeypatch):
    """The default campaign's 0604 battle with two Kzinti counters stacked in 2104, in combat."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QDialog

    from app.shell.turn_dialogs import IgnoreDialog
    from app.shell.window import MainWindow
    from hexmap import Facing
    from tests.app.battle.test_window import drag_drop, open_battle, take_over, to_defender_placement
    from tests.app.gui import to_space_combat

    monkeypatch.setattr(MainWindow, "show_error", lambda self, title, text: None)
    monkeypatch.setattr(IgnoreDialog, "exec", lambda d: QDialog.DialogCode.Accepted)
    main = MainWindow(hand_kept_file(tmp_path), settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    main.show()
    main.end_movement()
    main._battle_dialog.close()
    to_space_combat(main, qtbot)
    bw = open_battle(main, qtbot, "0604")
    to_defender_placement(bw)
    bw.panel.facing = Facing.D
    for uid, label in (("kz-cv-claw", "2103"), ("kz-aac-1", "2104"), ("kz-eff-1", "2104")):
        drag_drop(bw, uid, label)
    take_over(bw)
    bw.panel.facing = Facing.A
    r = bw.b.state.min_range
    for uid, label in (("lyr-ca-pride", f"21{6 + r:02d}"), ("lyr-cw-1", f"22{6 + r:02d}"),
                       ("lyr-dd-1", f"20{6 + r:02d}")):
        drag_drop(bw, uid, label)
    take_over(bw)
    bw.answer(bw.b.pending.data["proposed"])
    assert bw.panel.combat_mode()
    view = bw.panel.view
    stacked = bw.b.state.units["kz-aac-1"].pos
    assert bw.b.state.units["kz-eff-1"].pos == stacked
    look_at(view, stacked, 1.0)
    answers, events = len(bw.b.answers), len(bw.b.log.events)
    for uid in ("kz-aac-1", "kz-eff-1", "kz-aac-1"):
        send_mouse(view, MOVE, at(view, stacked))  # straight to the viewport: the main window is shown too
        assert view.scene().expanded == stacked
        pos = _centre(view, uid)
        send_mouse(view, MOVE, pos)
        send_mouse(view, PRESS, pos, LEFT, LEFT)
        send_mouse(view, RELEASE, pos, LEFT, NO_BUTTON)
        QApplication.processEvents()
        assert bw.b.state.units[uid].pos == stacked, (uid, view.hex_at(pos))
        assert (len(bw.b.answers), len(bw.b.log.events)) == (answers, events)
