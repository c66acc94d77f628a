"""The b5 grid's look as drawn in bands (app/systems/b5/grid.py: one band of the grid drawn and copied down
the screen, each copy at its own whole pixel row) against every line drawn: what may differ."""
from __future__ import annotations

import numpy as np


def lonely(lines: np.ndarray, other: np.ndarray) -> np.ndarray:
    """The pixels of ``lines`` (a mask) with no pixel of ``other`` on them or beside them (a pixel each
    way, the corners too)."""
    padded = np.pad(other, 1)
    near = np.zeros_like(lines)
    for dy in range(3):
        for dx in range(3):
            near |= padded[dy:dy + lines.shape[0], dx:dx + lines.shape[1]]
    return lines & ~near


def apart(banded: np.ndarray, exact: np.ndarray, bare: int, share: float = 0.02,
          where: np.ndarray | None = None) -> list[str]:
    """What is wrong with ``banded`` (0xAARRGGBB pixels) drawn as ``exact``, the board's colour ``bare``,
    within ``where`` (a mask; None: everywhere): a line's pixel of either with none of the other's on it or
    beside it (a band missing or a line drawn two pixels off), a pixel that differs but lies on no line of
    either, or more than ``share`` more or fewer line pixels than ``exact`` has. Empty when none."""
    a, b = banded != bare, exact != bare
    if where is None:
        where = np.ones(a.shape, bool)
    out = []
    for what, n in (("banded", int((lonely(a, b) & where).sum())), ("exact", int((lonely(b, a) & where).sum()))):
        if n:
            out.append(f"{n} line pixels of the {what} grid with none of the other beside them")
    off = int(((banded != exact) & ~a & ~b & where).sum())
    if off:
        out.append(f"{off} pixels differ off the lines")
    na, nb = int((a & where).sum()), int((b & where).sum())
    if abs(na - nb) > share * nb:
        out.append(f"{na} line pixels, {nb} drawn line by line")
    return out
