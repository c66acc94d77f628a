"""The legal region of a floating map (V13.812, INTERPRETATIONS 3).

A window position is legal while the *original* centre hex is on it. A unit may stand
wherever some legal window covers it: the legal region around centre ``c`` is
``c + (W0 - W0)``, with ``W0`` the base window's hexes relative to its centre. For the
42 x 30 map that is about 83 columns by 59 rows around the centre.

``W0 - W0`` is computed exactly, column difference by column difference: for two printed
columns the axial row differences form one interval, and for a fixed column difference
those intervals overlap, so each ``dq`` has one contiguous ``dr`` range.
"""
from __future__ import annotations

from functools import lru_cache

from hexmap.hexes import Hex


@lru_cache(maxsize=8)
def _ranges(cols: int, rows: int) -> dict[int, tuple[int, int]]:
    def k(c: int) -> int:
        return (c - (c & 1)) // 2
    out: dict[int, tuple[int, int]] = {}
    for dq in range(-(cols - 1), cols):
        shifts = [k(c1 + dq) - k(c1) for c1 in range(cols) if 0 <= c1 + dq < cols]
        out[dq] = (-(rows - 1) - max(shifts), (rows - 1) - min(shifts))
    return out


class LegalRegion:
    """Which hexes a legal float of a ``cols`` x ``rows`` window can reach around a centre."""

    def __init__(self, cols: int = 42, rows: int = 30) -> None:
        self.cols, self.rows = cols, rows
        self._r = _ranges(cols, rows)

    def contains(self, centre: Hex, h: Hex) -> bool:
        """Whether ``h`` lies in the legal region around the original centre ``centre``."""
        dq, dr = h.q - centre.q, h.r - centre.r
        span = self._r.get(dq)
        return span is not None and span[0] <= dr <= span[1]

    def span(self, dq: int) -> tuple[int, int] | None:
        """The axial row offsets (lowest, highest) the region reaches at column offset ``dq``."""
        return self._r.get(dq)

    def hexes(self, centre: Hex | None = None) -> list[Hex]:
        """Every hex of the region around ``centre`` (the plane's origin by default)."""
        centre = centre or Hex(0, 0)
        return [Hex(centre.q + dq, centre.r + dr) for dq, (lo, hi) in self._r.items() for dr in range(lo, hi + 1)]
