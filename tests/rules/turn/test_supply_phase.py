"""The Supply Phase's effects (seed 004 Supply Phase, Construction Completion Phase; V13.512,
V13.612)."""
from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.turn.supply_phase import (
    COMBAT_VALUES,
    CONSTRUCTION,
    DISENGAGE,
    MOVEMENT_NONE,
    NO_FIELD_REPAIRS,
    NO_REPAIRS_GIVEN,
    NO_REPLACEMENT_FLIGHTS,
    RETREAT,
    RULE,
    field_repairs,
    replacement_flights_allowed,
    report_lines,
    supply_report,
)
from tests.rules.strategic.builder import L, campaign, fleet, state, unit

POINT = {"owner": "fed", "supply_point": True}


def line(*fleets, sectors=None):
    """A one-column map 0101-0107 (a chain of lanes), a Fed supply point at 0101."""
    return campaign(cols=1, rows=7, sectors={"0101": POINT, **(sectors or {})}, fleets=list(fleets), version=2)


def supplier(uid: str, rating: int, **kw) -> dict:
    return unit(uid, kind="supply_ship", supply_rating=rating, **kw)


def report(c):
    return supply_report(c, state(c))


# -- the report -------------------------------------------------------------------------------
@pytest.mark.parametrize(("at", "ok"), [("0103", True), ("0104", False)])  # two lanes in, three out
def test_fleet_in_and_out_of_supply(at, ok):
    r = report(line(fleet("a", "fed", at, units=[unit("a1"), unit("a2")])))
    h = r.fleet("a")
    assert h.in_supply is ok and [u.in_supply for u in h.units] == [ok, ok]


def test_in_supply_unit_has_no_effects():
    r = report(line(fleet("a", "fed", "0102")))
    assert r.unit("a-1").effects == ()


def test_out_of_supply_effects():
    r = report(line(fleet("a", "fed", "0105", units=[unit("w"), supplier("s", 4)])))
    w, s = r.unit("w"), r.unit("s")
    for e in (COMBAT_VALUES, NO_FIELD_REPAIRS, NO_REPLACEMENT_FLIGHTS, DISENGAGE, RETREAT, MOVEMENT_NONE):
        assert e in w.effects and e in s.effects
    assert NO_REPAIRS_GIVEN in s.effects and NO_REPAIRS_GIVEN not in w.effects
    assert DISENGAGE.rule == "V13.512" and RETREAT.rule == "V13.612"
    assert "no amount" in COMBAT_VALUES.text and "no effect" in MOVEMENT_NONE.text


def test_fixed_units_reported_per_sector():
    c = line(sectors={"0102": {"owner": "fed", "garrison": [unit("b1", kind="base_station")]},
                      "0105": {"owner": "fed", "garrison": [unit("b2", kind="base_station")]},
                      "0106": {"garrison": [unit("b3", kind="base_station")]}})
    r = report(c)
    assert [(h.at, h.in_supply, h.fixed) for h in r.fixed] == [(L("0102"), True, True), (L("0105"), False, True)]
    with pytest.raises(RuleError):
        r.unit("b3")  # an unowned sector's garrison has no supply status


def test_destroyed_units_are_not_reported_and_do_not_decide():
    r = report(line(fleet("a", "fed", "0102", units=[unit("a1"), unit("a2", destroyed=True)])))
    assert [u.unit_id for u in r.fleet("a").units] == ["a1"]


def test_lost_rear_guard_unit_is_out_but_fleet_follows_units_on_the_map():
    lost = unit("a2", crippled=True, fate="lost", lost_by="V13.753", lost_turns_remaining=2)
    r = report(line(fleet("a", "fed", "0102", units=[unit("a1"), lost])))
    assert r.unit("a2").in_supply is False and r.fleet("a").in_supply is True


def test_report_lines():
    r = report(line(fleet("a", "fed", "0102"), fleet("b", "fed", "0105", units=[unit("b1"), unit("b2")])))
    lines = report_lines(r)
    assert (RULE, "Fleet a (fed) at 0102: In Supply") in lines
    assert (RULE, "Fleet b (fed) at 0105: Out of Supply (B1, B2)") in lines
    assert ("V13.512", f"B1, B2: {DISENGAGE.text}") in lines
    assert sum(1 for rule, _ in lines if rule == "V13.612") == 1  # once per fleet, naming its units
    named = report_lines(r, {"fed": "Federation"})  # the power's name, not its id (issue 22)
    assert (RULE, "Fleet a (Federation) at 0102: In Supply") in named


# -- field repairs ----------------------------------------------------------------------------
def test_field_repairs_sum_two_supply_ships_and_ignore_a_transport_fleet():
    c = line(fleet("s1", "fed", "0102", units=[supplier("x", 3)]),
             fleet("s2", "fed", "0102", units=[supplier("y", 4), unit("w")]),
             fleet("t", "fed", "0102", units=[supplier("z", 10)], kind="transport"),
             fleet("far", "fed", "0103", units=[supplier("q", 5)]))
    assert field_repairs(c, state(c), L("0102")) == 7


def test_field_repairs_combine_allies_not_enemies():
    c = line(fleet("s1", "fed", "0102", units=[supplier("x", 3)]),
             fleet("s2", "kzinti", "0102", units=[supplier("y", 2)]),
             fleet("k", "klingon", "0102", units=[supplier("z", 6)]),
             sectors={"0103": {"owner": "klingon", "supply_point": True}})
    s = state(c)
    assert field_repairs(c, s, L("0102"), "fed") == 5
    assert field_repairs(c, s, L("0102"), "klingon") == 6
    with pytest.raises(RuleError, match="name the power") as e:
        field_repairs(c, s, L("0102"))
    assert e.value.rule == CONSTRUCTION


def test_field_repairs_need_supply_and_an_intact_ship():
    c = line(fleet("s1", "fed", "0105", units=[supplier("x", 3), supplier("y", 2)]),
             fleet("s2", "fed", "0102", units=[supplier("c", 4, crippled=True), supplier("d", 1, destroyed=True)]))
    s = state(c)
    assert field_repairs(c, s, L("0105")) == 0  # out of supply: performs none
    assert field_repairs(c, s, L("0102")) == 0


def test_field_repairs_ignore_ships_between_sectors():
    c = line(fleet("s1", "fed", "0102", units=[supplier("x", 3)], in_transit_to="0103"))
    assert field_repairs(c, state(c), L("0102")) == 0


# -- replacement flights ----------------------------------------------------------------------
def test_replacement_flights_refused_out_of_supply():
    c = line(fleet("in", "fed", "0103", units=[unit("cv", is_carrier=True)]),
             fleet("out", "fed", "0104", units=[unit("cv2", is_carrier=True)]))
    s = state(c)
    assert replacement_flights_allowed(c, s, "in") is True
    assert replacement_flights_allowed(c, s, "out") is False


def test_replacement_flights_unknown_fleet():
    c = line()
    with pytest.raises(RuleError, match="no fleet"):
        replacement_flights_allowed(c, state(c), "nope")
