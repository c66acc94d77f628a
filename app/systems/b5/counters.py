"""The b5 board's counters drawn in one paint (app/systems/b5/board.py): the ships' dots, their facing
lines, the fighter flights' diamonds and the dogfights' rings were an item each, and the view's paint
went through its per-item work (the item's transform, its exposure, its painter set up) some 130 times
in a sharp draw of 60 ships (issue 21). Each is still an item of the scene, for its tooltip and for
the tests that read it, but paints nothing; a :class:`Counters` of each stacking level draws them in
the order they were added, with the calls their own paints make (QGraphicsEllipseItem: the pen, the
brush, the ellipse; QGraphicsLineItem: the pen, the line; QGraphicsPolygonItem: the pen, the brush,
the polygon, odd-even filled): the same pixels."""
from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import (QGraphicsEllipseItem, QGraphicsItem, QGraphicsLineItem, QGraphicsPolygonItem,
                               QStyleOptionGraphicsItem, QWidget)

Shape = QGraphicsEllipseItem | QGraphicsLineItem | QGraphicsPolygonItem


class Counters(QGraphicsItem):
    """The counters' items of one stacking level (``z``), drawn by this one item in the order added."""

    def __init__(self, z: float) -> None:
        super().__init__()
        self.shapes: list[tuple[int, object, object, object]] = []
        """Each item's (kind: 0 ellipse, 1 line, 2 polygon; its geometry; pen; brush), read once when added."""
        self.items: list[Shape] = []
        self.bounds = QRectF()
        self.own = True
        """Whether this item draws the counters (False: each paints itself, :meth:`plain`)."""
        self.setZValue(z)

    def clear(self) -> None:
        self.prepareGeometryChange()
        self.shapes, self.items, self.bounds = [], [], QRectF()

    def add(self, item: Shape) -> Shape:
        """``item`` drawn by this one from now on (it paints nothing itself); returned."""
        self.items.append(item)
        if not self.own:
            return item
        self.prepareGeometryChange()
        item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents)
        if isinstance(item, QGraphicsEllipseItem):
            self.shapes.append((0, item.rect(), item.pen(), item.brush()))
        elif isinstance(item, QGraphicsLineItem):
            self.shapes.append((1, item.line(), item.pen(), None))
        else:
            self.shapes.append((2, item.polygon(), item.pen(), item.brush()))
        self.bounds = self.bounds.united(item.boundingRect())
        return item

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        return self.bounds

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        ellipse, line, polygon, pen, brush = p.drawEllipse, p.drawLine, p.drawPolygon, p.setPen, p.setBrush
        for kind, shape, with_pen, with_brush in self.shapes:
            pen(with_pen)
            if kind == 1:
                line(shape)
                continue
            brush(with_brush)
            if kind == 0:
                ellipse(shape)
            else:
                polygon(shape)

    def plain(self) -> None:
        """Each item paints itself again and this one nothing (the board as it was drawn: the look tests)."""
        self.own = False
        for item in self.items:
            item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, False)
        self.hide()
