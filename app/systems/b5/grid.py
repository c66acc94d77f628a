"""The b5 board's hex grid (app/systems/b5/board.py): its lines in blocks of 10 x 10 hexes, each side
two hexes share drawn once (:func:`grid_blocks`), and the picture of the screen they and the hex numbers
are drawn into once for a view's zoom and place (:class:`GridPicture`)."""
from __future__ import annotations

from PySide6.QtCore import QRectF, QSize
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.systems.b5.ship_labels import HexNumbers, kept
from hexmap import Label, grid_hex
from hexmap.layout import Layout

BOARD, GRID = QColor("#10141c"), QColor("#2a3344")


class GridPicture(QGraphicsItem):
    """The hex grid and its numbers (``numbers``, ship_labels.py), drawn once for a view's zoom and
    place into a picture of the screen, and that picture painted while they stay: a wheel turned in
    and out again, or a hand-over and back, repaints from the last :data:`KEPT` pictures."""

    KEPT = 3

    def __init__(self, blocks: list[QPainterPath]) -> None:
        super().__init__()
        self.blocks = [(b.boundingRect(), b) for b in blocks]
        self.bounds = QRectF()
        for rect, _b in self.blocks:
            self.bounds = self.bounds.united(rect)
        self.numbers: HexNumbers | None = None
        self.pictures: dict[tuple[float, ...], QPixmap] = {}
        self.drawn = 0
        """How many pictures were drawn (the rest of the paints were of a kept one)."""
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
            painter.setTransform(t)
            painter.setPen(QPen(GRID, 0))
            seen = t.inverted()[0].mapRect(QRectF(0, 0, device.width(), device.height()))
            for rect, block in self.blocks:  # not antialiased: lines of one pixel, in a third of the time
                if rect.intersects(seen):
                    painter.drawPath(block)
            if self.numbers is not None and lod > 0:
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


def grid_blocks(layout: Layout, cols: int, rows: int) -> list[QPainterPath]:
    """The board's hex grid as blocks of 10 x 10 hexes (a picture draws those in sight), each side
    two hexes share in one block only: half the lines to draw of each hex's closed outline."""
    blocks = []
    drawn: set[tuple[tuple[float, float], ...]] = set()
    for c0 in range(1, cols + 1, 10):
        for r0 in range(1, rows + 1, 10):
            block = QPainterPath()
            for c in range(c0, min(c0 + 10, cols + 1)):
                for r in range(r0, min(r0 + 10, rows + 1)):
                    corners = [(round(x, 3), round(y, 3)) for x, y in layout.corners(grid_hex(Label(c, r)))]
                    for a, b in zip(corners, corners[1:] + corners[:1]):
                        edge = (a, b) if a < b else (b, a)
                        if edge not in drawn:
                            drawn.add(edge)
                            block.moveTo(*a)
                            block.lineTo(*b)
            blocks.append(block)
    return blocks
