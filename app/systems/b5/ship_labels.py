"""The b5 board's text: the ships' and the fighter flights' names at a readable size on the
screen at every zoom (:func:`label_px`), beside each ship (right) or flight (left) on the side that
keeps them inside the view, stacked where they crowd (a thin line back to one whose name was pushed
away); and the hex numbers (:class:`HexNumbers`), shown only where they can be read, clear of the
names and counters, inside the view."""
from __future__ import annotations

import bisect
import math
from collections.abc import Callable
from typing import NamedTuple, TypeVar

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from app.systems.b5.screen_text import advance, draw, text_font
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
        self.floats: list[tuple[str, float, float, float, bool, QPointF]] = []
        """The ships' then the flights' (name, x, y, radius, flight, centre): read once, not at each layout."""
        self.boxes: list[tuple[float, float, float, float]] = []
        """Their counters' (left, top, right, bottom) as :meth:`counters`' rects hold them."""
        self.kept: dict[tuple[float, ...], tuple[int, list[Placed], list[Drawn]]] = {}
        """The last :data:`KEPT` layouts by zoom and view, each with its number (:attr:`layouts` then) and
        what its paint draws (:class:`Drawn`)."""
        self.layouts = 0
        """How many layouts were made (a paint at a zoom and view laid out lately reuses that layout)."""
        self.setZValue(5)

    def set_ships(self, ships: list[tuple[str, QPointF, float]]) -> None:
        """Show these ships' names (:attr:`ships`)."""
        self.ships = ships
        self._changed()

    def set_flights(self, flights: list[tuple[str, QPointF, float]]) -> None:
        """Show these flights' names (:attr:`flights`)."""
        self.flights = flights
        self._changed()

    def _changed(self) -> None:
        self.floats = [(name, at.x(), at.y(), r, flight, at) for flight, shown in ((False, self.ships),
                                                                                 (True, self.flights))
                       for name, at, r in shown]
        self.boxes = [(x - r, y - r, (x - r) + 2 * r, (y - r) + 2 * r) for _n, x, y, r, _f, _at in self.floats]
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
        return self._kept(lod, dpi)[1]

    def numbered(self, lod: float, dpi: int) -> tuple[int, list[Placed]]:
        """:meth:`layout` with its number (a new one each time the names are laid out afresh)."""
        number, placed, _drawn = self._kept(lod, dpi)
        return number, placed

    def _kept(self, lod: float, dpi: int) -> tuple[int, list[Placed], list[Drawn]]:
        seen = self.visible()

        def make() -> tuple[int, list[Placed], list[Drawn]]:
            placed = self.lay_out(seen, lod, dpi)
            return self.layouts, placed, drawn(placed)
        return kept(self.kept, view_key(lod, dpi, seen), make)

    def lay_out(self, seen: QRectF, lod: float, dpi: int) -> list[Placed]:
        """:meth:`layout` made afresh (what each paint did before layouts were kept); boxes are
        [left, top, right, bottom] floats while laid out (faster to compare than Qt's rects). The
        names are measured in the font they are drawn in, the screen's (screen_text.py); each name
        is checked only against the names and counters near it (:class:`Near`)."""
        self.layouts += 1
        font = text_font(label_px(lod) * lod, dpi)  # as drawn: on the screen, at its own size
        size = font.pointSizeF()
        h, gap = label_px(lod) * 1.2, 3.0 / lod
        half = h / 2
        sep = advance("  ", font) / lod  # two names end to end read as one ("KHS Claw of Rrit LSS Pride...")
        left_edge, top, right_edge, foot = seen.getCoords()
        counters = [c for c in self.floats if left_edge <= c[1] <= right_edge and top <= c[2] <= foot]  # out of
        dots = [[x - r, y - r, x + r, y + r] for _n, x, y, r, _f, _at in counters]  # sight: no name (QRectF.contains)
        near = Near(300.0 / lod, h, sep)  # the counters, and each name once placed
        for dot in dots:
            near.add(dot)
        boxes: list[list[float]] = []
        placed: list[tuple[str, QPointF, bool]] = []
        hit = near.hit
        for i in sorted(range(len(counters)), key=lambda k: (counters[k][2], counters[k][1], counters[k][0],
                                                             counters[k][4])):
            name, x, y, r, flight, at = counters[i]
            mine = dots[i]
            w = advance(name, font, size) / lod
            right = [x + r + gap, y - half, x + r + gap + w, y + half]
            left = [x - r - gap - w, y - half, x - r - gap, y + half]
            sides = [s for s in ((left, right) if flight else (right, left))
                     if left_edge <= s[0] and s[2] <= right_edge] or [left if flight else right]
            clear, first = None, None
            for s in sides:  # (a row apart: clear)
                low = hit(s, mine)
                if low is None:
                    clear = s
                    break
                if first is None:
                    first = low
            box = clear or sides[0]
            x0 = min(max(box[0], left_edge), right_edge - w)
            moved = x0 != box[0]
            box = [x0, box[1], x0 + w, box[3]]
            if clear is None and box == sides[0]:  # in its way: what was met there, met again
                box[1], box[3] = first, first + h
            while clear is None or moved:  # below the names and counters in its way (on its side)
                moved = False
                low = hit(box, mine)
                if low is None:
                    break
                box[1], box[3] = low, low + h
            near.add(box)
            boxes.append(box)
            placed.append((name, at, flight))
        below: list[tuple[float, float, float]] = []  # the names below, placed: (left, top, right)
        for i in range(len(boxes) - 1, -1, -1):  # from the foot up: none below the view's edge
            box, least = boxes[i], foot
            b0, b2 = box[0], box[2]
            for o0, o1, o2 in below:
                if o0 < b2 and b0 < o2 and o1 < least:
                    least = o1
            if box[3] > least:
                box[1], box[3] = least - h, least
            if box[1] < top:
                box[1], box[3] = top, top + h
            below.append((box[0], box[1], box[2]))
        return [Placed(name, QRectF(b[0], b[1], b[2] - b[0], b[3] - b[1]), at, flight)
                for (name, at, flight), b in zip(placed, boxes)]

    def counters(self) -> list[QRectF]:
        """The ships' dots and the flights' diamonds, in scene units (kept clear of hex numbers)."""
        return [QRectF(at.x() - r, at.y() - r, 2 * r, 2 * r) for _n, at, r in self.ships + self.flights]

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(p.worldTransform())
        if not self.floats or lod <= 0:
            return
        dpi = p.device().logicalDpiY()
        laid = self._kept(lod, dpi)[2]
        p.setPen(QPen(LEADER, 0))
        for _name, left, top, width, height, at, _flight in laid:  # a line back to a counter whose name was pushed away
            x, middle = at.x(), top + height / 2
            if abs(middle - at.y()) > height * 0.6 or not left - height < x < left + width + height:
                p.drawLine(at, QPointF(left if left > x else left + width, middle))
        font, inset = text_font(label_px(lod) * lod, dpi), label_px(lod)  # drawn at the screen's size
        for colour, flights in ((TEXT, False), (FLIGHT_TEXT, True)):
            draw(p, font, colour, ((left, top + (height - inset) / 2, name)
                                   for name, left, top, width, height, _at, flight in laid if flight is flights))


