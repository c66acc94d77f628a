"""Seed 004 construction: capacity and dock-space boundaries, repair, scrap, cancel and productivity costs."""
from __future__ import annotations

from fractions import Fraction

import pytest

from rules.economy.construction import (
    Kind, Project, cancel_refund, complete, productivity_cost, repair_cost, scrap_refund, transport_fleets_for_base,
)


def test_repair_is_25_percent_and_25_percent_per_damage_level_for_bases():
    assert repair_cost(Fraction(10)) == Fraction(5, 2)
    assert repair_cost(Fraction(10), damage_levels=3) == Fraction(15, 2)
    with pytest.raises(ValueError):
        repair_cost(Fraction(10), 0)


def test_scrapping_returns_half_the_cost_and_cancelling_half_of_what_was_spent():
    assert scrap_refund(Fraction(9)) == Fraction(9, 2)
    assert cancel_refund(Fraction(4)) == 2
    for f in (scrap_refund, cancel_refund):
        with pytest.raises(ValueError):
            f(Fraction(-1))


def test_productivity_costs_ten_times_the_new_value_one_point_a_turn():
    assert productivity_cost(3, 4) == 40
    for bad in ((3, 5), (3, 3), (3, 2)):
        with pytest.raises(ValueError):
            productivity_cost(*bad)


@pytest.mark.parametrize("points, fleets", [(Fraction(10), 1), (Fraction(11), 2), (Fraction(20), 2),
                                            (Fraction(1, 2), 1), (Fraction(0), 0)])
def test_a_base_outside_the_planets_orbit_needs_a_transport_fleet_per_10_points(points, fleets):
    assert transport_fleets_for_base(points, in_orbit=False) == fleets
    assert transport_fleets_for_base(points, in_orbit=True) == 0


def _p(name: str, kind: Kind, cost: int) -> Project:
    return Project(name, kind, Fraction(cost))


def test_capacity_boundary_exactly_enough_and_one_short():
    done = complete([_p("CA", Kind.SHIP, 12)], capacity=12, docks=1, census=0)
    assert [p.name for p in done.done] == ["CA"]
    short = complete([_p("CA", Kind.SHIP, 13)], capacity=12, docks=1, census=0)
    assert [p.name for p in short.delayed] == ["CA"] and "needs 13 of capacity, 12 left" in short.lines[0]


def test_dock_space_boundary_one_ship_a_dock_and_flights_need_none():
    c = complete([_p("FF1", Kind.SHIP, 2), _p("FF2", Kind.REPAIR, 2), _p("Fighters", Kind.FLIGHT, 2),
                  _p("FF3", Kind.REACTIVATION, 2), _p("DEFSAT", Kind.BASE, 2)], capacity=20, docks=2, census=0)
    assert [p.name for p in c.done] == ["FF1", "FF2", "Fighters", "DEFSAT"]
    assert [p.name for p in c.delayed] == ["FF3"] and "no dock space left" in c.lines[3]


def test_the_players_order_decides_what_waits_and_later_smaller_projects_still_fit():
    c = complete([_p("BB", Kind.SHIP, 9), _p("CA", Kind.SHIP, 6), _p("FF", Kind.SHIP, 3)], capacity=12, docks=3,
                 census=0)
    assert [p.name for p in c.done] == ["BB", "FF"] and [p.name for p in c.delayed] == ["CA"]


def test_ground_units_up_to_census_a_turn():
    c = complete([_p(f"G{i}", Kind.GROUND, 1) for i in range(4)], capacity=10, docks=0, census=3)
    assert len(c.done) == 3 and [p.name for p in c.delayed] == ["G3"]
    assert "Census (3)" in c.lines[-1]


def test_a_negative_cost_is_refused():
    with pytest.raises(ValueError):
        complete([_p("X", Kind.SHIP, -1)], 10, 1, 0)


def test_free_work_is_accepted():
    assert repair_cost(Fraction(0)) == 0 and scrap_refund(Fraction(0)) == 0 and cancel_refund(Fraction(0)) == 0
    assert [p.name for p in complete([_p("Gift", Kind.SHIP, 0)], 0, 1, 0).done] == ["Gift"]


def test_each_ship_takes_one_dock_and_nothing_else_does():
    four = complete([_p(f"FF{i}", Kind.SHIP, 1) for i in range(4)], capacity=10, docks=3, census=0)
    assert [p.name for p in four.delayed] == ["FF3"]
    c = complete([_p("Fighters", Kind.FLIGHT, 1), _p("G", Kind.GROUND, 1), _p("CA", Kind.SHIP, 1),
                  _p("G2", Kind.GROUND, 1)], capacity=10, docks=1, census=2)
    assert c.delayed == () and len(c.done) == 4
    one = complete([_p("CA", Kind.SHIP, 1), _p("G", Kind.GROUND, 1)], capacity=10, docks=1, census=1)
    assert one.delayed == ()
