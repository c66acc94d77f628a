"""The b5 board's text: the ships' and the fighter flights' names at a readable size on the
screen at every zoom (:func:`label_px`), beside each ship (right) or flight (left) on the side that
keeps them inside the view, stacked where they crowd (a thin line back to one whose name was pushed
away); and the hex numbers (:class:`HexNumbers`), shown only where they can be read, clear of the
names and counters, inside the view."""
from __future__ import annotations

import math
from collections.abc import Callable
from typing import NamedTuple, TypeVar

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from hexmap import Label

LABEL_PX = 11.0
"""The names' and hex numbers' least height on the screen (logical pixels), as the V13 map's hex labels."""
TEXT = QColor("#e8ecf4")
FLIGHT_TEXT = QColor("#f4f4a0")
LEADER = QColor(232, 236, 244, 110)
NUMBER = QColor("#6f7c96")
STEPS = (1, 5, 10, 20, 50)
"""Which hexes are numbered, the densest first that the zoom leaves room for: every hex, every
fifth column and row (the board's reference grid), every tenth, twentieth, fiftieth: some numbers
always show on the fitted 90x60 board at QT_SCALE_FACTOR=2, for a GM asked to type a hex (with every
tenth alone none showed); none only when even those would crowd."""


def label_px(lod: float) -> float:
    """The names' size in scene units at zoom ``lod``: :data:`LABEL_PX` on the screen where
    the board is small, growing with the zoom up to 15 px."""
    return min(15.0, max(LABEL_PX, 7.0 * lod)) / lod


def text_font(px: float, dpi: int) -> QFont:
    """A font ``px`` scene units tall on a device of ``dpi`` (a point size, so that fractions of a
    scene unit are kept when the painter scales it)."""
    f = QFont()
    f.setPointSizeF(max(0.5, px * 72.0 / dpi))
    return f


T = TypeVar("T")
KEPT = 4
"""How many layouts (zooms and views) the board's text keeps: a wheel turned in and out again repaints
from them."""


def view_key(lod: float, dpi: int, seen: QRectF) -> tuple[float, ...]:
    """A zoom and view, rounded past a float's noise (a wheel notch in and out comes back to it)."""
    return (round(lod, 9), dpi, *(round(x, 3) for x in seen.getRect()))


def kept(store: dict[tuple[float, ...], T], key: tuple[float, ...], make: Callable[[], T], most: int = KEPT) -> T:
    """``store[key]``, made by ``make()`` when not kept; the last ``most`` used kept, the newest last."""
    value = store.pop(key) if key in store else make()
    store[key] = value
    while len(store) > most:
        del store[next(iter(store))]
    return value


class Placed(NamedTuple):
    """A name laid out: its text, its rect and the counter's centre in scene units, a flight's or a ship's."""

    name: str
    rect: QRectF
    at: QPointF
    flight: bool


