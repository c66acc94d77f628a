"""Small painted symbols shared by the map views: terrain glyphs, star systems, bases."""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFontMetricsF, QPainter, QPainterPath, QPen, QPolygonF

from rules.model.types import Terrain


def paint_terrain(p: QPainter, terrain: Terrain, c: QPointF, r: float) -> None:
    """Draw the glyph of ``terrain`` centred on ``c`` within radius ``r``."""
    p.save()
    if terrain is Terrain.BLACK_HOLE:
        p.setPen(QPen(QColor("#b06cff"), r * 0.12))
        p.setBrush(QColor("#050505"))
        p.drawEllipse(c, r * 0.55, r * 0.55)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(c, r * 0.8, r * 0.35)
    elif terrain is Terrain.NEBULA:
        p.setPen(Qt.PenStyle.NoPen)
        for dx, dy, s in ((-0.35, 0.0, 0.55), (0.3, -0.15, 0.5), (0.1, 0.3, 0.45)):
            p.setBrush(QColor(205, 120, 230, 120))
            p.drawEllipse(QPointF(c.x() + dx * r, c.y() + dy * r), s * r, s * r * 0.8)
    elif terrain is Terrain.ASTEROID_FIELD:
        p.setPen(QPen(QColor("#3a3025"), r * 0.04))
        p.setBrush(QColor("#9b8a73"))
        for i, (dx, dy, s) in enumerate(((-0.5, -0.2, 0.16), (0.0, 0.3, 0.2), (0.45, -0.1, 0.13),
                                          (-0.15, -0.45, 0.1), (0.3, 0.45, 0.1), (-0.45, 0.35, 0.09))):
            p.drawEllipse(QPointF(c.x() + dx * r, c.y() + dy * r), s * r * (1.2 if i % 2 else 1), s * r)
    elif terrain is Terrain.RINGED_GAS_GIANT:
        p.setPen(QPen(QColor("#5a3b10"), r * 0.05))
        p.setBrush(QColor("#d9a55b"))
        p.drawEllipse(c, r * 0.42, r * 0.42)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor("#f3dfb5"), r * 0.09))
        p.drawEllipse(c, r * 0.8, r * 0.22)
    elif terrain is Terrain.VARIABLE_PULSAR:
        p.setPen(QPen(QColor("#2fd3ff"), r * 0.08))
        for i in range(8):
            a = math.pi * i / 4
            k = 0.75 if i % 2 == 0 else 0.45
            p.drawLine(c, QPointF(c.x() + k * r * math.cos(a), c.y() + k * r * math.sin(a)))
        p.setBrush(QColor("#e8fbff"))
        p.drawEllipse(c, r * 0.16, r * 0.16)
    elif terrain is Terrain.ION_STORM:
        p.setPen(QPen(QColor("#ffe14d"), r * 0.1, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap,
                      Qt.PenJoinStyle.RoundJoin))
        pts = [(-0.15, -0.7), (0.25, -0.1), (-0.15, 0.0), (0.2, 0.7)]
        p.drawPolyline(QPolygonF([QPointF(c.x() + x * r, c.y() + y * r) for x, y in pts]))
    p.restore()


def paint_star(p: QPainter, c: QPointF, r: float) -> None:
    """A yellow five-pointed star: a star system."""
    path = QPainterPath()
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        k = r if i % 2 == 0 else r * 0.45
        pt = QPointF(c.x() + k * math.cos(a), c.y() + k * math.sin(a))
        path.moveTo(pt) if i == 0 else path.lineTo(pt)
    path.closeSubpath()
    p.save()
    p.setPen(QPen(QColor("#7a5a00"), r * 0.12))
    p.setBrush(QColor("#ffd84a"))
    p.drawPath(path)
    p.restore()


def paint_base(p: QPainter, c: QPointF, r: float, text: str, color: QColor) -> None:
    """A base marker: a small square with its class letters (SB, BATS ...)."""
    p.save()
    f = p.font()
    f.setPixelSize(max(4, int(r * 0.75)))
    f.setBold(True)
    p.setFont(f)
    half = max(r, QFontMetricsF(f).horizontalAdvance(text) / 2 + r * 0.2)
    rect = QRectF(c.x() - half, c.y() - r * 0.6, 2 * half, 1.2 * r)
    p.setPen(QPen(QColor("#111111"), r * 0.1))
    p.setBrush(color)
    p.drawRect(rect)
    p.setPen(QColor("white") if color.lightness() < 140 else QColor("black"))
    p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
    p.restore()


def lighter(color: str | QColor, alpha: int = 255, factor: float = 0.55) -> QColor:
    """``color`` mixed with white by ``factor`` (0 = unchanged, 1 = white)."""
    q = QColor(color)
    r, g, b = q.red(), q.green(), q.blue()
    return QColor(int(r + (255 - r) * factor), int(g + (255 - g) * factor), int(b + (255 - b) * factor), alpha)


def brush_hatched(color: QColor) -> QBrush:
    """A diagonal hatch, used for the neutral zone."""
    b = QBrush(color, Qt.BrushStyle.BDiagPattern)
    return b
