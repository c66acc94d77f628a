"""The command rings on the b5 board: one about each command ship, of the command radius the
engine gives it (seed 003 Command: "drawn as a ring around each command ship").

The ring was a 0.8-unit dashed line in the team's own dark colour: on the dark board, at the zoom
that fits a jump-in's ships, it drew under one screen pixel of dark blue and could hardly be seen
(the issue 24 audit's real-screen shot). It is now a cosmetic pen, :data:`WIDTH` screen pixels at
every zoom, in a light tint of the team's colour, long dashes over a dark halo so that it reads on
the board, the green zone and the grid alike.

Both are drawn as small pictures of the screen (:class:`Rings`), one per ring size and pen at a zoom,
laid on the board at each ring's whole pixel (issue 21: 12 rings stroked afresh were 3.1 ms of the
board's sharp draw at a zoom never shown; Qt strokes a translucent wide pen like the halo's about four
times slower than an opaque one, so the halo's picture is stroked opaque and laid at its opacity: the
same pixels). A ring may sit up to half a pixel from its exact place; zoomed in so far that a ring is
wider than :data:`LARGEST` pixels, it is stroked as before."""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QTransform
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

WIDTH = 2.5
"""The ring's width in screen pixels (cosmetic: the same at every zoom)."""
LIGHTER = 165
"""The team's colour lightened so (QColor.lighter): the defender's #2f6fd0 to a sky blue."""
RING = "command ring"
TEAM_COLOURS = ("#2f6fd0", "#c8402f", "#3a9a4a", "#8a4fc0")
"""Each team's colour on the board (defender, attacker, then others): its counters, its rings, its waiting ship."""
"""The ring items' data(0), for the tests and the tooltip's start."""


def pen(colour: str) -> QPen:
    """The ring's pen: the team's colour made light, long dashes, cosmetic."""
    p = QPen(QColor(colour).lighter(LIGHTER), WIDTH, Qt.PenStyle.CustomDashLine)
    p.setDashPattern([6.0, 3.0])
    p.setCosmetic(True)
    return p


HALO_ALPHA = 150
"""The halo's opacity (of 255): black at this over what lies under it."""


def halo() -> QPen:
    """A dark line under the ring, a pixel wider each side: the ring reads on the green zone too."""
    p = QPen(QColor(0, 0, 0, HALO_ALPHA), WIDTH + 2)
    p.setCosmetic(True)
    return p


LARGEST = 1000
"""The widest ring (device pixels) drawn from a picture; a wider one, zoomed in, mostly off the screen,
is stroked directly."""
KEEP = 24
_pictures: dict[tuple[object, ...], tuple[QImage, int]] = {}


def pen_key(pen: QPen) -> tuple[object, ...]:
    """What of ``pen`` a ring's picture depends on."""
    return pen.color().rgb(), pen.widthF(), pen.style(), tuple(pen.dashPattern()), pen.capStyle()


def _picture(radius: float, scale: float, pen: QPen, ratio: float, hints: QPainter.RenderHint,
             key: tuple[object, ...] | None = None) -> tuple[QImage, int]:
    """A ring of ``radius`` scene units at the view's ``scale`` stroked with ``pen`` made opaque, about the
    point ``middle`` device pixels from the picture's corner on both axes: ``(picture, middle)``, kept by size
    and pen. Stroked under the view's scale, as on the board: Qt dashes the curve it flattens there, so the
    dashes fall where they fall on the board (flattened at the screen's size they crept round the ring).
    ``key``: :func:`pen_key` of ``pen``, when the caller has it."""
    key = (round(radius, 6), round(scale, 9), key or pen_key(pen), ratio, hints)
    kept = _pictures.pop(key, None)
    if kept is None:
        middle = math.ceil((radius * scale + pen.widthF() / 2 + 2) * ratio)
        picture = QImage(2 * middle + 1, 2 * middle + 1, QImage.Format.Format_ARGB32_Premultiplied)
        picture.setDevicePixelRatio(ratio)
        picture.fill(Qt.GlobalColor.transparent)
        q = QPainter(picture)
        q.setRenderHints(hints)
        q.setTransform(QTransform(scale, 0, 0, scale, middle / ratio, middle / ratio))
        solid = QPen(pen)
        solid.setColor(QColor(pen.color().rgb()))  # opaque: Qt's fast stroke; laid at the pen's opacity
        q.setPen(solid)
        q.drawEllipse(QPointF(0, 0), radius, radius)
        q.end()
        kept = (picture, middle)
        while len(_pictures) >= KEEP:
            del _pictures[next(iter(_pictures))]
    _pictures[key] = kept
    return kept


