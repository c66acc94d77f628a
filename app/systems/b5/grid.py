"""The b5 board's hex grid (app/systems/b5/board.py): its lines in blocks of 10 x 3 hexes, each side
two hexes share drawn once (:func:`grid_blocks`), and the picture of the screen they and the hex numbers
are drawn into once for a view's zoom and place (:class:`GridPicture`). The grid repeats down the board
every hex's height: where a whole band of it is in sight, one band is drawn and copied down the screen
(:func:`bands`), each copy at its own whole pixel row (issue 21: the lines were 40-45% of a sharp draw)."""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPixmap, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.systems.b5.ship_labels import HexNumbers, kept
from hexmap import Label, grid_hex
from hexmap.layout import SQRT3, Layout

BOARD, GRID = QColor("#10141c"), QColor("#2a3344")
BAND_PX = 8.0
"""The least height on the screen (device pixels) of a band copied down it: the grid of a board zoomed out
further is drawn line by line (few pixels, and the whole board in sight: little to gain)."""


def bands(period: float, phase: float, inside: tuple[float, float], seen: QRectF, a: float, b: float,
          least: float = BAND_PX) -> tuple[int, int] | None:
    """The first and last band of the grid (band ``m`` is scene y ``phase + m * period`` to the next one's,
    ``period`` a hex's height, ``phase`` halfway between two rows of corners) that are wholly ``inside``
    (the scene y where every column has hexes above and below) and meet ``seen``, the screen's row of
    scene y being ``a * y + b``; None when none is, or a band is under ``least`` device pixels high."""
    if a * period < least:
        return None
    first = max(math.ceil((inside[0] - phase) / period), math.floor((seen.top() - phase) / period))
    last = min(math.floor((inside[1] - phase) / period) - 1, math.ceil((seen.bottom() - phase) / period))
    return (first, last) if first <= last else None


