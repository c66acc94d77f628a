"""Guards against Qt binding releases that break painting (see the pin in pyproject.toml)."""
from __future__ import annotations

import sys

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPen, QPolygonF


def test_painter_calls_keep_none_alive(qapp):
    """PySide6 6.12.0 decrements None's refcount in setPen/setBrush: Python aborts soon after."""
    img = QImage(20, 20, QImage.Format.Format_ARGB32)
    p = QPainter(img)
    try:
        before = sys.getrefcount(None)
        for _ in range(200):
            p.setPen(QPen(QColor("red")))
            p.setPen(QColor("blue"))
            p.setBrush(QColor("green"))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPolygon(QPolygonF([QPointF(0, 0), QPointF(5, 5), QPointF(0, 5)]))
        after = sys.getrefcount(None)
    finally:
        p.end()
    assert after - before > -100, f"the Qt binding lost {before - after} references to None"