class ShipLabels(QGraphicsItem):
    """Every ship's and flight's name, laid out for the zoom and the part of the board seen
    (``visible()``, in scene units) when either changes, and kept for the paints between."""

    def __init__(self, visible: Callable[[], QRectF], bounds: QRectF) -> None:
        super().__init__()
        self.visible, self.bounds = visible, bounds
        self.ships: list[tuple[str, QPointF, float]] = []
        """(name, centre, the dot's radius) in scene units."""
        self.flights: list[tuple[str, QPointF, float]] = []
        """(name, the diamond's centre, its radius) in scene units."""
        self.kept: dict[tuple[float, ...], tuple[int, list[Placed]]] = {}
        """The last :data:`KEPT` layouts by zoom and view, each with its number (:attr:`layouts` then)."""
        self.layouts = 0
        """How many layouts were made (a paint at a zoom and view laid out lately reuses that layout)."""
        self.setZValue(5)

    def set_ships(self, ships: list[tuple[str, QPointF, float]]) -> None:
        """Show these ships' names (:attr:`ships`)."""
        self.ships = ships
        self.kept.clear()
        self.update()

    def set_flights(self, flights: list[tuple[str, QPointF, float]]) -> None:
        """Show these flights' names (:attr:`flights`)."""
        self.flights = flights
        self.kept.clear()
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        return self.bounds

    @staticmethod
    def font(lod: float, dpi: int) -> QFont:
        """The names' font at zoom ``lod`` on a device of ``dpi``."""
        return text_font(label_px(lod), dpi)

    def layout(self, lod: float, dpi: int) -> list[Placed]:
        """Each ship and flight in sight's name at zoom ``lod``: right of a ship, left of a flight, on
        the other side where that would leave the view; inside the view; moved down (or up at the
        view's foot) clear of the names above. Kept for the last few zooms and views (:func:`kept`)."""
        return self.numbered(lod, dpi)[1]

    def numbered(self, lod: float, dpi: int) -> tuple[int, list[Placed]]:
        """:meth:`layout` with its number (a new one each time the names are laid out afresh)."""
        seen = self.visible()
        return kept(self.kept, view_key(lod, dpi, seen), lambda: (self.layouts + 1, self.lay_out(seen, lod, dpi)))

    def lay_out(self, seen: QRectF, lod: float, dpi: int) -> list[Placed]:
        """:meth:`layout` made afresh (what each paint did before layouts were kept); boxes are
        [left, top, right, bottom] floats while laid out (faster to compare than Qt's rects)."""
        self.layouts += 1
        metrics = QFontMetricsF(self.font(lod, dpi))
        h, gap = label_px(lod) * 1.2, 3.0 / lod
        sep = metrics.horizontalAdvance("  ")  # two names end to end read as one ("KHS Claw of Rrit LSS Pride...")
        left_edge, top, right_edge, foot = seen.left(), seen.top(), seen.right(), seen.bottom()
        counters = [(name, at, r, False) for name, at, r in self.ships if seen.contains(at)] + \
            [(name, at, r, True) for name, at, r in self.flights if seen.contains(at)]  # out of sight: no name
        dots = [[at.x() - r, at.y() - r, at.x() + r, at.y() + r] for _n, at, r, _f in counters]
        boxes: list[list[float]] = []
        placed: list[tuple[str, QPointF, bool]] = []
        for i, (name, at, r, flight) in sorted(enumerate(counters), key=lambda s: (s[1][1].y(), s[1][1].x(),
                                                                                     s[1][0], s[1][3])):
            w, x, y = metrics.horizontalAdvance(name), at.x(), at.y()
            right = [x + r + gap, y - h / 2, x + r + gap + w, y + h / 2]
            left = [x - r - gap - w, y - h / 2, x - r - gap, y + h / 2]
            sides = [s for s in ([left, right] if flight else [right, left])
                     if left_edge <= s[0] and s[2] <= right_edge] or [left if flight else right]
            others = boxes + dots[:i] + dots[i + 1:]
            lo, hi = min(s[0] for s in sides), max(s[2] for s in sides)
            near = [o for o in others if o[0] < hi + sep and lo < o[2] + sep]  # those either side may meet
            box = next((s for s in sides if not any(s[0] < o[2] + sep and o[0] < s[2] + sep and s[1] < o[3]
                                                    and o[1] < s[3] for o in near)), sides[0])  # (a row apart: clear)
            x0 = min(max(box[0], left_edge), right_edge - w)
            box = [x0, box[1], x0 + w, box[3]]
            column = [o for o in others if o[0] < box[2] + sep and box[0] < o[2] + sep]
            for _ in column:  # below the names and counters in its way (on its side)
                top_, foot_ = box[1], box[3]
                hit = next((o for o in column if top_ < o[3] and o[1] < foot_), None)  # (in the column: x met)
                if hit is None:
                    break
                box[1], box[3] = hit[3], hit[3] + h
            boxes.append(box)
            placed.append((name, at, flight))
        for i in range(len(boxes) - 1, -1, -1):  # from the foot up: none below the view's edge
            box, least = boxes[i], foot
            for other in boxes[i + 1:]:
                if other[0] < box[2] and box[0] < other[2]:
                    least = min(least, other[1])
            if box[3] > least:
                box[1], box[3] = least - h, least
            if box[1] < top:
                box[1], box[3] = top, top + h
        return [Placed(name, QRectF(b[0], b[1], b[2] - b[0], b[3] - b[1]), at, flight)
                for (name, at, flight), b in zip(placed, boxes)]

    def counters(self) -> list[QRectF]:
        """The ships' dots and the flights' diamonds, in scene units (kept clear of hex numbers)."""
        return [QRectF(at.x() - r, at.y() - r, 2 * r, 2 * r) for _n, at, r in self.ships + self.flights]

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(p.worldTransform())
        if not (self.ships or self.flights) or lod <= 0:
            return
        dpi = p.device().logicalDpiY()
        font = self.font(lod, dpi)
        p.setFont(font)
        ascent = QFontMetricsF(font, p.device()).ascent()
        for name, rect, at, flight in self.layout(lod, dpi):
            near = rect.adjusted(-rect.height(), 0, rect.height(), 0)
            if abs(rect.center().y() - at.y()) > rect.height() * 0.6 or not near.left() < at.x() < near.right():
                p.setPen(QPen(LEADER, 0))
                end = QPointF(rect.left() if rect.left() > at.x() else rect.right(), rect.center().y())
                p.drawLine(at, end)
            p.setPen(FLIGHT_TEXT if flight else TEXT)
            p.drawText(QPointF(rect.left(), rect.top() + (rect.height() - label_px(lod)) / 2 + ascent), name)


