"""The battle's tactical plane for set-up: the first map window and the plane around it, unit
counters, the legal zone of the unit being placed, the minimum-range ring, the Direction of
Retreat and of Disengagement, and drag-and-drop placement from the roster.

Everything drawn here comes from the engine (:class:`rules.battle.BattleProcedure`): the view
asks it for zones and verdicts and decides nothing itself.
"""
from __future__ import annotations

import math
from html import escape

import numpy as np
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QGraphicsScene, QGraphicsTextItem

from app.zoom_view import ZoomableView
from hexmap import Facing, Hex, MapWindow
from hexmap.layout import Layout, boundary_segments
from hexmap.region import LegalRegion

HEX = 20.0
LAYOUT = Layout(HEX)
UNIT_MIME = "application/x-battlehex-unit"
_POLY = QPolygonF([QPointF(x, y) for x, y in LAYOUT.corners(Hex(0, 0))])
_UNIT_CORNERS = LAYOUT.corners(Hex(0, 0))
_GRID_PEN = QPen(QColor(120, 128, 140, 160), 0.7)
_SHEET_PEN = QPen(QColor("#c9a227"), 3.0)
_LABEL_FONT = QFont()
_LABEL_FONT.setPixelSize(6)
_ZONE_PEN = QPen(QColor(20, 190, 80, 230), 3.0)
_RING_PEN = QPen(QColor(220, 40, 40, 220), 2.5, Qt.DashLine)


def centre_of(h: Hex) -> QPointF:
    x, y = LAYOUT.to_pixel(h)
    return QPointF(x, y)


def segments_path(q, r) -> QPainterPath:
    """A path of the outline of the hexes (q, r): one line per outer edge."""
    x1, y1, x2, y2 = boundary_segments(LAYOUT, q, r)
    path = QPainterPath()
    for a, b, c, d in zip(x1.tolist(), y1.tolist(), x2.tolist(), y2.tolist()):
        path.moveTo(a, b)
        path.lineTo(c, d)
    return path


class PlaneGridItem(QGraphicsItem):
    """The hex plane: drawn only where exposed; the first map window outlined as the sheet,
    its labels shown when zoomed in enough to read them."""

    def __init__(self, window: MapWindow, rect: QRectF) -> None:
        super().__init__()
        self.window = window
        self.first = window
        self._rect = rect
        self.setZValue(-10)
        self.setAcceptedMouseButtons(Qt.NoButton)
        sheet = window.hexes()
        self._sheet = segments_path([h.q for h in sheet], [h.r for h in sheet])
        w, h = 12 * 1.5 * HEX, 12 * math.sqrt(3) * HEX
        self._tiles = [GridTile(QRectF(x, y, w, h), self) for x in np.arange(rect.left(), rect.right(), w)
                       for y in np.arange(rect.top(), rect.bottom(), h)]

    def boundingRect(self) -> QRectF:
        return self._rect

    def set_window(self, window: MapWindow) -> None:
        """The physical map now (it floats, V13.812): its outline and its labels."""
        if window == self.window:
            return
        self.window = window
        sheet = window.hexes()
        self._sheet = segments_path([h.q for h in sheet], [h.r for h in sheet])
        self.update()

    def sheet_rect(self) -> QRectF:
        """The first map window's extent on the scene."""
        return self._sheet.boundingRect()

    def paint(self, p: QPainter, option, widget=None) -> None:
        exposed = option.exposedRect if option.exposedRect.isValid() else self._rect
        lod = option.levelOfDetailFromTransform(p.worldTransform())
        p.fillRect(exposed, QColor("#e9e6dc"))
        for tile in self._tiles:
            tile.setVisible(lod >= 0.35)
        if lod >= 1.6:  # close enough to read: the labels of the physical map (they follow the float)
            qs, rs, cx, cy = _hexes_in(exposed)
            p.setFont(_LABEL_FONT)
            p.setPen(_GRID_PEN)
            for q, r, x, y in zip(qs, rs, cx.tolist(), cy.tolist()):
                p.drawText(QRectF(x - 12, y - HEX * 0.85, 24, 8), Qt.AlignHCenter, str(self.window.label(Hex(q, r))))
        p.setPen(_SHEET_PEN)
        p.drawPath(self._sheet)


def _hexes_in(rect: QRectF):
    """Axial q, r (lists) and pixel centres (arrays) of the hexes whose centres lie in ``rect``."""
    h3 = math.sqrt(3) * HEX
    qs, rs = [], []
    for q in range(math.ceil(rect.left() / (1.5 * HEX)), math.floor(rect.right() / (1.5 * HEX)) + 1):
        r0 = math.ceil(rect.top() / h3 - q / 2)
        r1 = math.floor(rect.bottom() / h3 - q / 2)
        qs.extend([q] * max(0, r1 - r0 + 1))
        rs.extend(range(r0, r1 + 1))
    q_arr, r_arr = np.array(qs, dtype=float), np.array(rs, dtype=float)
    return qs, rs, 1.5 * HEX * q_arr, h3 * (r_arr + q_arr / 2.0)


