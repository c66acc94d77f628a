"""The look tests' pixels (the V13 battle map's, tests/app/systems/v13/map_look.py, and the tactical map's,
tests/app/strategic/test_tactical_look.py): a view's viewport as RGB values, and the pixels of one picture no pixel
of another explains."""
from __future__ import annotations

import numpy as np
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QAbstractScrollArea


def viewport_rgb(view: QAbstractScrollArea) -> np.ndarray:
    """``view``'s viewport painted now and grabbed, as a height x width x 3 array of RGB values."""
    view.viewport().repaint()
    img = view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    a = np.frombuffer(img.constBits(), np.uint32).reshape(img.height(), img.bytesPerLine() // 4)[:, :img.width()]
    return np.stack([(a >> 16) & 255, (a >> 8) & 255, a & 255], -1).astype(int)


def unexplained(a: np.ndarray, b: np.ndarray, levels: int) -> np.ndarray:
    """The pixels of ``a`` with no pixel of ``b`` on them or beside them (a pixel each way, the corners too)
    within ``levels`` of them in every channel: what a line a pixel off does not explain."""
    h, w, _ = a.shape
    padded = np.pad(b, ((1, 1), (1, 1), (0, 0)), mode="edge")
    best = np.full((h, w), 1 << 30)
    for dy in range(3):
        for dx in range(3):
            best = np.minimum(best, np.abs(a - padded[dy:dy + h, dx:dx + w]).max(-1))
    return best > levels
