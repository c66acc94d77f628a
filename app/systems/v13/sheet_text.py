"""The printed ``CCRR`` labels of the battle map's sheet drawn as glyph runs, a column of labels at a
time (issue 21: the sharp redraw at a zoom never shown).

:func:`app.systems.v13.labels.paint_labels` draws each label with ``drawText``, which shapes its
four digits afresh (HarfBuzz) and measures them again: ~15 us a label, 630-960 labels on a
1200 x 800 screen at zooms 1.0-1.4, every one at a new zoom (the font is sized in scene units).
Here the ten digits are shaped once per font, and a column's labels (one column number, the rows
counting up, a hex's height apart) are one glyph run: the same glyphs at the same places, so the
same pixels (tests/app/systems/v13/test_sheet_text.py), for a fifth of the time. Labels beyond
00-99 ("(-3,45)", far off the sheet) are drawn by ``paint_labels`` as before.
"""
from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QFont, QFontMetricsF, QGlyphRun, QPainter, QRawFont, QTextLayout

from app.systems.v13.hexes import HEX, HEX_HEIGHT
from app.systems.v13.labels import LABEL_OFF, LABEL_ON, label_font, paint_labels
from hexmap import Hex, MapWindow

DIGITS = "0123456789"


class _Digits:
    """The digits of one font on one device: their glyphs (the engine ``drawText`` uses), advances,
    where a label's glyphs go about its hex centre, and those of a column of labels."""

    def __init__(self, font: QFont, device) -> None:
        layout = QTextLayout(DIGITS, font, device)
        layout.beginLayout()
        layout.createLine()
        layout.endLayout()
        run = layout.glyphRuns()[0]
        self.raw: QRawFont = run.rawFont()
        self.glyphs = list(run.glyphIndexes())
        self.advances = [a.x() for a in self.raw.advancesForGlyphIndexes(self.glyphs)]
        metrics = QFontMetricsF(font, device)
        self.down = -HEX_HEIGHT / 2 + 1.5 + metrics.ascent()  # as paint_labels: below the hex's top edge
        self.tabular = len(set(self.advances)) == 1  # every digit as wide: a column's places are alike
        self._column: list[QPointF] = []

    def places(self, text: str) -> list[QPointF]:
        """Where the glyphs of ``text`` (digits) go about its hex centre: centred, ``down`` below it."""
        adv = [self.advances[ord(c) - 48] for c in text]
        x, out = -sum(adv) / 2, []
        for a in adv:
            out.append(QPointF(x, self.down))
            x += a
        return out

    def column(self, n: int) -> list[QPointF]:
        """The places of ``n`` four-digit labels a hex's height apart, down from the first one's centre
        (tabular digits only)."""
        while len(self._column) < 4 * n:
            k = len(self._column) // 4
            self._column += [QPointF(q.x(), q.y() + k * HEX_HEIGHT) for q in self.places("0000")]
        return self._column[:4 * n]


_DIGITS: dict[tuple[str, int], _Digits] = {}


def _digits(font: QFont, device) -> _Digits:
    key = (font.key(), device.logicalDpiY())
    found = _DIGITS.get(key)
    if found is None:
        if len(_DIGITS) > 64:  # a font per zoom: the oldest go
            del _DIGITS[next(iter(_DIGITS))]
        found = _DIGITS[key] = _Digits(font, device)
    return found


def draw_labels(p: QPainter, window: MapWindow, area: QRectF, size: float) -> None:
    """The labels of ``window``'s hexes whose centres lie in ``area`` (scene units), ``size`` tall in
    scene units, as :func:`app.systems.v13.labels.paint_labels` draws them: dark on the sheet, pale
    off it; a column's run of labels alike (on the sheet, or off it) one glyph run."""
    font = label_font(size, p.device().logicalDpiY())
    digits = _digits(font, p.device())
    runs: dict[bool, list[tuple[QPointF, list[int], list[QPointF]]]] = {True: [], False: []}
    odd: list[tuple[float, float, str, bool]] = []  # beyond 00-99: drawn the old way
    w = 1.5 * HEX
    for q in range(math.ceil(area.left() / w), math.floor(area.right() / w) + 1):
        r0 = math.ceil(area.top() / HEX_HEIGHT - q / 2)
        r1 = math.floor(area.bottom() / HEX_HEIGHT - q / 2)
        if r1 < r0:
            continue
        first = window.label(Hex(q, r0))
        col, x, y0 = first.col, w * q, HEX_HEIGHT * (r0 + q / 2)
        on_col = 1 <= col <= window.cols
        stretch: list[int] = []  # rows alike, one run
        kind: bool | None = None
        for row in range(first.row, first.row + r1 - r0 + 1):
            if not (0 <= col <= 99 and 0 <= row <= 99):
                odd.append((x, y0 + (row - first.row) * HEX_HEIGHT, f"({col},{row})", False))
                now = None
            else:
                now = on_col and 1 <= row <= window.rows
            if stretch and now != kind:
                _add(runs[bool(kind)], digits, col, stretch, QPointF(x, y0 + (stretch[0] - first.row) * HEX_HEIGHT))
                stretch = []
            if now is not None:
                stretch.append(row)
            kind = now
        if stretch:
            _add(runs[bool(kind)], digits, col, stretch, QPointF(x, y0 + (stretch[0] - first.row) * HEX_HEIGHT))
    run = QGlyphRun()
    run.setRawFont(digits.raw)
    for inside, color in ((True, LABEL_ON), (False, LABEL_OFF)):
        if runs[inside]:
            p.setPen(color)
            for at, glyphs, places in runs[inside]:
                run.setGlyphIndexes(glyphs)
                run.setPositions(places)
                p.drawGlyphRun(at, run)
    if odd:
        paint_labels(p, odd, size)


def _add(runs: list, digits: _Digits, col: int, rows: list[int], at: QPointF) -> None:
    """The labels of column ``col``, ``rows`` (consecutive, 00-99), the first centred at ``at``: one run."""
    g = digits.glyphs
    glyphs: list[int] = []
    for r in rows:
        glyphs += (g[col // 10], g[col % 10], g[r // 10], g[r % 10])
    if digits.tabular:
        places = digits.column(len(rows))
    else:
        places = [QPointF(c.x(), c.y() + k * HEX_HEIGHT) for k, r in enumerate(rows)
                  for c in digits.places(f"{col:02d}{r:02d}")]
    runs.append((at, glyphs, places))
