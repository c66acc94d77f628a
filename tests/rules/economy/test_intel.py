"""Seed 004 Intel Points: cost, the per-system Census limit (boundary), the Military Intel Pool."""
from __future__ import annotations

import pytest

from rules.economy.intel import Mission, assign, buy_cost

CENSUS = {"Sol": 5, "Vulcan": 2}


def test_intel_points_cost_1_each():
    assert buy_cost(7) == 7 and buy_cost(0) == 0
    with pytest.raises(ValueError):
        buy_cost(-1)


def test_unassigned_points_go_to_the_military_intel_pool():
    a = assign(10, [Mission("Sol", "Klinshai", "espionage", 3), Mission("Vulcan", "Romulus", "treaty", 2)], CENSUS)
    assert a.pool == 5 and len(a.missions) == 2


def test_a_system_stages_up_to_its_census_and_not_one_more():
    assert assign(10, [Mission("Sol", "X", "e", 3), Mission("Sol", "Y", "e", 2)], CENSUS).pool == 5
    with pytest.raises(ValueError, match=r"missions from Sol use 6 Intel Points, over its Census \(5\)"):
        assign(10, [Mission("Sol", "X", "e", 3), Mission("Sol", "Y", "e", 3)], CENSUS)


def test_no_more_than_held_no_foreign_staging_no_empty_mission():
    with pytest.raises(ValueError, match="more than the 4 held"):
        assign(4, [Mission("Sol", "X", "e", 5)], CENSUS)
    with pytest.raises(ValueError, match="not one of the power's systems"):
        assign(4, [Mission("Qo'noS", "X", "e", 1)], CENSUS)
    with pytest.raises(ValueError, match="at least 1"):
        assign(4, [Mission("Sol", "X", "e", 0)], CENSUS)
    with pytest.raises(ValueError):
        assign(-1, [], CENSUS)


def test_with_no_points_nothing_is_staged_and_every_point_may_be_used():
    assert assign(0, [], CENSUS).pool == 0
    assert assign(5, [Mission("Sol", "X", "e", 5)], CENSUS).pool == 0


def test_one_intel_point_reads_singular_in_the_refusals():
    """Seen on the real screen (I5, shot s18): an in-debt Federation's mission page said 'missions use 1 Intel
    Points, more than the 0 held'."""
    with pytest.raises(ValueError, match="missions use 1 Intel Point, more than the 0 held$"):
        assign(0, [Mission("Sol", "X", "e", 1)], CENSUS)
    with pytest.raises(ValueError, match=r"missions from Vulcan use 3 Intel Points, over its Census \(2\)"):
        assign(9, [Mission("Vulcan", "X", "e", 3)], {"Vulcan": 2})
    with pytest.raises(ValueError, match=r"missions from Nowhere use 1 Intel Point, over its Census \(0\)"):
        assign(9, [Mission("Nowhere", "X", "e", 1)], {"Nowhere": 0})
