"""The battle map's fit (issue 22): the largest scale at which the map sheet, every counter and arrow fit the
view, which keep their size on the screen, and what they need centred in it.

Seen on the real 1600x1000 screen at the default campaign's 0703: at QT_SCALE_FACTOR=2 nothing fitted at the
view's least zoom, the fit took it and centred a box that counted each arrow's whole 180 px square (mostly empty),
so the top counter's facing pointer was cut (in the report's map too); at 1x the plane at the least zoom was
narrower than the view, Qt centred the plane, not the battle, and after the set-up's zone and ring went the view
kept the placement's fit (an empty band above, a counter cut at the bottom)."""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPolygonF, QTransform
from PySide6.QtWidgets import QGraphicsItem, QStyle

from app.systems.v13.arrows import ArrowItem

FIT_LEAST = 0.5  # a fit may go down to this share of the view's least zoom when nothing fits at it (the wheel's)


def drawn(item: QGraphicsItem) -> QRectF:
    """The screen pixels ``item`` paints around its place: an arrow's shaft, head and label box (its bounding
    square is 180 px whatever its facing), a counter's square with its facing pointer (its bounding rect)."""
    if not isinstance(item, ArrowItem):
        return item.boundingRect()
    ang = math.radians(60 * item.facing.value - 90)  # as arrows.paint_arrow and ArrowItem.paint lay it
    d, n = QPointF(math.cos(ang), math.sin(ang)), QPointF(-math.sin(ang), math.cos(ang))
    side = n * 48
    points = [d * -44, d * 58, d * 40 + n * 14, d * 40 - n * 14,  # tail and tip with the pen's round cap, head
              *(side + QPointF(x, y) for x in (-37, 37) for y in (-11, 11))]  # the label's box and its pen
    return QPolygonF(points).boundingRect()


def need(view, rect: QRectF, scale: float) -> QRectF:
    """The plane ``rect``, every counter and arrow take at ``scale`` (counters pile and size by the zoom)."""
    scene = view.scene()
    scene.set_zoom(scale)
    out = QRectF(rect)
    for item in (*scene.counters.values(), *scene.extras):
        r = drawn(item)
        out = out.united(QRectF(item.pos() + r.topLeft() / scale, r.size() / scale))
    return out


def region(scene) -> QRectF:
    """The box of the legal region the map sheet may float in (V13.812, tinted purple once the original centre is
    fixed; empty before). A fit takes it in (issue 22, seen on the real screen at 0604 in combat: at 1x its top and
    bottom edges, at QT_SCALE_FACTOR=2 its top and right ones lay outside the fitted view, so where the sheet may
    float and a unit stays in the battle was not shown)."""
    return QRectF(scene.region_path.boundingRect())


def core(scene) -> QRectF:
    """The plane a fit centres: the map sheet and the legal region, with the zone, ring and hover when not spread
    over the plane (as :func:`app.systems.v13.scene.focus_rect` takes them, without its margins: the counters' own
    drawing is counted by :func:`need`)."""
    rect = scene.grid.sheet_rect()
    if not region(scene).isEmpty():
        rect = rect.united(region(scene))
    for path in (scene.ring_path, scene.zone_path, scene.hover.path()):
        box = path.boundingRect()
        if not box.isEmpty() and box.width() < scene.grid.sheet_rect().width() * 3:
            rect = rect.united(box)
    return rect


def fit_with_room(view, rect: QRectF, middle: QRectF | None = None) -> float:
    """Fit ``rect`` in ``view`` with room for the counters and arrows around it, and for scroll bars: the largest
    scale whose need fits, found by halving, and that need centred (at 0509 the old fit-and-grow never settled);
    none fits at the view's least zoom: a lesser one down to :data:`FIT_LEAST` of it; none at all: the least,
    centred all the same. What is centred is the need of ``middle`` (default ``rect``), whose margins are not
    counted (issue 22: the focus' margins of 2 hexes around counters and 5 around arrows put 46 px above and 2
    below). The view's plane takes in a viewport's room around that centre, so Qt can centre it (a plane narrower
    than the view is centred by Qt as a whole)."""
    if getattr(view, "_fit_rect", None) is None and not region(view.scene()).isEmpty():  # the view's own fit
        rect = rect.united(region(view.scene()))
    bar = view.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent) + 2
    view._fit_size, frame = view.size(), 2 * view.frameWidth()
    width, height = view.width() - frame - bar, view.height() - frame - bar
    if min(width, height, rect.width(), rect.height()) <= 0:
        return 0.0

    def fits(scale: float) -> bool:
        box = need(view, rect, scale)
        return box.width() * scale <= width and box.height() * scale <= height

    low, high = view.MIN_SCALE, min(view.MAX_SCALE, width / rect.width(), height / rect.height())
    if high > low and fits(high):
        low = high
    elif not fits(low):
        low, high = view.MIN_SCALE * FIT_LEAST, low
    if high > low and fits(low):
        for _ in range(14):
            low, high = ((low + high) / 2, high) if fits((low + high) / 2) else (low, (low + high) / 2)
    centre = need(view, middle if middle is not None else rect, low).center()
    room = QRectF(0, 0, (width + bar + frame) / low, (height + bar + frame) / low)
    room.moveCenter(centre)
    view.setSceneRect(view.scene().sceneRect().united(room))
    view.setTransform(QTransform.fromScale(low, low))
    view.centerOn(centre)  # kept there when scroll bars come (the resize anchor)
    return low


def _zones(scene) -> list[QRectF]:
    """The boxes of the legal zone and the keep-out ring a fit takes in (not one spread over the plane: focus_rect)."""
    width = scene.grid.sheet_rect().width()
    boxes = (path.boundingRect() for path in (scene.ring_path, scene.zone_path))
    return [box for box in boxes if not box.isEmpty() and box.width() < width * 3]


def _mostly(shown: QRectF, box: QRectF) -> bool:
    """Whether at least half of ``box`` lies in ``shown``."""
    part = shown.intersected(box)
    return 2 * part.width() * part.height() >= box.width() * box.height()


def refits(view) -> bool:
    """Whether a fitted ``view`` fits again (:meth:`app.systems.v13.map.BattleMapView.keep_focus`): the sheet floated
    since its last fit (V13.811 at combat's start, 0703: the placement's fit was kept, off-centre), a counter or
    arrow cut at its edge, all it would fit in less than half of it each way, or a zone or ring not half in it."""
    scene = view.scene()
    shown, focus = view.mapToScene(view.viewport().rect()).boundingRect(), scene.focus_rect()
    if not region(scene).isEmpty():  # as the fit takes it in
        focus = focus.united(region(scene))
    whole = view.mapFromScene(need(view, scene.grid.sheet_rect(), view.transform().m11())).boundingRect()
    if view._sheet != scene.grid.sheet_rect() or not view.viewport().rect().contains(whole):
        return True
    if shown.contains(focus):
        return 2 * focus.width() <= shown.width() and 2 * focus.height() <= shown.height()
    return not shown.contains(scene.focus_rect(zones=False)) or not all(_mostly(shown, box) for box in _zones(scene))
