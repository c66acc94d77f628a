"""Pixel layout of flat-topped hexes and shapely polygons."""
from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from hexmap import Facing, Hex, hex_ring, hexes_within
from hexmap.layout import Layout

L = Layout(size=20.0, origin_x=7.0, origin_y=-3.0)
coord = st.integers(-300, 300)


@given(st.builds(Hex, coord, coord), st.floats(-0.45, 0.45), st.floats(-0.45, 0.45))
def test_pixel_round_trip(h, fx, fy):
    x, y = L.to_pixel(h)
    assert L.from_pixel(x, y) == h
    # any point well inside the hex (within the inscribed circle) maps back to it
    inner = L.size * math.sqrt(3) / 2
    assert L.from_pixel(x + fx * inner, y + fy * inner) == h


def test_flat_top_orientation():
    cx, cy = L.to_pixel(Hex(0, 0))
    ax, ay = L.to_pixel(Hex(0, 0).neighbor(Facing.A))
    bx, by = L.to_pixel(Hex(0, 0).neighbor(Facing.B))
    assert ax == cx and ay < cy  # A is straight up
    assert bx > cx and by < cy  # B is up-right
    assert math.isclose(math.dist((cx, cy), (ax, ay)), L.size * math.sqrt(3))


def test_polygon_area_and_hit_test():
    poly = L.polygon(Hex(2, -1))
    assert math.isclose(poly.area, 3 * math.sqrt(3) / 2 * L.size ** 2, rel_tol=1e-9)
    x, y = L.to_pixel(Hex(2, -1))
    from shapely import Point
    assert poly.contains(Point(x, y))
    assert not poly.contains(Point(*L.to_pixel(Hex(2, 0))))


def test_zone_outline_is_one_polygon():
    zone = L.outline(hexes_within(Hex(0, 0), 3))
    assert zone.geom_type == "Polygon"
    # snapped to 1/1000 of the hex size, so the area is exact to about 1e-4
    assert math.isclose(zone.area, 37 * L.polygon(Hex(0, 0)).area, rel_tol=1e-3)
    assert len(zone.interiors) == 0


def test_ring_outline_has_a_hole():
    ring = L.outline(hex_ring(Hex(0, 0), 2))
    assert ring.geom_type == "Polygon"
    assert len(ring.interiors) == 1


def test_separate_zones_stay_separate():
    zones = L.outline([Hex(0, 0), Hex(5, 0)])
    assert zones.geom_type == "MultiPolygon"
    assert L.outline([]).is_empty


def test_boundary_segments_of_one_hex_are_its_six_edges():
    from hexmap.layout import boundary_segments

    lay = Layout(10.0)
    x1, y1, x2, y2 = boundary_segments(lay, [0], [0])
    assert len(x1) == 6
    corners = {(round(x, 6), round(y, 6)) for x, y in lay.corners(Hex(0, 0))}
    assert {(round(a, 6), round(b, 6)) for a, b in zip(x1, y1)} == corners


def test_boundary_of_a_disk_matches_the_shapely_outline_length():
    from hexmap import hexes_within
    from hexmap.layout import boundary_segments

    lay = Layout(10.0)
    disk = hexes_within(Hex(0, 0), 3)
    x1, y1, x2, y2 = boundary_segments(lay, [h.q for h in disk], [h.r for h in disk])
    total = sum(((a - c) ** 2 + (b - d) ** 2) ** 0.5 for a, b, c, d in zip(x1, y1, x2, y2))
    assert abs(total - lay.outline(disk).length) < 0.05  # the union is snapped to a 1/1000-size grid
    assert len(x1) == 6 * (2 * 3 + 1)  # 42 outer edges of a radius-3 disk