class GridTile(QGraphicsItem):
    """A block of the hex grid, painted once and then blitted from its cache (the grid never
    changes, so panning and repainting cost a copy, not thousands of lines)."""

    def __init__(self, rect: QRectF, parent: QGraphicsItem) -> None:
        super().__init__(parent)
        self._area = rect
        self._rect = rect.adjusted(-HEX, -HEX, HEX, HEX)
        self.setCacheMode(QGraphicsItem.ItemCoordinateCache)
        self.setAcceptedMouseButtons(Qt.NoButton)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, p: QPainter, option, widget=None) -> None:
        _qs, _rs, cx, cy = _hexes_in(self._area)
        lines = []
        for i, j in ((4, 5), (5, 0), (0, 1)):  # top, upper right, lower right: each shared edge once
            (ax, ay), (bx, by) = _UNIT_CORNERS[i], _UNIT_CORNERS[j]
            lines.extend(map(QLineF, (cx + ax).tolist(), (cy + ay).tolist(), (cx + bx).tolist(), (cy + by).tolist()))
        p.setPen(_GRID_PEN)
        p.drawLines(lines)


class CounterItem(QGraphicsItem):
    """A unit on the plane: team colour, facing arrow, short name."""

    SIZE = 22.0

    def __init__(self, name: str, color: QColor, facing: Facing, tip: str, base: bool = False, uid: str = "",
                 mark: str = "") -> None:
        super().__init__()
        self.color, self.facing, self.base, self.uid, self.mark = color, facing, base, uid, mark
        self.selected = False
        self.text = "".join(w[0] for w in name.split()[:3]).upper()[:3] or "?"
        self.setToolTip(tip)
        self.setZValue(10)
        self.setFlag(QGraphicsItem.ItemIgnoresTransformations, True)  # a pin: readable at every zoom

    def boundingRect(self) -> QRectF:
        s = self.SIZE
        return QRectF(-s, -s, 2 * s, 2 * s)

    def paint(self, p: QPainter, option, widget=None) -> None:
        s = self.SIZE * 0.55
        p.setPen(QPen(QColor("#101010"), 1.2))
        p.setBrush(self.color)
        if self.base:
            p.drawEllipse(QPointF(0, 0), s * 1.1, s * 1.1)
        else:
            p.drawRoundedRect(QRectF(-s, -s, 2 * s, 2 * s), 2, 2)
        ang = math.radians(60 * self.facing.value - 90)
        tip = QPointF(math.cos(ang) * s * 1.6, math.sin(ang) * s * 1.6)
        p.setPen(QPen(QColor("#101010"), 2.0))
        p.drawLine(QPointF(0, 0), tip)
        font = QFont()
        font.setPixelSize(int(s * 0.8))
        font.setBold(True)
        p.setFont(font)
        p.setPen(QColor("white") if self.color.lightness() < 140 else QColor("black"))
        p.drawText(QRectF(-s, -s, 2 * s, 2 * s), Qt.AlignCenter, self.text)
        if self.mark:
            font.setPixelSize(int(s * 0.7))
            p.setFont(font)
            p.setPen(QColor("#ffe14d") if self.mark != "X" else QColor("#ff3030"))
            p.drawText(QRectF(-s, s * 0.4, 2 * s, s * 1.2), Qt.AlignCenter, self.mark)
        if self.selected:
            p.setPen(QPen(QColor("#ffd400"), 2.5, Qt.DashLine))
            p.setBrush(Qt.NoBrush)
            p.drawEllipse(QPointF(0, 0), s * 1.7, s * 1.7)


class ArrowItem(QGraphicsItem):
    """A big labelled arrow at the edge of the first map: Direction of Retreat / Disengagement."""

    def __init__(self, facing: Facing, text: str, color: QColor, anchor: QPointF) -> None:
        super().__init__()
        self.facing, self.text, self.color = facing, text, color
        self.setPos(anchor)
        self.setZValue(15)
        self.setToolTip(text)
        self.setFlag(QGraphicsItem.ItemIgnoresTransformations, True)

    def boundingRect(self) -> QRectF:
        return QRectF(-90, -90, 180, 180)

    def paint(self, p: QPainter, option, widget=None) -> None:
        ang = math.radians(60 * self.facing.value - 90)
        d = QPointF(math.cos(ang), math.sin(ang))
        tail, tip = d * -40, d * 40
        p.setPen(QPen(self.color, 7, Qt.SolidLine, Qt.RoundCap))
        p.drawLine(tail, tip)
        n = QPointF(-d.y(), d.x())
        head = QPolygonF([tip + d * 14, tip + n * 12, tip - n * 12])
        p.setBrush(self.color)
        p.setPen(Qt.NoPen)
        p.drawPolygon(head)
        font = QFont()
        font.setPixelSize(14)
        font.setBold(True)
        p.setFont(font)
        p.setPen(QColor("#101010"))
        p.drawText(QRectF(-90, 44, 180, 20), Qt.AlignCenter, self.text)


