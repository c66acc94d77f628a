"""A graphics view that zooms with the wheel around the cursor, within set limits; one that shows
its picture scaled while the wheel turns and draws sharp once it rests (:class:`QuickZoomView`)."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QPointF, QTimer
from PySide6.QtGui import QPainter, QPixmap, QTransform, QWheelEvent
from PySide6.QtWidgets import QAbstractScrollArea, QGraphicsView

WHEEL_STEP = 1.15  # zoom factor per wheel notch
SETTLE_MS = 160
"""A zoom is over once the wheel has rested this long (the V13 map's and the B5 board's)."""
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


def rest_timer(parent: QObject, on_rest: Callable[[], None]) -> QTimer:
    """A single-shot timer of :data:`SETTLE_MS` calling ``on_rest``: started again at each notch,
    it fires once, when the wheel has rested."""
    timer = QTimer(parent)
    timer.setSingleShot(True)
    timer.setInterval(SETTLE_MS)
    timer.timeout.connect(on_rest)
    return timer


class QuickZoomView(ZoomableView):
    """A zoomable view that, while a zoom is under way (the wheel turning), shows the picture of
    its viewport as it was before the zoom began, scaled to the new zoom, and draws sharp once the
    zoom rests (:data:`SETTLE_MS`): a notch costs a scaled blit, not a full redraw, and what the
    view shows is drawn once per settled zoom, not once per notch (issue 21: the B5 board laid its
    names and hex numbers out and drew them afresh at each notch, 12-16 ms). Anything else ends
    the zoom at once (:meth:`rest`): a pan, a resize, the scene changed (the picture would show
    it as it was); a subclass that changes what it shows calls :meth:`rest` itself to be sharp
    at once."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.picture: QPixmap | None = None
        """The viewport as it was when the zoom under way began (None: no zoom under way)."""
        self._pictured = QTransform()  # the viewport transform it was drawn at
        self._zooming = False  # the scrolling of a zoom about the cursor, not a pan
        self.rests = 0
        """How many zooms came to rest (each drawn sharp once, at its zoom)."""
        self.settle = rest_timer(self, self.rest)
        self.flat_scroll_bars()  # the style's took 2.6-4.5 ms of each notch to repaint (the board's, issue 21)

    @property
    def quick(self) -> bool:
        """Whether a zoom is under way: the view shows its picture from before it, scaled."""
        return self.picture is not None

    def setScene(self, scene) -> None:  # noqa: N802
        super().setScene(scene)
        scene.changed.connect(self._scene_changed)

    def _scene_changed(self, _rects: object) -> None:
        self.rest()

    def zoom(self, factor: float) -> None:
        if factor != 1.0 and self.isVisible():
            if self.picture is None:
                self.picture = self.viewport().grab()  # drawn sharp, at the zoom before
                self._pictured = self.viewportTransform()
            self.settle.start()
        was, self._zooming = self._zooming, True
        try:
            super().zoom(factor)
        finally:
            self._zooming = was

    def wheelEvent(self, event: QWheelEvent) -> None:  # noqa: N802
        was, self._zooming = self._zooming, True  # its scrolling keeps the point under the cursor
        try:
            super().wheelEvent(event)
        finally:
            self._zooming = was

    def rest(self) -> None:
        """The zoom under way is over: the view is drawn sharp at its zoom (nothing when none is)."""
        if self.picture is None:
            return
        self.picture = None
        self.settle.stop()
        self.rests += 1
        self.viewport().update()

    def scrollContentsBy(self, dx: int, dy: int) -> None:  # noqa: N802 (Qt's name)
        if self.picture is not None and not self._zooming:
            self.rest()  # a pan: the picture holds only what was seen
        super().scrollContentsBy(dx, dy)

    def resizeEvent(self, event) -> None:  # noqa: N802
        self.rest()
        super().resizeEvent(event)

    def paintEvent(self, event) -> None:  # noqa: N802
        if self.picture is None:
            super().paintEvent(event)
            return
        p = QPainter(self.viewport())
        p.fillRect(event.rect(), self.backgroundBrush())
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        p.setTransform(self._pictured.inverted()[0] * self.viewportTransform())
        p.drawPixmap(0, 0, self.picture)
        p.end()


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
