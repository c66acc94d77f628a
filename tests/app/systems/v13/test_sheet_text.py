"""Issue 21: the sheet's ``CCRR`` labels drawn as glyph runs, a column at a time (app/systems/v13/sheet_text.py),
are the labels ``drawText`` drew one by one (app/systems/v13/labels.paint_labels, 4-5x the time at a zoom never
shown): the same pixels, on and off the sheet, beyond 00-99 ("(-3,45)"), floated, at the zooms a label shows
(its size grows from 1.29 on)."""
from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter

from app.systems.v13.hexes import HEX, labels_in
from app.systems.v13.labels import label_px, paint_labels
from app.systems.v13.sheet_text import draw_labels
from hexmap import Facing, MapWindow

W, H = 700, 450


def _drawn(window: MapWindow, area: QRectF, s: float, runs: bool) -> np.ndarray:
    img = QImage(W, H, QImage.Format.Format_ARGB32_Premultiplied)
    img.fill(0xFF8D939B)
    p = QPainter(img)
    p.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
    p.scale(s, s)
    p.translate(-area.topLeft())
    near = area.adjusted(-HEX, -HEX, HEX, HEX)
    if runs:
        draw_labels(p, window, near, label_px(s))
    else:
        paint_labels(p, labels_in(window, near), label_px(s))
    p.end()
    return np.frombuffer(img.constBits(), np.uint32).reshape(H, W).copy()


@pytest.mark.parametrize(("s", "x", "y"), [(1.0, 0, 0), (1.17, 600, 500), (1.37, -700, -450), (2.3, 1260, 880),
                                           (1.05, 3000, 200), (1.1, -2100, -100), (1.6, 300, -1900)])
@pytest.mark.parametrize("floated", [False, True])
def test_the_labels_as_glyph_runs_are_the_labels_drawn_one_by_one(qtbot, s, x, y, floated):
    window = MapWindow(42, 30).floated(Facing.B, 3) if floated else MapWindow(42, 30)
    area = QRectF(x - W / 2 / s, y - H / 2 / s, W / s, H / s)
    old, new = _drawn(window, area, s, False), _drawn(window, area, s, True)
    assert (old != 0xFF8D939B).sum() > 10_000  # labels drawn
    assert int((old != new).sum()) == 0
