"""The battle map's redraw after a zoom or a float (issue 21: at least twice as fast as a naive
scene), driven as a person drives it: wheel events sent to the view's viewport."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from app.systems.v13.map import centre_of
from tests.app.gui import shown_battle_map


def wheel(view, notches: int, pos: QPoint | None = None) -> None:
    """``notches`` wheel notches (positive: in) over ``pos`` (default: the viewport's centre)."""
    at = QPointF(pos if pos is not None else view.viewport().rect().center())
    event = QWheelEvent(at, QPointF(view.viewport().mapToGlobal(at.toPoint())), QPoint(0, 0), QPoint(0, 120 * notches),
                        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), event)
    QApplication.processEvents()


def test_the_scroll_bars_are_flat(qtbot):
    """Fusion's scroll bars (gradients, bevels, arrow buttons) took 1.1 ms to paint, a third of
    a zoom step (both bars change at every zoom); the map's bars are flat: one colour for the
    groove and one for the handle across the bar."""
    view = shown_battle_map(qtbot)
    view.centerOn(centre_of(view.scene().window.centre))
    wheel(view, 4)
    bars = [view.horizontalScrollBar(), view.verticalScrollBar()]
    qtbot.waitUntil(lambda: all(b.isVisible() for b in bars))
    for bar in bars:
        img = bar.grab().toImage()
        horizontal = bar.orientation() == Qt.Orientation.Horizontal
        length = img.width() if horizontal else img.height()
        across = img.height() if horizontal else img.width()
        middle = across // 2
        along = {img.pixel(k, middle) if horizontal else img.pixel(middle, k) for k in range(length)}
        assert len(along) <= 4, f"{len(along)} colours along the bar"
