"""Issue 21: the tactical map's hexes drawn as one board (app/strategic/tactical_board.py: a hex's stamps at 4 x 4
sub-pixel offsets per zoom, the labels as glyph runs) look as the 1,260 hex items drew them, each into its own
picture per zoom (``TacticalScene.set_plain``, the old way). Zoomed with the wheel on the viewport and panned by the
scroll bars, as a person does, at zooms from the map fitted whole to 4x, on the default 42 x 30 window and on one
105 columns wide (its labels from column 100 on read "(100,1)": written the old way). A hex's edge lies within 1/8
pixel of its place: seen up to 28 levels of 255 off. A label's glyphs are put at the same place, but where that
falls on half a pixel the two ways may round it apart, a row of labels a pixel up (seen: 123 pixels at the fitted
zoom, 0 at the rest). So: at most 400 pixels more than 40 levels off, and each of them has a pixel of the other
picture beside it within 40 levels (what a pixel's shift explains; labels in another font, as a font made before the
application laid out its digits: 22,000 pixels, most unexplained); and the fast way was taken (hexes stamped)."""
from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from app.strategic.tactical_view import TacticalScene, TacticalView
from hexmap import Facing, MapWindow
from tests.app.pixels import unexplained
from tests.app.pixels import viewport_rgb as shot

NOTCH = 120


def wheel(view: TacticalView, notches: int, at: QPoint) -> None:
    """Turn the mouse wheel ``notches`` notches (up: in) over the viewport at ``at``."""
    for _ in range(abs(notches)):
        event = QWheelEvent(QPointF(at), QPointF(view.viewport().mapToGlobal(at)), QPoint(0, 0),
                            QPoint(0, NOTCH if notches > 0 else -NOTCH), Qt.MouseButton.NoButton,
                            Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
        QApplication.sendEvent(view.viewport(), event)


@pytest.fixture
def view(qtbot):
    v = TacticalView(TacticalScene(MapWindow()))
    qtbot.addWidget(v)
    v.resize(900, 640)
    v.show()
    qtbot.waitExposed(v)
    return v


# (notches of the wheel from the map fitted whole, where the pointer is, scroll bars moved by)
PLACES = [(0, (450, 320), (0, 0)), (2, (300, 200), (0, 0)), (3, (610, 400), (37, -21)), (5, (100, 500), (-90, 60)),
          (9, (450, 320), (133, 71)), (12, (700, 100), (-400, 250))]


@pytest.mark.parametrize(("notches", "at", "scroll"), PLACES)
@pytest.mark.parametrize("wide", [False, True])
def test_the_board_looks_as_the_hex_items_drew_it(view, notches, at, scroll, wide):
    scene = view.scene()
    if wide:
        scene.set_window(MapWindow(105, 12).floated(Facing.B, 3))
    view.fitInView(scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
    fitted = view.transform().m11()
    wheel(view, notches, QPoint(*at))
    assert view.transform().m11() == pytest.approx(fitted * 1.15 ** notches)
    h, v = view.horizontalScrollBar(), view.verticalScrollBar()
    h.setValue(h.value() + scroll[0])
    v.setValue(v.value() + scroll[1])
    fast = shot(view)
    board = scene.board
    assert board is not None and board.isVisible() and board.stamped > 50
    assert len(board.labels.odd) == (6 * 12 if wide else 0)
    try:
        scene.set_plain(True)
        slow = shot(view)
    finally:
        scene.set_plain(False)
    off = int((np.abs(fast - slow).max(-1) > 40).sum())
    lonely = int((unexplained(fast, slow, 40) | unexplained(slow, fast, 40)).sum())
    assert off <= 400 and lonely == 0, f"{off} pixels more than 40 levels off, {lonely} with none like them beside"
    assert (slow != slow[0, 0]).any(-1).sum() > 10000  # the map was on the screen
