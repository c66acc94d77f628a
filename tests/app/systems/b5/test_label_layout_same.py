"""Issue 21: the board's names are laid out looking only at the names and counters near each one
(ship_labels.Near), not at all of them, and the hex numbers only at those in their column: the same
layout as the plain way (every name checked against every name and counter, each name moved below the
first in its way in turn; every number against every name and counter: as ship_labels did before), on
crowded random boards at several zooms and views."""
from __future__ import annotations

import random

import math

from PySide6.QtCore import QPointF, QRectF

from app.systems.b5.board import SIZE, BoardView
from app.systems.b5.screen_text import advance, text_font
from app.systems.b5.ship_labels import LABEL_PX, HexNumbers, Placed, ShipLabels, label_px
from hexmap import Label


def plain(labels: ShipLabels, seen: QRectF, lod: float, dpi: int) -> list[Placed]:
    """The layout the plain way: each name checked against all names placed and all counters."""
    font = text_font(label_px(lod) * lod, dpi)
    h, gap, sep = label_px(lod) * 1.2, 3.0 / lod, advance("  ", font) / lod
    left_edge, top, right_edge, foot = seen.left(), seen.top(), seen.right(), seen.bottom()
    counters = [(n, at, r, False) for n, at, r in labels.ships if seen.contains(at)] + \
        [(n, at, r, True) for n, at, r in labels.flights if seen.contains(at)]
    dots = [[at.x() - r, at.y() - r, at.x() + r, at.y() + r] for _n, at, r, _f in counters]
    boxes: list[list[float]] = []
    placed = []
    for i, (name, at, r, flight) in sorted(enumerate(counters), key=lambda s: (s[1][1].y(), s[1][1].x(),
                                                                                 s[1][0], s[1][3])):
        w, x, y = advance(name, font) / lod, at.x(), at.y()
        right = [x + r + gap, y - h / 2, x + r + gap + w, y + h / 2]
        left = [x - r - gap - w, y - h / 2, x - r - gap, y + h / 2]
        sides = [s for s in ([left, right] if flight else [right, left])
                 if left_edge <= s[0] and s[2] <= right_edge] or [left if flight else right]
        others = boxes + dots[:i] + dots[i + 1:]
        box = next((s for s in sides if not any(s[0] < o[2] + sep and o[0] < s[2] + sep and s[1] < o[3]
                                                and o[1] < s[3] for o in others)), sides[0])
        x0 = min(max(box[0], left_edge), right_edge - w)
        box = [x0, box[1], x0 + w, box[3]]
        column = [o for o in others if o[0] < box[2] + sep and box[0] < o[2] + sep]
        for _ in column:
            hit = next((o for o in column if box[1] < o[3] and o[1] < box[3]), None)
            if hit is None:
                break
            box[1], box[3] = hit[3], hit[3] + h
        boxes.append(box)
        placed.append((name, at, flight))
    for i in range(len(boxes) - 1, -1, -1):
        box, least = boxes[i], foot
        for other in boxes[i + 1:]:
            if other[0] < box[2] and box[0] < other[2]:
                least = min(least, other[1])
        if box[3] > least:
            box[1], box[3] = least - h, least
        if box[1] < top:
            box[1], box[3] = top, top + h
    return [Placed(n, QRectF(b[0], b[1], b[2] - b[0], b[3] - b[1]), at, f) for (n, at, f), b in zip(placed, boxes)]


def plain_numbers(numbers: HexNumbers, seen: QRectF, lod: float, dpi: int, names: list[QRectF]) -> list:
    """The hex numbers the plain way: each checked against every name and counter in sight."""
    width, h = advance("0000", text_font(LABEL_PX, dpi)) / lod, LABEL_PX * 1.15 / lod
    step = numbers.step(lod, width)
    if not step:
        return []
    taken = [t for t in names + numbers.labels.counters() if t.intersects(seen)]
    top = numbers.size * math.sqrt(3) / 2
    out = []
    for c in range(1, numbers.cols + 1, step):
        x = numbers.xs[c - 1]
        if not (seen.left() <= x - width / 2 and x + width / 2 <= seen.right()):
            continue
        first = max(1, math.ceil((seen.top() + top - numbers.tops[c - 1]) / numbers.dy) + 1)
        last = min(numbers.rows, math.floor((seen.bottom() + top - h - numbers.tops[c - 1]) / numbers.dy) + 1)
        for r in range(first + (1 - first) % step, last + 1, step):
            rect = QRectF(x - width / 2, numbers.tops[c - 1] + (r - 1) * numbers.dy - top, width, h)
            if not any(rect.intersects(t) for t in taken):
                out.append((str(Label(c, r)), rect))
    return out


def test_names_and_numbers_laid_out_by_their_neighbours_are_laid_out_as_by_all(qtbot):
    rng = random.Random(21)
    words = ("ISA", "KZ", "Victory", "Whitestar", "Omega", "Claw of Rrit", "Pride of Redclaw", "Flight 6", "B")
    tried = moved = kept_off = 0
    view = BoardView(90, 60, lambda _at: None)  # the board's hex centres, for the numbers
    for board in range(40):
        n = rng.choice((5, 30, 80))
        spread = rng.choice((60.0, 200.0, 600.0))  # crowded to roomy
        ships = [(" ".join(rng.sample(words, rng.randint(1, 3))) + f" {k}",
                  QPointF(rng.uniform(0, spread), rng.uniform(0, spread * 0.7)), rng.choice((4.0, 5.5)))
                 for k in range(n)]
        flights = [(f"Flight {k} 6", QPointF(rng.uniform(0, spread), rng.uniform(0, spread * 0.7)), 3.2)
                   for k in range(n // 4)]
        for lod in (0.35, 0.9, 1.7):
            seen = QRectF(rng.uniform(-40, 40), rng.uniform(-40, 40), 1200 / lod, 800 / lod)
            labels = ShipLabels(lambda seen=seen: seen, seen)
            labels.set_ships(ships)
            labels.set_flights(flights)
            fast, slow = labels.lay_out(seen, lod, 96), plain(labels, seen, lod, 96)
            assert fast == slow, (board, lod)
            numbers = HexNumbers(labels, lambda c, r: view.centre(Label(c, r)), 90, 60, SIZE)
            rects = [p.rect for p in fast]
            shown = numbers.lay_out(seen, lod, 96, rects)
            assert shown == plain_numbers(numbers, seen, lod, 96, rects), (board, lod)
            kept_off += len(plain_numbers(numbers, seen, lod, 96, [])) - len(shown)
            tried += len(fast)
            moved += sum(abs(p.rect.center().y() - p.at.y()) > p.rect.height() for p in fast)
    assert tried > 1000 and moved > 100  # crowded enough that many names were moved off their rows
    assert kept_off > 100  # and many numbers left out where a name or counter is
