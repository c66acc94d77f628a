"""The battle map's background while the wheel turns (issue 21: a notch to a zoom never shown at least twice as
fast as the naive scene): the last whole picture of the screen drawn sharp, scaled onto the zoom under way, as the
B5 board shows its last sharp picture (app/widgets/zoom_view.QuickZoomView). Before, each notch laid every tile of
the sheet from its picture at the zoom before, scaled, then the zone's and the ring's pictures, the plane's grid
and the slate under them: ~15 scaled blits and fills of the screen for one. Only the strips the picture does not
reach (zoomed out) are drawn the old way. The counters are not in it: they are items, drawn over it at their size.
"""
from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QPoint, QRect, QRectF, Qt
from PySide6.QtGui import QPainter, QPixmap, QRegion, QTransform

from PySide6.QtWidgets import QGraphicsView

from app.systems.v13.layers import ScreenPictures


class TurnPictures(ScreenPictures):
    """:class:`ScreenPictures` that keeps the last whole picture of the screen painted sharp (not during a zoom),
    and while a zoom is under way draws it scaled instead of painting the background again."""

    def __init__(self, views: Callable[[], list[QGraphicsView]]) -> None:
        self._views = views  # the views that show it (their background pictures kept, or not while the wheel turns)
        self._turning = False
        super().__init__()
        self.blurred = False  # something was shown scaled: to be painted sharp once the zoom rests
        self.scaled = 0  # how many paints were the picture scaled (what the tests read)
        self._sharp: tuple[QPixmap, QTransform, tuple] | None = None  # the picture, its scene-to-pixels map, its key

    @property  # type: ignore[override]
    def quick(self) -> bool:
        """A zoom under way (the wheel turning): see :func:`cache_while_turning`."""
        return self._turning

    @quick.setter
    def quick(self, on: bool) -> None:
        if on != self._turning:
            self._turning = on
            cache_while_turning(self._views(), on)

    def clear(self) -> None:
        super().clear()
        self._sharp = None

    def paint(self, p: QPainter, rect: QRectF, draw) -> None:
        dev, t = p.device(), p.worldTransform()
        plain = t.isAffine() and not t.isRotating()
        key = self._key(p) if plain and isinstance(dev, QPixmap) else None
        if self.quick and plain and self._sharp is not None and key not in self._pictures:
            self._paint_scaled(p, rect, draw)
            return
        super().paint(p, rect, draw)
        if not self.quick and key is not None and key in self._pictures:
            self._sharp = self._pictures[key], QTransform(t), key


    @staticmethod
    def _key(p: QPainter) -> tuple:
        """The key :class:`ScreenPictures` keeps the picture of ``p``'s screen under."""
        dev, t = p.device(), p.worldTransform()
        return (round(t.m11(), 9), round(t.m22(), 9), round(t.dx(), 3), round(t.dy(), 3), dev.width(), dev.height(),
                dev.devicePixelRatio())

    def _paint_scaled(self, p: QPainter, rect: QRectF, draw) -> None:
        """The sharp picture scaled onto ``p``'s transform; what it does not cover of ``rect`` drawn by ``draw``."""
        pix, then, _key = self._sharp
        t = p.worldTransform()
        to_now = then.inverted()[0] * t  # the picture's pixels (device pixels then) to the device now
        dpr = pix.devicePixelRatio()
        covered = to_now.mapRect(QRectF(0, 0, pix.width() / dpr, pix.height() / dpr))
        inner = QRect(QPoint(math.ceil(covered.left()), math.ceil(covered.top())),
                      QPoint(math.floor(covered.right()) - 1, math.floor(covered.bottom()) - 1))  # wholly covered
        shown = t.mapRect(rect).toAlignedRect()
        back = t.inverted()[0]
        rest = QRegion(shown).subtracted(QRegion(inner))
        if not rest.isEmpty():  # zoomed out: the edges the picture leaves, drawn at once
            p.save()
            p.resetTransform()  # (the region is in device pixels)
            p.setClipRegion(rest, Qt.ClipOperation.IntersectClip)
            p.setTransform(t)
            draw(p, back.mapRect(QRectF(rest.boundingRect())))
            p.restore()
        p.save()
        p.setTransform(to_now)
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        p.drawPixmap(0, 0, pix)
        p.restore()
        self.blurred = True
        self.scaled += 1


def cache_while_turning(views, turning: bool) -> None:
    """While the wheel turns, ``views`` keep no picture of their background (QGraphicsView.CacheBackground):
    each notch's transform is new, and Qt made a fresh screen-sized picture for it at every notch (filled,
    its pages faulted in), drew the background into it and copied it onto the screen; the scaled picture
    is drawn straight onto the screen instead. Once it rests, they keep it again."""
    mode = QGraphicsView.CacheModeFlag.CacheNone if turning else QGraphicsView.CacheModeFlag.CacheBackground
    for view in views:
        view.setCacheMode(mode)
