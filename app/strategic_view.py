"""The strategic map: one item per sector, fleet counters, planned moves; zoom and pan."""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QMenu,
)

from app.describe import sector_tooltip
from app.overlays import (
    BATTLE_PEN,
    CONTESTED_BRUSH,
    NEUTRAL_FILL,
    PREVIEW_BAD,
    PREVIEW_OK,
    ROUTE_PEN,
    LanesItem,
    OverlayLegend,
    Overlays,
    SectorMarks,
    control_fill,
    polyline,
    sector_marks,
)
from app.symbols import brush_hatched, lighter, paint_base, paint_star, paint_terrain
from app.zoom_view import ZoomableView
from hexmap import Hex, Label, grid_hex
from hexmap.layout import Layout
from rules.model import Campaign, Fleet, Sector
from rules.strategic import StrategicState
from rules.strategic.turn import open_battle_hexes

SECTOR_SIZE = 40.0
_BASE_TAGS = {"starbase": "SB", "battle_station": "BATS", "base_station": "BS", "mobile_base": "MB",
              "ground_base": "GB", "planet_defense": "PDU", "defsat": "DS", "outpost": "OP", "frd": "FRD"}


_LAYOUT = Layout(SECTOR_SIZE)
_POLY = QPolygonF([QPointF(x, y) for x, y in _LAYOUT.corners(Hex(0, 0))])
_RECT = _POLY.boundingRect().adjusted(-2, -2, 2, 2)
_UNOWNED = NEUTRAL_FILL
_EDGE = QPen(QColor("#5b5b5b"), 1.0)
_HATCH = brush_hatched(QColor(120, 120, 120, 150))
_LABEL_FONT = QFont()
_LABEL_FONT.setPixelSize(int(SECTOR_SIZE * 0.24))
_LABEL_COLOR = QColor("#333333")
_LABEL_RECT = QRectF(-SECTOR_SIZE, -SECTOR_SIZE * 0.86, 2 * SECTOR_SIZE, SECTOR_SIZE * 0.3)
_SELECTED = QPen(QColor("#ffffff"), 3.0)
_BATTLE_POLY = QPolygonF([QPointF(x * 0.9, y * 0.9) for x, y in _LAYOUT.corners(Hex(0, 0))])
_RINGS = [QPolygonF([QPointF(x * f, y * f) for x, y in _LAYOUT.corners(Hex(0, 0))]) for f in (0.8, 0.68, 0.56)]
_OOS_PEN = QPen(QColor("#ffffff"), 1.0)
_OOS_BRUSH = QColor("#d01818")
_HOVERED = QPen(QColor("#202020"), 3.0)


def sector_center(label: Label) -> QPointF:
    """Scene position of the centre of the sector named ``label``."""
    x, y = _LAYOUT.to_pixel(grid_hex(label))
    return QPointF(x, y)


