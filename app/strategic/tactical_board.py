"""The tactical map's hexes drawn as one board (issue 21: the first redraw after a zoom < 8 ms).

Each of the 1,260 hexes was an item painted into a picture of its own per zoom (Qt's
DeviceCoordinateCache): a zoom drew 1,260 polygons and labels and made 1,260 pictures, 39 ms.
Every hex but the centre one looks the same bar its label, so here a hex is drawn once per
:data:`PHASES` x :data:`PHASES` sub-pixel offsets of a zoom (a stamp, made as Qt made an item's
picture: the hex alone on a clear picture, then laid over the others) and stamped at each hex's
place, the stamp of its offset: a hex's edge lies within ``1 / (2 * PHASES)`` of a pixel of where
it lay. The labels are one glyph run per column (their ten digits shaped once: the same glyphs
at the same places as ``drawText`` put them); the centre hex's item paints itself as before, on top.
They are drawn into a clear picture of the screen and a quarter screen round it, kept for the zoom (and
the one before): a redraw, or a drag's step within that quarter, is a copy of it.
``TacticalScene.set_plain`` gives the old way back (the look test and the bench's baseline).
"""
from __future__ import annotations

import math
from collections.abc import Iterable

from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import (QFontMetricsF, QGlyphRun, QGuiApplication, QPainter, QPixmap, QRawFont, QTextLayout,
                           QTransform)
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

PHASES = 4
"""Sub-pixel offsets, each way, a hex's stamp is made at (those its places need)."""
KEPT_ZOOMS = 4
"""The stamps of this many zooms are kept (a wheel turned in and out again reuses them)."""
KEPT = 2
"""Pictures of the screen kept (and a quarter screen round it): a zoom back to the one before is a copy."""
DIGITS = "0123456789"


def _place(c: float, shown: bool) -> tuple[int | None, int]:
    """A device coordinate as its whole pixel and its nearest of :data:`PHASES` offsets past it (None: not
    shown)."""
    if not shown:
        return None, 0
    b = math.floor(c)
    f = round((c - b) * PHASES)
    return (b + 1, 0) if f == PHASES else (b, f)


class Stamps:
    """A hex's stamps at one zoom: its picture at each sub-pixel offset, made when first wanted."""

    def __init__(self, dev: QTransform, ratio: float, rect: QRectF, draw) -> None:
        self.a, self.d, self.ratio, self.draw = dev.m11(), dev.m22(), ratio, draw
        self.left, self.top = rect.left() * self.a, rect.top() * self.d  # the hex's box about its centre, device px
        self.w = math.ceil(rect.width() * self.a) + 4
        self.h = math.ceil(rect.height() * self.d) + 4
        self.pictures: dict[tuple[int, int], QPixmap] = {}

    def at(self, fx: int, fy: int) -> QPixmap:
        """The stamp whose hex centre lies ``fx / PHASES``, ``fy / PHASES`` of a pixel right and down
        of a whole pixel (at ``1 - left``, ``1 - top`` in it)."""
        pic = self.pictures.get((fx, fy))
        if pic is None:
            pic = QPixmap(self.w, self.h)
            pic.fill(Qt.GlobalColor.transparent)
            p = QPainter(pic)
            p.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
            p.setTransform(QTransform(self.a, 0, 0, self.d, 1 - math.floor(self.left) + fx / PHASES,
                                      1 - math.floor(self.top) + fy / PHASES))
            self.draw(p)
            p.end()
            self.pictures[(fx, fy)] = pic
        return pic


