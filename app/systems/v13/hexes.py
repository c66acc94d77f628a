"""The battle map's hex geometry on the scene: the hex size and layout, a hex's centre and
outline, the hexes and grid lines within a rectangle, the outline of a set of hexes and the
printed labels of a map window. Shared by the map's pictures (:mod:`app.systems.v13.grid`)
and its overlays (:mod:`app.systems.v13.scene`).
"""
from __future__ import annotations

import math

import numpy as np
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QPainterPath, QPolygonF

from hexmap import Hex, MapWindow
from hexmap.labels import Label
from hexmap.layout import Layout, boundary_segments

HEX = 20.0
LAYOUT = Layout(HEX)
HEX_HEIGHT = math.sqrt(3) * HEX
UNIT_CORNERS = LAYOUT.corners(Hex(0, 0))
POLY = QPolygonF([QPointF(x, y) for x, y in UNIT_CORNERS])


def centre_of(h: Hex) -> QPointF:
    x, y = LAYOUT.to_pixel(h)
    return QPointF(x, y)


def area_path(q, r) -> QPainterPath:
    """The hexes (q, r) as closed polygons, to fill and to stroke with clean corners.

    Every outer edge runs clockwise around its hex, so the edges chain end to start into one
    closed ring per boundary (holes come out as their own rings; OddEvenFill leaves them open).
    """
    x1, y1, x2, y2 = boundary_segments(LAYOUT, q, r)
    key = lambda x, y: (round(x * 64), round(y * 64))  # noqa: E731 (corners agree to float error)
    nxt = {key(a, b): (c, d) for a, b, c, d in zip(x1.tolist(), y1.tolist(), x2.tolist(), y2.tolist())}
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.OddEvenFill)
    while nxt:
        start, (x, y) = nxt.popitem()
        ring = [QPointF(start[0] / 64, start[1] / 64), QPointF(x, y)]
        while (k := key(x, y)) != start and k in nxt:
            x, y = nxt.pop(k)
            ring.append(QPointF(x, y))
        path.addPolygon(QPolygonF(ring))
        path.closeSubpath()
    return path


def segments_path(q, r) -> QPainterPath:
    """A path of the outline of the hexes (q, r): one line per outer edge."""
    x1, y1, x2, y2 = boundary_segments(LAYOUT, q, r)
    path = QPainterPath()
    for a, b, c, d in zip(x1.tolist(), y1.tolist(), x2.tolist(), y2.tolist()):
        path.moveTo(a, b)
        path.lineTo(c, d)
    return path


def labels_in(window: MapWindow, area: QRectF) -> list[tuple[float, float, str, bool]]:
    """The hexes whose centres lie in ``area``: their centres, their labels on ``window`` and
    whether they are on it (one label asked per column: down a column, the row counts up)."""
    qs, rs, cx, cy = hexes_in(area)
    out = []
    col = row0 = r0 = q0 = None
    cols, rows = window.cols, window.rows
    for q, r, x, y in zip(qs, rs, cx.tolist(), cy.tolist()):
        if q != q0:
            lab = window.label(Hex(q, r))
            q0, r0, col, row0 = q, r, lab.col, lab.row
        row = row0 + r - r0
        out.append((x, y, str(Label(col, row)), 1 <= col <= cols and 1 <= row <= rows))
    return out


def hexes_in(rect: QRectF):
    """Axial q, r (lists) and pixel centres (arrays) of the hexes whose centres lie in ``rect``."""
    qs, rs = [], []
    for q in range(math.ceil(rect.left() / (1.5 * HEX)), math.floor(rect.right() / (1.5 * HEX)) + 1):
        r0 = math.ceil(rect.top() / HEX_HEIGHT - q / 2)
        r1 = math.floor(rect.bottom() / HEX_HEIGHT - q / 2)
        qs.extend([q] * max(0, r1 - r0 + 1))
        rs.extend(range(r0, r1 + 1))
    q_arr, r_arr = np.array(qs, dtype=float), np.array(rs, dtype=float)
    return qs, rs, 1.5 * HEX * q_arr, HEX_HEIGHT * (r_arr + q_arr / 2.0)


def grid_lines(area: QRectF) -> list[QLineF]:
    """The grid lines of the hexes whose centres lie in ``area``: each shared edge once."""
    _qs, _rs, cx, cy = hexes_in(area)
    lines: list[QLineF] = []
    for i, j in ((4, 5), (5, 0), (0, 1)):  # top, upper right, lower right
        (ax, ay), (bx, by) = UNIT_CORNERS[i], UNIT_CORNERS[j]
        lines.extend(map(QLineF, (cx + ax).tolist(), (cy + ay).tolist(), (cx + bx).tolist(), (cy + by).tolist()))
    return lines
