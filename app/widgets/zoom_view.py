"""A graphics view that zooms with the wheel around the cursor, within set limits."""
from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QPainter, QWheelEvent
from PySide6.QtWidgets import QAbstractScrollArea, QGraphicsView

WHEEL_STEP = 1.15  # zoom factor per wheel notch
FLAT_BARS = ("QScrollBar { background: #c4c8ce; border: none; margin: 0; }"
             "QScrollBar:horizontal { height: 12px; } QScrollBar:vertical { width: 12px; }"
             "QScrollBar::handle { background: #737983; border: none; border-radius: 3px; margin: 2px; }"
             "QScrollBar::handle:horizontal { min-width: 28px; } QScrollBar::handle:vertical { min-height: 28px; }"
             "QScrollBar::handle:hover, QScrollBar::handle:pressed { background: #4f555e; }"
             "QScrollBar::add-line, QScrollBar::sub-line { width: 0; height: 0; border: none; background: none; }"
             "QScrollBar::add-page, QScrollBar::sub-page { background: none; }")
"""Plain scroll bars: a groove and a handle, no gradients, bevels or arrow buttons."""


class ZoomableView(QGraphicsView):
    """Wheel zoom that keeps the scene point under the cursor where it is; the scale stays
    within [MIN_SCALE, MAX_SCALE]."""

    MIN_SCALE, MAX_SCALE = 0.15, 8.0

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)

    def setScene(self, scene) -> None:  # noqa: N802
        """Show ``scene``; a scene that says its background only changes when it invalidates it
        (``CACHE_BACKGROUND``) has it kept as one picture of the screen, so that a redraw is a
        blit of it (and scrolling paints only the strip that comes in)."""
        super().setScene(scene)
        if getattr(scene, "CACHE_BACKGROUND", False):
            self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)

    def flat_scroll_bars(self) -> None:
        """Plain scroll bars for a view that zooms a lot (:func:`flat_scroll_bars`)."""
        flat_scroll_bars(self)

    def zoom(self, factor: float) -> None:
        """Scale the view by ``factor``, clamped to the view's limits."""
        current = self.transform().m11()
        factor = max(self.MIN_SCALE / current, min(self.MAX_SCALE / current, factor))
        self.scale(factor, factor)

    def keep_under(self, pos: QPointF, scene_point: QPointF) -> None:
        """Scroll so that ``scene_point`` is at the viewport position ``pos`` again."""
        now = self.viewportTransform().map(scene_point)
        h, v = self.horizontalScrollBar(), self.verticalScrollBar()
        h.setValue(h.value() + round(now.x() - pos.x()))
        v.setValue(v.value() + round(now.y() - pos.y()))

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802
        steps = event.angleDelta().y() / 120.0
        if steps:
            # AnchorUnderMouse follows the system cursor, which lags or is absent (tablets,
            # synthetic events); the wheel event's own position is exact
            pos = event.position()
            under = self.viewportTransform().inverted()[0].map(pos)
            self.zoom(WHEEL_STEP ** steps)
            self.keep_under(pos, under)
        event.accept()


def flat_scroll_bars(area: QAbstractScrollArea) -> None:
    """Plain scroll bars (:data:`FLAT_BARS`) on ``area``, for one whose bars change at every
    step: a map's at every zoom, the battle log's at every replay step. The style's own
    (Fusion: gradients, bevels, arrow buttons) took 1.1 ms of a 3 ms zoom step and 2.2 ms of a
    replay step to paint again; these take a few hundredths of a ms. Each bar and the box it
    sits in fill their own background, so Qt counts them opaque and paints nothing under them
    again when a bar changes (the battle log's dock repainted its title bar at every answer
    for its bar's new range: 0.35 ms of a drop)."""
    for bar in (area.horizontalScrollBar(), area.verticalScrollBar()):
        bar.setStyleSheet(FLAT_BARS)
        for w in (bar, bar.parentWidget()):
            if w is not None and w is not area:
                w.setAutoFillBackground(True)
