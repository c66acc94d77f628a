"""The b5 board's text drawn at the screen's own size (issue 21: its sharp draw at a zoom never shown).

The names and hex numbers are a fixed size on the screen (11 px; the names up to 15 px zoomed in), but
they were drawn in scene units under the view's scale, a font of a new size at every zoom: each
settled zoom made Qt a new font engine, measured every name again and rasterised every glyph anew
(the names' and numbers' text was ~3.5 ms of a 13.6 ms sharp draw). Drawn in the screen's own
pixels, the font is the same at every zoom: each text is laid out once (:class:`QStaticText`, kept
by text and font) and its width measured once (:func:`advance`), and Qt's glyph cache holds."""
from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QStaticText, QTransform

MOST = 4096
"""How many texts (and widths) are kept: more than a whole board's hex numbers and names."""
_fonts: dict[tuple[float, int], QFont] = {}
_static: dict[tuple[str, float], QStaticText] = {}
_widths: dict[tuple[str, float], float] = {}


def text_font(px: float, dpi: int) -> QFont:
    """A font ``px`` units tall on a device of ``dpi`` (a point size, so that fractions of a unit are
    kept; units are the screen's pixels for the text drawn here, scene units where a painter scales)."""
    key = (px, dpi)
    font = _fonts.get(key)
    if font is None:
        if len(_fonts) > 64:
            _fonts.clear()
        font = _fonts[key] = QFont()
        font.setPointSizeF(max(0.5, px * 72.0 / dpi))
    return QFont(font)


def _keep(store: dict, key: tuple[str, float], value: object) -> None:
    if len(store) >= MOST:
        del store[next(iter(store))]
    store[key] = value


def advance(text: str, font: QFont, size: float | None = None) -> float:
    """``text``'s width in ``font`` (QFontMetricsF.horizontalAdvance), measured once; ``size``: the font's
    point size, when the caller has it."""
    key = (text, font.pointSizeF() if size is None else size)
    width = _widths.get(key)
    if width is None:
        width = QFontMetricsF(font).horizontalAdvance(text)
        _keep(_widths, key, width)
    return width


def static(text: str, font: QFont) -> QStaticText:
    """``text`` laid out once in ``font``, plain text."""
    key = (text, font.pointSizeF())
    laid = _static.get(key)
    if laid is None:
        laid = QStaticText(text)
        laid.setTextFormat(Qt.TextFormat.PlainText)
        laid.prepare(QTransform(), font)
        _keep(_static, key, laid)
    return laid


def draw(p: QPainter, font: QFont, colour: QColor, texts: Iterable[tuple[float, float, str]]) -> None:
    """Each ``(x, y, text)``, its top left in the painter's scene units, drawn in ``font`` at the screen's
    own size (the painter's transform, a scale and a shift, mapping the point only) in ``colour``."""
    t = p.worldTransform()
    sx, sy, dx, dy = t.m11(), t.m22(), t.dx(), t.dy()
    size, kept = font.pointSizeF(), _static
    p.save()
    p.resetTransform()
    p.setFont(font)
    p.setPen(QPen(colour))
    for x, y, text in texts:
        laid = kept.get((text, size))
        p.drawStaticText(QPointF(x * sx + dx, y * sy + dy), laid if laid is not None else static(text, font))
    p.restore()
