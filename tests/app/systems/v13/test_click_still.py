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
    LEFT, MOVE, NO_BUTTON, FakeController, at, hover, look_at, send_mouse, spec, view)


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
