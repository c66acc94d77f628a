"""The battle's scene: the hex plane and map sheet, unit counters (stacked, fanned out on
hover), the legal region, the legal placement zone, the minimum-range ring, the Direction of
Retreat and of Disengagement, the hover verdict and the ghost of a dragged counter.

Everything shown comes from the engine through the window; the scene decides nothing.
"""
from __future__ import annotations

import math
from dataclasses import replace
from functools import lru_cache
from html import escape

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPixmapCache
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsScene, QGraphicsTextItem

from app.systems.v13.arrows import ArrowItem, paint_arrow  # noqa: F401 (the legend draws them)
from app.systems.v13.counters import MIN_PX, CounterItem, CounterSpec, GhostItem, counter_px, distinct_texts
from app.systems.v13.fan import lay_stack, pile_items, piles
from app.systems.v13.grid import OFF_SHEET, REGION_PEN, PlaneGrid
from app.systems.v13.hexes import HEX, LAYOUT, POLY, area_path, centre_of, segments_path
from app.systems.v13.layers import device_rect, quick, visible
from app.systems.v13.paper_outline import PaperOutline
from app.systems.v13.turning import TurnPictures
from app.systems.v13.verdict import keep_in_view
from hexmap import Facing, Hex, MapWindow
from hexmap.region import LegalRegion


def _cosmetic(color: QColor, width: float, style=Qt.PenStyle.SolidLine) -> QPen:
    pen = QPen(color, width, style)
    pen.setCosmetic(True)  # the same width on the screen at every zoom
    return pen


ZONE_PEN = _cosmetic(QColor(20, 190, 80, 235), 3.0)
RING_PEN = _cosmetic(QColor(220, 40, 40, 230), 2.5, Qt.PenStyle.DashLine)
DOR_COLOR, DOD_COLOR = QColor("#2a6fd6"), QColor("#d63a2a")


@lru_cache(maxsize=4)
def _region_paths(cols: int, rows: int) -> tuple[QPainterPath, QPainterPath]:
    """The legal region around the origin (area to fill, edges to stroke); pixels are linear in
    (q, r), so the region around any centre is this one translated."""
    hexes = LegalRegion(cols, rows).hexes(Hex(0, 0))
    q, r = [h.q for h in hexes], [h.r for h in hexes]
    return area_path(q, r), segments_path(q, r)


