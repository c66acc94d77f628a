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
        self._runs: dict[int, QGlyphRun] = {}
        self._key = tuple(self.glyphs)

    def run(self, n: int) -> QGlyphRun:
        """A glyph run of this font placed as a column of ``n`` labels (tabular digits): a column's run takes its
        glyphs alone (setting ~80 places a column cost ~8 us, ~40 columns at each zoom; issue 21)."""
        run = self._runs.get(n)
        if run is None:
            run = self._runs[n] = QGlyphRun()
            run.setRawFont(self.raw)
            run.setPositions(self.column(n))
        return run

    def glyphs_of(self, col: int, lo: int, hi: int) -> list[int]:
        """The glyphs of column ``col``'s labels, rows ``lo``-``hi`` (00-99), four a label (kept per font's glyphs:
        the same at every size)."""
        key = (self._key, col, lo, hi)
        found = _GLYPHS.get(key)
        if found is None:
            if len(_GLYPHS) > 8192:
                _GLYPHS.clear()
            g = self.glyphs
            found = _GLYPHS[key] = [x for r in range(lo, hi + 1) for x in (g[col // 10], g[col % 10], g[r // 10],
                                                                           g[r % 10])]
        return found

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
_GLYPHS: dict[tuple, list[int]] = {}


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
    runs: dict[bool, list[tuple[QPointF, list[int], int, int]]] = {True: [], False: []}
    odd: list[tuple[float, float, str, bool]] = []  # beyond 00-99: drawn the old way
    w = 1.5 * HEX
    for q in range(math.ceil(area.left() / w), math.floor(area.right() / w) + 1):
        r0 = math.ceil(area.top() / HEX_HEIGHT - q / 2)
        r1 = math.floor(area.bottom() / HEX_HEIGHT - q / 2)
        if r1 < r0:
            continue
        first = window.label(Hex(q, r0))
        col, x, y0 = first.col, w * q, HEX_HEIGHT * (r0 + q / 2)
        for lo, hi, kind in _stretches(col, first.row, first.row + r1 - r0, 1 <= col <= window.cols, window.rows):
            if kind is None:
                odd += [(x, y0 + (row - first.row) * HEX_HEIGHT, f"({col},{row})", False) for row in range(lo, hi + 1)]
            else:
                at = QPointF(x, y0 + (lo - first.row) * HEX_HEIGHT)
                runs[kind].append((at, digits.glyphs_of(col, lo, hi), col, lo))
    run = QGlyphRun()
    run.setRawFont(digits.raw)
    for inside, color in ((True, LABEL_ON), (False, LABEL_OFF)):
        if runs[inside]:
            p.setPen(color)
            for at, glyphs, col, lo in runs[inside]:
                n = len(glyphs) // 4
                if digits.tabular:  # a column of n labels: its places set once per font
                    kept = digits.run(n)
                    kept.setGlyphIndexes(glyphs)
                    p.drawGlyphRun(at, kept)
                else:
                    run.setGlyphIndexes(glyphs)
                    run.setPositions([QPointF(c.x(), c.y() + k * HEX_HEIGHT) for k in range(n)
                                      for c in digits.places(f"{col:02d}{lo + k:02d}")])
                    p.drawGlyphRun(at, run)
    if odd:
        paint_labels(p, odd, size)


def _stretches(col: int, first: int, last: int, on_col: bool, rows: int) -> list[tuple[int, int, bool | None]]:
    """Rows ``first``-``last`` of column ``col`` cut where their kind changes, in order: (from, to, kind), the kind
    True on the sheet, False off it, None beyond 00-99 (each such row a label drawn the old way)."""
    if not 0 <= col <= 99:
        return [(first, last, None)] if first <= last else []
    cuts = ((-(10 ** 9), -1, None), (0, 0, False), (1, rows, on_col), (rows + 1, 99, False), (100, 10 ** 9, None))
    out: list[tuple[int, int, bool | None]] = []
    for lo, hi, kind in cuts:
        lo, hi = max(lo, first), min(hi, last)
        if lo > hi:
            continue
        if out and kind is not None and out[-1][2] is kind and out[-1][1] == lo - 1:
            out[-1] = (out[-1][0], hi, kind)  # alike: one stretch (off the sheet above and below it)
        else:
            out.append((lo, hi, kind))
    return out
