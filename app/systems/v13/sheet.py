"""The battle map's sheet as drawn: its colours and pens, its outline (:func:`sheet_path`), its
paper and heavy edge, the plane's grid pattern per zoom band, and the content of a part of an
unfloated sheet at a zoom (:func:`draw_sheet`: paper, grid, ``CCRR`` labels, edge), which the
sheet's tiles hold and which a zoom never shown draws straight onto the screen
(:class:`app.systems.v13.grid.PlaneGrid`)."""
from __future__ import annotations

from functools import cache

from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPixmap, QRegion, QTransform

from app.systems.v13.grid_bands import draw_grid
from app.systems.v13.hexes import HEX, HEX_HEIGHT, area_path, centre_of, grid_lines
from app.systems.v13.labels import label_px
from app.systems.v13.layers import blank, thin
from app.systems.v13.sheet_text import draw_labels
from hexmap import MapWindow

# colours of the table: paper for the sheet, slate for the plane beyond, violet for the region
OFF_SHEET = QColor("#8d939b")
SHEET_FILL = QColor("#f6f1df")
REGION_TINT = QColor(196, 178, 232, 110)
GRID_PEN = QPen(QColor(60, 66, 78, 150), 0.9)
GRID_PEN_CLOSE = QPen(QColor("#747983"), 0)  # closer than the pictures: an opaque hairline (fast)
GRID_PEN_CLOSE.setCosmetic(True)
SHEET_EDGE_OUTER = QPen(QColor("#2b1d0b"), 5.0)
SHEET_EDGE_OUTER.setCosmetic(True)
SHEET_EDGE_OUTER.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
SHEET_EDGE_INNER = QPen(QColor("#d9a520"), 1.6)
SHEET_EDGE_INNER.setCosmetic(True)
REGION_PEN = QPen(QColor(110, 60, 190), 2.5, Qt.PenStyle.DashDotLine)
REGION_PEN.setCosmetic(True)
LABEL_LOD = 1.0  # labels from this zoom (a hex is then 35 px tall)
TILE_LOD = 0.3  # grid lines from this zoom on the device's pixels (a hex then 10 pixels tall)
# Zoom bands (from zoom, pixels per scene unit): the grid and labels come from tiles drawn at
# the screen's own scale (PlaneGrid._paint_tiles); past the last band (no scale) the few hexes
# on the screen are drawn as they are.
_STEP = 1.25
BANDS = ((0.0, _STEP ** -5),) + tuple((_STEP ** k, _STEP ** (k + 1)) for k in range(-5, 4)) + ((_STEP ** 4, 0.0),)


_SHEETS: dict[tuple[int, int], QPainterPath] = {}


def sheet_path(window: MapWindow) -> QPainterPath:
    """The map window as one closed polygon (the base window's, translated)."""
    key = (window.cols, window.rows)
    if key not in _SHEETS:
        base = MapWindow(window.cols, window.rows).hexes()
        _SHEETS[key] = area_path([h.q for h in base], [h.r for h in base])
    c = centre_of(window.offset)
    return _SHEETS[key].translated(c.x(), c.y())


def paper(p: QPainter, sheet: QPainterPath) -> None:
    """The sheet's paper (its edge is drawn over the fill's)."""
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(SHEET_FILL)
    p.drawPath(sheet)
    p.restore()


def paint_edge(p: QPainter, edge: QPainterPath) -> None:
    """The sheet's heavy edge along ``edge``."""
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    p.setBrush(Qt.BrushStyle.NoBrush)
    for pen in (SHEET_EDGE_OUTER, SHEET_EDGE_INNER):
        p.setPen(pen)
        p.drawPath(edge)


def over(color: QColor, under: QColor) -> QColor:
    """``color`` laid over the opaque ``under``, as one opaque colour (Qt's own blend of the two)."""
    pix = QPixmap(1, 1)
    pix.fill(under)
    q = QPainter(pix)
    q.fillRect(0, 0, 1, 1, color)
    q.end()
    return pix.toImage().pixelColor(0, 0)


@cache
def region_over_plane() -> QColor:
    """The see-through :data:`REGION_TINT` over the slate plane, as one opaque colour (:func:`over`):
    the region lies only on the plane (the paper is laid over it), and an opaque fill of the screen
    costs a fraction of a blended one."""
    return over(REGION_TINT, OFF_SHEET)


_PATTERNS: dict[float, QPixmap] = {}


