"""The placement zone's and the minimum-range ring's outlines stroked straight onto the screen with an opaque pen
of the colour their see-through pen gives on the paper (issue 21: the sharp redraw at a zoom never shown).

:class:`app.systems.v13.outlines.Outline` stroked a zoom's first ask into a picture of the whole screen (filled
transparent, stroked opaque, laid over the screen at the pen's opacity), and the ring, no larger than the screen,
into a fresh picture of it: ~2 ms of the sharp redraw's ~10 (bench/redraw.py). The outlines lie on the paper (a
zone off the sheet is rare): there an opaque pen of the pen's colour over the paper is the same pixels as the
see-through pen (its antialiased edge too), and on the slate or the region's tint a pixel is at most
``(1 - opacity) x`` their difference off (~8 levels at the zone's 235/255). So the first ask at a zoom is stroked
straight (0.1-0.6 ms); asked again there (a float, a scroll), the outline is kept whole as before.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QPainter, QPen, QPixmap, QTransform

from app.systems.v13.outlines import FirstAsk
from app.systems.v13.sheet import SHEET_FILL, over


def on_paper(color: QColor) -> QColor:
    """``color`` laid over the sheet's paper, as one opaque colour (Qt's own blend of the two)."""
    return over(color, SHEET_FILL)


class PaperOutline(FirstAsk):
    """A :class:`FirstAsk` of ``pen``'s outline with the opaque colour the pen gives on the paper, whose first ask
    at a zoom (and sub-pixel offset) is stroked straight onto the painter (``drawn``)."""

    def __init__(self, pen: QPen) -> None:
        solid = QPen(pen)
        solid.setColor(on_paper(pen.color()))
        super().__init__(solid)

    def _first(self, p: QPainter, t: QTransform, ask: tuple, dpr: float) -> tuple[QPixmap, QPointF] | None:
        if ask in self._asked:
            return self._whole(p, t)  # asked again (a float, a scroll): kept whole
        if not self.quick:  # (a zoom under way's strips are not the outline's paint at its zoom)
            self._note(ask)
        self.drawn += 1
        return None  # stroked straight (StrokeCache.paint)