class SectorItem(QGraphicsItem):
    """A strategic hex: owner colour, neutral-zone hatching, terrain, star system, bases."""

    def __init__(self, campaign: Campaign, sector: Sector, marks: SectorMarks | None = None,
                 overlays: Overlays | None = None) -> None:
        super().__init__()
        self.sector = sector
        self.marks = marks or SectorMarks()
        self.overlays = overlays or Overlays()
        self.label = str(sector.at)
        self.setPos(sector_center(sector.at))
        self.setFlag(QGraphicsItem.ItemIsSelectable, True)
        self.setAcceptHoverEvents(True)
        tip = sector_tooltip(campaign, sector)
        if self.marks.status_text:
            tip += f"\nStatus: {self.marks.status_text}"
        if self.marks.battle:
            tip += "\nOpen Battle Hex (V13.11)"
        self.setToolTip(tip)
        self.setZValue(0)
        owner = campaign.power(sector.owner) if sector.owner else None
        self._fill = lighter(owner.color, 255, 0.62) if owner else _UNOWNED
        self._bases = [(_BASE_TAGS.get(u.kind.value, u.kind.value[:3].upper()),
                        QColor(owner.color) if owner else QColor("#777777")) for u in sector.garrison
                       if not u.is_incidental]
        self._incidental = sum(1 for u in sector.garrison if u.is_incidental)
        self._hover = False

    def boundingRect(self) -> QRectF:
        return _RECT

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addPolygon(_POLY)
        return path

    def hoverEnterEvent(self, event) -> None:  # noqa: N802 (Qt name)
        self._hover = True
        self.update()

    def hoverLeaveEvent(self, event) -> None:  # noqa: N802
        self._hover = False
        self.update()

    def paint(self, p: QPainter, option, widget=None) -> None:
        s = self.sector
        p.setPen(_EDGE)
        p.setBrush(_UNOWNED if self.overlays.control else self._fill)  # control replaces the owner colours
        p.drawPolygon(_POLY)
        if s.neutral_zone:
            p.setPen(Qt.NoPen)
            p.setBrush(_HATCH)
            p.drawPolygon(_POLY)
        self._paint_overlays(p)
        r = SECTOR_SIZE
        paint_terrain(p, s.terrain, QPointF(0, r * 0.05), r * 0.55)
        if s.star_system:
            paint_star(p, QPointF(-r * 0.45, -r * 0.28), r * 0.2)
        for i, (tag, color) in enumerate(self._bases):
            paint_base(p, QPointF(r * 0.45, -r * 0.3 + i * r * 0.3), r * 0.22, tag, color)
        if self._incidental:
            paint_base(p, QPointF(r * 0.45, -r * 0.3 + len(self._bases) * r * 0.3), r * 0.18,
                       f"+{self._incidental}", QColor("#dddddd"))
        p.setFont(_LABEL_FONT)
        p.setPen(_LABEL_COLOR)
        p.drawText(_LABEL_RECT, Qt.AlignHCenter | Qt.AlignTop, self.label)
        if self.marks.battle:
            p.setBrush(Qt.NoBrush)
            p.setPen(BATTLE_PEN)
            p.drawPolygon(_BATTLE_POLY)
        if self.isSelected() or self._hover:
            p.setBrush(Qt.NoBrush)
            p.setPen(_SELECTED if self.isSelected() else _HOVERED)
            p.drawPolygon(_POLY)

    def _paint_overlays(self, p: QPainter) -> None:
        m, o = self.marks, self.overlays
        if o.control:
            if m.control is not None:
                p.setPen(Qt.NoPen)
                p.setBrush(control_fill(m.control))
                p.drawPolygon(_POLY)
            elif m.contested:
                p.setPen(Qt.NoPen)
                p.setBrush(CONTESTED_BRUSH)
                p.drawPolygon(_POLY)
        if o.supply:
            p.setBrush(Qt.NoBrush)
            for i, col in enumerate(m.supply[:3]):
                ring = QColor(col)
                ring.setAlpha(200)
                p.setPen(QPen(ring, 4.0))
                p.drawPolygon(_RINGS[i])


