"""Seed 004 civilian fleets: make-up, crippled / destroyed state, trade routes, escorts."""
from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.model.turn_model import FleetKind
from rules.model.units import Unit, UnitKind
from rules.turn.cargo import capacity
from rules.turn.civilian import (
    CivilianState,
    check_escort,
    civilian_fleet,
    civilian_state,
    escorts_of,
    follow_orders,
    trade_route_ok,
)
from tests.rules.strategic.builder import L, campaign, fleet, state, unit

I, C, D = CivilianState.INTACT, CivilianState.CRIPPLED, CivilianState.DESTROYED


# -- make-up ---------------------------------------------------------------------------------
@pytest.mark.parametrize("kind, classes", [
    (FleetKind.TRADE, ["FT"] * 4),
    (FleetKind.TRANSPORT, ["FT"] * 7),
    (FleetKind.COLONY, ["F-LS"] * 3 + ["F-AL"] * 3),
])
def test_make_up_is_the_seed_table(kind: FleetKind, classes: list[str]) -> None:
    f = civilian_fleet(kind, "t", "Convoy", "fed", L("0101"))
    assert f.kind is kind and f.power == "fed" and f.sector == L("0101")
    assert [u.class_designation for u in f.units] == classes
    assert [u.id for u in f.units] == [f"t-{n}" for n in range(1, len(classes) + 1)]
    assert all(u.kind is UnitKind.FREIGHTER and u.is_civilian for u in f.units)


def test_transport_fleet_supply_rating_10_on_its_first_ft() -> None:
    f = civilian_fleet(FleetKind.TRANSPORT, "t", "T", "fed", L("0101"))
    assert [u.supply_rating for u in f.units] == [10, 0, 0, 0, 0, 0, 0]
    assert capacity(f) == 10
    assert capacity(civilian_fleet(FleetKind.TRADE, "t", "T", "fed", L("0101"))) == 0


def test_military_kind_and_route_on_non_trade_refused() -> None:
    with pytest.raises(RuleError, match="civilian fleet") as e:
        civilian_fleet(FleetKind.MILITARY, "t", "T", "fed", L("0101"))
    assert e.value.rule == "004 Encounters Phase"
    with pytest.raises(RuleError, match="only a Trade Fleet"):
        civilian_fleet(FleetKind.TRANSPORT, "t", "T", "fed", L("0101"), trade_route=[L("0101")])
    t = civilian_fleet(FleetKind.TRADE, "t", "T", "fed", L("0101"), trade_route=[L("0101"), L("0102")])
    assert t.trade_route == [L("0101"), L("0102")]


# -- crippled / destroyed ----------------------------------------------------------------------
def ships(n: int, destroyed: int = 0, crippled: int = 0) -> list[Unit]:
    out = []
    for i in range(n):
        out.append(Unit(id=f"s{i}", name=f"S{i}", destroyed=i < destroyed,
                        crippled=destroyed <= i < destroyed + crippled))
    return out


@pytest.mark.parametrize("n, d, c, want", [
    # n 4: destroyed at 3 destroyed-equivalents (ceil 3), crippled at 4 crippled-equivalents
    (4, 0, 0, I), (4, 0, 3, I), (4, 0, 4, C), (4, 1, 1, I), (4, 1, 2, C), (4, 2, 0, C),
    (4, 2, 1, C), (4, 2, 2, D), (4, 3, 0, D), (4, 1, 3, C), (4, 4, 0, D),
    # n 6: destroyed at ceil(4.5) = 5
    (6, 0, 5, I), (6, 0, 6, C), (6, 2, 1, I), (6, 3, 0, C), (6, 4, 1, C), (6, 4, 2, D),
    (6, 5, 0, D), (6, 3, 3, C), (6, 2, 2, C),
    # n 7: destroyed at ceil(5.25) = 6
    (7, 0, 6, I), (7, 0, 7, C), (7, 3, 0, I), (7, 3, 1, C), (7, 5, 1, C), (7, 5, 2, D),
    (7, 6, 0, D), (7, 4, 3, C),
])
def test_civilian_state_boundaries(n: int, d: int, c: int, want: CivilianState) -> None:
    assert civilian_state(ships(n, d, c)) is want


def test_destroyed_and_crippled_ship_counts_once_as_destroyed() -> None:
    us = ships(4, 2, 1)
    us[0] = us[0].model_copy(update={"crippled": True})
    assert civilian_state(us) is C  # 2 destroyed and 1 crippled: not 2 + 2 halves


def test_no_ships_refused() -> None:
    with pytest.raises(RuleError, match="without ships"):
        civilian_state([])


# -- trade routes -----------------------------------------------------------------------------
def test_trade_route_up_to_three_adjacent_systems() -> None:
    c = campaign()
    st = state(c)
    trade_route_ok(c, st, [L("0101")])
    trade_route_ok(c, st, [L("0101"), L("0102"), L("0103")])  # empty sectors count
    trade_route_ok(c, st.graph, [L("0101"), L("0102")])
    with pytest.raises(RuleError, match="up to three") as e:
        trade_route_ok(c, st, [L("0101"), L("0102"), L("0103"), L("0104")])
    assert e.value.rule == "004 Movement Phase"
    with pytest.raises(RuleError, match="not adjacent"):
        trade_route_ok(c, st, [L("0101"), L("0103")])
    with pytest.raises(RuleError, match="at least one"):
        trade_route_ok(c, st, [])
    with pytest.raises(RuleError, match="once"):
        trade_route_ok(c, st, [L("0101"), L("0102"), L("0101")])
    with pytest.raises(RuleError, match="not on the map"):
        trade_route_ok(c, st, [L("0909")])


