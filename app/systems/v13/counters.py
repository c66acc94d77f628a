"""Unit counters of the battle map, drawn like cardboard counters: team colour, a short name,
a facing arrow, status marks (crippled band, destroyed cross, captured flag, each with its
word), a stack badge and the selected unit's bright ring.

Counters are pinned to their hex but keep a size readable at every zoom: they grow with the
hexes when zoomed in and never shrink below :data:`MIN_PX` screen pixels.
"""
from __future__ import annotations

import math
import re
from collections import OrderedDict
from dataclasses import dataclass, replace
from functools import lru_cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPolygonF,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPixmapItem

from app.systems.v13.hexes import HEX_HEIGHT
from hexmap import Facing, Hex

STATUSES = ("active", "crippled", "destroyed", "captured")
MIN_PX, MAX_PX = 38, 76  # counter side on the screen
REACH = 2.0  # how far around its centre a counter draws, in half-sides


@dataclass(frozen=True)
class CounterSpec:
    """What one counter shows. ``status`` is one of :data:`STATUSES`; ``mark`` is a short
    note printed above it (e.g. a V13.632 count ``"12/32"``); ``short`` replaces the
    abbreviation made from the name."""

    uid: str
    name: str
    hex: Hex
    facing: Facing
    color: QColor
    tip: str = ""
    base: bool = False
    mark: str = ""
    status: str = "active"
    selected: bool = False
    short: str = ""

    @property
    def text(self) -> str:
        return self.short or abbreviation(self.name)


_PREFIX = re.compile(r"^[A-Z]{2,4}$")  # a navy prefix: USS, IKV, KHS, LSS, RIS
_SMALL = {"of", "the", "a", "an", "de"}


@lru_cache(maxsize=4096)
def abbreviation(name: str) -> str:
    """Up to four letters of the unit's own name: ``LSS Pride of Redclaw`` -> ``PRID`` (found once per name: a
    counter's look reads it each time the counter is laid, ~60 counters at each zoom's rest, 17 us each; issue 21)."""
    words = re.findall(r"[\w']+", name)
    if len(words) > 1 and _PREFIX.match(words[0]):
        words = words[1:]
    words = [w for w in words if w.lower() not in _SMALL] or words or ["?"]
    first = words[0].replace("'", "")
    return (first if len(first) <= 4 else first[:4]).upper()


def counter_px(lod: float) -> int:
    """The counter's side on the screen at zoom ``lod``: 80% of a hex's height, clamped."""
    return int(max(MIN_PX, min(MAX_PX, 0.8 * HEX_HEIGHT * lod)))


_FONTS: dict[tuple[int, bool], QFont] = {}


def _font(px: float, bold: bool = True) -> QFont:
    key = (max(6, round(px)), bold)
    if key not in _FONTS:
        f = QFont()
        f.setPixelSize(key[0])
        f.setBold(bold)
        _FONTS[key] = f
    return _FONTS[key]


_NAMES: dict[tuple[str, str], tuple[QPainterPath, float, float]] = {}


def _name_path(text: str, font: QFont, lift: float) -> QPainterPath:
    """``text``'s outline in ``font`` centred on the origin, its baseline ``lift`` above the
    middle of its height. The outline is made once per text and font (QPainterPath.addText took
    a fifth of a counter's drawing, and a zoom to a new counter size draws every look again:
    issue 21) and moved to its place; addText places the glyphs at its point cut to 1/64 of a
    pixel towards zero (QFixed), so it is moved by that point: the same outline as addText's."""
    key = (text, font.key())  # the whole font (family, size, weight): an outline of another family is not this one
    found = _NAMES.get(key)
    if found is None:
        fm = QFontMetricsF(font)
        shape = QPainterPath()
        shape.addText(QPointF(0, 0), font, text)
        found = _NAMES[key] = (shape, -fm.horizontalAdvance(text) / 2, (fm.ascent() - fm.descent()) / 2)
        if len(_NAMES) > 4096:  # names x sizes: a few hundred in a battle
            _NAMES.clear()
            _NAMES[key] = found
    shape, x, y = found
    return shape.translated(math.trunc(x * 64) / 64, math.trunc((y - lift) * 64) / 64)