class Rings(QGraphicsItem):
    """Every command ring on the board and its halo, drawn in one paint: the halos, then the rings over
    them (as two items each, z 2.0 and 2.1, drew them), each from its picture (:func:`_picture`) at its
    ring's whole pixel. The ring items (:func:`command_ring`) paint nothing: they carry the tooltip."""

    MARGIN = (WIDTH + 2) / 2 / 0.15
    """Room about a ring for its cosmetic pens at the least zoom (ZoomableView.MIN_SCALE)."""

    def __init__(self) -> None:
        super().__init__()
        self.rings: list[tuple[QRectF, QPen, QPen]] = []
        self.drawn: list[tuple[float, float, float, tuple[tuple[QPen, tuple[object, ...], float], ...]]] = []
        """Each ring's centre, radius and (pen, :func:`pen_key`, opacity) for its halo, then for itself."""
        self.bounds = QRectF()
        self.setZValue(2.0)

    def clear(self) -> None:
        self.prepareGeometryChange()
        self.rings, self.drawn, self.bounds = [], [], QRectF()

    def add(self, rect: QRectF, under: QPen, ring: QPen) -> None:
        self.prepareGeometryChange()
        self.rings.append((rect, under, ring))
        c = rect.center()
        self.drawn.append((c.x(), c.y(), rect.width() / 2,
                           tuple((p, pen_key(p), p.color().alphaF()) for p in (under, ring))))
        m = self.MARGIN
        self.bounds = self.bounds.united(rect.adjusted(-m, -m, m, m))

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        return self.bounds

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if not self.rings:
            return
        t, ratio, hints = p.worldTransform(), p.device().devicePixelRatioF(), p.renderHints()
        scale, sx, sy, dx, dy = t.m11(), t.m11() * ratio, t.m22() * ratio, t.dx() * ratio, t.dy() * ratio
        turned = t.isRotating() or abs(t.m11() - t.m22()) > 1e-9  # (never on the board)
        p.save()
        p.setBrush(Qt.BrushStyle.NoBrush)
        opacity = p.opacity()
        for k in (0, 1):  # the halos, then the rings
            p.resetTransform()
            for (x, y, radius, pens), (rect, *_pens) in zip(self.drawn, self.rings):
                pen, key, alpha = pens[k]
                if turned or 2 * radius * scale * ratio > LARGEST:  # zoomed in far: mostly off the screen
                    p.setTransform(t)
                    p.setOpacity(opacity)
                    p.setPen(pen)
                    p.drawEllipse(rect)
                    p.resetTransform()
                    continue
                picture, middle = _picture(radius, scale, pen, ratio, hints, key)
                p.setOpacity(opacity * alpha)
                p.drawImage(QPointF((round(x * sx + dx) - middle) / ratio, (round(y * sy + dy) - middle) / ratio),
                            picture)  # at its whole device pixel, in the painter's logical pixels
        p.restore()


def command_ring(scene: QGraphicsScene, rings: Rings, centre: QPointF, radius: float, colour: str,
                 tip: str) -> list[QGraphicsEllipseItem]:
    """The ring about ``centre`` of ``radius`` scene units (its halo, then the ring itself), drawn by
    ``rings``: two items that paint nothing, the ring's with its tooltip."""
    rect = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
    under, ring = scene.addEllipse(rect, halo()), scene.addEllipse(rect, pen(colour))
    rings.add(rect, under.pen(), ring.pen())
    for z, it in ((2.0, under), (2.1, ring)):
        it.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents)
        it.setZValue(z)
        it.setData(0, RING)
    ring.setToolTip(tip)
    return [under, ring]