def pattern(area: QRectF, scale: float) -> QPixmap:
    """The grid lines of a tile (all tiles alike: the grid repeats every 12 columns and rows)
    at ``scale`` pixels per scene unit, one picture per zoom band."""
    if scale not in _PATTERNS:
        pix, q = blank(area.adjusted(-HEX, -HEX, HEX, HEX), scale)
        q.setPen(thin(GRID_PEN, scale))
        q.drawLines(grid_lines(area))
        q.end()
        _PATTERNS[scale] = pix
    return _PATTERNS[scale]


def grid_shown(p: QPainter) -> bool:
    """Whether ``p`` draws the grid's lines: a hex at least :data:`TILE_LOD` x its height on the device's own pixels
    (issue 22: at QT_SCALE_FACTOR=2 the battle window's map fitted at 0.27 showed no grid, its hexes 19 pixels tall)."""
    device = p.device()
    return p.worldTransform().m11() * (device.devicePixelRatio() if device is not None else 1.0) >= TILE_LOD


def draw_sheet(q: QPainter, base: MapWindow, area: QRectF, s: float) -> None:
    """The unfloated sheet ``base`` over ``area`` (scene units) on ``q`` (its transform at zoom ``s``, its
    hints antialiased): its paper, the grid and labels of the hexes that reach in, and its edge where it
    is near. A tile of the sheet holds this; a zoom never shown draws it straight onto the screen."""
    sheet = sheet_path(base)
    box = sheet.controlPointRect()
    if box.adjusted(HEX_HEIGHT, HEX_HEIGHT, -HEX_HEIGHT, -HEX_HEIGHT).contains(area.adjusted(-2 / s, -2 / s, 2 / s,
                                                                                             2 / s)):
        draw_grid(q, area, s, GRID_PEN, SHEET_FILL)  # all paper: the grid's bands on it laid opaque
    else:
        paper(q, sheet)
        draw_grid(q, area, s, GRID_PEN)  # bands of it copied down (app.systems.v13.grid_bands)
    draw_labels(q, base, area.adjusted(-HEX, -HEX, HEX, HEX), label_px(s))  # the labels that reach in
    reach = 4 / s  # the edge's pens reach 3.5 pixels off its line; its zigzag lies within a hex of the box
    inner = box.adjusted(HEX_HEIGHT, HEX_HEIGHT, -HEX_HEIGHT, -HEX_HEIGHT)
    if box.adjusted(-HEX, -HEX, HEX, HEX).intersects(area) and not inner.contains(area.adjusted(-reach, -reach,
                                                                                                  reach, reach)):
        paint_edge(q, sheet)


def draw_direct(p: QPainter, rect: QRectF, tiles: list[tuple[int, int]], origin: QPointF, at: tuple[int, int],
                size: tuple[int, int], s: float, base: MapWindow) -> None:
    """The sheet's ``tiles`` (i, j) within ``rect`` (scene units of the unfloated sheet ``base``) drawn
    straight onto ``p`` (reset to its device's pixels), each where its picture would be laid: tile (i, j),
    ``size`` pixels, from ``at`` + (i, j) x ``size``, showing the sheet from ``origin`` + (i, j) x ``size``
    / ``s``. The same pixels as the pictures (one transform for all), for the part of the screen alone: a
    zoom never shown drew whole tiles, 2-3 times the screen, and kept them (issue 21)."""
    (x, y), (cols, rows) = at, size
    clip = QRegion()
    area = QRectF()
    for i, j in tiles:
        clip += QRect(x + i * cols, y + j * rows, cols, rows)
        area = area.united(QRectF(origin.x() + i * cols / s, origin.y() + j * rows / s, cols / s, rows / s))
    area = area.intersected(rect.adjusted(-2 / s, -2 / s, 2 / s, 2 / s))
    if area.isEmpty():
        return
    p.save()
    p.setClipRegion(clip, Qt.ClipOperation.IntersectClip)
    p.setTransform(QTransform(s, 0, 0, s, x - s * origin.x(), y - s * origin.y()))
    p.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    draw_sheet(p, base, area, s)
    p.restore()


class Asked:
    """The sheet's tiles asked for once: a tile is kept (drawn into its picture) when asked for again at
    its zoom, as a float or a scroll there does; the first paint at a zoom draws the screen alone."""

    MOST = 4096

    def __init__(self) -> None:
        self._keys: set[str] = set()

    def ask(self, key: str) -> bool:
        """Whether ``key`` was asked for before (and note it was now)."""
        if key in self._keys:
            return True
        if len(self._keys) >= self.MOST:
            self._keys.clear()
        self._keys.add(key)
        return False
