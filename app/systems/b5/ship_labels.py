"""The b5 board's ship names: a readable size on the screen at every zoom (:func:`label_px`),
beside each ship on the side that keeps them inside the view, stacked where ships crowd (a thin
line back to a ship whose name was pushed away)."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

LABEL_PX = 11.0
"""The names' least height on the screen (logical pixels), as the V13 map's hex labels."""
TEXT = QColor("#e8ecf4")
LEADER = QColor(232, 236, 244, 110)


def label_px(lod: float) -> float:
    """The names' size in scene units at zoom ``lod``: :data:`LABEL_PX` on the screen where
    the board is small, growing with the zoom up to 15 px."""
    return min(15.0, max(LABEL_PX, 7.0 * lod)) / lod


class ShipLabels(QGraphicsItem):
    """Every ship's name, laid out afresh at each paint for the zoom and the part of the board
    seen (``visible()``, in scene units)."""

    def __init__(self, visible: Callable[[], QRectF], bounds: QRectF) -> None:
        super().__init__()
        self.visible, self.bounds = visible, bounds
        self.ships: list[tuple[str, QPointF, float]] = []
        """(name, centre, the dot's radius) in scene units."""
        self.setZValue(5)

    def set_ships(self, ships: list[tuple[str, QPointF, float]]) -> None:
        """Show these ships' names (:attr:`ships`)."""
        self.ships = ships
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        return self.bounds

    @staticmethod
    def font(lod: float, dpi: int) -> QFont:
        """The names' font at zoom ``lod`` on a device of ``dpi`` (a point size, so that
        fractions of a scene unit are kept when the painter scales it)."""
        f = QFont()
        f.setPointSizeF(max(0.5, label_px(lod) * 72.0 / dpi))
        return f

    def layout(self, lod: float, dpi: int) -> list[tuple[str, QRectF, QPointF]]:
        """Each ship in sight's (name, its rect in scene units, the ship's centre) at zoom ``lod``: right
        of the ship, or left where the right would leave the view; inside the view; moved down
        (or up at the view's foot) clear of the names above it on the same side."""
        seen = self.visible()
        metrics = QFontMetricsF(self.font(lod, dpi))
        h, gap = label_px(lod) * 1.2, 3.0 / lod
        placed: list[tuple[str, QRectF, QPointF]] = []
        for name, at, r in sorted(self.ships, key=lambda s: (s[1].y(), s[1].x(), s[0])):
            if not seen.contains(at):  # a ship out of sight: no name floating at the edge
                continue
            w = metrics.horizontalAdvance(name)
            rect = QRectF(at.x() + r + gap, at.y() - h / 2, w, h)
            if rect.right() > seen.right():
                rect.moveRight(at.x() - r - gap)
            rect.moveLeft(min(max(rect.left(), seen.left()), seen.right() - w))
            for _, other, _ in placed:
                if other.intersects(rect):
                    rect.moveTop(other.bottom())
            placed.append((name, rect, at))
        for i in range(len(placed) - 1, -1, -1):  # from the foot up: none below the view's edge
            name, rect, at = placed[i]
            foot = seen.bottom()
            for _, other, _ in placed[i + 1:]:
                if other.left() < rect.right() and rect.left() < other.right():
                    foot = min(foot, other.top())
            if rect.bottom() > foot:
                rect.moveBottom(foot)
            if rect.top() < seen.top():
                rect.moveTop(seen.top())
        return placed

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(p.worldTransform())
        if not self.ships or lod <= 0:
            return
        dpi = p.device().logicalDpiY()
        font = self.font(lod, dpi)
        p.setFont(font)
        ascent = QFontMetricsF(font, p.device()).ascent()
        for name, rect, at in self.layout(lod, dpi):
            near = rect.adjusted(-rect.height(), 0, rect.height(), 0)
            if abs(rect.center().y() - at.y()) > rect.height() * 0.6 or not near.left() < at.x() < near.right():
                p.setPen(QPen(LEADER, 0))
                end = QPointF(rect.left() if rect.left() > at.x() else rect.right(), rect.center().y())
                p.drawLine(at, end)
            p.setPen(TEXT)
            p.drawText(QPointF(rect.left(), rect.top() + (rect.height() - label_px(lod)) / 2 + ascent), name)
