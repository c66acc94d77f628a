"""The printed ``CCRR`` labels of the battle map's hexes: dark on the sheet, pale off it, a
readable size on the screen at every zoom (:func:`label_px`)."""
from __future__ import annotations

from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter

from app.systems.v13.hexes import HEX_HEIGHT

LABEL_ON = QColor("#3e3626")
LABEL_OFF = QColor("#dfe2e6")
LABEL_PX = 11  # the labels' size on the screen where they appear


def paint_labels(p: QPainter, labels: list[tuple[float, float, str, bool]], size: float) -> None:
    """The printed ``labels`` (:func:`labels_in`), dark on the sheet and pale off it (``size``
    in scene units), centred below each hex's top edge; "(-3,45)" beyond 00-99 smaller, to
    fit in its hex."""
    dpi = p.device().logicalDpiY()
    fonts = label_font(size, dpi), label_font(size * 0.68, dpi)
    down = -HEX_HEIGHT / 2 + 1.5 + _metrics(fonts[0], p).ascent()
    kinds = [2 if len(text) > 4 else 1 - inside for _x, _y, text, inside in labels]
    for kind, color in enumerate((LABEL_ON, LABEL_OFF, LABEL_OFF)):
        p.setFont(fonts[kind == 2])
        p.setPen(color)
        advance = _metrics(fonts[kind == 2], p).horizontalAdvance
        for (x, y, text, _inside), k in zip(labels, kinds):
            if k == kind:
                p.drawText(QPointF(x - advance(text) / 2, y + down), text)


_FONTS: dict[tuple[float, int], QFont] = {}


def label_font(scene_px: float, dpi: int = 96) -> QFont:
    """The labels' font, ``scene_px`` tall in scene units on a device of ``dpi`` (a point size,
    so that fractions of a pixel are kept when the painter scales it)."""
    key = (round(scene_px, 2), dpi)
    if key not in _FONTS:
        f = QFont()
        f.setPointSizeF(max(0.5, key[0] * 72.0 / dpi))
        f.setWeight(QFont.Weight.DemiBold)
        _FONTS[key] = f
    return _FONTS[key]


def label_px(lod: float) -> float:
    """The labels' size in scene units at zoom ``lod``: 11 px on the screen where they appear,
    growing with the zoom up to 16 px."""
    return min(16.0, max(float(LABEL_PX), 8.5 * lod)) / lod


_METRICS: dict[tuple[int, int], QFontMetricsF] = {}


def _metrics(font: QFont, p: QPainter) -> QFontMetricsF:
    """The font's metrics on the painter's device, in its (scene) units."""
    key = (id(font), p.device().logicalDpiY())
    if key not in _METRICS:
        _METRICS[key] = QFontMetricsF(font, p.device())
    return _METRICS[key]
