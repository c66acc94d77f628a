"""The Empire Sheet's charts (issue 23): a power's income (Total Domestic Product and Point Pool)
and fleet strength over turns, from the lines each Income Phase keeps (``PowerEconomy.history``);
drawn with QPainter in the dock and as inline SVG in the HTML export."""
from __future__ import annotations

import html
from dataclasses import dataclass
from fractions import Fraction

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from rules.model.economy_model import TurnFigures

TDP_COLOR = "#1f77b4"
POOL_COLOR = "#2ca02c"
STRENGTH_COLOR = "#d62728"


@dataclass(frozen=True)
class Series:
    """One line of a chart: its name, colour and (turn, value) points."""

    name: str
    color: str
    points: tuple[tuple[int, float], ...]


@dataclass(frozen=True)
class Chart:
    """A chart: its title and lines."""

    title: str
    series: tuple[Series, ...]


def charts(history: tuple[TurnFigures, ...] | list[TurnFigures]) -> tuple[Chart, ...]:
    """The income chart (TDP, Point Pool) and the fleet strength chart of one power's history."""
    def pts(values: list[tuple[int, Fraction | int]]) -> tuple[tuple[int, float], ...]:
        return tuple((t, float(v)) for t, v in values)

    tdp = Series("Total Domestic Product", TDP_COLOR, pts([(h.turn, h.tdp) for h in history]))
    pool = Series("Point Pool", POOL_COLOR, pts([(h.turn, h.pool) for h in history]))
    return (Chart("Income over turns", (tdp, pool)),
            Chart("Fleet strength over turns", (Series("Fleet strength (cost in EP)", STRENGTH_COLOR,
                                                       pts([(h.turn, h.strength) for h in history])),)))


def _bounds(chart: Chart) -> tuple[int, int, float, float]:
    ps = [p for s in chart.series for p in s.points]
    turns = [t for t, _ in ps] or [1]
    values = [v for _, v in ps] + [0.0]
    low, high = min(values), max(values)
    return min(turns), max(turns), low, high if high > low else low + 1


LEFT, TOP, RIGHT, BOTTOM = 40.0, 36.0, 12.0, 20.0
"""The plot's margins: the value range on the left, the title and the legend above, the turns below."""


def _place(chart: Chart, w: float, h: float, top: float = TOP) -> list[tuple[Series, list[tuple[float, float]]]]:
    """Each series' points in a w x h box inside the margins (the plot starting at ``top``), y
    growing downwards."""
    t0, t1, low, high = _bounds(chart)
    span = max(t1 - t0, 1)
    pw, ph = w - LEFT - RIGHT, h - top - BOTTOM
    return [(s, [(LEFT + pw * ((t - t0) / span if t1 > t0 else 0.5), top + ph - ph * (v - low) / (high - low))
                 for t, v in s.points]) for s in chart.series]


LINE = 16.0
"""A legend row's height."""


def legend_boxes(advances: list[float], width: float) -> list[QRectF]:
    """Where each legend name (given by its text width, ``advances``) is written in a chart ``width`` wide: side
    by side from the plot's left edge, a name that would cross the right edge starting a new row
    (at the view's left edge when even a row of its own from the plot's edge cannot hold it), so no
    name is cut (the dock at its narrowest cut "Point Pool" at the edge, T18's charts3.png)."""
    boxes: list[QRectF] = []
    x, y = LEFT, 17.0
    for advance in advances:
        if x > LEFT and x + advance > width - 2:
            x, y = LEFT, y + LINE
        left = x if x + advance <= width - 2 else max(2.0, width - 2 - advance)
        boxes.append(QRectF(left, y, advance, LINE))
        x = left + advance + 12
    return boxes


