"""Issue 21: at a zoom never shown, the placement zone's outline was stroked into a picture of the whole screen
(filled transparent, stroked, laid over the screen at its pen's opacity): ~2 ms of the sharp redraw's ~10. It is
now stroked straight onto the screen with the opaque colour its see-through pen gives on the paper
(app/systems/v13/paper_outline.py): on the paper the same pixels as the picture laid at the pen's opacity, on
the slate a few levels off."""
from __future__ import annotations

import numpy as np
from PySide6.QtGui import QPainter, QPixmap, QTransform

from app.systems.v13.grid import OFF_SHEET, SHEET_FILL
from app.systems.v13.hexes import segments_path
from app.systems.v13.outlines import Outline
from app.systems.v13.scene import ZONE_PEN
from hexmap import Hex, hexes_within
from tests.app.systems.v13.test_redraw import _rgb, _spy


def _zone():
    ring = [h for h in hexes_within(Hex(10, 10), 12) if h.distance(Hex(10, 10)) >= 4]
    return segments_path([h.q for h in ring], [h.r for h in ring])


def _painted(cache, fill, t: QTransform):
    """``cache``'s outline painted once over a 900 x 600 screen of ``fill`` at ``t``."""
    pix = QPixmap(900, 600)
    pix.fill(fill)
    p = QPainter(pix)
    p.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    p.setTransform(t)
    cache.paint(p)
    p.end()
    return _rgb(pix.toImage())


def test_a_zones_first_paint_at_a_zoom_is_stroked_straight_and_looks_as_its_pen(qtbot, monkeypatch):
    from app.systems.v13.scene import BattleScene
    from hexmap import MapWindow

    scene = BattleScene(MapWindow())
    path = _zone()
    cache = scene.zone_picture  # the scene's own outline of the zone
    cache.set_path(path)
    box = path.controlPointRect()
    t = QTransform(1.23, 0, 0, 1.23, 450 - 1.23 * box.center().x() + 0.37, 300 - 1.23 * box.center().y() + 0.61)
    blits: list = []
    _spy(monkeypatch, QPainter, "drawPixmap", blits)
    fast = _painted(cache, SHEET_FILL, t)
    assert not blits, "the zone's outline was laid from a picture at a zoom never shown"
    monkeypatch.undo()
    laid = Outline(ZONE_PEN)  # as it was drawn: stroked opaque into a picture, laid at the pen's opacity
    laid.set_path(path)
    slow = _painted(laid, SHEET_FILL, t)
    assert int(np.abs(fast - slow).max()) <= 4  # on the paper: the same pixels but for rounding (seen: 4 at most)
    t2 = t * QTransform.fromTranslate(0.25, 0)  # another sub-pixel offset: a first ask again
    off = np.abs(_painted(cache, OFF_SHEET, t2) - _painted(laid, OFF_SHEET, t2))
    assert int(off.max()) <= 10  # on the slate: a few levels off, no more (seen: 9)
    assert (slow != np.array([SHEET_FILL.red(), SHEET_FILL.green(), SHEET_FILL.blue()])).any(-1).sum() > 5000  # drawn
