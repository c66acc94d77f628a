"""The Direction of Retreat and of Disengagement on the battle map: a big labelled arrow just
off the map sheet (:class:`ArrowItem`), drawn by :func:`paint_arrow` (the legend's too)."""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from hexmap import Facing


class ArrowItem(QGraphicsItem):
    """A big labelled arrow just off the map sheet: Direction of Retreat / Disengagement."""

    def __init__(self, facing: Facing, text: str, color: QColor, anchor: QPointF) -> None:
        super().__init__()
        self.facing, self.text, self.color = facing, text, color
        self.setPos(anchor)
        self.setZValue(9)  # under the counters (10 and up): a unit where the arrow stands reads whole (issue 22)
        self.setToolTip(text)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def boundingRect(self) -> QRectF:
        return QRectF(-90, -90, 180, 180)

    def paint(self, p: QPainter, option, widget=None) -> None:
        paint_arrow(p, self.facing, self.color, 40)
        font = QFont()
        font.setPixelSize(14)
        font.setBold(True)
        p.setFont(font)
        p.setPen(QColor("#101010"))
        p.setBrush(QColor(255, 255, 255, 215))
        ang = math.radians(60 * self.facing.value - 90)
        side = QPointF(-math.sin(ang), math.cos(ang)) * 48  # beside the arrow, off its line
        box = QRectF(side.x() - 36, side.y() - 10, 72, 20)
        p.drawRoundedRect(box, 4, 4)
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, self.text)


def paint_arrow(p: QPainter, facing: Facing, color: QColor, half: float) -> None:
    """A thick arrow through the origin pointing towards ``facing``."""
    ang = math.radians(60 * facing.value - 90)
    d = QPointF(math.cos(ang), math.sin(ang))
    tail, tip = d * -half, d * half
    p.setPen(QPen(color, max(3.0, half / 6), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    p.drawLine(tail, tip)
    n = QPointF(-d.y(), d.x())
    head = QPolygonF([tip + d * (half * 0.35), tip + n * (half * 0.3), tip - n * (half * 0.3)])
    p.setBrush(color)
    p.setPen(Qt.PenStyle.NoPen)
    p.drawPolygon(head)
