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
from PySide6.QtGui import QPainter, QPaintEvent, QPixmap, QRegion, QTransform

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
        key = self.key(t, dev) if dev is not None else None
        if self.quick and key is not None:
            kept = self._pictures.get(key)
            if kept is not None:  # a zoom back to a zoom shown (the wheel in and out): its picture as it is
                p.save()
                p.resetTransform()
                p.drawPixmap(0, 0, kept)
                p.restore()
                return
            if self._sharp is not None:
                self._paint_scaled(p, rect, draw)
                return
        super().paint(p, rect, draw)
        if not self.quick and key is not None and key in self._pictures:
            self._sharp = self._pictures[key], QTransform(t), key

    @staticmethod
    def key(t: QTransform, dev) -> tuple | None:
        """The key :class:`ScreenPictures` keeps the picture of the screen ``dev`` (a picture, or a widget while
        the wheel turns: its pixels) under at ``t`` (None: turned or sheared, never kept)."""
        if not t.isAffine() or t.isRotating():
            return None
        dpr = dev.devicePixelRatio()
        w, h = (dev.width(), dev.height()) if isinstance(dev, QPixmap) else (round(dev.width() * dpr),
                                                                              round(dev.height() * dpr))
        return round(t.m11(), 9), round(t.m22(), 9), round(t.dx(), 3), round(t.dy(), 3), w, h, dpr

    def kept(self, t: QTransform, dev) -> bool:
        """Whether the background's picture at ``t`` on ``dev`` is kept (a zoom shown before)."""
        return self.key(t, dev) in self._pictures

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


class ViewPicture:
    """The whole viewport as it was when the wheel began to turn (the background and the counters, sharp), shown
    scaled at each notch of the turn as the B5 board shows its picture (app/widgets/zoom_view.QuickZoomView): no
    item is drawn for the part of the screen it covers. What it leaves (zoomed out, a pan) is painted as ever, the
    background from :class:`TurnPictures`. A change of what the scene shows during the turn (a fan opened by the
    pointer, units moved, one selected, the background) drops it: the view then paints the background scaled and
    the counters as they are."""

    def __init__(self, view) -> None:
        self.view = view
        self.picture: QPixmap | None = None
        self._seen: tuple = ()  # what the scene showed then (QGraphicsScene.changed tells every counter at a zoom)
        self._then = QTransform()
        self.shown = 0  # paints it made (what the tests read)

    def take(self) -> None:
        """The viewport now, before a turn's first notch (nothing when one is under way)."""
        if self.picture is None and not self.view.scene().quick and self.view.isVisible():
            self.picture = self.view.viewport().grab()
            self._then = self.view.viewportTransform()
            self._seen = self._shows()

    def _shows(self) -> tuple:
        """What the scene shows but the zoom: the counters, their stacks, piles and fan, the selected one, the
        ghost, the hover verdict and the background (a new one drops the last sharp picture)."""
        scene = self.view.scene()
        sharp = scene.screens._sharp
        return (id(scene.stacks), id(scene.piles), scene.expanded, scene.fan_group, scene.ghost.isVisible(),
                scene.hover.path().isEmpty(), scene.hover_text.toPlainText(), id(sharp[0]) if sharp else None,
                tuple(uid for uid, c in scene.counters.items() if c.spec.selected), len(scene.extras))

    def drop(self, *_args) -> None:
        self.picture = None

    def paint(self, event) -> bool:
        """Paint ``event``'s region from the picture, scaled, and what it does not cover as ever; False when there
        is no picture (no turn under way, or the scene changed since)."""
        view, pix = self.view, self.picture
        if pix is None or not view.scene().quick or self._shows() != self._seen:
            self.picture = None
            return False
        if view.scene().screens.kept(view.viewportTransform(), view.viewport()):
            return False  # a zoom back to a zoom shown: its background kept, the counters drawn, all sharp
        to_now = self._then.inverted()[0] * view.viewportTransform()
        dpr = pix.devicePixelRatio()
        covered = to_now.mapRect(QRectF(0, 0, pix.width() / dpr, pix.height() / dpr))
        inner = QRegion(QRect(QPoint(math.ceil(covered.left()), math.ceil(covered.top())),
                              QPoint(math.floor(covered.right()) - 1, math.floor(covered.bottom()) - 1)))
        region = event.region()
        rest = region.subtracted(inner)
        view._place_readout()  # (as HudView's paint: the pointer may have moved under it)
        if not rest.isEmpty():
            QGraphicsView.paintEvent(view, QPaintEvent(rest))
        p = QPainter(view.viewport())
        p.setClipRegion(region.intersected(inner))
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        p.setTransform(to_now)
        p.drawPixmap(0, 0, pix)
        p.end()
        self.shown += 1
        return True
