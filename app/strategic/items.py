"""The strategic map's graphics items and how they are drawn: a sector hex (owner colour,
Neutral Zone hatching, terrain, star system, bases, the overlays' fills and rings, the open
Battle Hex outline), a fleet counter (team colour, power band, unit count, Out of Supply
mark) and the dashed arrow of a fleet's orders; plus where a sector's centre lies on the
scene. They only paint what they are given; the scene places them.
"""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem

from app.strategic.describe import sector_tooltip, shown_units
from app.strategic.overlays import BATTLE_PEN, CONTESTED_BRUSH, NEUTRAL_FILL, Overlays, SectorMarks, control_fill
from app.strategic.symbols import brush_hatched, lighter, paint_base, paint_star, paint_terrain
from hexmap import Hex, Label, grid_hex
from hexmap.layout import Layout
from rules.model import Campaign, Fleet, Sector

SECTOR_SIZE = 40.0
_BASE_TAGS = {"starbase": "SB", "battle_station": "BATS", "base_station": "BS", "mobile_base": "MB",
              "ground_base": "GB", "planet_defense": "PDU", "defsat": "DS", "outpost": "OP", "frd": "FRD"}


_LAYOUT = Layout(SECTOR_SIZE)
_POLY = QPolygonF([QPointF(x, y) for x, y in _LAYOUT.corners(Hex(0, 0))])
_RECT = _POLY.boundingRect().adjusted(-2, -2, 2, 2)
_UNOWNED = NEUTRAL_FILL
_EDGE = QPen(QColor("#5b5b5b"), 1.0)
_HATCH = brush_hatched(QColor(120, 120, 120, 150))
LABEL_MIN_PX = 8.0
"""The smallest hex number drawn, in the view's pixels (issue 22: at QT_SCALE_FACTOR=2 the map opens
fitted at 0.34-0.43 and the numbers were 3-4 pixels high); below it the number grows, up to :data:`_LABEL_MOST`."""
_LABEL_SIZE = SECTOR_SIZE * 0.24
_LABEL_MOST = SECTOR_SIZE * 0.7
"""The largest a hex number grows (scene units): its four digits still fit the hex; a hex smaller on
screen than that gets no number rather than an unreadable one."""
_LABEL_RECT = QRectF(-SECTOR_SIZE, -SECTOR_SIZE * 0.86, 2 * SECTOR_SIZE, SECTOR_SIZE * 0.3)
"""Where the number is written at its usual size (a fanned stack keeps off it)."""
_LABEL_FONTS: dict[int, tuple[QFont, QRectF]] = {}
_LABEL_COLOR = QColor("#333333")
_LABEL_ALIGN = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop
"""Made once: a Python flag's ``|`` at each of 140 sectors' paint cost ~3 ms of the first frame (issue 21)."""
_SELECTED = QPen(QColor("#ffffff"), 3.0)
_BATTLE_POLY = QPolygonF([QPointF(x * 0.9, y * 0.9) for x, y in _LAYOUT.corners(Hex(0, 0))])
_RINGS = [QPolygonF([QPointF(x * f, y * f) for x, y in _LAYOUT.corners(Hex(0, 0))]) for f in (0.8, 0.68, 0.56)]
_OOS_PEN = QPen(QColor("#ffffff"), 1.0)
_OOS_BRUSH = QColor("#d01818")
_HOVERED = QPen(QColor("#202020"), 3.0)
CACHE = QGraphicsItem.CacheMode.DeviceCoordinateCache
"""A fleet counter, a sector's name and (on a map with a hatched sector) a sector are each drawn into a picture of
its own once per zoom and copied at every redraw after (issue 21; a hatched sector is drawn straight). On a map
with no hatched sector the sectors are not items Qt draws: the scene draws them all, in their order, into the
view's one kept picture of the screen (:meth:`StrategicScene.drawBackground`, the map layer)."""


def label_size(lod: float) -> float | None:
    """The hex number's pixel size in scene units at the view's level of detail ``lod`` (its scale):
    the usual size, larger where that would be under :data:`LABEL_MIN_PX` on screen; None when even
    the largest would be (the number is then left out)."""
    size = max(_LABEL_SIZE, LABEL_MIN_PX / lod) if lod > 0 else math.inf
    return None if size > _LABEL_MOST else size


def _label_font(size: float) -> tuple[QFont, QRectF]:
    """The font and box of a hex number ``size`` high, made once per whole pixel size."""
    key = math.ceil(size)
    made = _LABEL_FONTS.get(key)
    if made is None:
        font = QFont()
        font.setPixelSize(key)
        made = _LABEL_FONTS[key] = (font, QRectF(-SECTOR_SIZE, -SECTOR_SIZE * 0.86, 2 * SECTOR_SIZE, key * 1.3))
    return made


