"""Pixel layout of flat-topped hexes and hex polygons as shapely geometry.

Screen coordinates grow right (x) and down (y), so facing A (axial (0,-1)) points up.
``size`` is the centre-to-corner distance; a hex is ``2 * size`` wide and
``sqrt(3) * size`` tall, columns are ``1.5 * size`` apart.
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hexmap.hexes import Hex, hex_round

if TYPE_CHECKING:  # numpy and shapely are imported where they are used, to keep start-up light
    import numpy as np
    from numpy.typing import ArrayLike, NDArray
    from shapely import Polygon
    from shapely.geometry.base import BaseGeometry

SQRT3 = math.sqrt(3.0)
# Corner angles of a flat-topped hex, starting at the right-hand corner, clockwise on screen.
_CORNERS = tuple((math.cos(math.radians(60 * i)), math.sin(math.radians(60 * i))) for i in range(6))


@dataclass(frozen=True, slots=True)
class Layout:
    """Maps hexes to pixels: ``size`` in pixels, ``origin`` = pixel centre of ``Hex(0, 0)``."""

    size: float = 20.0
    origin_x: float = 0.0
    origin_y: float = 0.0

    def to_pixel(self, h: Hex) -> tuple[float, float]:
        """Pixel centre of ``h``."""
        s = self.size
        return (self.origin_x + 1.5 * s * h.q, self.origin_y + SQRT3 * s * (h.r + h.q / 2.0))

    def from_pixel(self, x: float, y: float) -> Hex:
        """The hex that contains pixel ``(x, y)``."""
        px, py = (x - self.origin_x) / self.size, (y - self.origin_y) / self.size
        q = px * 2.0 / 3.0
        r = -px / 3.0 + py / SQRT3
        return hex_round(q, r)

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        """The six corner pixels of ``h``, clockwise from the right-hand corner."""
        cx, cy = self.to_pixel(h)
        s = self.size
        return [(cx + s * dx, cy + s * dy) for dx, dy in _CORNERS]

    def polygon(self, h: Hex) -> Polygon:
        """``h`` as a shapely polygon (for hit tests and zone outlines)."""
        from shapely import Polygon

        return Polygon(self.corners(h))

    def outline(self, hexes: Iterable[Hex]) -> BaseGeometry:
        """The union of ``hexes``: one polygon per connected zone, holes kept.

        Neighbouring hexes share corners exactly up to float error, so the union is snapped
        to a grid of 1/1000 pixel to avoid slivers.
        """
        from shapely import Polygon, unary_union

        polys = [self.polygon(h) for h in hexes]
        if not polys:
            return Polygon()
        return unary_union(polys, grid_size=self.size / 1000.0)


# Edge of a flat-topped hex towards each facing, as a pair of corner indices (A = top edge).
_EDGE_CORNERS = tuple(((f + 4) % 6, (f + 5) % 6) for f in range(6))
_FACING_VECTORS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


def boundary_segments(layout: Layout, q: ArrayLike, r: ArrayLike
                      ) -> tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]:
    """The outline of a set of hexes (axial arrays ``q``, ``r``) as pixel segments.

    Every hex edge whose neighbour is not in the set is one segment; returns four numpy
    arrays ``x1, y1, x2, y2``. Vectorised, so zones of thousands of hexes outline in a few
    milliseconds (a shapely union of them takes far longer).
    """
    import numpy as np

    qs = np.asarray(q, dtype=np.int64)
    rs = np.asarray(r, dtype=np.int64)
    if qs.size == 0:
        empty = np.zeros(0)
        return empty, empty, empty, empty
    q0, r0 = qs.min() - 1, rs.min() - 1
    grid = np.zeros((qs.max() - q0 + 2, rs.max() - r0 + 2), dtype=bool)
    grid[qs - q0, rs - r0] = True
    s = layout.size
    cx = layout.origin_x + 1.5 * s * qs
    cy = layout.origin_y + SQRT3 * s * (rs + qs / 2.0)
    xs: tuple[list[NDArray[np.float64]], list[NDArray[np.float64]]] = ([], [])
    ys: tuple[list[NDArray[np.float64]], list[NDArray[np.float64]]] = ([], [])
    for f, (dq, dr) in enumerate(_FACING_VECTORS):
        outside = ~grid[qs - q0 + dq, rs - r0 + dr]
        a, b = _EDGE_CORNERS[f]
        xs[0].append(cx[outside] + s * _CORNERS[a][0])
        ys[0].append(cy[outside] + s * _CORNERS[a][1])
        xs[1].append(cx[outside] + s * _CORNERS[b][0])
        ys[1].append(cy[outside] + s * _CORNERS[b][1])
    return (np.concatenate(xs[0]), np.concatenate(ys[0]), np.concatenate(xs[1]), np.concatenate(ys[1]))
