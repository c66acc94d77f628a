"""The B5 board drawn the plain way, as before issue 21's sharp-draw work: the names laid out each against
all names and counters (:func:`plain`), the hex numbers each against all (:func:`plain_numbers`), both drawn
as scene text under the view's scale at each paint (a font of a new size at each zoom), and each command ring
and halo a plain Qt ellipse item stroked at each paint (:func:`make_plain`). The look tests compare the
board with it; bench/b5.py's naive board is it."""
from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QFontMetricsF, QPen
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem

from app.systems.b5.rings import RING
from app.systems.b5.screen_text import advance, text_font
from app.systems.b5.ship_labels import (FLIGHT_TEXT, LABEL_PX, LEADER, NUMBER, TEXT, HexNumbers, Placed, ShipLabels,
                                        label_px)
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
    for c, left in numbers.columns(lod, width, step):  # on the board (issue 22)
        if not (seen.left() <= left and left + width <= seen.right()):
            continue
        first = max(1, math.ceil((seen.top() + top - numbers.tops[c - 1]) / numbers.dy) + 1)
        last = min(numbers.rows, math.floor((seen.bottom() + top - h - numbers.tops[c - 1]) / numbers.dy) + 1)
        for r in range(first + (1 - first) % step, last + 1, step):
            rect = QRectF(left, numbers.tops[c - 1] + (r - 1) * numbers.dy - top, width, h)
            if not any(rect.intersects(t) for t in taken):
                out.append((str(Label(c, r)), rect))
    return out


def _scene_text(p: Any, font: Any, colour: Any, texts: Any) -> None:
    """Text drawn as before: in scene units under the painter's scale, at its baseline."""
    p.setFont(font)
    p.setPen(colour)
    ascent = QFontMetricsF(font, p.device()).ascent()
    for at, text in texts:
        p.drawText(QPointF(at.x(), at.y() + ascent), text)


class PlainText(QGraphicsItem):
    """The names (or the hex numbers: ``numbers``) laid out and drawn as scene text at each paint, with the
    board's own layout (``own_layout``) or the plain one (:func:`plain`, :func:`plain_numbers`)."""

    def __init__(self, view: Any, own_layout: bool, numbers: bool) -> None:
        super().__init__()
        self.view, self.own_layout, self.numbers = view, own_layout, numbers

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        return self.view.labels.boundingRect()

    def paint(self, p: Any, option: Any, widget: Any = None) -> None:
        view = self.view
        lod = QStyleOptionGraphicsItem.levelOfDetailFromTransform(p.worldTransform())
        dpi = p.device().logicalDpiY()
        seen = view.labels.visible()
        if self.own_layout:
            names, numbers = view.labels.layout(lod, dpi), view.numbers.layout(lod, dpi)
        else:
            names = plain(view.labels, seen, lod, dpi)
            numbers = plain_numbers(view.numbers, seen, lod, dpi, [n.rect for n in names])
        if self.numbers:
            _scene_text(p, text_font(LABEL_PX / lod, dpi), NUMBER, ((r.topLeft(), t) for t, r in numbers))
            return
        for name, rect, at, flight in names:  # the leader lines, then the names over them (as ShipLabels)
            near = rect.adjusted(-rect.height(), 0, rect.height(), 0)
            if abs(rect.center().y() - at.y()) > rect.height() * 0.6 or not near.left() < at.x() < near.right():
                p.setPen(QPen(LEADER, 0))
                p.drawLine(at, QPointF(rect.left() if rect.left() > at.x() else rect.right(), rect.center().y()))
        for name, rect, at, flight in names:
            inset = (rect.height() - label_px(lod)) / 2
            _scene_text(p, text_font(label_px(lod), dpi), FLIGHT_TEXT if flight else TEXT,
                        [(QPointF(rect.left(), rect.top() + inset), name)])


def make_plain(view: Any, own_layout: bool = False) -> None:
    """``view`` (app.systems.b5.board.BoardView) drawn the plain way from now on: its names by a
    :class:`PlainText` where they are in the stacking order, its hex numbers by another over the grid, under
    the zone (the grid's picture draws none), each ring and halo shown as the plain ellipse item it is (the
    board's ring layer hidden), and each counter (dot, facing line, diamond, dogfight ring) painting itself (the
    board's counters.Counters hidden). Call after its ships are shown."""
    view.labels.hide()
    view.grid.numbers = None
    view.grid.banded = False  # every line drawn, as before its bands were copied (tests/app/systems/b5/grid_look.py)
    view.grid.pictures.clear()
    names, numbers = PlainText(view, own_layout, False), PlainText(view, own_layout, True)
    for item in (names, numbers):
        view.scene_.addItem(item)
    names.setZValue(view.labels.zValue())
    names.stackBefore(view.labels)  # under the facing lines (z 5 too), as the names
    numbers.setZValue(0.5)
    view.rings.hide()
    for counters in (view.dots, view.facings, view.marks):  # each counter an item that paints itself
        counters.plain()
    for it in view.items_:
        if it.data(0) == RING:
            it.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, False)