class BattleScene(QGraphicsScene):
    """The plane with its counters and the set-up overlays."""

    def __init__(self, window: MapWindow, parent=None) -> None:
        super().__init__(parent)
        self.window = window
        corners = [LAYOUT.to_pixel(window.hex_at(f"({c},{r})")) for c in (2 - 2 * window.cols, 3 * window.cols)
                   for r in (2 - 2 * window.rows, 3 * window.rows)]
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        rect = QRectF(min(xs) - HEX, min(ys) - HEX, max(xs) - min(xs) + 2 * HEX, max(ys) - min(ys) + 2 * HEX)
        self.setSceneRect(rect)
        self.setBackgroundBrush(QColor("#cfcabb"))
        self.grid = PlaneGridItem(window, rect)
        self.addItem(self.grid)
        self.zone = QGraphicsPathItem()
        self.zone.setPen(_ZONE_PEN)
        self.zone.setZValue(5)
        self.addItem(self.zone)
        self.ring = QGraphicsPathItem()
        self.ring.setPen(_RING_PEN)
        self.ring.setZValue(6)  # above the zone outline, which often runs along it
        self.addItem(self.ring)
        self.hover = QGraphicsPathItem()
        self.hover.setZValue(20)
        self.addItem(self.hover)
        self.hover_text = QGraphicsTextItem()
        self.hover_text.setZValue(21)
        self.hover_text.setFlag(QGraphicsItem.ItemIgnoresTransformations, True)
        self.addItem(self.hover_text)
        self.counters: dict[str, CounterItem] = {}
        self.extras: list[QGraphicsItem] = []

    def set_units(self, units: list[tuple], selected: str | None = None) -> None:
        """(id, name, hex, facing, colour, tooltip, is_base[, mark]) for every unit to show."""
        for item in list(self.counters.values()):
            self.removeItem(item)
        self.counters = {}
        stack: dict[Hex, int] = {}
        for uid, name, h, facing, color, tip, base, *mark in units:
            item = CounterItem(name, color, facing, tip, base, uid, mark[0] if mark else "")
            item.selected = uid == selected
            n = stack.get(h, 0)
            stack[h] = n + 1
            item.setPos(centre_of(h) + QPointF(n * 5, n * 5))
            self.addItem(item)
            self.counters[uid] = item

    def set_directions(self, arrows: list[tuple[Facing, str, QColor]]) -> None:
        for item in self.extras:
            self.removeItem(item)
        self.extras = []
        w = self.window
        for i, (facing, text, color) in enumerate(arrows):
            edge = w.hex_at(f"({w.cols // 2},{w.rows // 2})") + facing.vector * (w.rows // 2 + 10)
            item = ArrowItem(facing, text, color, centre_of(edge) + QPointF(0, 26 * i))
            self.addItem(item)
            self.extras.append(item)

    def show_region(self, centre: Hex | None) -> None:
        """The original centre hex and the legal region around it (V13.811-V13.812)."""
        if centre == getattr(self, "_centre", None):
            return
        self._centre = centre
        if not hasattr(self, "region"):
            self.region = QGraphicsPathItem()
            self.region.setPen(QPen(QColor(90, 60, 160, 200), 3, Qt.DashDotLine))
            self.region.setZValue(3)
            self.addItem(self.region)
        path = QPainterPath()
        if centre is not None:
            hexes = LegalRegion(self.window.cols, self.window.rows).hexes(centre)
            path = segments_path([h.q for h in hexes], [h.r for h in hexes])
            c = centre_of(centre)
            path.addEllipse(c + QPointF(0, HEX * 0.15), HEX * 0.4, HEX * 0.4)  # below the hex's label
        self.region.setPath(path)
        self.region.setToolTip(f"original centre {self.window.label(centre)} and the legal region of the floating map"
                               if centre is not None else "")

    def show_zone(self, q, r) -> None:
        self.zone.setPath(segments_path(q, r) if len(q) else QPainterPath())

    def show_ring(self, q, r) -> None:
        self.ring.setPath(segments_path(q, r) if len(q) else QPainterPath())

    def show_hover(self, h: Hex | None, ok: bool = True, text: str = "") -> None:
        if h is None:
            self.hover.setPath(QPainterPath())
            self.hover_text.setHtml("")
            return
        path = QPainterPath()
        path.addPolygon(_POLY.translated(centre_of(h)))
        color = QColor(30, 200, 90) if ok else QColor(220, 40, 40)
        self.hover.setPen(QPen(color, 3))
        fill = QColor(color)
        fill.setAlpha(90)
        self.hover.setBrush(QBrush(fill))
        self.hover.setPath(path)
        color = "#0a3d1a" if ok else "#8a0c0c"
        self.hover_text.setHtml(f"<div style='background:#fffdf2; color:{color}; font-weight:bold; "
                                f"font-size:12px'>&nbsp;{escape(text)}&nbsp;</div>")
        self.hover_text.setPos(centre_of(h) + QPointF(HEX, -HEX))


class BattleMapView(ZoomableView):
    """Zoom with the wheel, pan with the right or middle button; accepts unit drops.

    ``controller`` answers ``verdict(uid, hex) -> (ok, text)`` while a unit is dragged over
    the map and ``drop(uid, hex)`` when it is dropped; Shift+wheel turns the facing.
    """

    rotate = Signal(int)

    def __init__(self, scene: BattleScene, parent=None) -> None:
        super().__init__(parent)
        self.setScene(scene)
        self.setAcceptDrops(True)
        self.viewport().setAcceptDrops(True)
        self.setDragMode(ZoomableView.ScrollHandDrag)
        self.controller = None
        self._last: Hex | None = None
        self._grab: str | None = None

    def hex_at(self, pos) -> Hex:
        p = self.mapToScene(pos.toPoint() if hasattr(pos, "toPoint") else pos)
        return LAYOUT.from_pixel(p.x(), p.y())

    def mousePressEvent(self, event) -> None:  # noqa: N802
        """In combat a left click selects a counter and a drag moves it (the engine decides)."""
        item = next((i for i in self.items(event.position().toPoint()) if isinstance(i, CounterItem)), None)
        if event.button() == Qt.LeftButton and item is not None and self.controller is not None \
                and getattr(self.controller, "combat_mode", lambda: False)():
            self._grab = item.uid
            self.controller.select(item.uid)
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseReleaseEvent(self, event) -> None:  # noqa: N802
        if self._grab is not None:
            uid, self._grab = self._grab, None
            h = self.hex_at(event.position())
            self.controller.move_to(uid, h)
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def wheelEvent(self, event) -> None:  # noqa: N802
        if event.modifiers() & Qt.ShiftModifier:
            self.rotate.emit(1 if event.angleDelta().y() < 0 else -1)
            event.accept()
            return
        super().wheelEvent(event)

    def dragEnterEvent(self, event) -> None:  # noqa: N802
        if event.mimeData().hasFormat(UNIT_MIME):
            event.acceptProposedAction()
            self._last = None
        else:
            event.ignore()

    def _dragged(self, event) -> tuple[str, Hex] | None:
        """The unit being dragged and the hex under the cursor, or ``None`` (event ignored)."""
        if not event.mimeData().hasFormat(UNIT_MIME) or self.controller is None:
            event.ignore()
            return None
        event.acceptProposedAction()
        return bytes(event.mimeData().data(UNIT_MIME)).decode(), self.hex_at(event.position())

    def dragMoveEvent(self, event) -> None:  # noqa: N802
        got = self._dragged(event)
        if got is not None and got[1] != self._last:
            self._last = got[1]
            ok, text = self.controller.verdict(*got)
            self.scene().show_hover(got[1], ok, text)

    def dragLeaveEvent(self, event) -> None:  # noqa: N802
        self.scene().show_hover(None)

    def dropEvent(self, event) -> None:  # noqa: N802
        got = self._dragged(event)
        if got is not None:
            self.controller.drop(*got)


def zone_ring(points: list[Hex], radius: int) -> tuple[np.ndarray, np.ndarray]:
    """Hexes within ``radius - 1`` of any of ``points`` (inside the minimum range): their outline
    is the minimum-range ring."""
    from rules.battle.zones import dist_to

    if not points or radius <= 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    qs = np.arange(min(p.q for p in points) - radius, max(p.q for p in points) + radius + 1)
    rs = np.arange(min(p.r for p in points) - radius, max(p.r for p in points) + radius + 1)
    q, r = (a.ravel() for a in np.meshgrid(qs, rs, indexing="ij"))
    keep = dist_to(points, q, r) <= radius - 1
    return q[keep], r[keep]
