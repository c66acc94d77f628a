"""Strategic map overlays: control, supply and lanes (switchable), plus the open Battle Hex
marks. The data comes from the engine's :class:`rules.strategic.StrategicState`; this module
only turns it into colours and shapes."""
from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem

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


CONTESTED_BRUSH = QBrush(QColor(220, 40, 40, 150), Qt.DiagCrossPattern)
BATTLE_PEN = QPen(QColor("#e01010"), 4.0)
ROUTE_PEN = QPen(QColor(20, 170, 60, 230), 5.0, Qt.DashLine, Qt.RoundCap, Qt.RoundJoin)
PREVIEW_OK = QPen(QColor(30, 200, 90, 240), 5.0, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin)
PREVIEW_BAD = QPen(QColor(230, 40, 40, 240), 5.0, Qt.DashLine, Qt.RoundCap, Qt.RoundJoin)


class LanesItem(QGraphicsItem):
    """Every open lane (thin), major lanes (thick gold) and closed lanes (red bar with an X)."""

    def __init__(self, state: StrategicState, center) -> None:
        super().__init__()
        self.setZValue(3)
        self.setAcceptedMouseButtons(Qt.NoButton)
        g = state.graph
        self.minor: list[QLineF] = []
        self.major: list[QLineF] = []
        for a, b, data in g.graph.edges(data=True):
            line = QLineF(center(a), center(b))
            (self.major if data["kind"] is LaneKind.MAJOR else self.minor).append(line)
        self.closed = [QLineF(center(a), center(b)) for a, b in (tuple(p) for p in g.closed)]
        path = QPainterPath()
        for line in self.minor + self.major + self.closed:
            path.moveTo(line.p1())
            path.lineTo(line.p2())
        self._rect = path.boundingRect().adjusted(-12, -12, 12, 12)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.Antialiasing, True)
        p.setPen(QPen(QColor(40, 40, 60, 120), 1.2))
        p.drawLines(self.minor)
        p.setPen(QPen(QColor(40, 30, 0, 200), 9.0, Qt.SolidLine, Qt.RoundCap))
        p.drawLines(self.major)
        p.setPen(QPen(QColor("#f2c230"), 5.0, Qt.SolidLine, Qt.RoundCap))
        p.drawLines(self.major)
        red = QPen(QColor("#d01818"), 4.0, Qt.SolidLine, Qt.RoundCap)
        for line in self.closed:
            mid = line.center()
            d = line.unitVector()
            dx, dy = d.dx() * 14, d.dy() * 14
            p.setPen(QPen(QColor(208, 24, 24, 140), 2.0, Qt.DotLine))
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
