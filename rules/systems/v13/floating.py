"""How far the map floats to follow a unit (V13.812), computed in runs rather than hex by hex.

The rule's procedure is a greedy walk: while the unit is off the sheet, float one hex in the
first direction (in facing order A-F) that brings the sheet's centre nearer the unit and keeps
the original centre hex on the sheet. :func:`follow_vector` gives exactly that walk's result,
but moves a whole run at a time: the walk is a few runs of one direction, or of two directions
taking turns (along the top or bottom edge, where the odd-q columns zig-zag), and each run's
length is where one of its linear bounds is first crossed.

Positions are kept as grid hexes: a hex's place on the sheet as axial ``(q, r)`` counted from
``0101``, so its label is column ``q + 1``, row ``r + q // 2 + 1``. Floating the sheet by ``v``
moves every grid hex by ``-v``.
"""
from __future__ import annotations

from hexmap import Facing, Hex, MapWindow

_BIG = 1 << 40
_FACINGS = tuple(Facing)


def follow_vector(w: MapWindow, original: Hex, at: Hex) -> Hex:
    """The float that brings ``at`` onto the sheet ``w`` (``Hex(0, 0)`` when it is on it).

    Args:
        w: the sheet as it lies now; it holds ``original``.
        original: the original centre hex (V13.811), which must stay on the sheet.
        at: where the unit now stands.

    Returns:
        The float the one-hex-at-a-time walk of V13.812 makes (at most ``2 * (cols + rows)``
        hexes): it stops once ``at`` is on the sheet or no hex towards it keeps the centre on.
    """
    if w.contains(at):
        return Hex(0, 0)
    size = (w.cols, w.rows)
    centre, unit, away = _grid(w, original), _grid(w, at), at - w.centre
    moved = Hex(0, 0)
    left = 2 * (w.cols + w.rows)
    while left > 0:
        d0 = _choice(centre, away, size)
        if d0 is None:
            break
        d1 = _choice(centre - d0, away - d0, size)
        most = left
        if d1 is None:
            d1, most = d0, 1
        elif d1 != d0 and ((d0.q + d1.q) % 2 or _choice(centre - d0 - d1, away - d0 - d1, size) != d0):
            d1, most = d0, 1  # no repeating pattern: a single hex, then look again
        steps, inside = _run(d0, d1, centre, unit, away, size, most)
        shift = d0 * ((steps + 1) // 2) + d1 * (steps // 2)
        moved, centre, unit, away = moved + shift, centre - shift, unit - shift, away - shift
        if inside:
            break
        left -= steps
    return moved


def _grid(w: MapWindow, h: Hex) -> Hex:
    lab = w.label(h)
    q = lab.col - 1
    return Hex(q, lab.row - 1 - q // 2)


def _on_sheet(g: Hex, size: tuple[int, int]) -> bool:
    return 0 <= g.q < size[0] and 0 <= g.r + g.q // 2 < size[1]


def _choice(centre: Hex, away: Hex, size: tuple[int, int]) -> Hex | None:
    """The hex the walk floats next: the first direction nearer the unit keeping the centre on."""
    d = away.length()
    for f in _FACINGS:
        v = f.vector
        if (away - v).length() < d and _on_sheet(centre - v, size):
            return v
    return None


def _run(d0: Hex, d1: Hex, centre: Hex, unit: Hex, away: Hex, size: tuple[int, int],
         most: int) -> tuple[int, bool]:
    """How many hexes the walk floats taking ``d0``, ``d1``, ``d0``... in turn (at most ``most``),
    and whether it stops there because the unit is on the sheet.

    After ``j = 2m + s`` hexes everything is linear in ``m`` (``d0 + d1`` has an even ``q``, so
    the row term ``q // 2`` is too): each bound gives the first ``m`` that breaks it.
    """
    pair = d0 + d1
    cp = _cube(pair)
    steps = most
    for s, d in ((0, d0), (1, d1)):
        e = _cube(away - d0 * s)
        for i, c in enumerate(_cube(d)):  # the direction still brings the sheet nearer the unit
            if c:
                m = _first_out(e[i], -cp[i], 1, _BIG) if c > 0 else _first_out(e[i], -cp[i], -_BIG, -1)
                steps = min(steps, 2 * m + s)
        for a, b, hi in _bounds(centre - d0 * s, pair, size):  # the original centre stays on
            steps = min(steps, 2 * _first_out(a, b, 0, hi) + s - 1)
    inside = _BIG
    for s in (0, 1):
        first, last = (1, steps // 2) if s == 0 else (0, (steps - 1) // 2)
        for a, b, hi in _bounds(unit - d0 * s, pair, size):
            lo_m, hi_m = _span(a, b, 0, hi)
            first, last = max(first, lo_m), min(last, hi_m)
        if first <= last:
            inside = min(inside, 2 * first + s)
    return (inside, True) if inside <= steps else (steps, False)


def _bounds(g: Hex, pair: Hex, size: tuple[int, int]) -> tuple[tuple[int, int, int], ...]:
    """Column and row of grid hex ``g`` after ``m`` more pairs, as ``(start, per pair, max)``."""
    return ((g.q, -pair.q, size[0] - 1), (g.r + g.q // 2, -(pair.r + pair.q // 2), size[1] - 1))


def _cube(h: Hex) -> tuple[int, int, int]:
    return h.q, h.r, -h.q - h.r


def _first_out(a: int, b: int, lo: int, hi: int) -> int:
    """The first ``m >= 0`` with ``a + b*m`` outside ``[lo, hi]`` (``_BIG``: never)."""
    if not lo <= a <= hi:
        return 0
    if b > 0:
        return (hi - a) // b + 1
    if b < 0:
        return (a - lo) // -b + 1
    return _BIG


def _span(a: int, b: int, lo: int, hi: int) -> tuple[int, int]:
    """The integers ``m`` with ``lo <= a + b*m <= hi``, as ``(first, last)`` (first > last: none)."""
    if b == 0:
        return (-_BIG, _BIG) if lo <= a <= hi else (1, 0)
    if b > 0:
        return -((a - lo) // b), (hi - a) // b
    return -((hi - a) // -b), (a - lo) // -b