def sector_center(label: Label) -> QPointF:
    """Scene position of the centre of the sector named ``label``."""
    x, y = _LAYOUT.to_pixel(grid_hex(label))
    return QPointF(x, y)


class SectorItem(QGraphicsItem):
    """A strategic hex: owner colour, neutral-zone hatching, terrain, star system, bases."""

    def __init__(self, campaign: Campaign, sector: Sector, marks: SectorMarks | None = None,
                 overlays: Overlays | None = None, gm: bool = False) -> None:
        super().__init__()
        self.sector = sector
        self.marks = marks or SectorMarks()
        self.overlays = overlays or Overlays()
        self.label = str(sector.at)
        self.setPos(sector_center(sector.at))
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, True)
        self.setAcceptHoverEvents(True)
        self._tip_from: tuple[Campaign, bool] | None = (campaign, gm)  # written when first wanted: _write_tip
        self.setZValue(0)
        owner = campaign.power(sector.owner) if sector.owner else None
        self._fill = lighter(owner.color, 255, 0.62) if owner else _UNOWNED
        self._bases = [(_BASE_TAGS.get(u.kind.value, u.kind.value[:3].upper()),
                        QColor(owner.color) if owner else QColor("#777777"))
                       for u in shown_units(sector.garrison, gm) if not u.is_incidental]
        self._incidental = sum(1 for u in shown_units(sector.garrison, gm) if u.is_incidental)
        self._hover = False
        self.set_plain(False)

    def set_plain(self, plain: bool) -> None:
        """Painted by Qt as an item of its own (``plain``: the old way), or not: the scene's map layer draws it
        with the other sectors, in their order and the same way, into the view's kept picture of the screen
        (:meth:`StrategicScene.drawBackground`); the item stays for the pointer (hover, clicks, tooltips, menus).
        Painted plain, it is kept as a picture of its own per zoom (:data:`CACHE`) unless it shows a hatch (the
        Neutral Zone's, a contested sector's under the Control overlay): a hatch is laid from its device's
        corner, and a picture's own would shift it. Call again after the overlays change."""
        hatched = self.sector.neutral_zone or (self.overlays.control and self.marks.contested)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, not plain)
        self.setCacheMode(CACHE if plain and not hatched else QGraphicsItem.CacheMode.NoCache)

    def look_changed(self) -> None:
        """Draw the sector again (hovered, selected: :meth:`StrategicScene._selection_changed`): its place in the
        map layer, or the item."""
        scene = self.scene()
        redraw = getattr(scene, "redraw_sector", None)
        if redraw is not None and self.flags() & QGraphicsItem.GraphicsItemFlag.ItemHasNoContents:
            redraw(self)
        else:
            self.update()

    def boundingRect(self) -> QRectF:
        return _RECT

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addPolygon(_POLY)
        return path

    def _write_tip(self) -> None:
        """The sector's tooltip, written the first time it is wanted (issue 21: the first frame
        of the map does not wait for 140 of them): by :meth:`toolTip`, which the scene asks
        before it shows the tooltips at the pointer (:meth:`StrategicScene.helpEvent`)."""
        if self._tip_from is None:
            return
        campaign, gm = self._tip_from
        self._tip_from = None
        tip = sector_tooltip(campaign, self.sector, gm)
        if self.marks.status_text:
            tip += f"\nStatus: {self.marks.status_text}"
        if self.marks.battle:
            tip += "\nOpen Battle Hex (V13.11)"
        self.setToolTip(tip)

    def toolTip(self) -> str:  # noqa: N802 (Qt name)
        self._write_tip()
        return super().toolTip()

    def hoverEnterEvent(self, event) -> None:  # noqa: N802 (Qt name)
        self._hover = True
        self.look_changed()

    def hoverLeaveEvent(self, event) -> None:  # noqa: N802
        self._hover = False
        self.look_changed()

    def paint(self, p: QPainter, option, widget=None) -> None:
        s = self.sector
        p.setPen(_EDGE)
        p.setBrush(_UNOWNED if self.overlays.control else self._fill)  # control replaces the owner colours
        p.drawPolygon(_POLY)
        if s.neutral_zone:
            p.setPen(Qt.PenStyle.NoPen)
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
        size = label_size(option.levelOfDetailFromTransform(p.worldTransform()))
        if size is not None:  # readable at this zoom (issue 22)
            font, box = _label_font(size)
            p.setFont(font)
            p.setPen(_LABEL_COLOR)
            p.drawText(box, _LABEL_ALIGN, self.label)
        if self.marks.battle:
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(BATTLE_PEN)
            p.drawPolygon(_BATTLE_POLY)
        if self.isSelected() or self._hover:
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(_SELECTED if self.isSelected() else _HOVERED)
            p.drawPolygon(_POLY)

    def _paint_overlays(self, p: QPainter) -> None:
        m, o = self.marks, self.overlays
        if o.control:
            if m.control is not None:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(control_fill(m.control))
                p.drawPolygon(_POLY)
            elif m.contested:
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(CONTESTED_BRUSH)
                p.drawPolygon(_POLY)
        if o.supply:
            p.setBrush(Qt.BrushStyle.NoBrush)
            for i, col in enumerate(m.supply[:3]):
                ring = QColor(col)
                ring.setAlpha(200)
                p.setPen(QPen(ring, 4.0))
                p.drawPolygon(_RINGS[i])