class GridPicture(QGraphicsItem):
    """The hex grid of ``cols`` x ``rows`` hexes laid out by ``layout``, and its numbers (``numbers``,
    ship_labels.py), drawn once for a view's zoom and place into a picture of the screen, and that picture
    painted while they stay: a wheel turned in and out again, or a hand-over and back, repaints from the
    last :data:`KEPT` pictures. ``banded``: the grid's bands copied (False: every line drawn, as the plain
    board of the look tests)."""

    KEPT = 3

    def __init__(self, layout: Layout, cols: int, rows: int) -> None:
        super().__init__()
        self.blocks = [(b.boundingRect(), b) for b in grid_blocks(layout, cols, rows)]
        self.bounds = QRectF()
        for rect, _b in self.blocks:
            self.bounds = self.bounds.united(rect)
        self.period = layout.size * SQRT3
        self.phase = layout.origin_y + self.period / 4  # every corner is at origin_y + k * period / 2
        ends = [[y for _x, y in layout.corners(grid_hex(Label(c, r)))] for c in range(1, min(cols, 2) + 1)
                for r in (1, rows)]
        self.inside = (max(min(ys) for ys in ends[::2]), min(max(ys) for ys in ends[1::2]))
        self.banded = True
        self.numbers: HexNumbers | None = None
        self.pictures: dict[tuple[float, ...], QPixmap] = {}
        self.drawn = 0
        """How many pictures were drawn (the rest of the paints were of a kept one)."""
        self.copied = 0
        """How many bands the last picture drawn copied (0: every line drawn)."""
        self.setZValue(0)

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        return self.bounds

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        t, device = p.worldTransform(), p.device()
        ratio, lod = device.devicePixelRatioF(), QStyleOptionGraphicsItem.levelOfDetailFromTransform(t)
        names = self.numbers.labels.numbered(lod, device.logicalDpiY())[0] if self.numbers and lod > 0 else 0
        key = (round(t.m11(), 9), round(t.m22(), 9), round(t.dx(), 2), round(t.dy(), 2), device.width(),
               device.height(), ratio, names)  # names: laid out afresh, the numbers keep clear of them again

        def draw() -> QPixmap:
            size = QSize(round(device.width() * ratio), round(device.height() * ratio))
            oldest = next(iter(self.pictures.values()), None) if len(self.pictures) >= self.KEPT else None
            # the oldest picture's memory drawn over (it goes now): a new one of a screen's size is
            # fresh pages the system zeroes and maps, ~1 ms of a sharp draw (issue 21)
            picture = oldest if oldest is not None and oldest.size() == size else QPixmap(size)
            picture.setDevicePixelRatio(ratio)
            picture.fill(BOARD)  # opaque: the board's own colour (the view's background), a plain copy
            painter = QPainter(picture)
            self.draw_grid(painter, t, ratio, size)
            if self.numbers is not None and lod > 0:
                painter.setTransform(t)
                painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
                self.numbers.draw(painter, lod, device.logicalDpiY())
            painter.end()
            self.drawn += 1
            return picture
        picture = kept(self.pictures, key, draw, self.KEPT)
        p.save()
        p.resetTransform()
        p.drawPixmap(0, 0, picture)
        p.restore()

    def _lines(self, painter: QPainter, seen: QRectF) -> None:
        painter.setPen(QPen(GRID, 0))
        for rect, block in self.blocks:  # not antialiased: lines of one pixel, in a third of the time
            if rect.intersects(seen):
                painter.drawPath(block)

    def draw_grid(self, painter: QPainter, t: QTransform, ratio: float, size: QSize) -> None:
        """The grid's lines in sight on ``painter``'s picture of ``size`` device pixels (the board's colour),
        the scene drawn there by ``t`` at ``ratio`` device pixels a logical one: the bands wholly inside the
        board one drawn and copied, each at its whole row of the screen (a line up to a pixel off where it
        would be drawn there, no further), the rest (the board's top and foot) line by line."""
        dev = t * QTransform.fromScale(ratio, ratio)  # scene -> device pixels
        seen = dev.inverted()[0].mapRect(QRectF(0, 0, size.width(), size.height()))
        a, b = dev.m22(), dev.dy()
        span = bands(self.period, self.phase, self.inside, seen, a, b) if self.banded else None
        self.copied = 0
        painter.setTransform(t)
        if span is None:
            self._lines(painter, seen)
            return
        first, last = span
        row = [math.ceil(a * (self.phase + m * self.period) + b) for m in (first, last + 1)]
        to_logical = QTransform.fromScale(1 / ratio, 1 / ratio)
        for top, foot in ((0, row[0] + 2), (row[1] - 2, size.height())):  # the top and foot: two rows more,
            if foot > top and top < size.height() and foot > 0:  # copied over (the clip may cut a line anew)
                painter.resetTransform()  # the clip in the picture's logical pixels, then the scene's transform
                painter.setClipRect(to_logical.mapRect(QRectF(0, top, size.width(), foot - top)))
                painter.setTransform(t)
                self._lines(painter, seen.intersected(dev.inverted()[0].mapRect(QRectF(0, top, size.width(),
                                                                                       foot - top))))
        painter.setClipping(False)
        step = a * self.period
        top = row[0] - 3  # the band first's rows, 3 more each side: a copy takes its rows a row up or down
        band = QPixmap(size.width(), math.ceil(step) + 7)
        band.fill(BOARD)
        drawn = QPainter(band)
        drawn.setTransform(dev * QTransform.fromTranslate(0, -top))
        y0 = self.phase + first * self.period
        self._lines(drawn, QRectF(seen.left(), y0 - self.period / 2, seen.width(), 2 * self.period))
        drawn.end()
        painter.setTransform(to_logical)
        start = a * (self.phase + first * self.period) + b
        for m in range(first, last + 1):
            shift = round((m - first) * step)  # this band is the first moved down by (m - first) * step
            at, end = math.ceil(start + (m - first) * step), math.ceil(start + (m + 1 - first) * step)
            at, end = max(at, 0), min(end, size.height())
            if end > at:
                painter.drawPixmap(QPointF(0, at), band, QRectF(0, at - shift - top, size.width(), end - at))
                self.copied += 1


def grid_blocks(layout: Layout, cols: int, rows: int) -> list[QPainterPath]:
    """The board's hex grid as blocks of 10 x 3 hexes (a picture draws those in sight), each side
    two hexes share in one block only: half the lines to draw of each hex's closed outline."""
    blocks = []
    drawn: set[tuple[tuple[float, float], ...]] = set()
    for c0 in range(1, cols + 1, 10):
        for r0 in range(1, rows + 1, 3):
            block = QPainterPath()
            for c in range(c0, min(c0 + 10, cols + 1)):
                for r in range(r0, min(r0 + 3, rows + 1)):
                    corners = [(round(x, 3), round(y, 3)) for x, y in layout.corners(grid_hex(Label(c, r)))]
                    for a, b in zip(corners, corners[1:] + corners[:1]):
                        edge = (a, b) if a < b else (b, a)
                        if edge not in drawn:
                            drawn.add(edge)
                            block.moveTo(*a)
                            block.lineTo(*b)
            blocks.append(block)
    return blocks
