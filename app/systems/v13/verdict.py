"""The verdict beside a dragged (or key-placed) counter kept inside the view (issue 22, seen on
the real 1600x1000 screen at QT_SCALE_FACTOR=2: "a hex off the map, 45 hexes below 2..." ran off
the view's right edge). The words go right of the hex when they fit, else left of it, else they
wrap to the view's width; they never leave the viewport."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF
from PySide6.QtWidgets import QGraphicsTextItem, QGraphicsView

MARGIN = 4  # px between the words and the viewport's edge
MIN_WIDTH = 200  # px: a side narrower than this is too narrow to wrap the words into


def keep_in_view(item: QGraphicsTextItem, centre: QPointF, off: float, views: list[QGraphicsView]) -> None:
    """Place ``item`` (drawn at screen size) beside the hex at scene point ``centre``, ``off`` scene
    units to its right and above it, or to its left, wrapped to the wider side when it fits neither
    (to the view's width when both are narrow), and inside the first view's viewport (no view:
    right of the hex)."""
    if item.textWidth() != -1:  # a set lays the words out again, even at the width they have (issue 21)
        item.setTextWidth(-1)
    if not views:
        item.setPos(centre + QPointF(off, -off))
        return
    view = views[0]
    port = view.viewport().rect()
    right = view.mapFromScene(centre + QPointF(off, -off))
    left = view.mapFromScene(centre + QPointF(-off, -off))
    on_right, on_left = port.right() - MARGIN - right.x(), left.x() - MARGIN
    w = item.boundingRect().width()
    if w > max(on_right, on_left):  # fits neither side: wrapped
        side = max(on_right, on_left)
        item.setTextWidth(side if side >= MIN_WIDTH else max(port.width() - 2 * MARGIN, MIN_WIDTH))
        w = item.boundingRect().width()
    x = right.x() if w <= on_right or (w > on_left and on_right >= on_left) else left.x() - w
    x = min(max(x, MARGIN), port.right() - MARGIN - w)
    y = min(max(right.y(), MARGIN), port.bottom() - MARGIN - item.boundingRect().height())
    item.setPos(view.mapToScene(QPoint(round(x), round(y))))
