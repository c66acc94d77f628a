"""The battle map's legend lies whole in the view (issue 22, seen on the real 1600x1000 screen): placed above the
Legend button at its full 517 pixels, its title was cut at 1x (the map 545 pixels tall in the battle window), and at
QT_SCALE_FACTOR=2 (the map about 420 x 310) its samples and the start of every line lay beyond the view's left edge
and its first rows beyond the top. Now it is drawn smaller where it does not fit, above the button or beside it."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.app.gui import shown_battle_map


@pytest.mark.parametrize("size", [(1000, 545), (420, 310), (900, 700)], ids=["1x", "2x", "roomy"])
def test_the_legend_shown_by_its_button_lies_whole_in_the_view(qtbot, size):
    view = shown_battle_map(qtbot, size)
    qtbot.mouseClick(view.legend_button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    legend, port = view.legend, view.viewport().geometry()
    assert legend.isVisible()
    assert port.contains(legend.geometry()), (legend.geometry(), port)
    assert not legend.geometry().intersects(view.legend_button.geometry())
    full = legend.sizeHint()
    if full.width() + 16 <= port.width() and full.height() + 16 <= port.height():
        assert legend.size() == full  # drawn at its own size where it fits beside the button
    assert legend.shrink >= 0.45  # at QT_SCALE_FACTOR=2 still a 12-pixel text on the screen's pixels
    view.resize(size[0] // 2 + 200, size[1])  # a narrower view: placed again, still whole
    QApplication.processEvents()
    assert view.viewport().geometry().contains(view.legend.geometry())
    qtbot.mouseClick(view.legend_button, Qt.MouseButton.LeftButton)
    assert not legend.isVisible()
