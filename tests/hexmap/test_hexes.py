"""Hex values, facings, distance, rings, areas and lines."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hexmap import Facing, Hex, hex_line, hex_ring, hexes_within

coord = st.integers(-500, 500)
hexes = st.builds(Hex, coord, coord)
facings = st.sampled_from(list(Facing))


@pytest.mark.parametrize("facing, vector", [
    (Facing.A, (0, -1)), (Facing.B, (1, -1)), (Facing.C, (1, 0)),
    (Facing.D, (0, 1)), (Facing.E, (-1, 1)), (Facing.F, (-1, 0)),
])
def test_facing_vectors_pinned(facing, vector):
    """INTERPRETATIONS 1: A up, then clockwise."""
    assert (facing.vector.q, facing.vector.r) == vector


def test_opposite_adjacent_rotate():
    assert Facing.A.opposite is Facing.D
    assert Facing.E.opposite is Facing.B
    assert Facing.A.adjacent == (Facing.F, Facing.B)
    assert Facing.D.adjacent == (Facing.C, Facing.E)
    assert Facing.F.rotate(1) is Facing.A
    assert Facing.A.rotate(-1) is Facing.F
    assert Facing.B.rotate(9) is Facing.E
    assert Facing.A.is_adjacent(Facing.F) and Facing.A.is_adjacent(Facing.B)
    assert not Facing.A.is_adjacent(Facing.C) and not Facing.A.is_adjacent(Facing.A)


def test_facing_parse():
    assert Facing.parse("c") is Facing.C
    with pytest.raises(ValueError, match="'G' is not a facing A-F"):
        Facing.parse("G")


@given(hexes)
def test_cube_coordinates_sum_to_zero(h):
    assert h.q + h.r + h.s == 0


@given(hexes, facings)
def test_neighbour_at_distance_one(h, f):
    n = h.neighbor(f)
    assert h.distance(n) == 1
    assert n.neighbor(f.opposite) == h


@given(hexes)
def test_six_distinct_neighbours(h):
    assert len(set(h.neighbors())) == 6


@given(hexes, hexes)
def test_distance_symmetric(a, b):
    assert a.distance(b) == b.distance(a) >= 0
    assert (a.distance(b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_triangle_inequality(a, b, c):
    assert a.distance(c) <= a.distance(b) + b.distance(c)


def test_distance_examples():
    assert Hex(0, 0).distance(Hex(0, 50)) == 50
    assert Hex(0, 0).distance(Hex(3, -3)) == 3
    assert Hex(0, 0).distance(Hex(2, 1)) == 3


@given(hexes, st.integers(0, 30))
def test_ring_has_6n_hexes_all_at_distance_n(center, n):
    ring = hex_ring(center, n)
    assert len(ring) == (6 * n if n else 1)
    assert len(set(ring)) == len(ring)
    assert all(center.distance(h) == n for h in ring)


@given(hexes, st.integers(0, 20))
def test_hexes_within_count(center, n):
    area = hexes_within(center, n)
    assert len(area) == len(set(area)) == 3 * n * (n + 1) + 1
    assert all(center.distance(h) <= n for h in area)


def test_ring_negative_radius_refused():
    with pytest.raises(ValueError):
        hex_ring(Hex(0, 0), -1)


@given(hexes, hexes)
def test_line_is_a_connected_shortest_path(a, b):
    line = hex_line(a, b)
    assert line[0] == a and line[-1] == b
    assert len(line) == a.distance(b) + 1
    assert all(x.distance(y) == 1 for x, y in zip(line, line[1:]))


def test_line_straight_along_a_facing():
    assert hex_line(Hex(0, 0), Hex(0, 3)) == [Hex(0, 0), Hex(0, 1), Hex(0, 2), Hex(0, 3)]


@given(hexes, st.integers(0, 5))
def test_rotate_keeps_length_and_six_turns_is_identity(h, k):
    assert h.rotate(k).length() == h.length()
    assert h.rotate(6) == h
    assert Facing.A.vector.rotate(k) == Facing.A.rotate(k).vector


def test_bearing_on_a_hex_row_and_between_rows():
    import pytest

    from hexmap import bearing

    o = Hex(0, 0)
    for f in Facing:
        assert bearing(o, f.vector * 3) == f.name
        assert bearing(o, f.vector * 2 + f.rotate(1).vector) == f"{f.name}-{f.rotate(1).name}"
    assert bearing(Hex(5, 5), Hex(5, 4)) == "A"
    with pytest.raises(ValueError):
        bearing(o, o)
