"""Placement constraints as hex sets (V13.43x-V13.47x).

Each constraint can test one hex (with the numbers behind a refusal) and can filter a whole
array of candidate hexes at once (numpy), so the legal zone of the next unit and the check
under the mouse share one definition.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from hexmap import Hex, MapWindow
from hexmap.labels import offset_to_axial

_FAR = np.iinfo(np.int32).max
"""The distance :func:`dist_to` gives when there are no points."""
_TABLE_CELLS = 1 << 21
"""Above this many cells in the per-line table, :func:`dist_to` compares every pair instead."""
_SMALL = 1 << 26
"""Coordinates up to this size keep every sum :func:`dist_to` makes inside int32."""


def dist_to(points: Iterable[Hex], q: np.ndarray, r: np.ndarray) -> np.ndarray:
    """For every candidate ``(q[i], r[i])``, the hex distance to the nearest of ``points``
    (``_FAR`` when there are none), as int64.

    Exact, and much cheaper than comparing every candidate with every point: the points are
    grouped into lines of constant cube coordinate ``a`` (along whichever axis has the fewest
    distinct values: the units stand in a few lines), and in the doubled coordinate
    ``x = 2b + a`` of a line the distance is ``max(|da|, (|dx| + |da|) / 2)``, increasing in
    ``|dx|``. So only the nearest ``x`` of each line matters: a small table over the points'
    span of ``x`` (per line, extended linearly outside it), then one candidate-by-line pass.
    """
    pts = np.array(list({(p.q, p.r) for p in points}), dtype=np.int64).reshape(-1, 2)
    q, r = np.asarray(q), np.asarray(r)
    if len(pts) == 0:
        return np.full(q.shape, _FAR, dtype=np.int64)
    pq, pr = pts[:, 0], pts[:, 1]
    if q.size == 0:
        return np.zeros(q.shape, dtype=np.int64)
    if max(-int(q.min()), int(q.max()), -int(r.min()), int(r.max()), int(np.abs(pts).max())) > _SMALL:
        return _pairwise(pq, pr, q, r)
    # Cube axes (q, r, s = -q - r), any two of which are axial coordinates with the same
    # metric: lines along the axis with the fewest distinct values, positions along the next.
    axes = [(pq, pr, 0), (pr, -pq - pr, 1), (-pq - pr, pq, 2)]
    pa, pb, which = min(axes, key=lambda t: len(np.unique(t[0])))
    px = 2 * pb + pa
    order = np.lexsort((px, pa))
    pa, px = pa[order], px[order]
    lines, first = np.unique(pa, return_index=True)
    lo, hi = int(px.min()), int(px.max())
    if len(lines) * (hi - lo + 1) > _TABLE_CELLS:
        return _pairwise(pq, pr, q, r)
    # table[i, x - lo]: |dx| to the nearest point of line i, for x in the points' span
    xs = np.arange(lo, hi + 1, dtype=np.int64)
    table = np.minimum.reduceat(np.abs(xs[None, :] - px[:, None]), first, axis=0).astype(np.int32)
    # int32 throughout (|coordinates| <= _SMALL), and only arrays of the candidates' size:
    # big temporaries cost more in page faults than in arithmetic
    q32, r32 = q.astype(np.int32), r.astype(np.int32)
    ca, cb = (q32, r32) if which == 0 else (r32, -q32 - r32) if which == 1 else (-q32 - r32, q32)
    cx = cb * 2
    cx += ca
    at = np.clip(cx, lo, hi)
    beyond = np.abs(cx - at)
    at -= lo
    nearest = np.full(q.shape, _FAR, dtype=np.int32)
    da, d = np.empty_like(ca), np.empty_like(ca)
    for i, a in enumerate(lines.tolist()):  # one line at a time, in place
        np.subtract(ca, a, out=da)
        np.abs(da, out=da)
        np.take(table[i], at, out=d)
        d += beyond
        d += da
        d >>= 1
        np.maximum(d, da, out=d)
        np.minimum(nearest, d, out=nearest)
    return nearest.astype(np.int64)


def _pairwise(pq: np.ndarray, pr: np.ndarray, q: np.ndarray, r: np.ndarray) -> np.ndarray:
    """:func:`dist_to` by comparing every candidate with every (distinct) point."""
    dq, dr = q[None, :] - pq[:, None], r[None, :] - pr[:, None]
    d = np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr))
    nearest: np.ndarray = d.min(axis=0).astype(np.int64)
    return nearest


def hex_dist_min(points: list[Hex], h: Hex) -> int:
    return min((h.distance(p) for p in points), default=10**9)


@dataclass(frozen=True)
class Constraint:
    """``kind`` is ``within``, ``at_least``, ``exactly`` (distance to the nearest of
    ``points``), ``any`` (one of ``parts`` holds), ``edge`` (near a window edge) or
    ``never`` (not now, for the reason ``what``) or ``spread`` (all units, ``points`` and
    the candidate, still fit one legal region of the floating map: INTERPRETATIONS 4)."""

    kind: str
    rule: str
    what: str
    points: tuple[Hex, ...] = ()
    n: int = 0
    parts: tuple[Constraint, ...] = ()

    def mask(self, q: np.ndarray, r: np.ndarray, universe: Universe) -> np.ndarray:
        if self.kind == "never":
            return np.zeros(q.shape, dtype=bool)
        if self.kind == "spread":
            return self._spread(*universe.labels(q, r), universe)
        if self.kind == "any":
            out = np.zeros(q.shape, dtype=bool)
            for p in self.parts:
                out |= p.mask(q, r, universe)
            return out
        if self.kind == "edge":
            return universe.edge_distance(q, r) <= self.n
        d = dist_to(list(self.points), q, r)
        if self.kind == "within":
            return d <= self.n
        if self.kind == "at_least":
            return d >= self.n
        exact: np.ndarray = d == self.n
        return exact

    def ok(self, h: Hex, universe: Universe) -> bool:
        if self.kind == "never":
            return False
        if self.kind == "spread":
            return bool(self.mask(np.array([h.q]), np.array([h.r]), universe)[0])
        if self.kind == "any":
            return any(p.ok(h, universe) for p in self.parts)
        if self.kind == "edge":
            return universe.edge_distance_one(h) <= self.n
        d = hex_dist_min(list(self.points), h)
        return d <= self.n if self.kind == "within" else d >= self.n if self.kind == "at_least" else d == self.n

    def _spread(self, col: np.ndarray, row: np.ndarray, universe: Universe) -> np.ndarray:
        w = universe.window
        pc, pr = universe.labels(np.array([p.q for p in self.points]), np.array([p.r for p in self.points]))
        cmin, cmax, rmin, rmax = int(pc.min()), int(pc.max()), int(pr.min()), int(pr.max())
        cs, rs = 2 * (w.cols - 1), 2 * (w.rows - 1)
        # max(cmax, col) - min(cmin, col) <= cs, without a temporary array of the candidates' size
        if cmax - cmin > cs or rmax - rmin > rs:
            return np.zeros(col.shape, dtype=bool)
        fits: np.ndarray = (col >= cmax - cs) & (col <= cmin + cs) & (row >= rmax - rs) & (row <= rmin + rs)
        return fits

    def why(self, h: Hex, universe: Universe) -> str:
        """The refusal, with the numbers."""
        if self.kind == "never":
            return self.what
        if self.kind == "spread":
            return (f"{self.what}: the units would spread over more than one legal region of the floating map "
                    f"({2 * (universe.window.cols - 1) + 1} columns by {2 * (universe.window.rows - 1) + 1} rows); "
                    "agree a shorter range (V13.422) or ask the GM")
        if self.kind == "any":
            return " and ".join(p.why(h, universe) for p in self.parts)
        if self.kind == "edge":
            e = universe.edge_distance_one(h)
            return (f"{self.what}: it is {e} hexes from the nearest map edge, at most {self.n} allowed"
                    if e < 10**6 else f"{self.what}: it is not on the map")
        d = hex_dist_min(list(self.points), h)
        need = {"within": "at most {} allowed", "at_least": "at least {} required",
                "exactly": "exactly {} required"}[self.kind].format(self.n)
        return f"{self.what}: {d} hexes, {need}"


@lru_cache(maxsize=4)
def _box(cols: int, rows: int) -> tuple[np.ndarray, ...]:
    """Axial and label arrays of every hex a unit could stand on: any hex that can share one
    legal region with a hex of the first window (within 2 x (cols - 1) columns and
    2 x (rows - 1) rows of it)."""
    cs = np.arange(2 - 2 * cols, 3 * cols, dtype=np.int64)
    rs = np.arange(2 - 2 * rows, 3 * rows, dtype=np.int64)
    col, row = (a.ravel() for a in np.meshgrid(cs, rs, indexing="ij"))
    centre = offset_to_axial(cols // 2, rows // 2)
    c0, w0 = col - 1, row - 1
    q = c0 - centre.q
    r = w0 - (c0 - (c0 & 1)) // 2 - centre.r
    return q, r, col, row


class Universe:
    """Where units may be placed (an unbounded plane in principle, INTERPRETATIONS 4; in
    practice every hex that can share a legal region with the first map), as arrays."""

    def __init__(self, window: MapWindow) -> None:
        if window.offset != Hex(0, 0):
            raise ValueError("placement uses the first, unfloated map window")
        self.window = window
        self.q, self.r, self.col, self.row = _box(window.cols, window.rows)

    def hex(self, i: int) -> Hex:
        return Hex(int(self.q[i]), int(self.r[i]))

    def __contains__(self, h: object) -> bool:
        if not isinstance(h, Hex):
            return False
        lab = self.window.label(h)
        w = self.window
        return 2 - 2 * w.cols <= lab.col < 3 * w.cols and 2 - 2 * w.rows <= lab.row < 3 * w.rows

    def labels(self, q: np.ndarray, r: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """First-window labels (column, row) of the given axial arrays."""
        if q is self.q:
            return self.col, self.row
        c0, w0 = self._offset(q, r)
        return c0, w0

    def _offset(self, q: np.ndarray, r: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        centre = offset_to_axial(self.window.cols // 2, self.window.rows // 2)
        aq, ar = q + centre.q, r + centre.r
        return aq + 1, ar + (aq - (aq & 1)) // 2 + 1

    def edge_distance(self, q: np.ndarray, r: np.ndarray) -> np.ndarray:
        """Hexes to the nearest edge of the first window (0 on the edge), huge off it."""
        w = self.window
        col, row = self.labels(q, r)
        inside = (col >= 1) & (col <= w.cols) & (row >= 1) & (row <= w.rows)
        d = np.minimum(np.minimum(col - 1, w.cols - col), np.minimum(row - 1, w.rows - row))
        return np.where(inside, d, 10**7)

    def edge_distance_one(self, h: Hex) -> int:
        return int(self.edge_distance(np.array([h.q]), np.array([h.r]))[0])
