"""Seed 004 Income: "Only Trade Fleets that survived until this phase and visited systems on their
route in the previous Movement Phase contribute to the income." End Movement keeps what each Trade
Fleet's path touched (``Fleet.visited``, ``visited_turn``); the next Income Phase reads it
(rules/turn/empire_facts.py ``visited_route``). Fed's Trade Fleet plies 0303-0304 (Earth at 0303,
output 4 x 5 = 20: commerce 2)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from rules.model import dumps, parse_campaign
from rules.model.campaign import Campaign
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.turn.empire_facts import power_ledger, visited_route
from tests.rules.strategic.builder import campaign, fleet

EARTH = {"0303": {"owner": "fed", "star_system": {"name": "Sol", "planets": [
    {"name": "Earth", "owner": "fed", "census": 4, "productivity": 4, "raw": 5, "morale": 4}]}}}
ROUTE = ["0303", "0304"]


def trader(at: str, orders: tuple[str, ...] = (), **kw) -> dict:
    return fleet("t", "fed", at, orders, kind="trade", trade_route=ROUTE, **kw)


def moved(at: str, orders: tuple[str, ...], empire_turn: str = "seed004", others: list[dict] = ()) -> Campaign:
    """Turn 2's movement executed: the Trade Fleet from ``at`` by ``orders``; then turn 3's Income."""
    c = campaign(sectors=EARTH, fleets=[trader(at, orders), *others], turn=2,
                 settings={"empire_turn": empire_turn, "combat_phase": "seed004"})
    after = end_movement(c, build_graph(c)).campaign
    assert after is not None
    return after.model_copy(update={"turn": 3})


def commerce(c: Campaign) -> Fraction:
    return next(i.amount for i in power_ledger(c, "fed").items if i.text.startswith("Commerce"))


@pytest.mark.parametrize("at, orders, touched", [
    ("0303", (), ["0303"]),                   # stayed on its route
    ("0303", ("0403", "0503"), ["0303", "0403", "0503"]),  # left it: started there
    ("0503", ("0403", "0304"), ["0503", "0403", "0304"]),  # came back to it
    ("0503", ("0603",), ["0503", "0603"]),    # never near it
])
def test_end_movement_keeps_the_sectors_the_trade_fleets_path_touched(at, orders, touched):
    c = moved(at, orders)
    f = c.fleets[0]
    assert ([str(x) for x in f.visited], f.visited_turn) == (touched, 2)


def test_a_fleet_that_left_its_route_during_movement_still_earns():
    """It started on its route (0303) and ended off it (0503): it visited its route."""
    c = moved("0303", ("0403", "0503"))
    assert str(c.fleets[0].sector) == "0503" and commerce(c) == 2


def test_a_fleet_that_came_onto_its_route_earns():
    c = moved("0503", ("0403", "0304"))
    assert commerce(c) == 2


def test_a_fleet_that_never_touched_its_route_earns_nothing_and_the_ledger_says_why():
    c = moved("0503", ("0603",))
    assert commerce(c) == 0
    line = next(t for t in power_ledger(c, "fed").lines() if t.startswith("Commerce"))
    assert line == "Commerce (t 0 (visited no system of its route in the last Movement Phase)): 0"


def test_standing_on_the_route_now_is_not_enough_after_a_movement_that_missed_it():
    """A record of turn 2's movement that missed the route, the fleet put on it since (e.g. a retreat):
    the record tells, not where it stands."""
    c = moved("0503", ("0603",))
    c.fleets[0].sector = c.fleets[0].trade_route[0]
    assert not visited_route(c, c.fleets[0]) and commerce(c) == 0


def test_a_record_of_an_older_movement_phase_is_no_visit():
    c = moved("0303", ())
    assert commerce(c) == 2
    later = c.model_copy(update={"turn": 4})
    assert not visited_route(later, later.fleets[0]) and commerce(later) == 0


@pytest.mark.parametrize("at, earns", [("0304", 2), ("0503", 0)])
def test_without_a_record_standing_on_the_route_is_read_as_a_visit(at, earns):
    """An older file, turn 1, a fleet formed since the Movement Phase: no record, read as before."""
    c = campaign(sectors=EARTH, fleets=[trader(at)], turn=3, settings={"empire_turn": "seed004"})
    assert c.fleets[0].visited_turn is None and commerce(c) == earns


def test_a_campaign_keeping_the_empire_turn_by_hand_records_nothing():
    c = moved("0303", ())
    assert c.fleets[0].visited_turn is not None
    hand = moved("0303", (), empire_turn="by_hand")
    assert (hand.fleets[0].visited, hand.fleets[0].visited_turn) == ([], None)


def test_a_military_fleet_records_nothing():
    c = moved("0303", (), others=[fleet("m", "fed", "0303", ("0304",))])
    m = next(f for f in c.fleets if f.id == "m")
    assert (m.visited, m.visited_turn) == ([], None)


def test_the_record_is_saved_and_read_back_and_an_older_file_loads_without_it():
    c = moved("0303", ("0403",))
    text = dumps(c)
    assert '"visited_turn": 2' in text
    back = parse_campaign(text)
    assert [str(x) for x in back.fleets[0].visited] == ["0303", "0403"] and commerce(back) == 2
    old = campaign(sectors=EARTH, fleets=[trader("0303")])
    assert "visited" not in dumps(old)


def test_a_visited_sector_not_on_the_map_is_refused_naming_the_field():
    c = moved("0303", ())
    data = c.model_dump(mode="json", exclude_defaults=True)
    data["fleets"][0]["visited"] = ["0303", "0999"]
    with pytest.raises(Exception, match=r"fleets\[0\]\.visited\[1\].*0999 does not exist"):
        parse_campaign(__import__("json").dumps(data))
