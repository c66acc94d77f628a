"""Turn steps are all-or-nothing (rules.strategic.turn) and their records survive save/load."""
from __future__ import annotations

import pytest

from rules.model import dumps, parse_campaign
from rules.model.records import Phase
from rules.strategic import build_graph
from rules.strategic.turn import OrderRefused, PhaseError, end_movement, end_movement_phase, set_orders
from tests.rules.strategic.builder import L, campaign, fleet, state


@pytest.mark.parametrize(("case", "kw", "orders", "fragment"), [
    ("closed lane", {"closed": [("0303", "0304")]}, ("0304",), "the lane 0303-0304 is closed"),
    ("treaty", {"relations": {("fed", "klingon"): "non_aggression"}, "sectors": {"0304": {"owner": "klingon"}}},
     ("0304",), "Non-Aggression Treaty"),
    ("beyond its movement", {}, ("0304", "0305"), "needs 2 turns"),
])
def test_refused_orders_change_nothing(case, kw, orders, fragment):
    c = campaign(fleets=[fleet("f", "fed", "0303")], **kw)
    before = dumps(c)
    with pytest.raises(OrderRefused) as e:
        set_orders(c, state(c), "f", [L(x) for x in orders])
    assert fragment in str(e.value), case
    assert dumps(c) == before


def test_accepted_orders_return_a_new_campaign():
    c = campaign(fleets=[fleet("f", "fed", "0303")])
    new = set_orders(c, state(c), "f", [L("0304")])
    assert new.fleets[0].orders == [L("0304")] and c.fleets[0].orders == []


def test_phase_order_is_enforced():
    c = campaign(fleets=[fleet("f", "fed", "0303", ("0304",)), fleet("k", "klingon", "0304")])
    g = build_graph(c)
    with pytest.raises(PhaseError, match="execute movement"):
        end_movement_phase(c, g)
    after = end_movement(c, g).campaign
    assert after.phase is Phase.BATTLES
    with pytest.raises(PhaseError, match="already been executed"):
        end_movement(after, g)
    with pytest.raises(PhaseError, match="Turn Orders"):
        set_orders(after, state(after), "f", [L("0303")])


def test_records_survive_save_and_load():
    c = campaign(fleets=[fleet("f", "fed", "0303", ("0304",)), fleet("k", "klingon", "0304"),
                         fleet("a", "fed", "0101", ("0102",)), fleet("b", "klingon", "0102", ("0101",))])
    c.map.random_terrain = {"dice": "1d6", "entries": [{"low": 1, "high": 6, "terrain": "nebula"}]}
    after = end_movement(c, build_graph(c)).campaign
    assert after.battle_hexes and after.log and after.fleets[2].in_transit_to == L("0102")
    again = parse_campaign(dumps(after), "round-trip.json")
    assert again == after


def test_end_movement_records_each_fleets_last_sector_seed_004():
    """Seed 004 Encounters: a fleet that refuses or loses "returns to the last sector": the
    sector it entered its present one from; on a lane, the lane's start; none if it stayed."""
    c = campaign(fleets=[fleet("a", "fed", "0303", ("0304",)), fleet("b", "fed", "0505"),
                         fleet("f", "fed", "0101", ("0102",)), fleet("k", "klingon", "0102", ("0101",))],
                 relations={("fed", "klingon"): "war"})
    after = end_movement(c, build_graph(c)).campaign
    last = {f.id: f.last_sector for f in after.fleets}
    assert last["a"] == L("0303") and last["b"] is None
    assert last["f"] == L("0101") and last["k"] == L("0102")  # stopped each other on the lane 0101-0102
    again = set_orders(after.model_copy(update={"phase": Phase.ORDERS}), state(after), "a", [L("0404")])
    moved = end_movement(again, build_graph(again)).campaign
    assert next(f for f in moved.fleets if f.id == "a").last_sector == L("0304")


def test_an_ignored_meeting_is_listed_once_at_the_end_of_movement_v13_18():
    """Issue 22: the End of movement list (the report's events and its no-battle lines, as the
    Battle Hexes dialog shows them) named "0907: Alliance ignores Coalition" twice on the default
    campaign, once as a log line and once as a sector with no Battle Hex."""
    from rules.model import load_campaign
    from tests.conftest import DEFAULT
    c = load_campaign(DEFAULT).model_copy(update={"phase": Phase.ORDERS})
    g = build_graph(c)
    asked = end_movement(c, g)
    report = end_movement(c, g, {(q.at, q.team, q.other): True for q in asked.questions})
    listed = [e for e in report.events + report.quiet if "ignores" in e]
    assert [e for e in listed if e.startswith("0907")] == ["0907: V13.18: Alliance ignores Coalition: no Battle Hex"]
    assert len(listed) == len(set(listed)) == len(report.quiet), listed
    assert any(e.text == "0907: Alliance ignores Coalition: no Battle Hex" for e in report.campaign.log)