def _lay_fan(items: list[CounterItem], px: int, home: QPointF, lod: float, room: QRectF, avoid: QRectF) -> None:
    """Lay ``items`` out side by side around ``home`` (the fanned hex's centre; ``lod``, the view's
    scale), the last (top) counter kept where it lay: under the pointer that fanned the stack; a
    neighbour's counters (drawn over this hex at this zoom) placed from their own hex centre. The
    top counter takes the place in the rows that keeps the fan within ``room`` (the view, around it)
    and off ``avoid`` (the readout's box), when one does."""
    n = len(items)
    cols, step = math.ceil(math.sqrt(n)), px * 1.3

    def misfits(t: int) -> int:  # the counters cut off or covered with the top one in place t
        boxes = [QRectF((k % cols - t % cols) * step - px / 2, (k // cols - t // cols) * step - px / 2, px, px)
                 for k in range(n) if k != t]
        return sum(not room.contains(r) or r.intersects(avoid) for r in boxes)

    top, least = n - 1, n
    for t in range(n - 1, -1, -1) if room.isValid() else ():  # the first place with the fewest: none, mostly
        if (m := misfits(t)) < least:
            top, least = t, m
        if m == 0:
            break
    row, col = divmod(top, cols)
    slots = [k for k in range(n) if k != top] + [top]
    for k, item in zip(slots, items):
        x, y = LAYOUT.to_pixel(item.spec.hex)
        item.set_look(px, QPointF((k % cols - col) * step + (home.x() - x) * lod,
                                  (k // cols - row) * step + (home.y() - y) * lod), 0)
        item.setZValue(14 + k * 0.01)


class BattleScene(QGraphicsScene):
    """The plane with its counters and the set-up overlays. ``content_changed`` says that
    what a hex holds or reads may have changed (units moved, the sheet floated).

    Everything under the counters (the plane, the sheet, the grid and labels, the region, the
    zone and the ring) is the scene's background, which a :class:`app.widgets.zoom_view.ZoomableView`
    keeps as one picture of its screen (:attr:`CACHE_BACKGROUND`): a redraw blits it and
    the counters' pictures, and only zooming, scrolling in new parts of the plane or a change
    of those overlays paints it again."""

    content_changed = Signal()
    CACHE_BACKGROUND = True

    def __init__(self, window: MapWindow, parent=None) -> None:
        super().__init__(parent)
        # the label tiles (0.7 MB each at 1:1, 2.9 MB at 2:1; 15 fill a 1200 x 800 view) and the
        # counters are cached pictures: room for a few screenfuls of them
        QPixmapCache.setCacheLimit(max(QPixmapCache.cacheLimit(), 96 * 1024))
        self.window = window
        corners = [LAYOUT.to_pixel(window.hex_at(f"({c},{r})")) for c in (2 - 2 * window.cols, 3 * window.cols)
                   for r in (2 - 2 * window.rows, 3 * window.rows)]
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        rect = QRectF(min(xs) - HEX, min(ys) - HEX, max(xs) - min(xs) + 2 * HEX, max(ys) - min(ys) + 2 * HEX)
        self.setSceneRect(rect)
        self.setBackgroundBrush(OFF_SHEET)
        self.grid = PlaneGrid(window, rect)
        self.grid.moved = self.content_changed.emit
        self.grid.changed = self._background_changed
        # outlines over the plane, in this order (the ring above the zone, which often runs along it)
        self.region_path, self.centre_path = QPainterPath(), QPainterPath()
        self.zone_path, self.ring_path = QPainterPath(), QPainterPath()
        # see-through pens: stroked with the opaque colour they give on the paper (app.systems.v13.paper_outline)
        self.zone_picture, self.ring_picture = PaperOutline(ZONE_PEN), PaperOutline(RING_PEN)
        self.screens = TurnPictures(self.views)  # the background per zoom (a zoom back), the last scaled (the wheel turning)
        self.hover = self._path_item(QPen(), 20)
        self.hover_text = QGraphicsTextItem()
        self.hover_text.setZValue(21)
        self.hover_text.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.addItem(self.hover_text)
        self.ghost = GhostItem()
        self.addItem(self.ghost)
        self.counters: dict[str, CounterItem] = {}
        self.stacks: dict[Hex, list[CounterItem]] = {}
        self.stacks_qr: dict[tuple[int, int], list[CounterItem]] = {}  # the same, by (q, r)
        self.expanded: Hex | None = None
        self.fan_group: tuple[Hex, ...] = ()  # the neighbours fanned out with it (their counters overlap)
        self._rank: dict[str, float] = {}
        self.piles: dict[Hex, tuple[Hex, ...]] = {}  # hexes whose counters overlap at this zoom: one pile each
        self.piles_lod: float | None = 0.0  # the zoom every pile is laid at (None: some at another, a zoom under way)
        self.fan_room = (QRectF(), QRectF())  # the view and the readout's box around the fanned hex
        self.view_lod = 1.0  # the view's scale: a fan reaching over several hexes is laid out at it
        self.counter_px = MIN_PX
        self.extras: list[QGraphicsItem] = []
        self._centre: Hex | None = None
        self.quick = False  # a zoom under way (set_quick)
        self._lod: float | None = None  # the zoom the counters wait for while it is

    def set_quick(self, on: bool) -> None:
        """A zoom under way (the wheel turning) or over (:func:`quick`); the counters keep their
        size until it is over (their pictures at a new size take a third of a ms each)."""
        if on != self.quick:
            self.quick = on
            blurred = quick((self.grid, self.zone_picture, self.ring_picture, self.screens), on)
            if not on:
                self.set_zoom(self._lod if self._lod is not None else 0.0)
                if blurred:
                    self._repaint_background()

    def _background_changed(self) -> None:
        """What the background shows changed: no picture of the screen holds."""
        self.screens.clear()
        self._repaint_background()

    def _repaint_background(self) -> None:
        """Each view paints again what it shows of the background, no more (a view keeps only
        its screen's picture; what scrolls in later is painted then). Invalidating the whole
        plane instead would ask for all of it at once."""
        for view in self.views():
            shown = view.mapToScene(view.viewport().rect().adjusted(-1, -1, 1, 1)).boundingRect()
            self.invalidate(shown, QGraphicsScene.SceneLayer.BackgroundLayer)

    def drawBackground(self, p: QPainter, rect: QRectF) -> None:  # noqa: N802
        """The slate plane, the grid with the sheet and the region (:class:`PlaneGrid`), then
        the region's outline and centre mark, the placement zone and the minimum-range ring;
        only where the painter's device is (a view may ask for more than it shows). A zoom
        back to a zoom just shown blits the screen's picture kept (:class:`ScreenPictures`)."""
        self.screens.paint(p, rect.intersected(device_rect(p)), self._draw_background)

    def _draw_background(self, p: QPainter, rect: QRectF) -> None:
        p.save()
        # a cached background's painter has none
        p.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.grid.paint(p, rect)
        p.setBrush(Qt.BrushStyle.NoBrush)
        for path, pen in ((self.region_path, REGION_PEN), (self.centre_path, REGION_PEN)):
            if visible(path, rect):
                p.setPen(pen)
                p.drawPath(path)
        for cache in (self.zone_picture, self.ring_picture):  # stroked, or pictures per zoom (paper_outline)
            if visible(cache.path, rect):
                cache.paint(p)
        p.restore()

    def _path_item(self, pen: QPen, z: float) -> QGraphicsPathItem:
        item = QGraphicsPathItem()
        item.setPen(pen)
        item.setZValue(z)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.addItem(item)
        return item

    # -- counters ---------------------------------------------------------------------------------
    def set_units(self, units: list, selected: str | None = None) -> None:
        """Show exactly ``units`` (:class:`CounterSpec`, or the older tuples ``(uid, name, hex,
        facing, colour, tip, base[, mark])``); ``selected`` marks one uid as selected. Counters
        that did not change keep their item (and its cached picture)."""
        specs = [u if isinstance(u, CounterSpec) else CounterSpec(*u) for u in units]
        if selected is not None:
            specs = [s if s.selected == (s.uid == selected) else replace(s, selected=s.uid == selected) for s in specs]
        specs = distinct_texts(specs)
        old, self.counters = self.counters, {}
        for spec in specs:
            item = old.pop(spec.uid, None)
            if item is None:
                item = CounterItem(spec, self.counter_px)
                self.addItem(item)
            else:
                item.set_spec(spec)
            item.setPos(centre_of(spec.hex))
            self.counters[spec.uid] = item
        for item in old.values():
            self.removeItem(item)
        self._restack()
        self.content_changed.emit()

    def select(self, uid: str | None) -> None:
        """Mark ``uid`` selected (and no other counter) without touching the rest: a click."""
        touched = set()
        for item in self.counters.values():
            if item.spec.selected != (item.spec.uid == uid):
                item.set_spec(replace(item.spec, selected=item.spec.uid == uid))
                touched.add(item.spec.hex)
        for h in touched:
            self.stacks.get(h, []).sort(key=lambda i: i.spec.selected)
        self._lay_out(touched)

    def _restack(self) -> None:
        stacks: dict[Hex, list[CounterItem]] = {}
        for item in self.counters.values():
            stacks.setdefault(item.spec.hex, []).append(item)
        for items in stacks.values():
            items.sort(key=lambda i: i.spec.selected)  # the selected unit on top of its stack
            names = ", ".join(i.spec.name for i in items)
            for i in items:
                i.setToolTip(i.spec.tip + (f"\n\n{len(items)} units here: {names}" if len(items) > 1 else ""))
        self.stacks = stacks
        self.stacks_qr = {(h.q, h.r): items for h, items in stacks.items()}
        self._rank = {uid: i * 1e-6 for i, uid in enumerate(self.counters)}  # no two alike: drawn = picked
        self.piles, self.piles_lod = piles(self, self.view_lod), self.view_lod
        if self.expanded not in stacks:
            self.expanded = None
        self.fan_group = tuple(g for g in self.fan_group if g in stacks) if self.expanded is not None else ()
        self._lay_out(stacks)

    def _lay_out(self, hexes) -> None:
        """Place the counters of ``hexes``: each a stack, each one peeking out from under the next
        with the count on top; those fanned out, side by side around the hex hovered, laid out
        once for all the fan's hexes (issue 21: once per hex of a fan of seven, a hover took 2 ms)."""
        fan = (self.expanded, *self.fan_group) if self.expanded is not None else ()
        items = self.fanned() if any(h in fan for h in hexes) else []
        done: set[Hex] = set()
        for h in hexes:
            if (len(items) < 2 or h not in fan) and h not in done:
                pile = [g for g in self.piles.get(h, (h,)) if len(items) < 2 or g not in fan]
                done.update(pile)
                if len(pile) > 1 and self.view_lod != self.piles_lod:  # laid at this zoom, the others at theirs
                    self.piles_lod = None
                lay_stack(pile_items(self, pile), self.counter_px, self._rank, self.view_lod)
        if len(items) > 1 and self.expanded is not None:
            _lay_fan(items, self.counter_px, centre_of(self.expanded), self.view_lod, *self.fan_room)

    def set_zoom(self, lod: float) -> None:
        """The view's scale: counters grow with the hexes, down to a readable minimum. Once the zoom rests,
        the piles are found again and laid at it; the counters of hexes in no pile before or after keep
        their place, unless their size changed (issue 21: every stack laid again at every zoom)."""
        self._lod = lod if self.quick else None
        if lod and lod != self.view_lod:
            self.view_lod = lod
            self._lay_out(self.fan_group)  # their place is taken at the new scale
        if self.quick or not lod:
            return
        px, old = counter_px(lod), self.piles
        if px != self.counter_px or lod != self.piles_lod:
            resized, self.counter_px = px != self.counter_px, px
            self.piles = piles(self, lod)  # a pile's counters lie at a distance that zooms
            self._lay_out(self.stacks if resized else dict.fromkeys((*old, *self.piles)))
            self.piles_lod = lod

    def expand(self, h: Hex | None, group: tuple[Hex, ...] = (), room: tuple[QRectF, QRectF] | None = None) -> None:
        """Fan out the stack in ``h`` with ``group``'s, neighbours overlapping it at this zoom (``None``:
        fold it back), within ``room`` and off its box (screen pixels around ``h``'s centre) when it can."""
        group = tuple(g for g in group if g != h and g in self.stacks) if h is not None else ()
        if h == self.expanded and group == self.fan_group:
            return
        old = (self.expanded, *self.fan_group)
        self.expanded, self.fan_group = h, group
        self.fan_room = room if room is not None else (QRectF(), QRectF())
        self._lay_out([x for x in dict.fromkeys((*old, h, *group)) if x is not None])

    def fanned(self) -> list[CounterItem]:
        """The counters fanned out now (none when no stack is)."""
        on = (*self.fan_group, self.expanded) if self.expanded is not None else ()
        return [i for g in on for i in self.stacks.get(g, [])]

    def counters_at(self, h: Hex) -> list[CounterItem]:
        return self.stacks.get(h, [])

    def show_ghost(self, uid: str | None, h: Hex | None = None) -> None:
        """A see-through copy of ``uid``'s counter on ``h`` (``None``: hide it)."""
        item = self.counters.get(uid) if uid is not None else None
        if item is None or h is None:
            self.ghost.set_ghost(None, self.counter_px)
            return
        self.ghost.set_ghost(replace(item.spec, hex=h, selected=False), self.counter_px)
        self.ghost.setPos(centre_of(h))

    # -- overlays ---------------------------------------------------------------------------------
    def set_directions(self, arrows: list[tuple[Facing, str, QColor]]) -> None:
        """The DoR / DoD arrows, each just off the sheet's edge on its side."""
        same = [(x.facing, x.text, x.color) for x in self.extras] == list(arrows)  # kept: only moved (a float)
        if not same:
            for item in self.extras:
                self.removeItem(item)
            self.extras = []
        w = self.grid.window
        for i, (facing, text, color) in enumerate(arrows):
            edge = w.centre
            while w.contains(edge):
                edge = edge + facing.vector
            at = centre_of(edge + facing.vector * 5) + QPointF(0, 26 * i)
            if same:  # its picture (DeviceCoordinateCache) kept, not painted again
                self.extras[i].setPos(at)
            else:
                self.extras.append(ArrowItem(facing, text, color, at))
                self.addItem(self.extras[-1])

    def show_region(self, centre: Hex | None) -> None:
        """The original centre hex and the legal region around it (V13.811-V13.812): tinted on
        the plane, outlined dash-dot, the centre ringed."""
        if centre == self._centre:
            return
        self._centre = centre
        area, path, mark = QPainterPath(), QPainterPath(), QPainterPath()
        if centre is not None:
            area, path = _region_paths(self.window.cols, self.window.rows)  # around the origin, then moved
            shift = centre_of(centre) - centre_of(Hex(0, 0))
            area, path = area.translated(shift), path.translated(shift)
            mark.addEllipse(centre_of(centre) + QPointF(0, HEX * 0.15), HEX * 0.4, HEX * 0.4)  # below the label
        self.region_path = path
        self.centre_path = mark  # apart: one curve in a path slows the stroking of all of it
        self.grid.set_region(area)

    def show_zone(self, q, r) -> None:
        """The outline of the legal placement zone, the hexes (q, r) (empty: none)."""
        path = segments_path(q, r) if len(q) else QPainterPath()
        if path != self.zone_path:
            self.zone_path = path
            self.zone_picture.set_path(path)
            self._background_changed()

    def show_ring(self, q, r) -> None:
        """The minimum-range ring: the outline of the hexes (q, r) a unit must keep out of."""
        path = segments_path(q, r) if len(q) else QPainterPath()
        if path != self.ring_path:
            self.ring_path = path
            self.ring_picture.set_path(path)
            self._background_changed()

    def show_hover(self, h: Hex | None, ok: bool = True, text: str = "") -> None:
        """The hex under a dragged unit, green (legal) or red, with the engine's words."""
        if h is None:
            self.hover.setPath(QPainterPath())
            self.hover_text.setHtml("")
            return
        path = QPainterPath()
        path.addPolygon(POLY.translated(centre_of(h)))
        color = QColor(30, 200, 90) if ok else QColor(220, 40, 40)
        self.hover.setPen(_cosmetic(color, 3))
        fill = QColor(color)
        fill.setAlpha(90)
        self.hover.setBrush(QBrush(fill))
        self.hover.setPath(path)
        color = "#0a3d1a" if ok else "#8a0c0c"
        self.hover_text.setHtml(f"<div style='background:#fffdf2; color:{color}; font-weight:bold; "
                                f"font-size:13px'>&nbsp;{escape(text)}&nbsp;</div>")
        keep_in_view(self.hover_text, centre_of(h), HEX, self.views())  # right of the hex, or left, or wrapped

    def focus_rect(self, zones: bool = True) -> QRectF:
        """What a fitted view shows (:func:`focus_rect`)."""
        return focus_rect(self, zones)


def focus_rect(scene: BattleScene, zones: bool = True) -> QRectF:
    """What a fitted view shows: the map sheet, every counter and arrow, and (``zones``) the zone
    and ring when they are not spread over the whole plane."""
    rect = scene.grid.sheet_rect()
    sheet_width = rect.width()
    for item in scene.counters.values():
        rect = rect.united(QRectF(item.pos(), item.pos()).adjusted(-2 * HEX, -2 * HEX, 2 * HEX, 2 * HEX))
    for item in scene.extras:  # arrows keep their size on the screen: room for them
        rect = rect.united(QRectF(item.pos(), item.pos()).adjusted(-5 * HEX, -5 * HEX, 5 * HEX, 5 * HEX))
    for path in ((scene.ring_path, scene.zone_path) if zones else ()) + (scene.hover.path(),):
        box = path.boundingRect()
        if not box.isEmpty() and box.width() < sheet_width * 3:
            rect = rect.united(box)
    return rect.adjusted(-2 * HEX, -2 * HEX, 2 * HEX, 2 * HEX)