class Drawn(NamedTuple):
    """A name laid out as its paint reads it: its rect's left, top, width and height, as floats."""

    name: str
    left: float
    top: float
    width: float
    height: float
    at: QPointF
    flight: bool


def drawn(placed: list[Placed]) -> list[Drawn]:
    """``placed`` as its paint reads it (:class:`Drawn`): each rect read once per layout, not at each paint."""
    return [Drawn(p.name, *p.rect.getRect(), p.at, p.flight) for p in placed]


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
        self.kept: dict[tuple[float, ...], tuple[list[tuple[str, QRectF]], list[tuple[float, float, str]]]] = {}
        self.texts: dict[int, list[str]] = {}
        """Each column's numbers by row (made once, when the column is first numbered)."""

    def step(self, lod: float, width: float) -> int:
        """Every how many hexes a number is shown at zoom ``lod`` for numbers ``width`` scene units
        wide (0: none)."""
        for step in STEPS:
            room = self.size * 1.5 * step  # the numbered columns' spacing
            if width + 4.0 / lod <= room:
                return step
        return 0

    def columns(self, lod: float, width: float, step: int) -> list[tuple[int, float]]:
        """The numbered columns and their numbers' left side: centred over the column, but moved onto the
        board where a number would run off it (issue 22: at the zooms that number every 5th or 10th hex a
        number is wider than a hex; the first column's stood half off the board's left edge, over it); a
        column whose number, so moved, would come within 4 pixels of the next numbered column's is not
        numbered."""
        xs, half, apart = self.xs, width / 2, 4.0 / lod
        lo, hi = xs[0] - self.size, xs[-1] + self.size - width
        out = []
        for c in range(1, self.cols + 1, step):
            x0 = min(max(xs[c - 1] - half, lo), hi)
            if x0 != xs[c - 1] - half:  # moved: kept 4 pixels from its neighbours' numbers (their left: n)
                near = [xs[k - 1] - half for k in (c - step, c + step) if 1 <= k <= self.cols]
                if any(n - (x0 + width) < apart and x0 - (n + width) < apart for n in near):
                    continue
            out.append((c, x0))
        return out

    def layout(self, lod: float, dpi: int) -> list[tuple[str, QRectF]]:
        """Each number shown at zoom ``lod``: (text, its rect in scene units), kept until the zoom,
        the view or the names change."""
        return self._kept(lod, dpi)[0]

    def _kept(self, lod: float, dpi: int) -> tuple[list[tuple[str, QRectF]], list[tuple[float, float, str]]]:
        seen = self.labels.visible()
        number, names = self.labels.numbered(lod, dpi)  # the names laid out afresh: the numbers too
        return kept(self.kept, (*view_key(lod, dpi, seen), number),
                    lambda: self.laid_out(seen, lod, dpi, [p.rect for p in names]))

    def lay_out(self, seen: QRectF, lod: float, dpi: int, names: list[QRectF]) -> list[tuple[str, QRectF]]:
        """:meth:`layout` made afresh, clear of ``names``."""
        return self.laid_out(seen, lod, dpi, names)[0]

    def laid_out(self, seen: QRectF, lod: float, dpi: int, names: list[QRectF]
                 ) -> tuple[list[tuple[str, QRectF]], list[tuple[float, float, str]]]:
        """:meth:`lay_out`, and each number as it is drawn: (left, top, text). The rects are read as Qt
        holds them (QRectF.getCoords; QRectF.intersects: each side met strictly, an empty rect meets none)."""
        width, h = advance("0000", text_font(LABEL_PX, dpi)) / lod, LABEL_PX * 1.15 / lod  # as drawn, on the screen
        step = self.step(lod, width)
        if not step:
            return [], []
        half = width / 2
        left_edge, top_edge, right_edge, foot = seen.getCoords()
        xs, tops, dy, rows = self.xs, self.tops, self.dy, self.rows
        lefts = self.columns(lod, width, step)
        moved = {c: x0 for c, x0 in lefts if x0 != xs[c - 1] - half}  # the edge columns': met where they lie
        near: dict[int, list[tuple[float, float]]] = {}  # by column: the tops and feet of the names and counters there
        for l1, t1, r1, b1 in [t.getCoords() for t in names] + self.labels.boxes:
            if l1 < right_edge and left_edge < r1 and t1 < foot and top_edge < b1 and l1 != r1 and t1 != b1:
                first = bisect.bisect_right(xs, l1 - half)  # the numbered columns whose numbers it meets
                for k in range(first + (-first) % step, bisect.bisect_left(xs, r1 + half, first), step):
                    if k + 1 not in moved:
                        near.setdefault(k + 1, []).append((t1, b1))
                for c, x0 in moved.items():
                    if l1 < x0 + width and x0 < r1:
                        near.setdefault(c, []).append((t1, b1))
        top = self.size * math.sqrt(3) / 2
        out: list[tuple[str, QRectF]] = []
        texts: list[tuple[float, float, str]] = []
        for c, x0 in lefts:
            if not (left_edge <= x0 and x0 + width <= right_edge):
                continue
            here = near.get(c, ())
            y0 = tops[c - 1]
            first = max(1, math.ceil((top_edge + top - y0) / dy) + 1)
            last = min(rows, math.floor((foot + top - h - y0) / dy) + 1)
            column = self.texts.get(c)
            if column is None:
                column = self.texts[c] = [str(Label(c, r)) for r in range(1, rows + 1)]
            for r in range(first + (1 - first) % step, last + 1, step):
                y = y0 + (r - 1) * dy - top
                if here and any(t < y + h and y < b for t, b in here):
                    continue
                text = column[r - 1]
                out.append((text, QRectF(x0, y, width, h)))
                texts.append((x0, y, text))
        return out, texts

    def draw(self, p: QPainter, lod: float, dpi: int) -> None:
        """The numbers shown at zoom ``lod`` drawn with ``p`` (scene units, a device of ``dpi``), at the
        screen's own size (screen_text.py)."""
        draw(p, text_font(LABEL_PX, dpi), NUMBER, self._kept(lod, dpi)[1])


