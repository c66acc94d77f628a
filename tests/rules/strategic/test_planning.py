"""Planning orders towards a sector (what the strategic map asks while a fleet is dragged)."""
from __future__ import annotations

import pytest

from hexmap import Label
from rules.model import load_campaign
from rules.strategic import StrategicState
from rules.strategic.planning import plan_orders
from tests.conftest import DEFAULT

L = Label.parse


@pytest.fixture(scope="module")
def state():
    return StrategicState.compute(load_campaign(DEFAULT))


def test_two_sectors_in_own_controlled_space(state):
    p = plan_orders(state, "fed-logistics", L("0309"))
    assert p.check.ok and [str(x) for x in p.path] == ["0307", "0308", "0309"]
    assert [str(x) for x in p.orders] == ["0308", "0309"] and p.summary() == "0309: 2 sectors, 1 turn"


def test_one_sector_beyond_the_movement_rate_is_refused_with_the_rule(state):
    p = plan_orders(state, "kli-deep-strike", L("0409"))
    assert not p.check.ok and "needs 2 turns" in p.check.reason
    assert p.summary().endswith("(004 Movement Phase (movement rate))")


def test_a_sub_light_unit_cannot_be_ordered(state):
    p = plan_orders(state, "kli-monitor", L("0908"))
    assert not p.check.ok and "sub-light" in p.check.reason


def test_dropping_on_its_own_sector_clears_the_orders(state):
    fleet = next(f for f in state.campaign.fleets if f.id == "fed-logistics")
    p = plan_orders(state, "fed-logistics", fleet.sector)
    assert p.clears and p.orders == () and p.summary() == "drop here to clear the orders"


def test_an_unknown_fleet():
    with pytest.raises(KeyError):
        plan_orders(StrategicState.compute(load_campaign(DEFAULT)), "nobody", L("0101"))


def test_an_escort_follows_its_civilian_fleet_and_a_transport_shows_its_cargo_seed_004():
    """Seed 004 Movement Phase: "Escorts follow the civilian fleet's movement": an escort's own
    orders are refused (give them to the fleet it escorts); a loaded fleet's preview names its cargo."""
    from rules.strategic.planning import plan_orders
    from tests.rules.strategic.builder import L, campaign, fleet, state, unit
    legion = {"id": "c1", "kind": "ground_unit", "ground_unit": {"id": "g", "name": "Legion", "power": "fed"}}
    c = campaign(fleets=[fleet("t", "fed", "0303", units=[unit("t1", kind="freighter", is_civilian=True,
                                                                supply_rating=10)], kind="transport", cargo=[legion]),
                         fleet("e", "fed", "0303", escort_of="t")])
    s = state(c)
    refused = plan_orders(s, "e", L("0304"))
    assert not refused.check.ok and refused.check.rule.endswith("(escorts)") and "give the orders to t" in \
        refused.check.reason
    assert plan_orders(s, "t", L("0304")).summary() == "0304: 1 sector, 1 turn; carries Legion"
