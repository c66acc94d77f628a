"""Pixel layout of flat-topped hexes and hex polygons as shapely geometry.

Screen coordinates grow right (x) and down (y), so facing A (axial (0,-1)) points up.
``size`` is the centre-to-corner distance; a hex is ``2 * size`` wide and
``sqrt(3) * size`` tall, columns are ``1.5 * size`` apart.
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from shapely import Polygon, unary_union
from shapely.geometry.base import BaseGeometry

from hexmap.hexes import Hex, hex_round

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
        return Polygon(self.corners(h))

    def outline(self, hexes: Iterable[Hex]) -> BaseGeometry:
        """The union of ``hexes``: one polygon per connected zone, holes kept.

        Neighbouring hexes share corners exactly up to float error, so the union is snapped
        to a grid of 1/1000 pixel to avoid slivers.
        """
        polys = [self.polygon(h) for h in hexes]
        if not polys:
            return Polygon()
        return unary_union(polys, grid_size=self.size / 1000.0)
