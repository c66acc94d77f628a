"""Seed 004 Encounters Phase on the map: meetings in sectors and between sectors, Trade Fleets
met on their route, and the units that must take part."""
from __future__ import annotations

import pytest

from rules.dice import ScriptedDice
from rules.errors import RuleError
from rules.model.turn_model import Scenario
from rules.turn.encounter_find import R_PARTICIPANTS, R_TRADE, meetings, participants, trade_fleet_met
from tests.rules.strategic.builder import L, campaign, fleet, state, unit


# -- meetings on the map ------------------------------------------------------------------
def test_sector_meeting_attacker_is_the_team_that_moved_in():
    c = campaign(fleets=[fleet("f1", "fed", "0303"), fleet("k1", "klingon", "0303")])
    s = state(c)
    [m] = meetings(c, s, {"f1": L("0203")})
    assert (m.at, m.between, m.attacker, m.defender) == (L("0303"), None, "blue", "red")
    assert (m.attacker_fleets, m.defender_fleets, m.fixed_point) == (("f1",), ("k1",), False)
    [m] = meetings(c, s, {})
    assert m.attacker == "red", "neither moved in: the Team with the Strategic Initiative"
    [m] = meetings(c, s, {"f1": L("0203"), "k1": L("0304")})
    assert m.attacker == "red", "both moved in: the Team with the Strategic Initiative"


def test_fixed_defensive_point():
    planet = {"owner": "fed", "star_system": {"name": "Sol", "planets": [{"name": "Earth", "owner": "fed"}]}}
    base = {"owner": "fed", "garrison": [unit("sb", kind="starbase")]}
    ship = {"owner": "fed", "garrison": [unit("gs", kind="ship")]}
    for sec, fixed in ((planet, True), (base, True), (ship, False), ({"owner": "fed"}, False)):
        c = campaign(sectors={"0303": sec}, fleets=[fleet("k1", "klingon", "0303"), fleet("f1", "fed", "0303")])
        [m] = meetings(c, state(c), {"k1": L("0302")})
        assert (m.attacker, m.defender, m.fixed_point) == ("red", "blue", fixed), sec


def test_lane_meeting_and_sorting():
    """"If ships from non-friendly powers move along the same path in opposite directions, both sets
    of ships will be stopped"."""
    c = campaign(fleets=[fleet("k1", "klingon", "0403", in_transit_to="0303"),
                         fleet("f1", "fed", "0303", in_transit_to="0403"),
                         fleet("f2", "kzinti", "0202"), fleet("l2", "lyran", "0202"),
                         fleet("f3", "fed", "0505", in_transit_to="0506"),
                         fleet("z3", "kzinti", "0506", in_transit_to="0505"),
                         fleet("l4", "lyran", "0101", in_transit_to="0102"),
                         fleet("k4", "klingon", "0102", in_transit_to="0103")])
    ms = meetings(c, state(c), {})
    assert [(str(m.at), str(m.between), m.attacker, m.defender) for m in ms] == [
        ("0202", "None", "red", "blue"), ("0303", "0403", "blue", "red")]
    assert (ms[1].attacker_fleets, ms[1].defender_fleets, ms[1].blocked) == (("f1",), ("k1",), "")


def test_the_meetings_near_a_place_are_the_maps_meetings_there():
    """A pending record's meeting is found from its own place (issue 21: an answer on a 10,000-sector
    map no longer finds every meeting of the map): the same meetings as the whole map's there."""
    c = campaign(fleets=[fleet("k1", "klingon", "0403", in_transit_to="0303"),
                         fleet("f1", "fed", "0303", in_transit_to="0403"),
                         fleet("f2", "kzinti", "0202"), fleet("l2", "lyran", "0202"),
                         fleet("f5", "fed", "0505"), fleet("k5", "klingon", "0505"), fleet("l5", "lyran", "0505"),
                         fleet("f6", "fed", "0606")])
    s = state(c)
    moved = {"f2": L("0203")}
    every = meetings(c, s, moved)
    assert len(every) == 3
    for place in [(m.at, m.between) for m in every] + [(L("0606"), None), (L("0101"), None)]:
        near = [m for m in meetings(c, s, moved, near=place) if (m.at, m.between) == place]
        assert near == [m for m in every if (m.at, m.between) == place], place


# -- Trade Fleets -------------------------------------------------------------------------
def test_trade_fleet_one_system_route_met_there_without_roll():
    """"If the system is the only one on the trade route, the encounter happens there"."""
    t = campaign(fleets=[fleet("t1", "fed", "0303", kind="trade", trade_route=["0303"])]).fleets[0]
    dice = ScriptedDice([])
    assert trade_fleet_met(t, L("0303"), dice)
    assert not trade_fleet_met(t, L("0304"), dice)
    assert dice.history == []


