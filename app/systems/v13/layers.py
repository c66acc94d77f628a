"""Outlines of the battle map kept as pictures per zoom (issue 21: redraw after a zoom or a
float at least twice as fast as a naive scene).

A see-through pen (the placement zone's, the minimum-range ring's) over a long path costs Qt's
raster engine some 10 ms whenever the path runs past the edge of what it paints on (zoomed in,
or the view scrolled), against well under 1 ms when it lies inside. These outlines are fixed on
the plane (the sheet floats under them), so :class:`StrokeCache` strokes each one once per zoom
into a transparent picture that holds all of it, and paints that picture from then on: a float
repaints it as a blit, and zooming back to a zoom seen before finds it kept.

The picture is drawn in the painter's own device pixels, at the same sub-pixel offset, with
the same pen and hints, so what is shown is what the stroke itself would give. The helpers
the map's other pictures share (a blank picture of a rect, a thin pen, the painter's device
rect) live here too.
"""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QImage, QPainter, QPainterPath, QPen, QPixmap, QTransform
from PySide6.QtWidgets import QWidget

MAX_PIXELS = 6_000_000
"""A picture larger than this (far zoomed in) is not kept: the path is stroked as it is."""
KEEP = 6
"""Pictures kept per outline (zoom levels and sub-pixel offsets), the oldest dropped first."""


