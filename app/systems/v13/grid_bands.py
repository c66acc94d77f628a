"""The battle map's grid lines drawn as bands copied down (issue 21, as the B5 board's,
app/systems/b5/grid.py): the grid repeats down the plane every hex's height, so where many bands of
it are in sight, a band is drawn once and copied to each band's place, each copy at its whole pixel
row. Unlike the B5 board's, a band is drawn at :data:`PHASES` sub-pixel offsets and each copy takes
the one nearest its own, so a line lies within ``1 / (2 * PHASES)`` of a pixel of where drawing it
there puts it (its antialiasing as good as the same), not a pixel off. The sheet's tiles and a zoom
never shown drawn on the screen both draw their grid this way (app/systems/v13/sheet.py).

Every band's lines are band 0's moved down (the grid maps onto itself a hex's height down), so the lines
are made once, a column of hexes at a time, and kept (:func:`band_lines`): making ~400 ``QLineF`` for each
of a zoom's two band pictures was ~0.3 ms each of the sharp redraw at a zoom never shown (issue 21)."""
from __future__ import annotations

import math

from PySide6.QtCore import QLineF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPixmap, QTransform

from app.systems.v13.hexes import HEX, HEX_HEIGHT, UNIT_CORNERS, grid_lines
from app.systems.v13.layers import thin

PHASES = 2
"""Sub-pixel offsets a band is drawn at (those its copies need)."""
BAND_PX = 8.0
"""The least height on the screen (device pixels) of a band copied: a grid zoomed out further is drawn line by line."""
MARGIN = 3
"""Rows of a band's picture above and below its band (a copy takes its rows up to a pixel up or down)."""


class Banding:
    """How many bands the last :func:`draw_grid` copied (0: every line drawn) and pictures it drew: what the
    tests and the bench read."""

    copied = 0
    drawn = 0
    enabled = True


def draw_grid(q: QPainter, area: QRectF, s: float, pen, fill: QColor | None = None) -> None:
    """The grid lines of the hexes whose lines reach into ``area`` (scene units) on ``q`` (scene to its
    device by its transform, a scale ``s`` and a translation), with ``pen`` thinned to a pixel at ``s``;
    ``fill``: ``area`` (all paper) filled with it under them first, the bands then laid opaque (a copy per
    pixel, not a blend: what lines laid on that fill give)."""
    t = q.worldTransform()
    ratio = q.device().devicePixelRatio()
    dev = t * QTransform.fromScale(ratio, ratio)  # scene -> device pixels
    a, b, step = dev.m22(), dev.dy(), dev.m22() * HEX_HEIGHT
    first, last = math.floor(area.top() / HEX_HEIGHT), math.floor(area.bottom() / HEX_HEIGHT)
    Banding.copied = 0
    if not Banding.enabled or step < BAND_PX or last - first < 2 * PHASES or t.isRotating():
        if fill is not None:
            q.save()
            q.setRenderHint(QPainter.RenderHint.Antialiasing, False)
            q.fillRect(area.adjusted(-2 / s, -2 / s, 2 / s, 2 / s), fill)
            q.restore()
        q.setPen(thin(pen, s))
        q.drawLines(grid_lines(area.adjusted(-HEX, -HEX, HEX, HEX)))
        return
    x0 = math.floor(dev.map(area.topLeft()).x()) - 2
    x1 = math.ceil(dev.map(area.bottomRight()).x()) + 2
    height = math.ceil(step) + 2 * MARGIN + 1
    pictures: dict[int, QPixmap] = {}
    q.save()
    q.resetTransform()
    q.scale(1 / ratio, 1 / ratio)  # device pixels
    for m in range(first, last + 1):
        top = a * m * HEX_HEIGHT + b  # the band's exact top row
        base = math.floor(top)
        k = round((top - base) * PHASES)
        if k == PHASES:
            base, k = base + 1, 0
        rows = (math.ceil(top), math.ceil(a * (m + 1) * HEX_HEIGHT + b))  # its own rows: [top, next top)
        if rows[1] <= rows[0]:
            continue
        pix = pictures.get(k)
        if pix is None:
            pix = pictures[k] = _band(m, k, x0, x1, height, a, dev, s, pen, fill)
        q.drawPixmap(QRectF(x0, rows[0], x1 - x0, rows[1] - rows[0]), pix,
                     QRectF(0, rows[0] - base + MARGIN, x1 - x0, rows[1] - rows[0]))
        Banding.copied += 1
    q.restore()


def _band(m: int, k: int, x0: int, x1: int, height: int, a: float, dev: QTransform, s: float, pen,
          fill: QColor | None) -> QPixmap:
    """Band ``m``'s lines with its top at row ``MARGIN + k / PHASES`` of a picture of columns ``x0``-``x1`` of the
    device (``dev``: scene to device pixels, ``a`` its scale down), transparent or ``fill``."""
    pix = QPixmap(x1 - x0, height)
    pix.fill(Qt.GlobalColor.transparent if fill is None else fill)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    y = m * HEX_HEIGHT
    p.setTransform(QTransform(dev.m11(), 0, 0, a, dev.dx() - x0, MARGIN + k / PHASES - a * y))
    inverse = dev.inverted()[0]
    left, right = inverse.map(float(x0), 0.0)[0], inverse.map(float(x1), 0.0)[0]
    reach = HEX_HEIGHT / 2 + (MARGIN + 1) / a  # a hex's lines reach half its height up and down
    p.setPen(thin(pen, s))
    p.translate(0, y)  # band m's lines are band 0's, m hexes' heights down
    p.drawLines(band_lines(QRectF(left - HEX, -reach, right - left + 2 * HEX, HEX_HEIGHT + 2 * reach)))
    p.end()
    Banding.drawn += 1
    return pix


_COLUMNS: dict[tuple[int, int, int], list[QLineF]] = {}


def band_lines(area: QRectF) -> list[QLineF]:
    """:func:`app.systems.v13.hexes.grid_lines` of ``area`` (the same lines, in the same order within each
    column of hexes), from the columns' lines kept: a column's hexes (q, r0..r1) are the same at every zoom
    and band."""
    w = 1.5 * HEX
    out: list[QLineF] = []
    for q in range(math.ceil(area.left() / w), math.floor(area.right() / w) + 1):
        r0, r1 = math.ceil(area.top() / HEX_HEIGHT - q / 2), math.floor(area.bottom() / HEX_HEIGHT - q / 2)
        key = (q, r0, r1)
        lines = _COLUMNS.get(key)
        if lines is None:
            if len(_COLUMNS) > 4096:
                _COLUMNS.clear()
            lines = _COLUMNS[key] = _column(q, r0, r1)
        out += lines
    return out


def _column(q: int, r0: int, r1: int) -> list[QLineF]:
    """The top, upper right and lower right sides of the hexes (q, r0..r1), as ``grid_lines`` gives them."""
    cx = 1.5 * HEX * q
    out = []
    for i, j in ((4, 5), (5, 0), (0, 1)):
        (ax, ay), (bx, by) = UNIT_CORNERS[i], UNIT_CORNERS[j]
        for r in range(r0, r1 + 1):
            cy = HEX_HEIGHT * (r + q / 2.0)
            out.append(QLineF(cx + ax, cy + ay, cx + bx, cy + by))
    return out
