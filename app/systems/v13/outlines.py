"""The placement zone's and the minimum-range ring's outlines on the battle map, kept as pictures per
zoom (:class:`app.systems.v13.layers.StrokeCache`), stroked with their pen made opaque and laid at the
pen's opacity (Qt strokes a see-through wide pen as one outline filled: the zone's 1,000
sides took 4-14 ms at a zoom never shown, opaque 0.2-0.5 ms; issue 21).

A picture holds the whole outline (a float or a scroll then blits it), but a zoom never shown asks for
it once and may never again (the wheel turns on): a new picture of the whole outline was a fresh
1000 x 1200 pixels or more (~2.5 ms of zeroed pages for the zone at 1.2). :class:`Outline` strokes
the first ask at a zoom into a picture of the screen alone, one kept for it and drawn over; the outline
is kept whole at that zoom when asked for again.
"""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPixmap, QTransform

from app.systems.v13.layers import StrokeCache


class FirstAsk(StrokeCache):
    """A :class:`StrokeCache` that tells the first ask for its picture at a zoom (and sub-pixel offset) from the
    next ones: the first may be drawn a cheaper way (:meth:`_first`); asked again, the outline is kept whole."""

    MOST = 256

    def __init__(self, pen: QPen) -> None:
        super().__init__(pen)
        self.drawn = 0
        """How many times a first ask was drawn the cheaper way (the rest: kept whole, ``built``)."""
        self._asked: set[tuple] = set()

    def set_path(self, path: QPainterPath) -> bool:
        changed = super().set_path(path)
        if changed:
            self._asked.clear()
        return changed

    def _picture(self, p: QPainter, t: QTransform, find: bool = False) -> tuple[QPixmap, QPointF] | None:
        kept = super()._picture(p, t, find=True)
        if kept is not None or find:
            return kept
        dev = p.device()
        dpr = dev.devicePixelRatio() if dev is not None else 1.0
        fx, fy = t.dx() * dpr - math.floor(t.dx() * dpr), t.dy() * dpr - math.floor(t.dy() * dpr)
        return self._first(p, t, (round(t.m11(), 9), round(t.m22(), 9), round(fx * 256), round(fy * 256), dpr), dpr)

    def _first(self, p: QPainter, t: QTransform, ask: tuple, dpr: float) -> tuple[QPixmap, QPointF] | None:
        """The picture for ``ask`` (the zoom, the sub-pixel offset and ``dpr``) not kept: drawn the cheaper way if it
        is the first ask there, else :meth:`_whole`."""
        raise NotImplementedError

    def _whole(self, p: QPainter, t: QTransform) -> tuple[QPixmap, QPointF] | None:
        """The outline kept whole at ``t`` (:meth:`StrokeCache._picture`)."""
        return StrokeCache._picture(self, p, t)

    def _note(self, ask: tuple) -> None:
        """``ask`` asked (the oldest forgotten past :data:`MOST`)."""
        if len(self._asked) >= self.MOST:
            self._asked.clear()
        self._asked.add(ask)


class Outline(FirstAsk):
    """A :class:`FirstAsk` of ``pen``'s outline stroked opaque and laid at ``pen``'s opacity, whose first
    ask at a zoom is stroked into a picture of the screen (``drawn``)."""

    def __init__(self, pen: QPen) -> None:
        solid, color = QPen(pen), QColor(pen.color())
        color.setAlpha(255)
        solid.setColor(color)
        super().__init__(solid)
        self.opacity = pen.color().alphaF()
        self._screen: QPixmap | None = None

    def paint(self, p: QPainter) -> None:
        """The outline on ``p``, at the pen's opacity."""
        p.save()
        p.setOpacity(p.opacity() * self.opacity)
        super().paint(p)
        p.restore()

    def _first(self, p: QPainter, t: QTransform, ask: tuple, dpr: float) -> tuple[QPixmap, QPointF] | None:
        dev = p.device()
        box = t.mapRect(self.path.controlPointRect())
        size = QSize(dev.width(), dev.height()) if dev is not None else QSize()
        small = box.width() * box.height() * dpr * dpr <= size.width() * size.height()
        if ask in self._asked or size.isEmpty() or small:
            return self._whole(p, t)  # asked again (a float, a scroll), or no larger than the screen: kept whole
        self._note(ask)
        screen = self._screen
        if screen is None or screen.size() != size or screen.devicePixelRatio() != dpr:
            screen = self._screen = QPixmap(size)
            screen.setDevicePixelRatio(dpr)
        screen.fill(Qt.GlobalColor.transparent)
        q = QPainter(screen)
        q.setRenderHints(p.renderHints())
        q.setTransform(t)
        q.setPen(self.pen)
        q.setBrush(Qt.BrushStyle.NoBrush)
        q.drawPath(self.path)
        q.end()
        self.drawn += 1
        return screen, QPointF(0, 0)