_DARK = QColor("#121212")
_SHADOW = QColor(0, 0, 0, 90)
_AMBER = QColor("#ffb400")
_RED = QColor("#e0161b")
_GLOW = QColor(255, 230, 0, 110)
_RING = QColor("#ffe600")
_PILLS = {"crippled": ("CRIP", _AMBER, _DARK), "destroyed": ("DEST", _RED, QColor("white")),
          "captured": ("CAPT", QColor("white"), _DARK)}


def _direction(facing: Facing) -> QPointF:
    ang = math.radians(60 * facing.value - 90)
    return QPointF(math.cos(ang), math.sin(ang))


def paint_counter(p: QPainter, spec: CounterSpec, px: float, badge: int = 0, ghost: bool = False) -> None:
    """Draw ``spec`` centred on the painter's origin with side ``px`` (screen pixels)."""
    s = px / 2
    body = QRectF(-s, -s, px, px)
    status = spec.status if spec.status in STATUSES else "active"
    if spec.selected and not ghost:
        p.setPen(QPen(_GLOW, s * 0.5))
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.drawEllipse(QPointF(0, 0), s * 1.52, s * 1.52)
    color = QColor(spec.color)
    if status == "destroyed":
        h, sat, v, _a = color.getHsv()
        color = QColor.fromHsv(max(h, 0), sat // 4, v * 55 // 100)
    if ghost:
        color.setAlpha(120)
    outline = QPainterPath()
    if spec.base:
        outline.addEllipse(QPointF(0, 0), s * 1.08, s * 1.08)
    else:
        outline.addRoundedRect(body, s * 0.16, s * 0.16)
    if not ghost:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(_SHADOW)
        p.drawPath(outline.translated(2.0, 2.5))
    p.setPen(QPen(_DARK, 1.6, Qt.PenStyle.DashLine if ghost else Qt.PenStyle.SolidLine))
    p.setBrush(color)
    p.drawPath(outline)
    if status == "crippled":  # a hazard band across the upper right corner
        band = QPolygonF([QPointF(-s * 0.3, -s), QPointF(s * 0.3, -s), QPointF(s, -s * 0.3), QPointF(s, s * 0.3)])
        p.save()
        p.setClipPath(outline)
        p.setPen(QPen(_DARK, 1.2))
        p.setBrush(_AMBER)
        p.drawPolygon(band)
        p.setBrush(QBrush(_DARK, Qt.BrushStyle.BDiagPattern))
        p.drawPolygon(band)
        p.restore()
    elif status == "captured":  # hatched, with a flag on the upper left corner
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QBrush(QColor(0, 0, 0, 120), Qt.BrushStyle.FDiagPattern))
        p.drawPath(outline)
    # facing: a pointer on the edge towards the facing
    d = _direction(spec.facing)
    n = QPointF(-d.y(), d.x())
    arrow = QPolygonF([d * (s * 1.66), d * (s * 0.9) + n * (s * 0.48), d * (s * 0.9) - n * (s * 0.48)])
    p.setPen(QPen(QColor("white"), 1.3))
    p.setBrush(_DARK)
    p.drawPolygon(arrow)
    if status == "destroyed":  # a red cross under the name
        k = s * 0.85
        for pen in (QPen(_DARK, s * 0.3, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap),
                    QPen(_RED, s * 0.18, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)):
            p.setPen(pen)
            p.drawLine(QPointF(-k, -k), QPointF(k, k))
            p.drawLine(QPointF(-k, k), QPointF(k, -k))
    # the name, with a halo so that it reads over any mark
    text = spec.text
    ink = QColor("white") if color.lightness() < 140 or status == "destroyed" else _DARK
    halo = _DARK if ink == QColor("white") else QColor(255, 255, 255, 200)
    path = _name_path(text, _font(s * (0.62 if len(text) <= 3 else 0.54)), s * 0.05)
    p.setPen(QPen(halo, max(2.0, s * 0.14), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin))
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(path)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(ink)
    p.drawPath(path)
    if status == "captured":
        p.setPen(QPen(_DARK, 1.6))
        p.drawLine(QPointF(-s * 0.8, -s * 0.2), QPointF(-s * 0.8, -s * 1.35))
        p.setPen(QPen(_DARK, 1.0))
        p.setBrush(QColor("white"))
        p.drawPolygon(QPolygonF([QPointF(-s * 0.8, -s * 1.35), QPointF(s * 0.05, -s * 1.1),
                                 QPointF(-s * 0.8, -s * 0.85)]))
    if status in _PILLS:  # the status in words, on the lower edge
        word, fill, ink = _PILLS[status]
        pill = QRectF(-s * 0.78, s * 0.58, s * 1.56, s * 0.62)
        p.setPen(QPen(_DARK, 1.0))
        p.setBrush(fill)
        p.drawRoundedRect(pill, s * 0.2, s * 0.2)
        p.setFont(_font(s * 0.44))
        p.setPen(ink)
        p.drawText(pill, Qt.AlignmentFlag.AlignCenter, word)
    if spec.mark:
        p.setFont(_font(max(10.0, s * 0.42)))
        w = p.fontMetrics().horizontalAdvance(spec.mark) + 8
        tag = QRectF(-s - 4, -s * 1.88, w, s * 0.66)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(20, 20, 20, 210))
        p.drawRoundedRect(tag, 3, 3)
        p.setPen(QColor("#ffe14d"))
        p.drawText(tag, Qt.AlignmentFlag.AlignCenter, spec.mark)
    if badge > 1:  # how many units share the hex
        c = QPointF(s * 0.98, -s * 0.98)
        p.setPen(QPen(QColor("white"), 1.5))
        p.setBrush(_DARK)
        p.drawEllipse(c, s * 0.36, s * 0.36)
        p.setFont(_font(s * 0.44))
        p.drawText(QRectF(c.x() - s * 0.36, c.y() - s * 0.36, s * 0.72, s * 0.72), Qt.AlignmentFlag.AlignCenter,
                   str(badge))
    if spec.selected and not ghost:
        p.setBrush(Qt.BrushStyle.NoBrush)
        p.setPen(QPen(_DARK, s * 0.26))
        p.drawEllipse(QPointF(0, 0), s * 1.52, s * 1.52)
        p.setPen(QPen(_RING, s * 0.15))
        p.drawEllipse(QPointF(0, 0), s * 1.52, s * 1.52)