class LabelRuns:
    """The labels of the hexes as glyph runs, one per column of hexes, in scene units: each label
    where ``drawText`` puts it in ``box`` (about its hex centre, centred, from its top), ``font``'s
    digits shaped once; a label not all digits (a window past column or row 99: "(100,1)") is left to ``odd``."""

    def __init__(self, hexes: Iterable[tuple[float, float, str]], font, box: QRectF, color) -> None:
        # resolved as a painter resolves it: a font made before the application has no family yet, and
        # laid out as it is, another engine's digits (3.33 px wide, not DejaVu's 3.81)
        font = font.resolve(QGuiApplication.font())
        self.font, self.color = font, color
        layout = QTextLayout(DIGITS, font)
        layout.beginLayout()
        layout.createLine()
        layout.endLayout()
        run = layout.glyphRuns()[0]
        self.raw: QRawFont = run.rawFont()
        glyphs = list(run.glyphIndexes())
        advances = [a.x() for a in self.raw.advancesForGlyphIndexes(glyphs)]
        down = box.top() + QFontMetricsF(font).ascent()
        self.columns: dict[float, tuple[list[int], list[QPointF]]] = {}
        self.odd: list[tuple[float, float, str]] = []
        for x, y, text in hexes:
            if not text.isdigit():
                self.odd.append((x, y, text))
                continue
            gs, places = self.columns.setdefault(x, ([], []))
            adv = [advances[ord(c) - 48] for c in text]
            at = x + box.center().x() - sum(adv) / 2
            for c, a in zip(text, adv):
                gs.append(glyphs[ord(c) - 48])
                places.append(QPointF(at, y + down))
                at += a
        self.half = box.width() / 2
        self.runs: list[tuple[float, QGlyphRun]] = []
        for x, (gs, places) in self.columns.items():
            run = QGlyphRun()
            run.setRawFont(self.raw)
            run.setGlyphIndexes(gs)
            run.setPositions(places)
            self.runs.append((x, run))

    def draw(self, p: QPainter, seen: QRectF) -> None:
        """The columns whose labels may show in ``seen`` (scene units); the pen and transform are ``p``'s."""
        p.setPen(self.color)
        origin = QPointF(0, 0)
        for x, run in self.runs:
            if seen.left() - self.half <= x <= seen.right() + self.half:
                p.drawGlyphRun(origin, run)