class FleetCounterItem(QGraphicsItem):
    """A fleet counter in its team's colour, a band in its power's colour, and a badge
    counting its units."""

    SIZE = SECTOR_SIZE * 0.5

    def __init__(self, campaign: Campaign, fleet: Fleet, in_supply: bool = True, note: str = "") -> None:
        super().__init__()
        self.fleet = fleet
        self.in_supply = in_supply
        self.setFlag(QGraphicsItem.ItemIsSelectable, True)
        self.setCursor(Qt.OpenHandCursor)
        team = campaign.team_of_power(fleet.power)
        power = campaign.power(fleet.power)
        self.team_color = QColor(team.color if team else "#888888")
        self._band = QColor(power.color if power else "#888888")
        self._text = "".join(w[0] for w in fleet.name.replace("(", " ").split()[:3]).upper()
        self._count = len(fleet.units)
        units = "\n".join(f"  {u.name}" for u in fleet.units)
        supply = "In Supply" if in_supply else "OUT OF SUPPLY"
        self.setToolTip(f"{fleet.name}\n{power.name if power else fleet.power}"
                        f" ({team.name if team else 'no team'}) - {supply}{note}\n{units}\n"
                        "Drag along the lanes to give orders.")
        self.setZValue(10)

    def boundingRect(self) -> QRectF:
        s = self.SIZE
        return QRectF(-s / 2 - 2, -s / 2 - s * 0.35, s + s * 0.35 + 4, s + s * 0.35 + 4)

    def paint(self, p: QPainter, option, widget=None) -> None:
        s = self.SIZE
        rect = QRectF(-s / 2, -s / 2, s, s)
        p.setPen(QPen(QColor("#101010"), 1.2))
        p.setBrush(self.team_color)
        p.drawRoundedRect(rect, 2, 2)
        p.setPen(Qt.NoPen)
        p.setBrush(self._band)
        p.drawRect(QRectF(rect.left() + 0.6, rect.top() + 0.6, s - 1.2, s * 0.22))
        font = QFont(p.font())
        font.setPixelSize(int(s * 0.34))
        font.setBold(True)
        p.setFont(font)
        p.setPen(QColor("white") if self.team_color.lightness() < 150 else QColor("black"))
        p.drawText(rect.adjusted(0, s * 0.2, 0, 0), Qt.AlignCenter, self._text)
        badge = QPointF(s / 2, -s / 2)
        p.setPen(QPen(QColor("#101010"), 1))
        p.setBrush(QColor("#fff6c8"))
        p.drawEllipse(badge, s * 0.3, s * 0.3)
        font.setPixelSize(int(s * 0.36))
        p.setFont(font)
        p.setPen(QColor("#101010"))
        p.drawText(QRectF(badge.x() - s * 0.3, badge.y() - s * 0.3, s * 0.6, s * 0.6), Qt.AlignCenter,
                   str(self._count))
        if not self.in_supply:
            box = QRectF(-s / 2 - 2, s / 2 - s * 0.28, s * 0.8, s * 0.36)
            p.setPen(_OOS_PEN)
            p.setBrush(_OOS_BRUSH)
            p.drawRect(box)
            font.setPixelSize(int(s * 0.26))
            p.setFont(font)
            p.drawText(box, Qt.AlignCenter, "OOS")
        if self.isSelected():
            p.setBrush(Qt.NoBrush)
            p.setPen(QPen(QColor("#ffffff"), 2.0, Qt.DashLine))
            p.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), 3, 3)


def _orders_path(fleet: Fleet, start: QPointF) -> QPainterPath:
    path = QPainterPath(start)
    last = start
    prev = start
    for step in fleet.orders:
        prev, last = last, sector_center(step)
        path.lineTo(last)
    # arrow head at the last point
    ang = math.atan2(last.y() - prev.y(), last.x() - prev.x())
    for d in (2.6, -2.6):
        path.moveTo(last)
        path.lineTo(last.x() + 9 * math.cos(ang + d), last.y() + 9 * math.sin(ang + d))
    return path


