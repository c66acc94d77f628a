"""Strategic map overlays: control, supply and lanes (switchable), plus the open Battle Hex
marks. The data comes from the engine's :class:`rules.strategic.StrategicState`; this module
only turns it into colours and shapes."""
from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import QFrame, QGraphicsItem, QGridLayout, QLabel, QWidget

from app.strategic.symbols import lighter
from hexmap import Label, LaneKind
from rules.model import Campaign
from rules.strategic import ControlStatus, StrategicState


@dataclass
class Overlays:
    """Which overlays are on."""

    control: bool = False
    supply: bool = False
    lanes: bool = False


@dataclass
class SectorMarks:
    """What the overlays paint on one sector."""

    control: QColor | None = None
    contested: bool = False
    supply: list[QColor] = field(default_factory=list)
    battle: bool = False
    status_text: str = ""


def team_colors(campaign: Campaign) -> dict[str, QColor]:
    """Power id -> its team's colour."""
    return {p: QColor(t.color) for t in campaign.teams for p in t.powers}


def sector_marks(state: StrategicState) -> dict[Label, SectorMarks]:
    """The overlay marks of every sector, from the engine's strategic state."""
    c = state.campaign
    colors = team_colors(c)
    teams = [(t, QColor(t.color)) for t in c.teams if not t.gm_controlled]
    supplied = [(set().union(*(state.supply.supplied(p).keys() for p in t.powers)), col) for t, col in teams]
    open_hexes = {b.at for b in c.battle_hexes if not b.resolved}
    names = {p.id: p.name for p in c.powers}
    out: dict[Label, SectorMarks] = {}
    for s in c.map.sectors:
        st = state.status(s.at)
        m = SectorMarks(status_text=st.describe(names), battle=s.at in open_hexes)
        if st.status is ControlStatus.CONTROLLED:
            m.control = QColor(colors.get(min(st.powers), QColor("#888888")))
        m.contested = st.status is ControlStatus.CONTESTED
        m.supply = [col for reach, col in supplied if s.at in reach]
        out[s.at] = m
    return out


