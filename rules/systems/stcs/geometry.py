"""Where a warp arrival lands: the hex at exactly the dispersion's distance from the target hex,
in the direction of the bearing measured clockwise from the arrival direction (flat-topped hexes,
as hexmap lays them out)."""
from __future__ import annotations

import math

from hexmap.hexes import Facing, Hex, hex_ring

GAP = 24
"""Hexes between the two sides' lines at the start (lock 1-7)."""


def _xy(h: Hex) -> tuple[float, float]:
    """Screen coordinates of a hex centre (flat-topped, y down)."""
    return 1.5 * h.q, math.sqrt(3) * (h.r + h.q / 2)


def _angle(dx: float, dy: float) -> float:
    """Degrees clockwise on screen from straight up."""
    return math.degrees(math.atan2(dx, -dy)) % 360


def facing_angle(f: Facing) -> float:
    """The screen angle of facing ``f`` (A = 0, B = 60, ...)."""
    return _angle(*_xy(f.vector))


def landing(target: Hex, travel: Facing, bearing_deg: int, distance: int) -> Hex:
    """The hex ``distance`` hexes from ``target`` nearest the bearing (first in ring order on a tie)."""
    if distance == 0:
        return target
    want = (facing_angle(travel) + bearing_deg) % 360
    ox, oy = _xy(target)

    def off(h: Hex) -> float:
        x, y = _xy(h)
        d = abs(_angle(x - ox, y - oy) - want) % 360
        return min(d, 360 - d)
    ring = hex_ring(target, distance)
    return min(ring, key=lambda h: (round(off(h), 9), ring.index(h)))


def toward(a: Hex, b: Hex) -> Facing:
    """The facing from ``a`` that leads most nearly to ``b`` (A on a tie or at ``b``)."""
    return min(Facing, key=lambda f: (a.neighbor(f).distance(b), f.value))


def angle_to(a: Hex, b: Hex) -> float:
    """Degrees clockwise on screen from straight up, from ``a``'s centre to ``b``'s."""
    (ax, ay), (bx, by) = _xy(a), _xy(b)
    return _angle(bx - ax, by - ay)
