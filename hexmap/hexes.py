"""Hex values and facings on the unbounded hex plane.

Axial coordinates ``(q, r)`` with cube ``s = -q - r`` (Red Blob Games' conventions), flat-topped
hexes standing in vertical columns as on SFB maps. Facing vectors (INTERPRETATIONS 1):
A (0,-1) up, B (+1,-1), C (+1,0), D (0,+1) down, E (-1,+1), F (-1,0).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum


class Facing(Enum):
    """A hex direction / unit facing: ``A`` points to the top of the map, then clockwise.

    The value is the clockwise index 0-5, so arithmetic on facings is arithmetic mod 6.
    """

    A = 0
    B = 1
    C = 2
    D = 3
    E = 4
    F = 5

    @classmethod
    def parse(cls, text: str) -> Facing:
        """Read a facing letter (case-insensitive).

        Raises:
            ValueError: ``'G' is not a facing A-F``.
        """
        if isinstance(text, Facing):
            return text
        if isinstance(text, str) and text.strip().upper() in cls.__members__:
            return cls[text.strip().upper()]
        raise ValueError(f"{text!r} is not a facing A-F")

    @property
    def vector(self) -> Hex:
        """The axial step one hex in this direction."""
        return _VECTORS[self.value]

    def rotate(self, steps: int) -> Facing:
        """Turn ``steps`` hex sides clockwise (negative: counter-clockwise)."""
        return _FACINGS[(self.value + steps) % 6]

    @property
    def opposite(self) -> Facing:
        """The facing three sides away (e.g. A <-> D)."""
        return self.rotate(3)

    @property
    def adjacent(self) -> tuple[Facing, Facing]:
        """The two facings one side away: (counter-clockwise, clockwise)."""
        return self.rotate(-1), self.rotate(1)

    def is_adjacent(self, other: Facing) -> bool:
        """True when ``other`` is one hex side away from this facing."""
        return (self.value - other.value) % 6 in (1, 5)


@dataclass(frozen=True, slots=True, order=True)
class Hex:
    """A hex on the unbounded plane, in axial coordinates."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """The third cube coordinate, ``-q - r``."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def __mul__(self, k: int) -> Hex:
        return Hex(self.q * k, self.r * k)

    __rmul__ = __mul__

    def __neg__(self) -> Hex:
        return Hex(-self.q, -self.r)

    def length(self) -> int:
        """Distance from the origin in hexes."""
        q, r = self.q, self.r
        return (abs(q) + abs(r) + abs(q + r)) // 2

    def distance(self, other: Hex) -> int:
        """Hex count between centres (INTERPRETATIONS 9)."""
        dq, dr = self.q - other.q, self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def neighbor(self, facing: Facing, steps: int = 1) -> Hex:
        """The hex ``steps`` hexes away in direction ``facing``."""
        v = facing.vector
        return Hex(self.q + v.q * steps, self.r + v.r * steps)

    def neighbors(self) -> tuple[Hex, ...]:
        """The six neighbours in facing order A-F."""
        return tuple(self + v for v in _VECTORS)

    def rotate(self, steps: int) -> Hex:
        """Rotate this vector about the origin by ``steps`` x 60 degrees clockwise."""
        q, r, s = self.q, self.r, self.s
        for _ in range(steps % 6):
            q, r, s = -r, -s, -q
        return Hex(q, r)


_VECTORS: tuple[Hex, ...] = (
    Hex(0, -1), Hex(1, -1), Hex(1, 0), Hex(0, 1), Hex(-1, 1), Hex(-1, 0),
)
_FACINGS: tuple[Facing, ...] = tuple(Facing)


def hex_ring(center: Hex, radius: int) -> list[Hex]:
    """All hexes at exactly ``radius`` from ``center`` (6 x radius of them; ``[center]`` for 0)."""
    if radius < 0:
        raise ValueError(f"ring radius must be >= 0, not {radius}")
    if radius == 0:
        return [center]
    out: list[Hex] = []
    h = center.neighbor(Facing.E, radius)
    for facing in _FACINGS:  # walk A, B, ... starting from the E corner
        for _ in range(radius):
            out.append(h)
            h = h.neighbor(facing)
    return out


def hexes_within(center: Hex, n: int) -> list[Hex]:
    """All hexes at distance <= ``n`` of ``center`` (``3n(n+1)+1`` of them)."""
    out: list[Hex] = []
    for dq in range(-n, n + 1):
        for dr in range(max(-n, -dq - n), min(n, -dq + n) + 1):
            out.append(Hex(center.q + dq, center.r + dr))
    return out


def _cube_round(q: float, r: float) -> Hex:
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def hex_round(q: float, r: float) -> Hex:
    """The hex containing fractional axial coordinates ``(q, r)``."""
    return _cube_round(q, r)


def hex_line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes a straight line from ``a`` to ``b`` passes through, ends included.

    Points are nudged by a tiny epsilon so a line along a hex edge resolves consistently.
    """
    n = a.distance(b)
    if n == 0:
        return [a]
    aq, ar = a.q + 1e-6, a.r + 1e-6
    bq, br = b.q + 1e-6, b.r + 1e-6
    return [_cube_round(aq + (bq - aq) * i / n, ar + (br - ar) * i / n) for i in range(n + 1)]


def bearing(a: Hex, b: Hex) -> str:
    """The direction from ``a`` to ``b``: a facing letter when ``b`` lies on that hex row
    from ``a`` (``"C"``), else the two facings it lies between, clockwise (``"A-B"``).

    Raises:
        ValueError: when ``a == b`` (no direction).
    """
    d = b - a
    if d == Hex(0, 0):
        raise ValueError("a hex has no bearing to itself")
    n = d.length()
    for f in Facing:
        if f.vector * n == d:
            return f.name
    x, y = 1.5 * d.q, math.sqrt(3) * (d.r + d.q / 2)
    sector = int(((math.degrees(math.atan2(y, x)) + 90) % 360) // 60)
    first = Facing(sector % 6)
    return f"{first.name}-{first.rotate(1).name}"