def test_closed_lane_does_not_join_a_route() -> None:
    c = campaign(closed=[("0101", "0102")])
    with pytest.raises(RuleError, match="not adjacent"):
        trade_route_ok(c, state(c), [L("0101"), L("0102")])


# -- escorts ----------------------------------------------------------------------------------
def trade(at: str = "0102", route: tuple[str, ...] = ("0101", "0102", "0103"), **kw: object) -> dict:
    return fleet("tf", "fed", at, kind="trade", trade_route=list(route),
                 units=[unit(f"tf-{i}", kind="freighter", is_civilian=True) for i in range(1, 5)], **kw)


def escort(fid: str, at: str, of: str = "tf", power: str = "fed", **kw: object) -> dict:
    return fleet(fid, power, at, escort_of=of, **kw)


def test_trade_escort_anywhere_on_the_route() -> None:
    c = campaign(fleets=[trade(), escort("e1", "0101"), escort("e2", "0103"), fleet("x", "fed", "0101")])
    check_escort(c, "e1")
    check_escort(c, "e2")
    assert [f.id for f in escorts_of(c, "tf")] == ["e1", "e2"]
    c2 = campaign(fleets=[trade(), escort("e1", "0104")])
    with pytest.raises(RuleError, match="on the trade route") as e:
        check_escort(c2, "e1")
    assert e.value.rule == "004 Movement Phase"


def test_escort_must_be_military_same_power_of_a_civilian_fleet() -> None:
    c = campaign(fleets=[trade(), escort("e1", "0102", power="kzinti"), fleet("m", "fed", "0102"),
                         escort("e2", "0102", of="m"), escort("e3", "0102", kind="transport"),
                         fleet("plain", "fed", "0102"), escort("e4", "0102", of="nobody")])
    with pytest.raises(RuleError, match="may not escort"):
        check_escort(c, "e1")  # an ally is still another power
    with pytest.raises(RuleError, match="military fleet"):
        check_escort(c, "e2")
    with pytest.raises(RuleError, match="Escorts are military"):
        check_escort(c, "e3")
    with pytest.raises(RuleError, match="not assigned"):
        check_escort(c, "plain")
    with pytest.raises(RuleError, match="no fleet 'nobody'"):
        check_escort(c, "e4")


def test_transport_escort_must_be_with_its_fleet() -> None:
    tr = fleet("tr", "fed", "0202", kind="transport", units=[unit("tr-1", supply_rating=10)])
    c = campaign(fleets=[tr, escort("e1", "0202", of="tr"), escort("e2", "0203", of="tr"),
                         escort("e3", "0202", of="tr", in_transit_to="0203")])
    check_escort(c, "e1")
    with pytest.raises(RuleError, match="must be with"):
        check_escort(c, "e2")
    with pytest.raises(RuleError, match="must be with"):
        check_escort(c, "e3")


def test_escorts_follow_the_civilian_fleets_orders() -> None:
    tr = fleet("tr", "fed", "0202", ("0203", "0204"), kind="transport", units=[unit("tr-1", supply_rating=10)])
    c = campaign(fleets=[tr, escort("e1", "0202", of="tr", orders=["0201"]), trade(orders=["0101"]),
                         escort("e2", "0102", orders=["0202"]), escort("e3", "0103", orders=["0104"])])
    out = follow_orders(c)
    got = {f.id: [str(x) for x in f.orders] for f in out.fleets}
    assert got["e1"] == ["0203", "0204"]
    assert got["e2"] == ["0101"]  # with its trade fleet: follows it
    assert got["e3"] == []  # posted elsewhere on the route: keeps its post
    assert [str(x) for x in c.fleets[1].orders] == ["0201"]  # argument untouched


def test_follow_orders_changes_nothing_when_an_escort_may_not_escort() -> None:
    c = campaign(fleets=[trade(), escort("e1", "0102", orders=["0202"]), escort("bad", "0102", power="kzinti")])
    with pytest.raises(RuleError, match="may not escort"):
        follow_orders(c)


def test_an_escort_off_its_post_is_logged_not_a_wall() -> None:
    """Issue 19: a Trade Fleet's movement may take its escort off the route; no order brings it
    back before the next movement, so End Movement goes on and the log names the breach."""
    c = campaign(fleets=[trade(orders=["0101"]), escort("e1", "0505"), escort("e2", "0102", orders=["0202"])])
    out = follow_orders(c)
    assert {f.id: [str(x) for x in f.orders] for f in out.fleets}["e1"] == []  # holds where it is
    assert [e.text for e in out.log if "off its post" in e.text] and out.log[-1].rule == "004 Movement Phase"