class FleetCounterItem(QGraphicsItem):
    """A fleet counter in its team's colour, a band in its power's colour, and a badge
    counting its units."""

    SIZE = SECTOR_SIZE * 0.5

    def __init__(self, campaign: Campaign, fleet: Fleet, in_supply: bool = True, note: str = "",
                 gm: bool = False) -> None:
        super().__init__()
        self.fleet = fleet
        self.in_supply = in_supply
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, True)
        self.setCursor(Qt.CursorShape.OpenHandCursor)
        team = campaign.team_of_power(fleet.power)
        power = campaign.power(fleet.power)
        self.team_color = QColor(team.color if team else "#888888")
        self._band = QColor(power.color if power else "#888888")
        self._text = "".join(w[0] for w in fleet.name.replace("(", " ").split()[:3]).upper()
        shown = shown_units(fleet.units, gm)
        self._count = len(shown)
        units = "\n".join(f"  {u.name}" for u in shown)
        supply = "In Supply" if in_supply else "OUT OF SUPPLY"
        owner = power.name if power else fleet.power
        # a Team named after its power is named alone: "Wild Space (GM)", not "Wild Space (Wild Space (GM))"
        owner = team.name if team and team.name.startswith(owner) else f"{owner} ({team.name if team else 'no team'})"
        self.setToolTip(f"{fleet.name}\n{owner} - {supply}{note}\n{units}\n"
                        "Drag along the lanes to give orders.")
        self.setZValue(10)
        self.setCacheMode(CACHE)

    def boundingRect(self) -> QRectF:
        """All it paints: the Out of Supply box's and the selection's pens reach 4 past its box (painted
        outside, they were cut once the counter was drawn into a picture of its own, :data:`CACHE`)."""
        s = self.SIZE
        return QRectF(-s / 2 - 5, -s / 2 - s * 0.35 - 1, s + s * 0.35 + 8, s + s * 0.35 + 7)

    def shape(self) -> QPainterPath:
        """Where a press or the pointer finds it: its box with the badge, as before."""
        s = self.SIZE
        path = QPainterPath()
        path.addRect(QRectF(-s / 2 - 2, -s / 2 - s * 0.35, s + s * 0.35 + 4, s + s * 0.35 + 4))
        return path

    def paint(self, p: QPainter, option, widget=None) -> None:
        s = self.SIZE
        rect = QRectF(-s / 2, -s / 2, s, s)
        p.setPen(QPen(QColor("#101010"), 1.2))
        p.setBrush(self.team_color)
        p.drawRoundedRect(rect, 2, 2)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(self._band)
        p.drawRect(QRectF(rect.left() + 0.6, rect.top() + 0.6, s - 1.2, s * 0.22))
        font = QFont(p.font())
        font.setPixelSize(int(s * 0.34))
        font.setBold(True)
        p.setFont(font)
        p.setPen(QColor("white") if self.team_color.lightness() < 150 else QColor("black"))
        p.drawText(rect.adjusted(0, s * 0.2, 0, 0), Qt.AlignmentFlag.AlignCenter, self._text)
        badge = QPointF(s / 2, -s / 2)
        p.setPen(QPen(QColor("#101010"), 1))
        p.setBrush(QColor("#fff6c8"))
        p.drawEllipse(badge, s * 0.3, s * 0.3)
        font.setPixelSize(int(s * 0.36))
        p.setFont(font)
        p.setPen(QColor("#101010"))
        p.drawText(QRectF(badge.x() - s * 0.3, badge.y() - s * 0.3, s * 0.6, s * 0.6), Qt.AlignmentFlag.AlignCenter,
                   str(self._count))
        if not self.in_supply:
            box = QRectF(-s / 2 - 2, s / 2 - s * 0.28, s * 0.8, s * 0.36)
            p.setPen(_OOS_PEN)
            p.setBrush(_OOS_BRUSH)
            p.drawRect(box)
            font.setPixelSize(int(s * 0.26))
            p.setFont(font)
            p.drawText(box, Qt.AlignmentFlag.AlignCenter, "OOS")
        if self.isSelected():
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.setPen(QPen(QColor("#ffffff"), 2.0, Qt.PenStyle.DashLine))
            p.drawRoundedRect(rect.adjusted(-3, -3, 3, 3), 3, 3)


def orders_path(fleet: Fleet, start: QPointF) -> QPainterPath:
    """The fleet's orders from ``start`` (its counter) through each sector, with an arrow head."""
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