class HexNumbers:
    """The hex numbers at :data:`LABEL_PX` on the screen, at the top of each hex: every hex's when
    a hex is wide enough to hold its number, else a sparser grid (:data:`STEPS`) whose numbers keep
    apart, else none; only those wholly inside the view and clear of the names and counters
    (``labels``). ``centre(col, row)`` is a hex's centre in scene units; ``size`` a hex's radius.
    Drawn with the grid, into its picture (app/systems/b5/board.py ``GridPicture``)."""

    def __init__(self, labels: ShipLabels, centre: Callable[[int, int], QPointF], cols: int, rows: int,
                 size: float) -> None:
        self.labels, self.cols, self.rows, self.size = labels, cols, rows, size
        self.xs = [centre(c, 1).x() for c in range(1, cols + 1)]
        self.tops = [centre(c, 1).y() for c in range(1, cols + 1)]
        self.dy = centre(1, 2).y() - centre(1, 1).y()
        self.kept: dict[tuple[float, ...], list[tuple[str, QRectF]]] = {}

    def step(self, lod: float, width: float) -> int:
        """Every how many hexes a number is shown at zoom ``lod`` for numbers ``width`` scene units
        wide (0: none)."""
        for step in STEPS:
            room = self.size * 1.5 * step  # the numbered columns' spacing
            if width + 4.0 / lod <= room:
                return step
        return 0

    def layout(self, lod: float, dpi: int) -> list[tuple[str, QRectF]]:
        """Each number shown at zoom ``lod``: (text, its rect in scene units), kept until the zoom,
        the view or the names change."""
        seen = self.labels.visible()
        number, names = self.labels.numbered(lod, dpi)  # the names laid out afresh: the numbers too
        return kept(self.kept, (*view_key(lod, dpi, seen), number),
                    lambda: self.lay_out(seen, lod, dpi, [p.rect for p in names]))

    def lay_out(self, seen: QRectF, lod: float, dpi: int, names: list[QRectF]) -> list[tuple[str, QRectF]]:
        """:meth:`layout` made afresh, clear of ``names``."""
        metrics = QFontMetricsF(text_font(LABEL_PX / lod, dpi))
        width, h = metrics.horizontalAdvance("0000"), LABEL_PX * 1.15 / lod
        step = self.step(lod, width)
        if not step:
            return []
        taken = [(t.left(), t.right(), t) for t in names + self.labels.counters() if t.intersects(seen)]
        top = self.size * math.sqrt(3) / 2
        out: list[tuple[str, QRectF]] = []
        for c in range(1, self.cols + 1, step):
            x = self.xs[c - 1]
            if not (seen.left() <= x - width / 2 and x + width / 2 <= seen.right()):
                continue
            near = [t for left, right, t in taken if left < x + width / 2 and x - width / 2 < right]  # this column's
            first = max(1, math.ceil((seen.top() + top - self.tops[c - 1]) / self.dy) + 1)
            last = min(self.rows, math.floor((seen.bottom() + top - h - self.tops[c - 1]) / self.dy) + 1)
            for r in range(first + (1 - first) % step, last + 1, step):
                rect = QRectF(x - width / 2, self.tops[c - 1] + (r - 1) * self.dy - top, width, h)
                if not any(rect.intersects(t) for t in near):
                    out.append((str(Label(c, r)), rect))
        return out

    def draw(self, p: QPainter, lod: float, dpi: int) -> None:
        """The numbers shown at zoom ``lod`` drawn with ``p`` (scene units, a device of ``dpi``)."""
        font = text_font(LABEL_PX / lod, dpi)
        p.setFont(font)
        p.setPen(NUMBER)
        ascent = QFontMetricsF(font, p.device()).ascent()
        for text, rect in self.layout(lod, dpi):
            p.drawText(QPointF(rect.left(), rect.top() + ascent), text)