def _num(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def svg(chart: Chart, w: int = 420, h: int = 180) -> str:
    """``chart`` as inline SVG (polylines, the turns and the value range written on it)."""
    t0, t1, low, high = _bounds(chart)
    out = [f"<svg xmlns='http://www.w3.org/2000/svg' width='{w}' height='{h}' role='img' "
           f"aria-label='{html.escape(chart.title)}'><title>{html.escape(chart.title)}</title>",
           f"<rect x='0' y='0' width='{w}' height='{h}' fill='white' stroke='#999'/>",
           f"<text x='{LEFT}' y='14' font-size='12'>{html.escape(chart.title)}</text>",
           f"<text x='2' y='{TOP + 4}' font-size='10'>{_num(high)}</text>",
           f"<text x='2' y='{h - BOTTOM + 4}' font-size='10'>{_num(low)}</text>",
           f"<text x='{LEFT}' y='{h - 5}' font-size='10'>turn {t0}</text>",
           f"<text x='{w - RIGHT - 40}' y='{h - 5}' font-size='10'>turn {t1}</text>"]
    for i, (s, pts) in enumerate(_place(chart, w, h)):
        coords = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
        out.append(f"<polyline fill='none' stroke='{s.color}' stroke-width='2' points='{coords}'/>")
        out.extend(f"<circle cx='{x:.1f}' cy='{y:.1f}' r='3' fill='{s.color}'/>" for x, y in pts)
        out.append(f"<text x='{LEFT + 160 * i}' y='28' font-size='10' fill='{s.color}'>"
                   f"{html.escape(s.name)}</text>")
    return "".join(out) + "</svg>"


class ChartView(QWidget):
    """One chart drawn with QPainter; empty (a note) until an Income Phase kept a line."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.chart: Chart | None = None
        self.legend: list[tuple[str, QRectF]] = []
        """Each series' name and where the last paint wrote it."""
        self.setMinimumSize(240, 150)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def set_chart(self, chart: Chart | None) -> None:
        """Show ``chart`` (None: nothing)."""
        self.chart = chart
        self.setAccessibleName(chart.title if chart else "")
        self.update()

    def plotted(self) -> int:
        """How many points are drawn."""
        return sum(len(s.points) for s in self.chart.series) if self.chart else 0

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(self.rect())
        p.fillRect(r, self.palette().base())
        p.setPen(self.palette().text().color())
        if self.chart is None:
            return
        if not self.plotted():
            p.drawText(r.adjusted(6, 4, -6, -4), Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                       f"{self.chart.title}: no Income Phase run yet")  # wrapped in a narrow dock, not cut
            return
        t0, t1, low, high = _bounds(self.chart)
        w, h = r.width(), r.height()
        names = [s.name for s in self.chart.series]
        self.legend = list(zip(names, legend_boxes([p.fontMetrics().horizontalAdvance(n) + 1.0 for n in names], w)))
        top = max(TOP, self.legend[-1][1].bottom() + 3) if self.legend else TOP
        p.drawText(QRectF(LEFT, 1, w - LEFT, 16), Qt.AlignmentFlag.AlignLeft, self.chart.title)
        p.drawText(QRectF(2, top - 7, LEFT - 4, 14), Qt.AlignmentFlag.AlignRight, _num(high))
        p.drawText(QRectF(2, h - BOTTOM - 7, LEFT - 4, 14), Qt.AlignmentFlag.AlignRight, _num(low))
        turns = QRectF(LEFT, h - BOTTOM + 3, w - LEFT - RIGHT, 16)
        p.drawText(turns, Qt.AlignmentFlag.AlignLeft, f"turn {t0}")
        p.drawText(turns, Qt.AlignmentFlag.AlignRight, f"turn {t1}")
        p.drawRect(QRectF(LEFT, top, w - LEFT - RIGHT, h - top - BOTTOM))
        for (s, pts), (_name, box) in zip(_place(self.chart, w, h, top), self.legend):
            color = QColor(s.color)
            p.setPen(QPen(color, 2))
            for a, b in zip(pts, pts[1:]):
                p.drawLine(QPointF(*a), QPointF(*b))
            p.setBrush(color)
            for x, y in pts:
                p.drawEllipse(QPointF(x, y), 3, 3)
            p.drawText(box, Qt.AlignmentFlag.AlignLeft, s.name)
