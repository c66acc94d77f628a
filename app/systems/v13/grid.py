"""The battle map's hex plane: the grid, the map sheet (the floating map window) with its
heavy edge and printed ``CCRR`` labels, the plane off the sheet in a darker shade, and the
legal region of the floating map tinted between them.

Pure drawing: the geometry comes from :mod:`hexmap`, the region and the window from the
engine through :class:`app.systems.v13.scene.BattleScene`.
"""
from __future__ import annotations

import math
from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPixmap, QPixmapCache, QTransform

from app.systems.v13.hexes import (  # noqa: F401 (the geometry, where the map's modules found it)
    HEX,
    HEX_HEIGHT,
    LAYOUT,
    POLY,
    area_path,
    centre_of,
    grid_lines,
    hexes_in,
    labels_in,
)
from app.systems.v13.labels import label_px, paint_labels
from app.systems.v13.layers import ScreenLayer, blank
from app.systems.v13.sheet import (  # noqa: F401 (the sheet's look, where the legend found it)
    BANDS,
    GRID_PEN,
    GRID_PEN_CLOSE,
    LABEL_LOD,
    OFF_SHEET,
    REGION_PEN,
    REGION_TINT,
    SHEET_EDGE_INNER,
    SHEET_EDGE_OUTER,
    SHEET_FILL,
    TILE_LOD,
    Asked,
    draw_direct,
    draw_sheet,
    grid_shown,
    paint_edge,
    paper,
    pattern,
    region_over_plane,
    sheet_path,
)
from hexmap import Hex, MapWindow