class Near:
    """Boxes ([left, top, right, bottom]) in cells of ``width`` x ``height``, each widened by ``sep``
    to the left and right: :meth:`hit` looks only at the boxes in a box's cells."""

    def __init__(self, width: float, height: float, sep: float) -> None:
        self.width, self.height, self.sep = width, height, sep
        self.cells: dict[tuple[int, int], list[tuple[float, float, float, float, list[float]]]] = {}

    def add(self, box: list[float]) -> None:
        """``box`` as it is now (its right widened by ``sep`` once, here, as :meth:`hit` compares it)."""
        w, h, sep, cells = self.width, self.height, self.sep, self.cells
        entry = (box[0], box[1], box[2] + sep, box[3], box)
        rows = range(math.floor(box[1] / h), math.floor(box[3] / h) + 1)
        for cx in range(math.floor((box[0] - sep) / w), math.floor((box[2] + sep) / w) + 1):
            for cy in rows:
                cell = cells.get((cx, cy))
                if cell is None:
                    cells[(cx, cy)] = [entry]
                else:
                    cell.append(entry)

    def hit(self, box: list[float], but: list[float]) -> float | None:
        """The lowest foot of the boxes (but ``but``) that ``box`` meets: within ``sep`` side by side
        (two names end to end read as one), overlapping top to bottom (a row apart: clear); None
        when it meets none. Moved down to that foot, a name has met every one of them (their tops
        are above its foot, their feet at or above its top): it passes them all in one step."""
        x0, y0, x1, y1 = box
        w, h, cells = self.width, self.height, self.cells
        x1s = x1 + self.sep
        low = None
        rows = range(math.floor(y0 / h), math.floor(y1 / h) + 1)
        for cx in range(math.floor(x0 / w), math.floor(x1 / w) + 1):
            for cy in rows:
                cell = cells.get((cx, cy))
                if cell is not None:
                    for o0, o1, o2s, o3, o in cell:
                        if o0 < x1s and x0 < o2s and y0 < o3 and o1 < y1 and o is not but:
                            if low is None or o3 > low:
                                low = o3
        return low