class StrategicScene(QGraphicsScene):
    """All sectors, fleets and planned moves of one campaign, with the overlays."""

    def __init__(self, campaign: Campaign, parent=None, state: StrategicState | None = None,
                 overlays: Overlays | None = None) -> None:
        super().__init__(parent)
        self.setBackgroundBrush(QColor("#1d2230"))
        self.overlays = overlays or Overlays()
        self.sector_items: dict[str, SectorItem] = {}
        self.fleet_items: list[FleetCounterItem] = []
        self._extras: list[QGraphicsItem] = []  # lanes, order arrows, labels: removed on a rebuild
        self.lanes_item: LanesItem | None = None
        self.rebuild(campaign, state or StrategicState.compute(campaign))
        rect = self.itemsBoundingRect()
        self.setSceneRect(rect.adjusted(-60, -60, 60, 60))
        self._route = QGraphicsPathItem()
        self._route.setPen(ROUTE_PEN)
        self._route.setZValue(8)
        self._route.setAcceptedMouseButtons(Qt.NoButton)
        self._route.setVisible(False)
        self.addItem(self._route)
        self._preview = QGraphicsPathItem()
        self._preview.setZValue(20)
        self._preview.setAcceptedMouseButtons(Qt.NoButton)
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
        self._preview_box.setPen(Qt.NoPen)
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
        marks = sector_marks(state)
        self.sector_items = {}
        for s in campaign.map.sectors:
            item = SectorItem(campaign, s, marks[s.at], self.overlays)
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
            counter = FleetCounterItem(campaign, f, state.fleet_in_supply(f), note)
            n = by_sector.get(str(f.sector), 0)
            by_sector[str(f.sector)] = n + 1
            centre = sector_center(f.sector)
            if f.in_transit_to is not None:
                centre = (centre + sector_center(f.in_transit_to)) / 2
            off = FleetCounterItem.SIZE * 0.45
            counter.setPos(centre + QPointF(-off * 0.6 + n * off, off * 0.15 + n * off * 0.4))
            self.addItem(counter)
            counter.setSelected(f.id in chosen)
            self.fleet_items.append(counter)
            if f.orders:
                arrow = QGraphicsPathItem(_orders_path(f, counter.pos()))
                arrow.setPen(QPen(counter.team_color, 2.5, Qt.DashLine, Qt.RoundCap))
                arrow.setZValue(5)
                arrow.setToolTip(f"{f.name}: orders {' -> '.join(str(x) for x in f.orders)}")
                self.addItem(arrow)
                self._extras.append(arrow)

    def set_overlays(self, overlays: Overlays) -> None:
        self.overlays = overlays
        for item in self.sector_items.values():
            item.overlays = overlays
            item.update()
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
        text.setAcceptedMouseButtons(Qt.NoButton)
        text.setAcceptHoverEvents(False)
        text.setZValue(2)
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


