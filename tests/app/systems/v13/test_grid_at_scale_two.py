"""Issue 22: at QT_SCALE_FACTOR=2 the battle window's map, fitted at a zoom of 0.27 (its hexes 19 device pixels
tall), showed no grid lines: the grid's threshold (TILE_LOD, 0.3) was read against the zoom in logical pixels.
Seen on the real screen (1600x1000 at scale 2, the bench's map fitted in a 380 x 330 view: no line; after, the
grid on the sheet and the plane). The map's background painted at that zoom on a device of pixel ratio 2 has its
grid on the paper; at ratio 1 (hexes 9 pixels tall) it still has none."""
from __future__ import annotations

import numpy as np
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter, QPixmap

from app.systems.v13.map import BattleScene
from hexmap import MapWindow


def _grid_pixels(ratio: float, zoom: float = 0.27) -> int:
    """The pixels darker than the paper on the middle of the sheet, its background painted at ``zoom``."""
    scene = BattleScene(MapWindow())
    sheet = scene.grid.sheet_rect()
    size = 300
    pix = QPixmap(round(size * ratio), round(size * ratio))
    pix.setDevicePixelRatio(ratio)
    p = QPainter(pix)
    p.scale(zoom, zoom)
    shown = QRectF(sheet.center().x() - size / 2 / zoom, sheet.center().y() - size / 2 / zoom, size / zoom, size / zoom)
    p.translate(-shown.topLeft())
    scene.drawBackground(p, shown)
    p.end()
    img = pix.toImage().convertToFormat(QImage.Format.Format_RGB32)
    a = np.frombuffer(img.constBits(), np.uint32).reshape(img.height(), img.bytesPerLine() // 4)[:, :img.width()]
    rgb = np.stack([(a >> 16) & 255, (a >> 8) & 255, a & 255], -1).astype(int)
    paper = np.array([0xF6, 0xF1, 0xDF])
    h, w = rgb.shape[:2]
    middle = rgb[h // 4:3 * h // 4, w // 4:3 * w // 4]  # well inside the sheet's edge
    return int((np.abs(middle - paper).max(-1) > 12).sum())


def test_the_grid_shows_at_a_zoom_whose_hexes_are_tall_enough_on_the_device(qtbot):
    assert _grid_pixels(1.0) == 0  # 9 pixels a hex: no grid, as before
    lines = _grid_pixels(2.0)
    assert lines > 0.05 * (300 * 300), f"{lines} grid pixels at a pixel ratio of 2"