@pytest.mark.parametrize("face,met", [(1, False), (2, True), (3, False)])
def test_trade_fleet_three_system_route_roll(face, met):
    """"If the Trade Fleet has multiple systems on its trade route, a random roll determines which
    system is considered": 1d3 over the route in order; met when it names the entered system."""
    t = campaign(fleets=[fleet("t1", "fed", "0303", kind="trade", trade_route=["0302", "0303", "0304"])]).fleets[0]
    dice = ScriptedDice([face])
    assert trade_fleet_met(t, L("0303"), dice) is met
    [roll] = dice.history
    assert (str(roll.expr), roll.rule, roll.total) == ("1d3", R_TRADE, face)
    assert "0302, 0303, 0304" in roll.purpose


@pytest.mark.parametrize("face,met", [(1, True), (2, False)])
def test_trade_fleet_two_system_route_roll(face, met):
    t = campaign(fleets=[fleet("t1", "fed", "0303", kind="trade", trade_route=["0303", "0304"])]).fleets[0]
    dice = ScriptedDice([face])
    assert trade_fleet_met(t, L("0303"), dice) is met
    assert str(dice.history[0].expr) == "1d2"


def test_trade_fleet_errors():
    c = campaign(fleets=[fleet("x", "fed", "0303", kind="transport"), fleet("t", "fed", "0303", kind="trade")])
    for f, why in zip(c.fleets, ("not a Trade Fleet", "no trade route")):
        with pytest.raises(RuleError, match=why) as e:
            trade_fleet_met(f, L("0303"), ScriptedDice([1]))
        assert e.value.rule == R_TRADE


# -- units that must take part ------------------------------------------------------------
def _participants_campaign():
    return campaign(
        sectors={"0303": {"owner": "fed", "garrison": [unit("sb", kind="starbase"), unit("ds", kind="defsat"),
                                                       unit("gone", kind="defsat", destroyed=True)]}},
        fleets=[fleet("t1", "fed", "0303", kind="trade", units=[unit("ft1", kind="freighter"),
                                                                unit("ft2", kind="freighter")]),
                fleet("e1", "fed", "0303", escort_of="t1", units=[unit("ff")]),
                fleet("c1", "kzinti", "0303", kind="colony", units=[unit("ls")]),
                fleet("m1", "fed", "0303", units=[unit("ca")]),
                fleet("x1", "fed", "0304", kind="transport", units=[unit("far")]),
                fleet("k1", "klingon", "0303", kind="transport", units=[unit("kft")])])


def test_mandatory_participants_civilians_and_escorts():
    """"trade fleets, colony fleets, and transport fleets are required to be included"; escorts
    "participate in any encounter scenarios involving the fleet"."""
    c = _participants_campaign()
    assert participants(c, L("0303"), "blue", Scenario.DEEP_SPACE) == ["ft1", "ft2", "ff", "ls"]
    assert participants(c, L("0303"), "red", Scenario.DEEP_SPACE) == ["kft"]


def test_mandatory_participants_fixed_units_in_defensive_scenario():
    """"In the case of a defensive scenario, all fixed units in that sector must participate"."""
    c = _participants_campaign()
    assert participants(c, L("0303"), "blue", Scenario.DEFENSIVE) == ["ft1", "ft2", "ff", "ls", "sb", "ds"]
    assert participants(c, L("0303"), "red", Scenario.DEFENSIVE) == ["kft"]
    with pytest.raises(RuleError, match="no Team") as e:
        participants(c, L("0303"), "green", None)
    assert e.value.rule == R_PARTICIPANTS


def test_lane_meeting_only_between_non_friendly_fleets():
    """Only "non-friendly powers" stop each other on a lane: a Peace Treaty ("friendly for all
    purposes") gives no meeting; Normal Relations stop them but allow no encounter (blocked)."""
    lane = [fleet("f1", "fed", "0303", in_transit_to="0403"), fleet("o1", "orion", "0403", in_transit_to="0303")]
    c = campaign(relations={("fed", "orion"): "peace"}, fleets=lane)
    assert meetings(c, state(c), {}) == []
    c = campaign(relations={("fed", "orion"): "normal"}, fleets=lane)
    [m] = meetings(c, state(c), {})
    assert m.blocked.startswith("normal between Fed and Orion")
    c = campaign(fleets=lane)
    [m] = meetings(c, state(c), {})
    assert m.blocked == "", "Hostilities: an encounter may be generated"