class StrokeCache:
    """Pictures of one outline (a path and its pen), one per zoom and sub-pixel offset."""

    def __init__(self, pen: QPen) -> None:
        self.pen = pen
        self.path = QPainterPath()
        self._pictures: dict[tuple, tuple[QPixmap, QPointF]] = {}
        self.built = 0  # pictures drawn (not those kept): what the bench reports
        # a zoom under way: with no picture at the new zoom, the last one shown is scaled onto it
        self.quick = False
        self.blurred = False
        self._shown: tuple[QPixmap, QTransform] | None = None  # and its pixels' map to the scene

    def set_path(self, path: QPainterPath) -> bool:
        """The outline to stroke; True when it changed (its pictures are dropped)."""
        if path == self.path:
            return False
        self.path = path
        self._pictures.clear()
        self._shown = None
        return True

    def paint(self, p: QPainter) -> None:
        """Stroke the path with the pen on ``p`` (its transform and render hints)."""
        if self.path.isEmpty():
            return
        t = p.worldTransform()
        plain = t.isAffine() and not t.isRotating()
        if plain and self.quick and self._shown is not None and self._picture(p, t, find=True) is None:
            pix, to_scene = self._shown
            p.save()
            p.setTransform(to_scene * t)
            p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
            p.drawPixmap(0, 0, pix)
            p.restore()
            self.blurred = True
            return
        picture = self._picture(p, t) if plain else None
        if picture is None:  # rotated or sheared, or too large: stroked as it is
            p.setPen(self.pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(self.path)
            return
        pix, at = picture
        self._shown = pix, QTransform.fromTranslate(at.x(), at.y()) * t.inverted()[0]
        p.save()
        p.resetTransform()
        p.drawPixmap(at, pix)
        p.restore()

    def _picture(self, p: QPainter, t: QTransform, find: bool = False) -> tuple[QPixmap, QPointF] | None:
        """The picture for ``t`` and where it goes (kept, or drawn now unless ``find``)."""
        dpr = p.device().devicePixelRatio() if p.device() is not None else 1.0
        # the pen's reach past the path, in scene units (cosmetic: in pixels at this zoom)
        width = self.pen.widthF() or 1.0
        reach = (width / min(abs(t.m11()), abs(t.m22())) if self.pen.isCosmetic() else width) + 4 / abs(t.m11())
        box = self.path.controlPointRect().adjusted(-reach, -reach, reach, reach)
        device = t.mapRect(box)  # logical pixels of the painter's device
        x0, y0 = math.floor(device.left() * dpr), math.floor(device.top() * dpr)
        w, h = math.ceil(device.right() * dpr) - x0 + 1, math.ceil(device.bottom() * dpr) - y0 + 1
        if w <= 0 or h <= 0 or w * h > MAX_PIXELS:
            return None
        # the transform's sub-pixel offset: the picture must sample the path where the screen does
        fx, fy = t.dx() * dpr - math.floor(t.dx() * dpr), t.dy() * dpr - math.floor(t.dy() * dpr)
        key = (round(t.m11(), 9), round(t.m22(), 9), round(fx * 256), round(fy * 256), dpr,
               x0 - math.floor(t.dx() * dpr), y0 - math.floor(t.dy() * dpr), w, h)
        found = self._pictures.get(key)
        if found is not None:  # kept from before: placed where the path is on the device now
            pix, _at = found
            return pix, QPointF(x0 / dpr, y0 / dpr)
        if find:
            return None
        pix = QPixmap(w, h)
        pix.setDevicePixelRatio(dpr)
        pix.fill(Qt.GlobalColor.transparent)
        q = QPainter(pix)
        q.setRenderHints(p.renderHints())
        q.setTransform(t * QTransform.fromTranslate(-x0 / dpr, -y0 / dpr))
        q.setPen(self.pen)
        q.setBrush(Qt.BrushStyle.NoBrush)
        q.drawPath(self.path)
        q.end()
        self.built += 1
        if len(self._pictures) >= KEEP:
            del self._pictures[next(iter(self._pictures))]
        self._pictures[key] = (pix, QPointF(x0 / dpr, y0 / dpr))
        return pix, QPointF(x0 / dpr, y0 / dpr)


class ScreenPictures:
    """Whole-screen pictures of the background, one per view transform. QGraphicsView's
    background cache keeps one picture, for the transform it shows; a zoom back to a zoom just
    left (the wheel in and out again) finds its picture here instead of painting the plane
    again. Only a paint of the whole screen at another transform than the last paint's is kept
    (not a float's or a scroll's), and any change of what the background shows drops them."""

    KEEP = 3

    def __init__(self) -> None:
        self._pictures: dict[tuple, QPixmap] = {}
        self._last: tuple | None = None
        self.built = 0
        self.quick = False  # a zoom under way: what is painted may be scaled pictures
        self._quick: list[tuple] = []  # the pictures kept while it was
        self._spare: list[QPixmap] = []  # a picture dropped, whose memory the next new one is painted into

    def forget_quick(self) -> None:
        """The zoom is over: the pictures painted during it are dropped (they may hold scaled
        pictures), and the next whole paint is kept, as after a zoom."""
        for key in self._quick:
            dropped = self._pictures.pop(key, None)
            if dropped is not None:
                self._spare[:] = [dropped]
        self._quick.clear()
        self._last = None

    def clear(self) -> None:
        """What the background shows changed: no picture of it holds (one's memory is kept)."""
        self._spare[:] = list(self._pictures.values())[-1:] or self._spare
        self._pictures.clear()
        self._quick.clear()

    def paint(self, p: QPainter, rect: QRectF, draw) -> None:
        """``draw(painter, rect)`` on ``p``, or its picture kept for this transform."""
        dev, t = p.device(), p.worldTransform()
        seen = (round(t.m11(), 9), round(t.m22(), 9), round(t.dx(), 3), round(t.dy(), 3))
        moved, self._last = seen != self._last, seen
        if not isinstance(dev, QPixmap) or not t.isAffine() or t.isRotating():
            draw(p, rect)
            return
        dpr = dev.devicePixelRatio()
        whole = t.mapRect(rect).adjusted(-1, -1, 1, 1).contains(QRectF(0, 0, dev.width() / dpr, dev.height() / dpr))
        key = (*seen, dev.width(), dev.height(), dpr)
        pix = self._pictures.get(key) if whole else None
        if pix is None and whole and moved:  # a zoom to here: painted once more, then kept
            pix = screen_picture(self._pictures, self.KEEP, dev.width(), dev.height(), dpr, self._spare)
            q = QPainter(pix)
            q.setTransform(t)
            draw(q, rect)
            q.end()
            self.built += 1
            self._pictures[key] = pix
            if self.quick:
                self._quick.append(key)
        if pix is None:
            draw(p, rect)
            return
        p.save()
        p.resetTransform()
        p.drawPixmap(0, 0, pix)
        p.restore()


class ScreenLayer:
    """A layer of the background fixed on the plane (under the sheet: the slate, the legal
    region's tint, the grid below label zoom), kept as one picture of the screen per view
    transform: a float of the sheet moves none of it, and blits it instead of filling the
    paths and laying the grid's tiles again. Drawn as it is on a paint of part of the screen
    (a scroll's strip) or when not to be kept (a zoom under way)."""

    KEEP = 3

    def __init__(self) -> None:
        self.built = 0
        self._pictures: dict[tuple, QPixmap] = {}

    def clear(self) -> None:
        """What the layer shows changed."""
        self._pictures.clear()

    def paint(self, p: QPainter, rect: QRectF, draw, keep: bool = True) -> None:
        """``draw(painter, rect)`` on ``p``, or the picture of the screen kept for its transform."""
        dev, t = p.device(), p.worldTransform()
        if not isinstance(dev, QPixmap) or not t.isAffine() or t.isRotating():
            draw(p, rect)
            return
        dpr = dev.devicePixelRatio()
        key = (round(t.m11(), 9), round(t.m22(), 9), round(t.dx(), 3), round(t.dy(), 3), dev.width(), dev.height(), dpr)
        pix = self._pictures.get(key)
        if pix is None:
            screen = QRectF(0, 0, dev.width() / dpr, dev.height() / dpr)
            if not keep or not t.mapRect(rect).adjusted(-1, -1, 1, 1).contains(screen):
                draw(p, rect)
                return
            pix = screen_picture(self._pictures, self.KEEP, dev.width(), dev.height(), dpr)
            q = QPainter(pix)
            q.setRenderHints(p.renderHints())
            q.setTransform(t)
            draw(q, t.inverted()[0].mapRect(screen))
            q.end()
            self.built += 1
            self._pictures[key] = pix
        p.save()
        p.resetTransform()
        p.drawPixmap(0, 0, pix)
        p.restore()


def screen_picture(pictures: dict[tuple, QPixmap], keep: int, w: int, h: int, dpr: float,
                   spare: list[QPixmap] | None = None) -> QPixmap:
    """A picture of the screen (``w`` x ``h`` pixels) to paint whole, to be kept in ``pictures``
    (at most ``keep``): when they are full the oldest is dropped, and its memory (or that of the
    ``spare`` one, a picture dropped before) is painted on again if it is the same size (a fresh
    screen-sized picture at each new zoom cost its pages zeroed and faulted in, ~0.3-0.5 ms).
    Its old pixels are all painted over: the caller paints the whole screen opaque."""
    olds = list(spare or [])
    if spare:
        spare.clear()
    if len(pictures) >= keep:
        olds.append(pictures.pop(next(iter(pictures))))
    for old in olds:
        if old.width() == w and old.height() == h and old.devicePixelRatio() == dpr:
            return old
    pix = QPixmap(w, h)
    pix.setDevicePixelRatio(dpr)
    return pix


def quick(parts, on: bool) -> bool:
    """A zoom under way (the wheel turning) or over, for the pictures ``parts`` (each with
    ``quick`` and ``blurred``). Under way, what is not kept at the new zoom is shown from the
    pictures of the zoom before, scaled: a notch to a new zoom costs a few scaled blits, not
    every tile and outline drawn (tens of ms, a stutter). Over, the screen pictures made during
    it are dropped; True when something was shown scaled (to paint again, sharp)."""
    blurred = False
    for part in parts:
        part.quick = on
        if not on:
            blurred = blurred or getattr(part, "blurred", False)
            part.blurred = False
            if isinstance(part, ScreenPictures):
                part.forget_quick()
    return blurred


def visible(path: QPainterPath, rect: QRectF, margin: float = 12.0) -> bool:
    """Whether ``path`` may show in ``rect`` (scene units), with room for its pen: its box, then
    its lines (the region's outline around the sheet has the screen in its box on the sheet at
    1:1, and stroking it there cost a float 0.2-0.4 ms for nothing; the test, 20 us)."""
    near = rect.adjusted(-margin, -margin, margin, margin)
    return not path.isEmpty() and path.controlPointRect().intersects(near) and path.intersects(near)


def device_rect(p: QPainter) -> QRectF:
    """The part of the scene that ``p`` paints on: its device's rectangle (a widget, a pixmap,
    an image) mapped back through its transform; for any other device, an unbounded one."""
    dev = p.device()
    if isinstance(dev, QWidget):
        w, h = dev.width(), dev.height()
    elif isinstance(dev, (QPixmap, QImage)):
        ratio = dev.devicePixelRatio()
        w, h = dev.width() / ratio, dev.height() / ratio
    else:
        return QRectF(-1e9, -1e9, 2e9, 2e9)
    inverse, ok = p.worldTransform().inverted()
    return inverse.mapRect(QRectF(0, 0, w, h)) if ok else QRectF(-1e9, -1e9, 2e9, 2e9)


def blank(rect: QRectF, scale: float, size: tuple[int, int] | None = None) -> tuple[QPixmap, QPainter]:
    """A transparent picture of ``rect`` at ``scale`` (``size`` pixels: scaled to them exactly;
    else the whole rect, rounded up, fitted to it) and a painter on it in scene units."""
    pix = QPixmap(*size) if size else QPixmap(math.ceil(rect.width() * scale), math.ceil(rect.height() * scale))
    pix.fill(Qt.GlobalColor.transparent)
    q = QPainter(pix)
    q.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    if size:
        q.scale(scale, scale)
    else:
        q.scale(pix.width() / rect.width(), pix.height() / rect.height())
    q.translate(-rect.topLeft())
    return pix, q


def thin(pen: QPen, scale: float) -> QPen:  # at most a pixel wide at ``scale``: the fast way to draw
    return QPen(pen.brush(), min(pen.widthF(), 0.999 / scale))
