"""The strategic map: one item per sector, fleet counters, planned moves; zoom and pan."""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
)

from app.describe import sector_tooltip
from app.symbols import brush_hatched, lighter, paint_base, paint_star, paint_terrain
from app.zoom_view import ZoomableView
from hexmap import Hex, Label, grid_hex
from hexmap.layout import Layout
from rules.model import Campaign, Fleet, Sector

SECTOR_SIZE = 40.0
_BASE_TAGS = {"starbase": "SB", "battle_station": "BATS", "base_station": "BS", "mobile_base": "MB",
              "ground_base": "GB", "planet_defense": "PDU", "defsat": "DS", "outpost": "OP", "frd": "FRD"}


_LAYOUT = Layout(SECTOR_SIZE)
_POLY = QPolygonF([QPointF(x, y) for x, y in _LAYOUT.corners(Hex(0, 0))])
_RECT = _POLY.boundingRect().adjusted(-2, -2, 2, 2)
_UNOWNED = QColor("#e9e9e4")
_EDGE = QPen(QColor("#5b5b5b"), 1.0)
_HATCH = brush_hatched(QColor(120, 120, 120, 150))
_LABEL_FONT = QFont()
_LABEL_FONT.setPixelSize(int(SECTOR_SIZE * 0.24))
_LABEL_COLOR = QColor("#333333")
_LABEL_RECT = QRectF(-SECTOR_SIZE, -SECTOR_SIZE * 0.86, 2 * SECTOR_SIZE, SECTOR_SIZE * 0.3)
_SELECTED = QPen(QColor("#ffffff"), 3.0)
_HOVERED = QPen(QColor("#202020"), 3.0)


def sector_center(label: Label) -> QPointF:
    """Scene position of the centre of the sector named ``label``."""
    x, y = _LAYOUT.to_pixel(grid_hex(label))
    return QPointF(x, y)


class SectorItem(QGraphicsItem):
    """A strategic hex: owner colour, neutral-zone hatching, terrain, star system, bases."""

    def __init__(self, campaign: Campaign, sector: Sector) -> None:
        super().__init__()
        self.sector = sector
        self.label = str(sector.at)
        self.setPos(sector_center(sector.at))
        self.setFlag(QGraphicsItem.ItemIsSelectable, True)
        self.setAcceptHoverEvents(True)
        self.setToolTip(sector_tooltip(campaign, sector))
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
        p.setBrush(self._fill)
        p.drawPolygon(_POLY)
        if s.neutral_zone:
            p.setPen(Qt.NoPen)
            p.setBrush(_HATCH)
            p.drawPolygon(_POLY)
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
        if self.isSelected() or self._hover:
            p.setBrush(Qt.NoBrush)
            p.setPen(_SELECTED if self.isSelected() else _HOVERED)
            p.drawPolygon(_POLY)


class FleetCounterItem(QGraphicsItem):
    """A fleet counter in its team's colour, a band in its power's colour, and a badge
    counting its units."""

    SIZE = SECTOR_SIZE * 0.5

    def __init__(self, campaign: Campaign, fleet: Fleet) -> None:
        super().__init__()
        self.fleet = fleet
        team = campaign.team_of_power(fleet.power)
        power = campaign.power(fleet.power)
        self.team_color = QColor(team.color if team else "#888888")
        self._band = QColor(power.color if power else "#888888")
        self._text = "".join(w[0] for w in fleet.name.replace("(", " ").split()[:3]).upper()
        self._count = len(fleet.units)
        units = "\n".join(f"  {u.name}" for u in fleet.units)
        self.setToolTip(f"{fleet.name}\n{power.name if power else fleet.power}"
                        f" ({team.name if team else 'no team'})\n{units}")
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
    """All sectors, fleets and planned moves of one campaign."""

    def __init__(self, campaign: Campaign, parent=None) -> None:
        super().__init__(parent)
        self.campaign = campaign
        self.setBackgroundBrush(QColor("#1d2230"))
        self.sector_items: dict[str, SectorItem] = {}
        for s in campaign.map.sectors:
            item = SectorItem(campaign, s)
            self.addItem(item)
            self.sector_items[item.label] = item
            if s.name:
                self._add_name(item, s.name)
        self.fleet_items: list[FleetCounterItem] = []
        by_sector: dict[str, int] = {}
        for f in campaign.fleets:
            counter = FleetCounterItem(campaign, f)
            n = by_sector.get(str(f.sector), 0)
            by_sector[str(f.sector)] = n + 1
            centre = sector_center(f.sector)
            off = FleetCounterItem.SIZE * 0.45
            counter.setPos(centre + QPointF(-off * 0.6 + n * off, off * 0.15 + n * off * 0.4))
            self.addItem(counter)
            self.fleet_items.append(counter)
            if f.orders:
                arrow = QGraphicsPathItem(_orders_path(f, counter.pos()))
                arrow.setPen(QPen(counter.team_color, 2.5, Qt.DashLine, Qt.RoundCap))
                arrow.setZValue(5)
                arrow.setToolTip(f"{f.name}: orders {' -> '.join(str(x) for x in f.orders)}")
                self.addItem(arrow)
        rect = self.itemsBoundingRect()
        self.setSceneRect(rect.adjusted(-60, -60, 60, 60))

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

    def selected_sector(self) -> Sector | None:
        for item in self.selectedItems():
            if isinstance(item, SectorItem):
                return item.sector
        return None


class StrategicView(ZoomableView):
    """Zoom with the wheel (around the cursor), pan by dragging."""

    hovered = Signal(str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setDragMode(QGraphicsView.NoDrag)  # panning is ours: sectors accept presses
        self.setMouseTracking(True)
        self.auto_fit = True
        self._press: QPointF | None = None
        self._last = QPointF()
        self._panning = False
        self._hovered = ""

    def setScene(self, scene) -> None:  # noqa: N802
        super().setScene(scene)
        self.auto_fit = True
        self.fit()

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        if self.auto_fit:
            self.fit()

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

    def mousePressEvent(self, event) -> None:  # noqa: N802
        if event.button() == Qt.LeftButton:
            self._press = self._last = event.position()
            self._panning = False
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:  # noqa: N802
        """Drag with the left button pans (past the drag distance); without it, report the hover."""
        if self._press is not None and event.buttons() & Qt.LeftButton:
            pos = event.position()
            if not self._panning and (pos - self._press).manhattanLength() >= QApplication.startDragDistance():
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
        under = self.items(event.position().toPoint())
        sector = next((i for i in under if isinstance(i, SectorItem)), None)
        label = sector.label if sector else ""
        if label != self._hovered:
            self._hovered = label
            self.hovered.emit(label)

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802
        if self._panning:
            self.viewport().unsetCursor()
        self._press, self._panning = None, False
        super().mouseReleaseEvent(event)
