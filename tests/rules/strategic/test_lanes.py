"""The lane graph (hexmap.lanes): minor, major and closed lanes, directions, routes."""
from __future__ import annotations

from hexmap import Facing, Label, LaneGraph, LaneKind, route_back

L = Label.parse


def grid(cols: int = 6, rows: int = 6) -> list[Label]:
    return [Label(c, r) for c in range(1, cols + 1) for r in range(1, rows + 1)]


def test_minor_lanes_join_the_six_neighbours():
    g = LaneGraph(grid())
    assert sorted(map(str, g.neighbours(L("0303")))) == ["0202", "0203", "0302", "0304", "0402", "0403"]
    assert g.lane_kind(L("0303"), L("0304")) is LaneKind.MINOR
    assert not g.has_lane(L("0303"), L("0305"))


def test_corner_sector_has_fewer_lanes():
    assert len(LaneGraph(grid()).neighbours(L("0101"))) == 2


def test_major_and_closed_lanes():
    g = LaneGraph(grid(), major=[(L("0101"), L("0606"))], closed=[(L("0303"), L("0304"))])
    assert g.lane_kind(L("0606"), L("0101")) is LaneKind.MAJOR
    assert not g.has_lane(L("0303"), L("0304")) and g.is_closed(L("0304"), L("0303"))
    assert g.path(L("0101"), L("0606")) == [L("0101"), L("0606")]


def test_direction_to_neighbours_and_along_a_major_lane():
    g = LaneGraph(grid(), major=[(L("0303"), L("0306"))])
    assert g.direction(L("0303"), L("0302")) is Facing.A
    assert g.direction(L("0303"), L("0403")) is Facing.C  # odd columns sit higher: C is the same row
    assert g.direction(L("0404"), L("0504")) is Facing.B  # even columns sit lower: B is the same row
    assert g.direction(L("0303"), L("0306")) is Facing.D


def test_toward_uses_the_map_then_major_lanes():
    g = LaneGraph(grid(), major=[(L("0101"), L("0106"))], closed=[(L("0303"), L("0302"))])
    assert g.toward(L("0303"), Facing.A) == L("0302")  # geometric neighbour even if its lane is closed
    assert g.toward(L("0101"), Facing.A) is None  # off the map, no major lane that way
    g2 = LaneGraph(grid(6, 6), major=[(L("0601"), L("0606"))])
    assert g2.toward(L("0606"), Facing.A) == L("0605")


def test_within_respects_jumps_and_passability():
    g = LaneGraph(grid())
    src = L("0101")
    two = g.within([src], 2)
    assert L("0103") in two and L("0104") not in two
    blocked = g.within([src], 2, passable=lambda at: at != L("0102"))
    assert L("0103") not in blocked or route_back(blocked, L("0103"))[1] != L("0102")
    assert L("0102") in blocked  # an endpoint is never asked


def test_path_avoids_impassable_sectors():
    g = LaneGraph(grid())
    p = g.path(L("0101"), L("0104"), passable=lambda at: at not in {L("0102"), L("0103")})
    assert p is not None and L("0102") not in p and p[0] == L("0101") and p[-1] == L("0104")
    assert g.path(L("0101"), L("0104"), passable=lambda at: False) is None


def test_components_group_adjacent_sectors():
    g = LaneGraph(grid())
    groups = g.components([L("0101"), L("0102"), L("0505")])
    assert sorted(len(x) for x in groups) == [1, 2]
