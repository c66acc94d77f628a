"""The command rings on the b5 board: one about each command ship, of the command radius the
engine gives it (seed 003 Command: "drawn as a ring around each command ship").

The ring was a 0.8-unit dashed line in the team's own dark colour: on the dark board, at the zoom
that fits a jump-in's ships, it drew under one screen pixel of dark blue and could hardly be seen
(the issue 24 audit's real-screen shot). It is now a cosmetic pen, :data:`WIDTH` screen pixels at
every zoom, in a light tint of the team's colour, long dashes over a dark halo so that it reads on
the board, the green zone and the grid alike."""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsScene

WIDTH = 2.5
"""The ring's width in screen pixels (cosmetic: the same at every zoom)."""
LIGHTER = 165
"""The team's colour lightened so (QColor.lighter): the defender's #2f6fd0 to a sky blue."""
RING = "command ring"
"""The ring items' data(0), for the tests and the tooltip's start."""


def pen(colour: str) -> QPen:
    """The ring's pen: the team's colour made light, long dashes, cosmetic."""
    p = QPen(QColor(colour).lighter(LIGHTER), WIDTH, Qt.PenStyle.CustomDashLine)
    p.setDashPattern([6.0, 3.0])
    p.setCosmetic(True)
    return p


def halo() -> QPen:
    """A dark line under the ring, a pixel wider each side: the ring reads on the green zone too."""
    p = QPen(QColor(0, 0, 0, 150), WIDTH + 2)
    p.setCosmetic(True)
    return p


def command_ring(scene: QGraphicsScene, centre: QPointF, radius: float, colour: str,
                 tip: str) -> list[QGraphicsEllipseItem]:
    """The ring about ``centre`` of ``radius`` scene units (its halo, then the ring itself)."""
    rect = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
    under = scene.addEllipse(rect, halo())
    ring = scene.addEllipse(rect, pen(colour))
    for z, it in ((2.0, under), (2.1, ring)):
        it.setZValue(z)
        it.setData(0, RING)
    ring.setToolTip(tip)
    return [under, ring]
