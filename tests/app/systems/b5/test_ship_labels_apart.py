"""Two ships' names on one row are kept apart by a gap (seen by H7 on the real screen at QT_SCALE_FACTOR=2,
0604 after the fit left room for the scroll bars: "KHS Claw of Rrit LSS Pride of Redclaw" read as one name,
the two labels touching end to end, which the layout counted as clear)."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QFontMetricsF

from app.systems.b5.ship_labels import ShipLabels

SEEN = QRectF(0, 0, 1000, 400)


def _laid(ships, seen: QRectF = SEEN, lod: float = 1.0):
    labels = ShipLabels(lambda: seen, seen)
    labels.set_ships(ships)
    return labels, labels.lay_out(seen, lod, 96)


def test_a_name_that_would_end_where_the_next_one_begins_goes_elsewhere(qtbot):
    labels, _ = _laid([])
    metrics = QFontMetricsF(labels.font(1.0, 96))
    a, b, r = "KHS Claw of Rrit", "LSS Pride of Redclaw", 4.0
    gap = 3.0  # the layout's room between a dot and its name, at 1:1
    left_x = 100.0
    w_a, w_b = metrics.horizontalAdvance(a), metrics.horizontalAdvance(b)
    # b's dot near the view's right edge (its name goes on its left), placed so that its name would begin
    # exactly where a's name on the right ends, as at 0604
    right_x = left_x + r + gap + w_a + w_b + gap + r
    seen = QRectF(0, 0, right_x + r + 10, 400)
    _, placed = _laid([(a, QPointF(left_x, 200), r), (b, QPointF(right_x, 200), r)], seen)
    boxes = {p.name: p.rect for p in placed}
    same_row = abs(boxes[a].top() - boxes[b].top()) < boxes[a].height()
    apart = min(abs(boxes[b].left() - boxes[a].right()), abs(boxes[a].left() - boxes[b].right()))
    assert not same_row or apart >= metrics.horizontalAdvance(" "), (boxes, apart)
