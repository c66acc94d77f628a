"""The strategic map's scene: one item per sector with its name, the fleet counters (several
in a sector side by side, one in transit between its two sectors), their order arrows and the
lanes overlay, rebuilt from the campaign after a change while keeping the selection; and its
transient drawings, the supply route of a hovered fleet and the preview of a dragged one.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPixmapCache, QTransform
from PySide6.QtWidgets import (QGraphicsItem, QGraphicsPathItem, QGraphicsScene, QGraphicsSimpleTextItem,
                               QStyleOptionGraphicsItem)

from app.strategic.describe import orders_seen, shown_units
from app.strategic.overlays import PREVIEW_BAD, PREVIEW_OK, ROUTE_PEN, LanesItem, Overlays, polyline, sector_marks
from app.strategic.fan import StackFan
from app.strategic.items import CACHE, SECTOR_SIZE, FleetCounterItem, SectorItem, orders_path, sector_center
from hexmap import Label
from rules.model import Campaign, Fleet, Sector
from rules.strategic import StrategicState
from rules.strategic.table_view import table_state


_HINTS = QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing
"""The map view's render hints (ZoomableView), which the sectors were drawn with as items."""
_BACKGROUND = QGraphicsScene.SceneLayer.BackgroundLayer


class StrategicScene(QGraphicsScene):
    """All sectors, fleets and planned moves of one campaign, with the overlays.

    With no hatched sector, the sectors are the map layer (issue 21): not drawn by Qt item by item, but by
    :meth:`drawBackground`, all of them in their order, as each item painted itself; the view keeps that as one
    picture of the screen (``CACHE_BACKGROUND``: a redraw, a wheel notch's screen taken, a drag's step copy it, and
    draw only what comes in), drawn again where a sector's look changes (:meth:`redraw_sector`), whole at a new
    zoom. With one (:meth:`_layer`), each sector is an item, as before."""

    CACHE_BACKGROUND = True
    plain = False
    """The old way (the look test's reference): each sector an item Qt paints (:meth:`set_plain`)."""
    layered = False
    """Whether the sectors are drawn as the map layer: not when any is hatched (:meth:`_layer`)."""

    def __init__(self, campaign: Campaign, parent=None, state: StrategicState | None = None,
                 overlays: Overlays | None = None, gm: bool = False) -> None:
        super().__init__(parent)
        self.gm = gm  # the GM view: every unit; otherwise the table's view (describe.shown_units)
        # the items' pictures (items.CACHE) live in Qt's pixmap cache: room for a screen of them at any zoom
        QPixmapCache.setCacheLimit(max(QPixmapCache.cacheLimit(), 64 * 1024))
        self.setBackgroundBrush(QColor("#1d2230"))
        self.overlays = overlays or Overlays()
        self.sector_items: dict[str, SectorItem] = {}
        self.fleet_items: list[FleetCounterItem] = []
        self._extras: list[QGraphicsItem] = []  # lanes, order arrows, labels: removed on a rebuild
        self.lanes_item: LanesItem | None = None
        self._selected: set[SectorItem] = set()
        self.selectionChanged.connect(self._selection_changed)
        self.campaign = campaign
        self.state = state or StrategicState.compute(campaign)
        self.rebuild(campaign, self.state)
        rect = self.itemsBoundingRect()
        self.setSceneRect(rect.adjusted(-60, -60, 60, 60))
        self._route = QGraphicsPathItem()
        self._route.setPen(ROUTE_PEN)
        self._route.setZValue(8)
        self._route.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._route.setVisible(False)
        self.addItem(self._route)
        self._preview = QGraphicsPathItem()
        self._preview.setZValue(20)
        self._preview.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.addItem(self._preview)
        self._preview_text = QGraphicsSimpleTextItem()
        self._preview_text.setZValue(21)
        self._preview_text.setBrush(QColor("#ffffff"))
        font = QFont()
        font.setPixelSize(13)
        font.setBold(True)
        self._preview_text.setFont(font)
        self._preview_box = QGraphicsPathItem()
        self._preview_box.setZValue(20.5)
        self._preview_box.setBrush(QColor(20, 20, 20, 215))
        self._preview_box.setPen(Qt.PenStyle.NoPen)
        self.addItem(self._preview_box)
        self.addItem(self._preview_text)
        self.clear_preview()

    def rebuild(self, campaign: Campaign, state: StrategicState) -> None:
        """Show ``campaign`` (after a change): sectors, overlays, fleets and orders."""
        selected = {i.label for i in self.selectedItems() if isinstance(i, SectorItem)}
        chosen = {i.fleet.id for i in self.selectedItems() if isinstance(i, FleetCounterItem)}
        for item in list(self.sector_items.values()) + self.fleet_items + self._extras:
            self.removeItem(item)
        self.campaign, self.state = campaign, state
        self._extras = []
        marks = sector_marks(state if self.gm else table_state(state))  # the table's: no trace of hidden units
        self.sector_items = {}
        for s in campaign.map.sectors:
            item = SectorItem(campaign, s, marks[s.at], self.overlays, self.gm)
            self.addItem(item)
            self.sector_items[item.label] = item
            item.setSelected(item.label in selected)
            if s.name:
                self._add_name(item, s.name)
        self.lanes_item = LanesItem(state, sector_center)
        self.lanes_item.setVisible(self.overlays.lanes)
        self.addItem(self.lanes_item)
        self._extras.append(self.lanes_item)
        self.fleet_items = []
        by_sector: dict[str, int] = {}
        for f in campaign.fleets:
            note = f" - between sectors, arriving at {f.in_transit_to}" if f.in_transit_to else ""
            counter = FleetCounterItem(campaign, f, state.fleet_in_supply(f), note, self.gm)
            hidden = bool(f.units) and not shown_units(f.units, self.gm)
            n = by_sector.get(str(f.sector), 0)
            by_sector[str(f.sector)] = n + (not hidden)  # a hidden counter leaves no gap
            centre = sector_center(f.sector)
            if f.in_transit_to is not None:
                centre = (centre + sector_center(f.in_transit_to)) / 2
            off = FleetCounterItem.SIZE * 0.45
            counter.setPos(centre + QPointF(-off * 0.6 + n * off, off * 0.15 + n * off * 0.4))
            self.addItem(counter)
            self.fleet_items.append(counter)
            if hidden:
                counter.setVisible(False)  # every unit is kept from the table (cloaked): nothing betrays it
                continue
            counter.setSelected(f.id in chosen)
            if f.orders and self.orders_shown(f):
                arrow = QGraphicsPathItem(orders_path(f, counter.pos()))
                arrow.setPen(QPen(counter.team_color, 2.5, Qt.PenStyle.DashLine, Qt.PenCapStyle.RoundCap))
                arrow.setZValue(5)
                arrow.setToolTip(f"{f.name}: orders {' -> '.join(str(x) for x in f.orders)}")
                self.addItem(arrow)
                self._extras.append(arrow)
        self.fan = StackFan(c for c in self.fleet_items if c.isVisible())  # stacks fan out on hover
        self._bounds = QRectF()  # the sectors' bounds
        for item in self.sector_items.values():
            self._bounds |= item.sceneBoundingRect()
        self._selected = {i for i in self.sector_items.values() if i.isSelected()}
        self._layer()

    # -- the map layer -----------------------------------------------------------------------------
    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:  # noqa: N802 (Qt name)
        """The background colour, then every sector whose bounds meet ``rect``, in the items' order (each
        painted as Qt paints an item: its own painter state, at its place, with the view's render hints)."""
        super().drawBackground(painter, rect)
        if not self.layered:
            return
        sectors = self.sector_items
        whole = len(sectors) <= 400 or rect.contains(self._bounds)
        if whole:
            shown = list(sectors.values())
        else:  # a small part of a large map: the scene's index finds its sectors (ascending: their order)
            shown = [i for i in self.items(rect, Qt.ItemSelectionMode.IntersectsItemBoundingRect,
                                            Qt.SortOrder.AscendingOrder) if isinstance(i, SectorItem)]
        base = painter.worldTransform()
        option = QStyleOptionGraphicsItem()
        painter.save()
        painter.setRenderHints(_HINTS)
        for item in shown:
            pos = item.pos()
            if whole and not rect.intersects(item.boundingRect().translated(pos)):
                continue
            at = QTransform(base)
            at.translate(pos.x(), pos.y())
            painter.save()
            painter.setWorldTransform(at)
            item.paint(painter, option)
            painter.restore()
        painter.restore()

    def _selection_changed(self) -> None:
        """The sectors selected or no longer selected drawn again (the items' own look, :meth:`redraw_sector`)."""
        now = {i for i in self.selectedItems() if isinstance(i, SectorItem)}
        for item in now ^ self._selected:
            if item.scene() is self:
                item.look_changed()
        self._selected = now

    def redraw_sector(self, item: SectorItem) -> None:
        """Draw ``item``'s place in the map layer again (its look changed), with what overlaps it."""
        self._redraw(item.sceneBoundingRect())

    def redraw_map(self) -> None:
        """Draw the whole map layer again (the sectors or the overlays changed)."""
        self._redraw(self.sceneRect())

    def _redraw(self, rect: QRectF) -> None:
        scale = min((v.transform().m11() for v in self.views()), default=1.0)
        pad = 3.0 / max(scale, 1e-3)  # antialiased edges reach past the bounds by a pixel
        self.invalidate(rect.adjusted(-pad, -pad, pad, pad), _BACKGROUND)

    def set_plain(self, plain: bool) -> None:
        """Each sector painted by Qt as an item (``plain``: the old way) or, when none is hatched, in the map
        layer (the default)."""
        self.plain = plain
        self._layer()

    def _layer(self) -> None:
        """The sectors drawn as the map layer, unless one is hatched (the Neutral Zone's, a contested one under
        the Control overlay): a hatch is laid from the corner of the window's picture the view paints into, at
        the zoom's scale, and drawn into a picture of the view's own it lay elsewhere (issue 21: 5,000-35,000
        pixels 47-66 levels off, with the brush's origin moved too). Then each sector is an item, as before."""
        control = self.overlays.control
        hatched = any(i.sector.neutral_zone or (control and i.marks.contested) for i in self.sector_items.values())
        self.layered = not (self.plain or hatched)
        for item in self.sector_items.values():
            item.set_plain(not self.layered)
        self.redraw_map()

    def helpEvent(self, event) -> None:  # noqa: N802 (Qt name)
        """Qt's tooltip for the pointer's place: the sectors there write theirs first (each is
        written when first wanted: :meth:`SectorItem.toolTip`)."""
        for item in self.items(event.scenePos()):
            if isinstance(item, SectorItem):
                item.toolTip()
        super().helpEvent(event)

    seat: str | None = None
    """Who has the screen, for whose plotted orders are drawn: ``None`` the table (nobody took it
    since the file opened: every fleet's, as before any hand-over), a Team id the commander who took
    it at a hand-over (that Team's only), ``"gm"`` the Game Master (none, but in the GM view)."""

    def orders_shown(self, f: Fleet) -> bool:
        """Whether fleet ``f``'s plotted orders are drawn for the viewer (:func:`describe.orders_seen`)."""
        return orders_seen(self.campaign, f, self.gm, self.seat)

    def set_seat(self, seat: str | None) -> None:
        """The commander ``seat`` took the screen: only its Team's orders are drawn from now on."""
        if seat != self.seat:
            self.seat = seat
            self.rebuild(self.campaign, self.state)

    def set_gm(self, on: bool) -> None:
        """Show every unit (the GM view) or the table's view, keeping the selection."""
        if on != self.gm:
            self.gm = on
            self.rebuild(self.campaign, self.state)

    def set_overlays(self, overlays: Overlays) -> None:
        self.overlays = overlays
        for item in self.sector_items.values():
            item.overlays = overlays
            item.update()
        self._layer()
        if self.lanes_item is not None:
            self.lanes_item.setVisible(overlays.lanes)
        if not overlays.supply:
            self.show_route([])

    def _add_name(self, sector: SectorItem, name: str) -> None:
        """The sector's name on a layer above all hexes, so neighbours never paint over it."""
        text = QGraphicsSimpleTextItem(name)
        font = QFont()
        font.setPixelSize(int(SECTOR_SIZE * 0.2))
        text.setFont(font)
        text.setBrush(QColor("#222222"))
        text.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        text.setAcceptHoverEvents(False)
        text.setZValue(2)
        text.setCacheMode(CACHE)
        box = text.boundingRect()
        text.setPos(sector.pos() + QPointF(-box.width() / 2, SECTOR_SIZE * 0.5))
        self.addItem(text)
        self._extras.append(text)

    def selected_sector(self) -> Sector | None:
        for item in self.selectedItems():
            if isinstance(item, SectorItem):
                return item.sector
        return None

    def selected_fleet(self) -> Fleet | None:
        for item in self.selectedItems():
            if isinstance(item, FleetCounterItem):
                return item.fleet
        return None

    def counter(self, fleet_id: str) -> FleetCounterItem | None:
        return next((c for c in self.fleet_items if c.fleet.id == fleet_id), None)

    # -- transient drawings -------------------------------------------------------------------
    def show_route(self, labels: list[Label]) -> None:
        """Draw a supply route (a list of sectors), or clear it with ``[]``."""
        self._route.setPath(polyline([sector_center(x) for x in labels]))
        self._route.setVisible(len(labels) > 1)

    def show_preview(self, labels: list[Label], ok: bool, text: str) -> None:
        """Draw the path a dragged fleet would take and what it means."""
        self._preview.setPen(PREVIEW_OK if ok else PREVIEW_BAD)
        self._preview.setPath(polyline([sector_center(x) for x in labels]))
        self._preview_text.setText(text)
        self._preview_text.setBrush(QColor("#a8ffb8") if ok else QColor("#ffb0b0"))
        anchor = sector_center(labels[-1]) if labels else QPointF()
        height = self._preview_text.boundingRect().height()
        self._preview_text.setPos(anchor + QPointF(SECTOR_SIZE * 0.6, -SECTOR_SIZE * 0.7 - height))
        box = QPainterPath()
        box.addRoundedRect(self._preview_text.sceneBoundingRect().adjusted(-5, -3, 5, 3), 4, 4)
        self._preview_box.setPath(box)
        for item in (self._preview, self._preview_text, self._preview_box):
            item.setVisible(bool(labels))

    def clear_preview(self) -> None:
        self.show_preview([], True, "")