class CounterItem(QGraphicsPixmapItem):
    """A unit on the plane, pinned to its hex's centre (plus its place in a fanned stack).

    A picture of the counter, drawn once per look (:func:`paint_counter` takes a third of a
    millisecond; pictures are kept by look (:func:`counter_picture`), so zooming back reuses them)
    and blitted by Qt itself at every redraw, with no Python called."""

    def __init__(self, spec: CounterSpec, px: int = MIN_PX) -> None:
        super().__init__()
        self.spec = spec
        self.px = px
        self.offset = QPointF()
        self.badge = 0
        self._look: tuple | None = None
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)  # readable at every zoom
        self._apply()

    def _apply(self) -> None:
        self.setToolTip(self.spec.tip)
        self.setZValue(12 if self.spec.selected else 10)
        self._picture()

    def _picture(self) -> None:
        """The counter's picture for its look now (drawn only when the look changed)."""
        s = self.spec
        badge = self.badge if self.badge > 1 else 0  # a count of one is not drawn: alone or under a pile, alike
        look = (s.text, s.facing.value, s.color.rgba(), s.base, s.mark, s.status, s.selected, self.px, badge)
        if look != self._look:
            self._look = look
            self.setPixmap(counter_picture(s, self.px, badge, look))
        side = self.px * REACH
        self.setOffset(self.offset.x() - side / 2, self.offset.y() - side / 2)

    # what the rest of the app reads
    uid = property(lambda self: self.spec.uid)
    selected = property(lambda self: self.spec.selected)
    status = property(lambda self: self.spec.status)
    text = property(lambda self: self.spec.text)
    facing = property(lambda self: self.spec.facing)

    def set_spec(self, spec: CounterSpec) -> None:
        if spec != self.spec:
            self.spec = spec
            self._apply()

    def set_look(self, px: int, offset: QPointF, badge: int) -> None:
        """Size on the screen, offset within a stack (screen pixels) and the stack badge."""
        if px != self.px or offset != self.offset or badge != self.badge:
            self.px, self.offset, self.badge = px, QPointF(offset), badge
            self._picture()

    def body_rect(self) -> QRectF:
        """The counter's square in its own (screen pixel) coordinates."""
        s = self.px / 2
        return QRectF(self.offset.x() - s, self.offset.y() - s, self.px, self.px)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRect(self.body_rect())
        return path