class PlaneGrid:
    """The hex plane as the battle scene's background: the tinted legal region and the paper
    sheet (fills; the scene's own background is the slate plane), the grid with the ``CCRR``
    labels, and the sheet's heavy edge.

    Not an item: the scene paints it in its background, which the view keeps as one picture
    of the screen (QGraphicsView.CacheBackground), so a redraw is a single blit; the picture
    is redrawn when the zoom changes, the view scrolls (only the strip that came in) or
    :attr:`changed` is called (the sheet floated, the region changed).

    From :data:`LABEL_LOD` on, the paper, the grid, the labels and the edge come from tiles of
    12 x 12 hexes laid out on the sheet (its labels float with it, the grid moves onto itself):
    pictures of an unfloated sheet at the screen's own scale (scaled text reads unevenly)
    serve every float, so a float repaints the screen from the pictures kept
    (:attr:`tiles_built` counts those drawn), and nothing is painted under the part of the
    screen they cover (:meth:`covers`). Tiles are whole pixels on one pixel grid: what one cuts
    off (a label, a line, the edge) the next goes on with seamlessly. Below it, the plane's
    grid tiles lie on the plane and the sheet is one picture (paper, those tiles, edge).
    During a zoom (:attr:`quick`) what is not kept at the new zoom is shown scaled.
    """

    TILE_COLS, TILE_ROWS = 12, 12
    X0, Y0 = -0.75 * HEX, -0.25 * HEX_HEIGHT  # the sheet's tiles start between hex centres

    def __init__(self, window: MapWindow, rect: QRectF) -> None:
        self.window = window
        self._rect = rect
        self.sheet = sheet_path(window)
        self.region = QPainterPath()
        self._tile_w, self._tile_h = self.TILE_COLS * 1.5 * HEX, self.TILE_ROWS * HEX_HEIGHT
        self._cols, self._rows = math.ceil(rect.width() / self._tile_w), math.ceil(rect.height() / self._tile_h)
        self.tiles_built = 0  # the sheet's tiles drawn (not those kept)
        self.tiles_drawn = 0  # the sheet's tiles drawn straight onto the screen (first asked for at a zoom)
        self.asked = Asked()
        self.moved: Callable[[], None] | None = None  # called when the sheet floats
        self.changed: Callable[[], None] | None = None  # called when what the plane shows changed
        # a zoom under way (the wheel turning): tiles and the edge not kept at the new zoom are
        # shown from those of the last zoom painted sharp, scaled (:attr:`blurred` says so)
        self.quick = False
        self.blurred = False
        self._sharp: dict[str, float] = {}  # the last zoom each kind of picture was painted sharp at
        self.under = ScreenLayer()  # the plane under the sheet, per view transform

    def _changed(self) -> None:
        if self.changed is not None:
            self.changed()

    def set_window(self, window: MapWindow) -> None:
        """The physical map now (it floats, V13.812): its outline and its labels."""
        if window == self.window:
            return
        self.window = window
        self.sheet = sheet_path(window)
        self._changed()
        if self.moved is not None:
            self.moved()

    def set_region(self, path: QPainterPath) -> None:
        """The legal region of the floating map as a closed area (empty: none)."""
        self.region = path
        self.under.clear()
        self._changed()

    def sheet_rect(self) -> QRectF:
        """The current map window's extent on the scene."""
        return self.sheet.boundingRect()

    def on_sheet(self, h: Hex) -> bool:
        return self.window.contains(h)

    def label(self, q: int, r: int) -> tuple[str, bool]:
        """The printed label of the hex (q, r) on the current window, and whether it is on it."""
        return str(self.window.label(Hex(q, r))), self.window.contains(Hex(q, r))

    def paint(self, p: QPainter, rect: QRectF) -> None:
        """Paint the part of the plane in ``rect`` (scene units) over the slate background:
        grid lines from :data:`TILE_LOD` on, labels from :data:`LABEL_LOD` on, from pictures
        at the screen's own scale."""
        lod = p.worldTransform().m11()
        band, scale = next(b for b in reversed(BANDS) if lod >= b[0])
        p.save()
        p.setPen(Qt.PenStyle.NoPen)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, False)  # the edges are drawn over these fills
        if not self.covers(p, rect):  # the plane under the sheet, fixed on it: one picture per transform
            self.under.paint(p, rect, self._paint_plane, keep=not self.quick)
        if not scale or (self.quick and band >= LABEL_LOD):  # else the paper is in the sheet's pictures
            p.setBrush(SHEET_FILL)
            p.drawPath(self.sheet)
        if scale and band >= LABEL_LOD:
            self._paint_tiles(p, rect.intersected(self._rect))
        elif scale:  # the whole sheet in view: a picture of it (its edge's stroke costs more than the rest)
            self._blit_sheet(p)
        else:
            if grid_shown(p):
                self._paint_close(p, rect, lod)
            paint_edge(p, self.sheet)
        p.restore()

    def _paint_plane(self, p: QPainter, rect: QRectF) -> None:
        """The slate plane, the region's tint on it and, below label zoom, the plane's grid."""
        p.fillRect(rect, OFF_SHEET)
        p.setPen(Qt.PenStyle.NoPen)
        if not self.region.isEmpty():
            p.setBrush(region_over_plane())
            p.drawPath(self.region)
        lod = p.worldTransform().m11()
        band, scale = next(b for b in reversed(BANDS) if lod >= b[0])
        if scale and band < LABEL_LOD and grid_shown(p):  # tiles at the screen's own scale, blitted as they are
            self._paint_tiles(p, rect.intersected(self._rect), labels=False)

    def covers(self, p: QPainter, rect: QRectF) -> bool:
        """Whether the sheet's pictures at ``p``'s zoom (paper, grid, labels) cover all of
        ``rect``: nothing under them need be painted (each layer painted over the screen costs
        a float some 0.1-0.2 ms)."""
        lod = p.worldTransform().m11()
        band, scale = next(b for b in reversed(BANDS) if lod >= b[0])
        return bool(scale) and band >= LABEL_LOD and not self.quick and self.inside(rect)

    def inside(self, rect: QRectF) -> bool:
        """Whether ``rect`` lies wholly on the sheet (within its edge's zigzag: a quick test)."""
        m = HEX_HEIGHT
        return self.sheet.controlPointRect().adjusted(m, m, -m, -m).contains(rect)

    def _blit_sheet(self, p: QPainter) -> None:
        """The sheet (its paper, grid and edge) from a picture of an unfloated sheet at this zoom,
        moved with it; the grid's tiles wholly on the sheet are left out under it."""
        t = p.worldTransform()
        s, w, lined = t.m11(), self.window, grid_shown(p)
        key = f"battlehex-paper-{w.cols}x{w.rows}{'-grid' if lined else ''}-{{:.5f}}"
        pix = QPixmapCache.find(key.format(s))
        if pix is None and self.quick and (old := self._sharp.get("edge")) is not None:
            pix = QPixmapCache.find(key.format(old))
            if pix is not None:  # the sheet at the zoom before, scaled onto this one
                self._scaled(p, QRectF(self._frame(old)[0] + centre_of(w.offset), QSizeF()), old, pix)
                self.blurred = True
                return
        origin, (a, b), (cols, rows) = self._frame(s)
        if pix is None:
            sheet = sheet_path(MapWindow(w.cols, w.rows))
            box = sheet.controlPointRect().adjusted(-HEX, -HEX, HEX, HEX)  # room for the edge's pens
            size = ((math.floor((box.right() - self.X0) * s / cols) - a + 1) * cols,
                    (math.floor((box.bottom() - self.Y0) * s / rows) - b + 1) * rows)
            pix, q = blank(QRectF(origin, QSizeF(size[0] / s, size[1] / s)), s, size)
            paper(q, sheet)
            if lined:  # the plane's grid tiles laid on the paper as they lie on the screen
                q.setClipPath(sheet)
                q.resetTransform()
                for i in range(a, a + size[0] // cols):
                    for j in range(b, b + size[1] // rows):
                        q.drawPixmap((i - a) * cols, (j - b) * rows, self._tile(i, j, s, cols, rows, False))
                q.setClipping(False)
                q.scale(s, s)
                q.translate(-origin)
            paint_edge(q, sheet)
            q.end()
            QPixmapCache.insert(key.format(s), pix)
        self._sharp["edge"] = s
        at = t.map(origin + centre_of(w.offset))
        p.save()
        p.resetTransform()
        p.drawPixmap(round(at.x()), round(at.y()), pix)
        p.restore()

    def _frame(self, s: float) -> tuple[QPointF, tuple[int, int], tuple[int, int]]:
        """Where the unfloated sheet's picture at zoom ``s`` starts: on the corner of the plane's
        grid tile (a, b) that holds its edge's top left, so that its grid is the tiles' pixel for
        pixel; and a tile's size in pixels."""
        cols, rows = max(1, round(self._tile_w * s)), max(1, round(self._tile_h * s))
        box = sheet_path(MapWindow(self.window.cols, self.window.rows)).controlPointRect()
        a = math.floor((box.left() - HEX - self.X0) * s / cols)
        b = math.floor((box.top() - HEX - self.Y0) * s / rows)
        return QPointF(self.X0 + a * cols / s, self.Y0 + b * rows / s), (a, b), (cols, rows)

    def _paint_close(self, p: QPainter, rect: QRectF, lod: float) -> None:
        """Closer than any band: the few hexes on the screen, drawn as they are."""
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        area = self._rect.intersected(rect.adjusted(-HEX, -HEX, HEX, HEX))
        p.setPen(GRID_PEN_CLOSE)
        p.drawLines(grid_lines(area))
        paint_labels(p, labels_in(self.window, area), label_px(lod))

    def _paint_tiles(self, p: QPainter, rect: QRectF, labels: bool = True) -> None:
        """The sheet's tiles over ``rect``: tile (i, j) of an unfloated sheet covers the
        pixels [i, i + 1) x [j, j + 1) tiles from (:attr:`X0`, :attr:`Y0`); without
        ``labels``, the plane's grid tiles (fixed on the plane, not moved with the sheet)."""
        t = p.worldTransform()
        s = t.m11()
        cols, rows = max(1, round(self._tile_w * s)), max(1, round(self._tile_h * s))  # a tile in pixels
        shift = centre_of(self.window.offset) if labels else QPointF(0, 0)
        rel, (w, h) = rect.translated(-shift), (cols / s, rows / s)
        at = t.map(QPointF(self.X0, self.Y0) + shift)
        x, y = round(at.x()), round(at.y())
        kind, sharp = "sheet" if labels else "grid", True
        p.save()
        p.resetTransform()
        across = range(math.floor((rel.left() - self.X0) / w), math.floor((rel.right() - self.X0) / w) + 1)
        down = range(math.floor((rel.top() - self.Y0) / h), math.floor((rel.bottom() - self.Y0) / h) + 1)
        tiles = [(i, j) for i in across for j in down
                 if labels or not self.inside(QRectF(self.X0 + i * w, self.Y0 + j * h, w, h))]  # (under the sheet)
        keys = [self._key(i, j, s, labels) for i, j in tiles]
        kept = [QPixmapCache.find(key) is not None for key in keys]
        # the sheet's first paint at a zoom (none of its tiles kept or asked for before) draws the screen alone,
        # straight; any later one (a float, a scroll) keeps them all: what it shows is the tiles' pictures
        first = labels and not self.quick and not any(kept) and not any([self.asked.ask(key) for key in keys])
        if first:
            draw_direct(p, rel, tiles, QPointF(self.X0, self.Y0), (x, y), (cols, rows), s,
                        MapWindow(self.window.cols, self.window.rows))
            self.tiles_drawn += len(tiles)
        for (i, j), key, found in zip(tiles, keys, kept) if not first else ():
            if not self.quick:  # (a zoom under way asks for nothing: its previews are not the sheet's paint)
                self.asked.ask(key)
            if found or not self.quick:
                p.drawPixmap(x + i * cols, y + j * rows, self._tile(i, j, s, cols, rows, labels))
            else:
                self._preview(p, t, i, j, labels, shift)
                sharp = False
        p.restore()
        if sharp:
            self._sharp[kind] = s

    def _key(self, i: int, j: int, s: float, labels: bool) -> str:
        kind = f"sheet-{self.window.cols}x{self.window.rows}" if labels else "grid"
        return f"battlehex-{kind}-{i}-{j}-{s:.5f}"

    def _preview(self, p: QPainter, t: QTransform, i: int, j: int, labels: bool, shift: QPointF) -> None:
        """Tile (i, j) during a zoom, on ``p`` in device pixels (``t``: the scene's transform):
        the sheet's tile of the last zoom painted sharp, scaled; else (the grid's tiles, or a
        part of the plane that zoom did not show) the grid alone from its zoom band's picture."""
        self.blurred = True
        old = self._sharp.get("sheet") if labels else None
        pix = QPixmapCache.find(self._key(i, j, old, labels)) if old is not None else None
        if pix is not None:
            w, h = max(1, round(self._tile_w * old)) / old, max(1, round(self._tile_h * old)) / old
            self._scaled(p, QRectF(self.X0 + i * w, self.Y0 + j * h, w, h).translated(shift), old, pix, t)
            return
        s = t.m11()
        w, h = max(1, round(self._tile_w * s)) / s, max(1, round(self._tile_h * s)) / s
        area = QRectF(self.X0 + i * w, self.Y0 + j * h, w, h).translated(shift)
        p.save()
        p.setTransform(t)
        p.setClipRect(area)
        self._lay_pattern(p, area, s)
        p.restore()

    @staticmethod
    def _scaled(p: QPainter, area: QRectF, s: float, pix: QPixmap, t: QTransform | None = None) -> None:
        """``pix``, a picture of the scene's ``area`` at zoom ``s`` from its top left corner,
        drawn where that area is now (``t``: the scene's transform, else the painter's)."""
        t = t if t is not None else p.worldTransform()
        p.save()
        p.resetTransform()
        p.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, True)
        p.drawPixmap(t.mapRect(QRectF(area.topLeft(), pix.size().toSizeF() / s)), pix, QRectF(pix.rect()))
        p.restore()

    def _tile(self, i: int, j: int, s: float, cols: int, rows: int, labels: bool = True) -> QPixmap:
        """Tile (i, j) at scale ``s``, ``cols`` x ``rows`` pixels (from the QPixmapCache)."""
        key = self._key(i, j, s, labels)
        pix = QPixmapCache.find(key)
        if pix is None:
            area = QRectF(self.X0 + i * cols / s, self.Y0 + j * rows / s, cols / s, rows / s)
            if not labels:  # the grid alone: its zoom band's picture laid as the plane's tiles lie
                pix, q = blank(area, s, (cols, rows))
                self._lay_pattern(q, area, s)
                q.end()
                QPixmapCache.insert(key, pix)
                return pix
            base = MapWindow(self.window.cols, self.window.rows)
            m = HEX_HEIGHT
            if sheet_path(base).controlPointRect().adjusted(m, m, -m, -m).contains(area):  # all paper: an opaque
                pix = QPixmap(cols, rows)  # picture (a copy, not a blend, where it is laid)
                pix.fill(SHEET_FILL)
                q = QPainter(pix)
                q.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
                q.scale(s, s)
                q.translate(-area.topLeft())
            else:
                pix, q = blank(area, s, (cols, rows))
            draw_sheet(q, base, area, s)
            q.end()
            QPixmapCache.insert(key, pix)
            self.tiles_built += 1
        return pix

    def _lay_pattern(self, q: QPainter, area: QRectF, s: float) -> None:
        """The grid over ``area`` from the picture of one 12 x 12 tile's grid at the zoom band
        of ``s``, scaled onto each tile of the plane that reaches in: a tile of the screen is
        made by a few scaled blits, not by drawing its lines (a zoom to a new zoom stays cheap),
        and looks as the band's picture always did."""
        scale = next(b for b in reversed(BANDS) if s >= b[0])[1]
        q.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)  # shown at 80-100%: a plain blit
        left, top = self._rect.left(), self._rect.top()
        for i in range(math.floor((area.left() - HEX - left) / self._tile_w),
                       math.floor((area.right() + HEX - left) / self._tile_w) + 1):
            for j in range(math.floor((area.top() - HEX - top) / self._tile_h),
                           math.floor((area.bottom() + HEX - top) / self._tile_h) + 1):
                tile = QRectF(left + i * self._tile_w, top + j * self._tile_h, self._tile_w, self._tile_h)
                pix = pattern(tile, scale)
                q.drawPixmap(tile.adjusted(-HEX, -HEX, HEX, HEX), pix, QRectF(pix.rect()))