NEUTRAL_FILL = QColor("#e9e9e4")  # a sector with no owner colour (and every sector under the control overlay)
CONTROL_ALPHA = 170
CONTESTED_BRUSH = QBrush(QColor(220, 40, 40, 150), Qt.BrushStyle.DiagCrossPattern)
BATTLE_PEN = QPen(QColor("#e01010"), 4.0)
_ROUND = (Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
ROUTE_PEN = QPen(QColor(20, 170, 60, 230), 5.0, Qt.PenStyle.DashLine, *_ROUND)
PREVIEW_OK = QPen(QColor(30, 200, 90, 240), 5.0, Qt.PenStyle.SolidLine, *_ROUND)
PREVIEW_BAD = QPen(QColor(230, 40, 40, 240), 5.0, Qt.PenStyle.DashLine, *_ROUND)


class LanesItem(QGraphicsItem):
    """Every open lane (thin), major lanes (thick gold) and closed lanes (red bar with an X)."""

    def __init__(self, state: StrategicState, center) -> None:
        super().__init__()
        self.setZValue(3)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        g = state.graph
        self.minor: list[QLineF] = []
        self.major: list[QLineF] = []
        for a, b, kind in g.lanes():  # no networkx at start-up: it loads when a route is asked for
            line = QLineF(center(a), center(b))
            (self.major if kind is LaneKind.MAJOR else self.minor).append(line)
        self.closed = [QLineF(center(a), center(b)) for a, b in (tuple(p) for p in g.closed)]
        path = QPainterPath()
        for line in self.minor + self.major + self.closed:
            path.moveTo(line.p1())
            path.lineTo(line.p2())
        self._rect = path.boundingRect().adjusted(-12, -12, 12, 12)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        p.setPen(QPen(QColor(40, 40, 60, 120), 1.2))
        p.drawLines(self.minor)
        p.setPen(QPen(QColor(40, 30, 0, 200), 9.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        p.drawLines(self.major)
        p.setPen(QPen(QColor("#f2c230"), 5.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
        p.drawLines(self.major)
        red = QPen(QColor("#d01818"), 4.0, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        for line in self.closed:
            mid = line.center()
            d = line.unitVector()
            dx, dy = d.dx() * 14, d.dy() * 14
            p.setPen(QPen(QColor(208, 24, 24, 140), 2.0, Qt.PenStyle.DotLine))
            p.drawLine(line)
            p.setPen(red)
            p.drawLine(QPointF(mid.x() - dx - dy, mid.y() - dy + dx), QPointF(mid.x() + dx + dy, mid.y() + dy - dx))
            p.drawLine(QPointF(mid.x() - dx + dy, mid.y() - dy - dx), QPointF(mid.x() + dx - dy, mid.y() + dy + dx))


def polyline(points: list[QPointF]) -> QPainterPath:
    path = QPainterPath()
    if points:
        path.moveTo(points[0])
        for pt in points[1:]:
            path.lineTo(pt)
    return path


# -- the legend of the overlays that are on --------------------------------------------------------
def _swatch(paint, size: int = 18) -> QPixmap:
    pix = QPixmap(size, size)
    pix.fill(Qt.GlobalColor.transparent)
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    paint(p, QRectF(1, 1, size - 2, size - 2))
    p.end()
    return pix


def _filled(*brushes) -> QPixmap:
    def paint(p: QPainter, r: QRectF) -> None:
        p.setPen(Qt.PenStyle.NoPen)
        for b in brushes:
            p.setBrush(b)
            p.drawRect(r)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(QColor("#5b5b5b"), 1.0))
        p.drawRect(r)
    return _swatch(paint)


def _ring(color: QColor) -> QPixmap:
    def paint(p: QPainter, r: QRectF) -> None:
        ring = QColor(color)
        ring.setAlpha(200)
        p.setBrush(NEUTRAL_FILL)
        p.setPen(QPen(QColor("#5b5b5b"), 1.0))
        p.drawRect(r)
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(ring, 3.0))
        p.drawEllipse(r.adjusted(3, 3, -3, -3))
    return _swatch(paint)


def _line(pens: list[QPen], crossed: bool = False) -> QPixmap:
    def paint(p: QPainter, r: QRectF) -> None:
        a, b = QPointF(r.left(), r.center().y()), QPointF(r.right(), r.center().y())
        for pen in pens:
            p.setPen(pen)
            p.drawLine(a, b)
        if crossed:
            c = r.center()
            p.setPen(QPen(QColor("#d01818"), 2.5))
            p.drawLine(c + QPointF(-5, -5), c + QPointF(5, 5))
            p.drawLine(c + QPointF(-5, 5), c + QPointF(5, -5))
    return _swatch(paint)


def control_fill(color: QColor) -> QColor:
    fill = QColor(color)
    fill.setAlpha(CONTROL_ALPHA)
    return fill


def legend_rows(overlays: Overlays, campaign: Campaign | None) -> list[tuple[str, QPixmap | None]]:
    """The legend's rows for the overlays that are on: a heading (no swatch) then swatch rows."""
    teams = [t for t in campaign.teams if t.powers] if campaign is not None else []
    rows: list[tuple[str, QPixmap | None]] = []
    if overlays.control:
        rows.append(("Control", None))
        rows += [(f"Controlled by {t.name}", _filled(NEUTRAL_FILL, control_fill(QColor(t.color)))) for t in teams]
        rows.append(("Contested (cross-hatch)", _filled(NEUTRAL_FILL, CONTESTED_BRUSH)))
        rows.append(("Neutral", _filled(NEUTRAL_FILL)))
    if overlays.supply:
        rows.append(("Supply", None))
        rows += [(f"{t.name} supply reaches it", _ring(QColor(t.color))) for t in teams if not t.gm_controlled]
    if overlays.lanes:
        rows.append(("Lanes", None))
        rows.append(("Major lane", _line([QPen(QColor(40, 30, 0, 200), 7.0), QPen(QColor("#f2c230"), 4.0)])))
        rows.append(("Lane", _line([QPen(QColor(40, 40, 60, 160), 1.5)])))
        rows.append(("Closed lane", _line([QPen(QColor(208, 24, 24, 140), 1.5, Qt.PenStyle.DotLine)], crossed=True)))
    return rows


class OverlayLegend(QFrame):
    """A small box in a corner of the strategic view that explains the overlays that are on;
    hidden when none is. Mouse events pass through it to the map."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("overlay_legend")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.setStyleSheet("#overlay_legend { background: rgba(250, 250, 246, 235); border: 1px solid #5b5b5b;"
                           " border-radius: 4px; } QLabel { color: #202020; background: transparent; }")
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(8, 6, 10, 6)
        self._grid.setHorizontalSpacing(6)
        self._grid.setVerticalSpacing(2)
        self.rows: list[str] = []
        self.hide()

    def show_for(self, overlays: Overlays, campaign: Campaign | None) -> None:
        while self._grid.count():
            w = self._grid.takeAt(0).widget()
            if w is not None:
                w.hide()
                w.deleteLater()
        rows = legend_rows(overlays, campaign)
        self.rows = [text for text, _pix in rows]
        for i, (text, pix) in enumerate(rows):
            label = QLabel(text)
            if pix is None:
                label.setStyleSheet("QLabel { font-weight: bold; }")
                self._grid.addWidget(label, i, 0, 1, 2)
                continue
            swatch = QLabel()
            swatch.setPixmap(pix)
            self._grid.addWidget(swatch, i, 0)
            self._grid.addWidget(label, i, 1)
        self.setVisible(bool(rows))
        self.adjustSize()


def owner_html(campaign: Campaign) -> str:
    """The owner colours in one wrapping line: a swatch and the name of each power owning a
    sector (by name), then the Neutral Zone's hatching and the unowned sectors."""
    owners = {s.owner for s in campaign.map.sectors if s.owner}
    powers = sorted((campaign.power(o) for o in owners), key=lambda pw: pw.name)
    items = [(lighter(pw.color, 255, 0.62).name(), "\u25a0", pw.name) for pw in powers]
    if any(s.neutral_zone for s in campaign.map.sectors):
        items.append(("#8a8a8a", "\u25a8", "Neutral Zone (hatched)"))
    if any(not s.owner for s in campaign.map.sectors):
        items.append(("#c8c8c0", "\u25a1", "Unowned"))
    return "<b>Owner:</b> " + " &nbsp; ".join(
        f"<span style='white-space:nowrap'><span style='color:{c}; font-size:large'>{mark}</span>&nbsp;{escape(name)}"
        "</span>" for c, mark, name in items)


class OwnerStrip(QLabel):
    """The owner-colour legend under the strategic map (in the view's bottom margin, so it
    covers no sector): a swatch per owning power, the Neutral Zone and the unowned."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("owner_legend")
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setStyleSheet("#owner_legend { background: #f4f4ee; color: #202020; padding: 2px 8px;"
                           " border-top: 1px solid #5b5b5b; }")
        self.names: list[str] = []

    def show_for(self, campaign: Campaign | None) -> None:
        """Name the owners of ``campaign``'s sectors (hidden with no campaign)."""
        self.setText(owner_html(campaign) if campaign is not None else "")
        owners = {s.owner for s in campaign.map.sectors if s.owner} if campaign is not None else set()
        self.names = sorted(campaign.power(o).name for o in owners) if campaign is not None else []
        self.setVisible(campaign is not None)