PICTURES_MOST = 48 * 1024 * 1024  # bytes of counters' pictures kept (2,000 at the least size; 130 at 2:1, the most)
_PICTURES: OrderedDict[str, QPixmap] = OrderedDict()  # the least recently used first
_kept = [0]  # their bytes


def counter_picture(spec: CounterSpec, px: int, badge: int, look: tuple, ghost: bool = False) -> QPixmap:
    """``spec``'s counter of side ``px`` centred in a transparent square of ``px * REACH``, at
    the screens' highest pixel ratio; ``look`` (what it shows) is its key among the pictures kept;
    ``ghost``: its see-through copy (what a drag shows). Kept apart from the QPixmapCache, where the
    map's tiles (0.7-2.9 MB each) pushed them out within a few zooms: each zoom back across a counter
    size drew every counter again (issue 21, the sharp redraw once the wheel rests)."""
    app = QGuiApplication.instance()
    dpr = app.devicePixelRatio() if isinstance(app, QGuiApplication) else 1.0
    key = f"battlehex-{'ghost' if ghost else 'counter'}-{look!r}-{dpr}"
    pix = _PICTURES.get(key)
    if pix is not None:
        _PICTURES.move_to_end(key)
        return pix
    side = px * REACH
    pix = QPixmap(math.ceil(side * dpr), math.ceil(side * dpr))
    pix.setDevicePixelRatio(dpr)
    pix.fill(Qt.GlobalColor.transparent)
    p = QPainter(pix)
    p.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    p.translate(side / 2, side / 2)
    paint_counter(p, spec, px, badge, ghost=ghost)
    p.end()
    _PICTURES[key] = pix
    _kept[0] += pix.width() * pix.height() * 4
    while _kept[0] > PICTURES_MOST and len(_PICTURES) > 1:
        _old, gone = _PICTURES.popitem(last=False)
        _kept[0] -= gone.width() * gone.height() * 4
    return pix


class GhostItem(QGraphicsItem):
    """Where a dragged counter would go: a see-through copy of it."""

    def __init__(self) -> None:
        super().__init__()
        self.spec: CounterSpec | None = None
        self.px = MIN_PX
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, True)
        self.setZValue(19)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.hide()

    def set_ghost(self, spec: CounterSpec | None, px: int) -> None:
        self.prepareGeometryChange()
        self.spec, self.px = spec, px
        self.setVisible(spec is not None)
        self.update()

    def boundingRect(self) -> QRectF:
        r = self.px / 2 * REACH
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(self, p: QPainter, option, widget=None) -> None:
        """A picture of the see-through counter (drawn once per look, as the counters'): a drag
        over the map repaints the ghost at every hex, and drawing it cost 2 ms each time."""
        if self.spec is not None:
            s = self.spec
            look = (s.text, s.facing.value, s.color.rgba(), s.base, s.mark, s.status, self.px)
            side = self.px * REACH
            p.drawPixmap(QPointF(-side / 2, -side / 2), counter_picture(s, self.px, 0, look, ghost=True))


def distinct_texts(specs: list[CounterSpec]) -> list[CounterSpec]:
    """Counters whose names abbreviate alike (``Tau Ceti IV Ground Base Alpha`` and ``... Beta``)
    get the initial of their last word, then a number, so that no two read the same."""
    groups: dict[str, list[int]] = {}
    for i, s in enumerate(specs):
        groups.setdefault(s.text, []).append(i)
    out = list(specs)
    for text, idx in groups.items():
        if len(idx) < 2:
            continue
        tails = [re.findall(r"\w+", specs[i].name)[-1:] or ["?"] for i in idx]
        texts = [text[:3] + t[0][0].upper() for t in tails]
        if len(set(texts)) < len(texts):
            texts = [text[:3] + str(k + 1) for k in range(len(idx))]
        for i, t in zip(idx, texts):
            if not specs[i].short:
                out[i] = replace(specs[i], short=t)
    return out
