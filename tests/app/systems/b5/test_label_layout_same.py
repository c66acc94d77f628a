"""Issue 21: the board's names are laid out looking only at the names and counters near each one
(ship_labels.Near), not at all of them, and the hex numbers only at those in their column: the same
layout as the plain way (every name checked against every name and counter, each name moved below the
first in its way in turn; every number against every name and counter: as ship_labels did before), on
crowded random boards at several zooms and views."""
from __future__ import annotations

import random

from PySide6.QtCore import QPointF, QRectF

from app.systems.b5.board import SIZE, BoardView
from app.systems.b5.ship_labels import HexNumbers, ShipLabels
from hexmap import Label
from tests.app.systems.b5.plain_board import plain, plain_numbers


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