class TacticalBoard(QGraphicsItem):
    """``hexes`` (scene x, y and label of every hex of a :class:`app.strategic.tactical_view.TacticalScene`
    but the centre one), drawn by stamps and glyph runs (above): ``draw_hex(p)`` draws a hex about (0, 0) as
    its item does, without its label; ``draw_odd(p, odd)`` the labels not all digits the old way. The
    centre hex's item paints itself, on top."""

    def __init__(self, hexes: list[tuple[float, float, str]], hex_rect: QRectF, draw_hex, label_font, label_box: QRectF,
                 label_color, draw_odd) -> None:
        super().__init__()
        self.hexes = hexes
        self.places = [(x, y) for x, y, _label in hexes]
        # the hexes lie in columns (one x) and rows (a few y): a picture places each column and row once
        self.xs = sorted({x for x, _y in self.places})
        self.ys = sorted({y for _x, y in self.places})
        column, row = {x: i for i, x in enumerate(self.xs)}, {y: i for i, y in enumerate(self.ys)}
        self.cells: dict[int, list[int]] = {}
        for x, y in self.places:
            self.cells.setdefault(column[x], []).append(row[y])
        self.hex_rect = hex_rect
        self.draw_hex, self.draw_odd = draw_hex, draw_odd
        self._label_font, self._label_box, self._label_color = label_font, label_box, label_color
        self._labels: LabelRuns | None = None
        self.stamps: dict[tuple[float, float, float], Stamps] = {}
        self.pictures: dict[tuple[float, ...], tuple[QRect, QPixmap]] = {}
        """The last :data:`KEPT` pictures drawn: by zoom and sub-pixel offset, the area each covers."""
        self.stamped = 0
        """How many hexes the last picture drawn stamped (what the tests and the bench read)."""
        self.drawn = 0
        """How many pictures were drawn (the other paints copied a kept one)."""
        xs, ys = [x for x, _y in self.places] or [0.0], [y for _x, y in self.places] or [0.0]
        self.bounds = QRectF(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)).adjusted(
            hex_rect.left(), hex_rect.top(), hex_rect.right(), hex_rect.bottom())
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemUsesExtendedStyleOption, True)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    @property
    def labels(self) -> LabelRuns:
        """The labels' glyph runs, laid out when first drawn (not when the scene is made)."""
        if self._labels is None:
            self._labels = LabelRuns(self.hexes, self._label_font, self._label_box, self._label_color)
        return self._labels

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        return self.bounds

    def _stamps(self, dev: QTransform, ratio: float) -> Stamps:
        key = (round(dev.m11(), 9), round(dev.m22(), 9), ratio)
        found = self.stamps.get(key)
        if found is None:
            if len(self.stamps) >= KEPT_ZOOMS:
                del self.stamps[next(iter(self.stamps))]
            found = self.stamps[key] = Stamps(dev, ratio, self.hex_rect, self.draw_hex)
        return found

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        t = p.worldTransform()
        if t.isRotating() or t.m11() <= 0 or t.m22() <= 0:  # never on this map: drawn straight
            self._draw(p, option.exposedRect)  # type: ignore[attr-defined]
            return
        ratio = p.device().devicePixelRatioF()
        dev = t * QTransform.fromScale(ratio, ratio)  # scene -> device pixels
        ix, iy = math.floor(dev.dx()), math.floor(dev.dy())
        # a pan moves the map by whole pixels: the picture of a zoom serves every place it covers
        key = (round(dev.m11(), 9), round(dev.m22(), 9), ratio, round(dev.dx() - ix, 6), round(dev.dy() - iy, 6))
        device = p.device()
        screen = QRect(-ix, -iy, math.ceil(device.width() * ratio), math.ceil(device.height() * ratio))
        want = dev.mapRect(option.exposedRect).toAlignedRect().translated(-ix, -iy)  # type: ignore[attr-defined]
        want = want.intersected(screen)
        if want.isEmpty():
            return
        kept = self.pictures.get(key)
        if kept is None or not kept[0].contains(want):
            area = screen.adjusted(-screen.width() // 4, -screen.height() // 4, screen.width() // 4,
                                   screen.height() // 4)  # a drag of a quarter screen is a copy of it
            area = area.intersected(dev.mapRect(self.bounds).toAlignedRect().translated(-ix, -iy)).united(want)
            self.pictures.pop(key, None)
            if len(self.pictures) >= KEPT:
                del self.pictures[next(iter(self.pictures))]
            kept = self.pictures[key] = (area, self._picture(dev, ratio, area))
        area, picture = kept
        p.save()
        p.resetTransform()
        p.scale(1 / ratio, 1 / ratio)
        p.drawPixmap(QPointF(want.left() + ix, want.top() + iy), picture, QRectF(want.translated(-area.topLeft())))
        p.restore()

    def _picture(self, dev: QTransform, ratio: float, area: QRect) -> QPixmap:
        """The hexes and labels in ``area`` (device pixels less the view's whole-pixel offset) on a clear
        picture, as the hex items drew each on its own clear picture (and text on it as theirs: no blend
        with the screen's colour)."""
        self.drawn += 1
        picture = QPixmap(area.size())
        picture.fill(Qt.GlobalColor.transparent)
        q = QPainter(picture)
        q.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        a, d = dev.m11(), dev.m22()
        dx, dy = dev.dx() - math.floor(dev.dx()) - area.left(), dev.dy() - math.floor(dev.dy()) - area.top()
        to_picture = QTransform(a, 0, 0, d, dx, dy)
        seen = to_picture.inverted()[0].mapRect(QRectF(0, 0, area.width(), area.height()))
        near = seen.adjusted(self.hex_rect.left(), self.hex_rect.top(), self.hex_rect.right(), self.hex_rect.bottom())
        stamps = self._stamps(dev, ratio)
        # each column's and row's whole pixel (less the stamp's margin) and sub-pixel offset, once
        xs = [_place(a * x + dx, near.left() <= x <= near.right()) for x in self.xs]
        ys = [_place(d * y + dy, near.top() <= y <= near.bottom()) for y in self.ys]
        ox, oy = 1 - math.floor(stamps.left), 1 - math.floor(stamps.top)
        pictures = [stamps.at(fx, fy) for fx in range(PHASES) for fy in range(PHASES)]
        draw = q.drawPixmap
        self.stamped = 0
        for i, rows in self.cells.items():
            bx, fx = xs[i]
            if bx is None:
                continue
            bx, fx = bx - ox, fx * PHASES
            for j in rows:
                by, fy = ys[j]
                if by is not None:
                    draw(bx, by - oy, pictures[fx + fy])
                    self.stamped += 1
        q.setTransform(to_picture)
        self._write(q, seen, near)
        q.end()
        return picture

    def _draw(self, p: QPainter, seen: QRectF) -> None:
        """Every hex and label in ``seen`` drawn straight (a view turned: no stamp fits)."""
        near = seen.adjusted(self.hex_rect.left(), self.hex_rect.top(), self.hex_rect.right(), self.hex_rect.bottom())
        for x, y in self.places:
            if near.contains(x, y):
                p.save()
                p.translate(x, y)
                self.draw_hex(p)
                p.restore()
        self._write(p, seen, near)

    def _write(self, p: QPainter, seen: QRectF, near: QRectF) -> None:
        """The labels in ``seen`` (scene units) by ``p``'s transform."""
        self.labels.draw(p, seen)
        if self.labels.odd:
            self.draw_odd(p, [o for o in self.labels.odd if near.contains(o[0], o[1])])