class StrategicView(ZoomableView):
    """Zoom with the wheel (around the cursor), pan by dragging the map, give orders by
    dragging a fleet counter along the lanes (or by "Give orders..." and a click on the
    destination), and right-click menus on fleets and sectors.

    ``planner`` (set by the window) answers ``preview(fleet_id, label) -> (path, ok, text)``
    and ``commit(fleet_id, label)``, holds the open ``campaign``, and carries out the menus'
    ``inspect_fleet(fleet_id)``, ``inspect_sector(label)``, ``clear_orders(fleet_id)`` and
    ``fight(at)``; the view itself decides nothing.
    """

    hovered = Signal(str)
    fleet_hovered = Signal(str)
    message = Signal(str, int)
    """A line for the status bar, and how long it stays (ms)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setDragMode(QGraphicsView.NoDrag)  # panning is ours: sectors accept presses
        self.setMouseTracking(True)
        self.auto_fit = True
        self.planner = None
        self._press: QPointF | None = None
        self._last = QPointF()
        self._panning = False
        self._hovered = ""
        self._drag_fleet: str | None = None
        self._drag_target = ""
        self._hover_fleet = ""
        self._pick_fleet: str | None = None
        self.legend = OverlayLegend(self)
        self.menu: QMenu | None = None

    def setScene(self, scene) -> None:  # noqa: N802
        self.cancel_pick()
        super().setScene(scene)
        self.auto_fit = True
        self.fit()

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        if self.auto_fit:
            self.fit()
        self.place_legend()

    # -- the overlay legend --------------------------------------------------------------------
    def show_legend(self, overlays: Overlays, campaign: Campaign | None) -> None:
        """Explain the overlays that are on in the view's bottom-left corner."""
        self.legend.show_for(overlays, campaign)
        self.place_legend()

    def place_legend(self) -> None:
        area = self.viewport().geometry()
        self.legend.move(area.left() + 10, max(area.top() + 10, area.bottom() - self.legend.height() - 10))
        self.legend.raise_()

    def zoom(self, factor: float) -> None:
        """Zoom as :class:`ZoomableView`; the map stops auto-fitting the window."""
        self.auto_fit = False
        super().zoom(factor)

    def fit(self) -> None:
        """Show the whole map; it then keeps fitting the window until the user zooms."""
        if self.scene():
            self.resetTransform()
            self.fitInView(self.scene().sceneRect(), Qt.KeepAspectRatio)
            self.auto_fit = True

    def centre_on(self, label: str) -> None:
        """Centre the map on a sector; a map shown whole is first zoomed in, so it can move."""
        scene = self.scene()
        if not isinstance(scene, StrategicScene) or label not in scene.sector_items:
            return
        if self.auto_fit:
            self.zoom(2.0)
        self.auto_fit = False
        item = scene.sector_items[label]
        self.centerOn(item)
        # zooming in may bring the scroll bars, which narrow the viewport once laid out: again then
        QTimer.singleShot(0, lambda: self.centerOn(item) if item.scene() is self.scene() else None)

    def _sector_at(self, pos) -> str:
        under = self.items(pos.toPoint())
        sector = next((i for i in under if isinstance(i, SectorItem)), None)
        return sector.label if sector else ""

    # -- right-click menus ------------------------------------------------------------------------
    def contextMenuEvent(self, event) -> None:  # noqa: N802
        scene = self.scene()
        if not isinstance(scene, StrategicScene) or self.planner is None:
            super().contextMenuEvent(event)
            return
        self.cancel_pick()
        under = self.items(event.pos())
        counter = next((i for i in under if isinstance(i, FleetCounterItem)), None)
        sector = next((i for i in under if isinstance(i, SectorItem)), None)
        if counter is None and sector is None:
            event.ignore()
            return
        menu = self.fleet_menu(counter.fleet) if counter is not None else self.sector_menu(sector.label)
        event.accept()
        self.menu = menu
        menu.exec(event.globalPos())
        self.menu = None
        menu.deleteLater()

    def _open_battle_hex(self, at: Label):
        campaign = self.planner.campaign
        if campaign is None:
            return None
        return next((b for b in open_battle_hexes(campaign) if b.at == at), None)

    def fleet_menu(self, fleet: Fleet) -> QMenu:
        """A fleet counter's menu: orders, inspect, fight its Battle Hex, clear orders, centre."""
        menu = QMenu(self)
        menu.setObjectName("fleet_menu")
        menu.setToolTipsVisible(True)
        fid, name = fleet.id, fleet.name
        menu.addSection(name)
        act = menu.addAction("Give orders...", lambda: self.start_pick(fid))
        act.setToolTip("Click the destination sector next (or drag the counter along the lanes)")
        menu.addAction("Inspect", lambda: self.planner.inspect_fleet(fid))
        record = self._open_battle_hex(fleet.sector) if fleet.in_transit_to is None else None
        act = menu.addAction("Fight its Battle Hex" + (f" ({record.at})" if record else ""),
                             lambda: self.planner.fight(at=record.at))
        act.setEnabled(record is not None)
        if record is None:
            act.setToolTip(f"{fleet.sector} is not an open Battle Hex")
        act = menu.addAction("Clear orders", lambda: self.planner.clear_orders(fid))
        act.setEnabled(bool(fleet.orders))
        menu.addSeparator()
        menu.addAction("Centre here", lambda: self.centre_on(str(fleet.sector)))
        return menu

    def sector_menu(self, label: str) -> QMenu:
        """A sector's menu: centre, inspect, fight it if it is an open Battle Hex."""
        menu = QMenu(self)
        menu.setObjectName("sector_menu")
        menu.setToolTipsVisible(True)
        menu.addSection(f"Sector {label}")
        menu.addAction("Centre here", lambda: self.centre_on(label))
        menu.addAction("Inspect sector", lambda: self.planner.inspect_sector(label))
        record = self._open_battle_hex(Label.parse(label))
        act = menu.addAction("Fight this Battle Hex", lambda: self.planner.fight(at=record.at))
        act.setEnabled(record is not None)
        if record is None:
            act.setToolTip(f"{label} is not an open Battle Hex")
        return menu

    # -- orders by a click on the destination -------------------------------------------------
    def start_pick(self, fleet_id: str) -> None:
        """Give orders by clicking the destination: the path follows the mouse; Esc cancels."""
        scene = self.scene()
        counter = scene.counter(fleet_id) if isinstance(scene, StrategicScene) else None
        if counter is None or self.planner is None:
            return
        self._pick_fleet, self._drag_target = fleet_id, ""
        self.viewport().setCursor(Qt.CrossCursor)
        self.setFocus()
        self.message.emit(f"Orders for {counter.fleet.name}: click the destination sector (the path follows the "
                          "lanes; Esc or a right click cancels). Dragging the counter does the same.", 0)

    def cancel_pick(self, say: bool = False) -> None:
        if self._pick_fleet is None:
            return
        self._pick_fleet, self._drag_target = None, ""
        self.viewport().unsetCursor()
        if isinstance(self.scene(), StrategicScene):
            self.scene().clear_preview()
        if say:
            self.message.emit("Orders: cancelled", 4000)

    def keyPressEvent(self, event) -> None:  # noqa: N802
        if event.key() == Qt.Key_Escape and self._pick_fleet is not None:
            self.cancel_pick(say=True)
            event.accept()
            return
        super().keyPressEvent(event)

    # -- mouse ----------------------------------------------------------------------------------
    def mousePressEvent(self, event) -> None:  # noqa: N802
        if self._pick_fleet is not None:
            fleet, target = self._pick_fleet, self._sector_at(event.position())
            if event.button() == Qt.LeftButton and target:
                self.cancel_pick()
                self.planner.commit(fleet, target)
            elif event.button() != Qt.LeftButton:
                self.cancel_pick(say=True)
            event.accept()
            return
        if event.button() == Qt.LeftButton:
            if isinstance(self.scene(), StrategicScene):
                self.scene().clear_preview()
            self._press = self._last = event.position()
            self._panning = False
            counter = next((i for i in self.items(event.position().toPoint()) if isinstance(i, FleetCounterItem)),
                           None)
            self._drag_fleet = counter.fleet.id if counter is not None and self.planner is not None else None
            self._drag_target = ""
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:  # noqa: N802
        """Drag a counter: preview its orders; drag the map: pan; otherwise report the hover."""
        pos = event.position()
        if self._pick_fleet is not None:
            self._preview_to(self._sector_at(pos), self._pick_fleet)
        elif self._press is not None and event.buttons() & Qt.LeftButton:
            moved = (pos - self._press).manhattanLength() >= QApplication.startDragDistance()
            if self._drag_fleet is not None:
                if moved or self._drag_target:
                    self.viewport().setCursor(Qt.ClosedHandCursor)
                    self._preview_to(self._sector_at(pos), self._drag_fleet)
                event.accept()
                return
            if not self._panning and moved:
                self._panning = True
                self.viewport().setCursor(Qt.ClosedHandCursor)
            if self._panning:
                delta = pos - self._last
                self._last = pos
                self.auto_fit = False
                h, v = self.horizontalScrollBar(), self.verticalScrollBar()
                h.setValue(h.value() - round(delta.x()))
                v.setValue(v.value() - round(delta.y()))
                event.accept()
                return
        super().mouseMoveEvent(event)
        under = self.items(pos.toPoint())
        sector = next((i for i in under if isinstance(i, SectorItem)), None)
        label = sector.label if sector else ""
        if label != self._hovered:
            self._hovered = label
            self.hovered.emit(label)
        counter = next((i for i in under if isinstance(i, FleetCounterItem)), None)
        fid = counter.fleet.id if counter else ""
        if fid != self._hover_fleet:
            self._hover_fleet = fid
            self.fleet_hovered.emit(fid)

    def _preview_to(self, label: str, fleet_id: str) -> None:
        scene = self.scene()
        if not label or label == self._drag_target or not isinstance(scene, StrategicScene):
            return
        self._drag_target = label
        path, ok, text = self.planner.preview(fleet_id, label)
        scene.show_preview(path, ok, text)

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802
        if self._drag_fleet is not None and self._drag_target:
            fleet, target = self._drag_fleet, self._drag_target
            self._drag_fleet, self._drag_target, self._press = None, "", None
            self.viewport().unsetCursor()
            super().mouseReleaseEvent(event)
            scene = self.scene()
            # The path and its balloon go with the drop, accepted or refused: a refusal's reason
            # stays in the status bar (the planner shows it there).
            if isinstance(scene, StrategicScene):
                scene.clear_preview()
            self.planner.commit(fleet, target)
            return
        if self._panning:
            self.viewport().unsetCursor()
        self._press, self._panning, self._drag_fleet = None, False, None
        super().mouseReleaseEvent(event)
