"""Strategic movement (seed 004 Movement Phase; RULES_MATRIX §2.1, B-02, B-17)."""
from __future__ import annotations

import pytest

from rules.strategic.movement import (
    check_orders,
    fleet_speed,
    resolve_movement,
    turns_needed,
)
from tests.rules.strategic.builder import L, campaign, fleet, state, unit

FED_SPACE = {"0101": {"owner": "fed", "supply_point": True}}


def path(*labels: str) -> list:
    return [L(x) for x in labels]


def one(c, fid: str = "f"):
    s = state(c)
    return s, next(f for f in s.campaign.fleets if f.id == fid)


@pytest.mark.parametrize(("case", "sectors", "units", "orders", "ok", "reach"), [
    ("two sectors through own controlled space", FED_SPACE, None, ("0102", "0103"), True, 2),
    ("one sector in neutral space", {}, None, ("0102",), True, 1),
    ("two sectors when the first is neutral", {}, None, ("0102", "0103"), False, 1),
    ("a Slow unit moves one even in own space", FED_SPACE, [unit("a"), unit("s", slow=True)], ("0102", "0103"),
     False, 1),
    ("a Slow unit may move one", FED_SPACE, [unit("s", slow=True)], ("0102",), True, 1),
])
def test_movement_rate(case, sectors, units, orders, ok, reach):
    s, f = one(campaign(cols=1, rows=6, sectors=sectors, fleets=[fleet("f", "fed", "0101", units=units)]))
    chk = check_orders(s, f, path(*orders))
    assert (chk.ok, chk.reach) == (ok, reach), case
    if not ok:
        assert "beyond this turn's movement" in chk.reason and "needs 2 turns" in chk.reason


def test_slow_refusal_names_the_slow_unit():
    slow = [fleet("f", "fed", "0101", units=[unit("s", slow=True)])]
    s, f = one(campaign(cols=1, rows=6, sectors=FED_SPACE, fleets=slow))
    assert "S is Slow" in check_orders(s, f, path("0102", "0103")).reason


def test_double_speed_needs_the_start_sector_controlled_too():
    # Fed range covers 0103-0105 (point at 0104) but the fleet starts at 0101... which it controls by
    # its own presence. A fleet of the enemy at 0101 makes the start Contested: one sector only.
    c = campaign(cols=1, rows=6, sectors={"0103": {"owner": "fed", "supply_point": True}},
                 fleets=[fleet("f", "fed", "0101"), fleet("k", "klingon", "0101")])
    s, f = one(c)
    assert check_orders(s, f, path("0102", "0103")).reach == 1


def test_turns_needed_counts_turns_at_todays_rates():
    s, f = one(campaign(cols=1, rows=6, fleets=[fleet("f", "fed", "0101")]))
    assert turns_needed(s, f, path("0102", "0103", "0104")) == 3
    s2, f2 = one(campaign(cols=1, rows=6, sectors=FED_SPACE, fleets=[fleet("f", "fed", "0101")]))
    assert turns_needed(s2, f2, path("0102", "0103", "0104")) == 2


def test_sublight_fleets_do_not_move():
    s, f = one(campaign(fleets=[fleet("f", "klingon", "0303", units=[unit("m", native_sublight=True)])]))
    chk = check_orders(s, f, path("0304"))
    assert not chk.ok and "sub-light" in chk.reason and "V13.18" in chk.rule
    assert fleet_speed(f)[0] == 0


def test_carried_fighters_move_with_their_carrier():
    units = [unit("cv", is_carrier=True),
             unit("ftr", kind="fighter", strategic_movement_capable=False, carrier_id="cv")]
    assert fleet_speed(one(campaign(fleets=[fleet("f", "fed", "0303", units=units)]))[1])[0] == 2


@pytest.mark.parametrize(("orders", "closed", "fragment"), [
    (("0102",), [("0101", "0102")], "the lane 0101-0102 is closed"),
    (("0103",), [], "no jump lane joins 0101 to 0103"),
    (("0909",), [], "not on the map"),
])
def test_orders_off_the_lanes_are_refused(orders, closed, fragment):
    s, f = one(campaign(cols=2, rows=6, closed=closed, fleets=[fleet("f", "fed", "0101")]))
    chk = check_orders(s, f, path(*orders))
    assert not chk.ok and fragment in chk.reason


def test_major_lane_is_one_jump():
    s, f = one(campaign(major=[("0101", "0606")], fleets=[fleet("f", "fed", "0101")]))
    assert check_orders(s, f, path("0606")).ok


CIV = [unit("t", is_civilian=True)]


@pytest.mark.parametrize(("state_name", "units", "kind", "ok"), [
    ("non_aggression", None, "military", False),
    ("non_aggression", CIV, "trade", False),
    ("trade", CIV, "trade", True),  # "enables trade fleets from one power to visit the systems of another"
    ("trade", CIV, "transport", False),  # a Trade Treaty opens nothing else: a transport needs Peace
    ("trade", CIV, "colony", False),
    ("trade", None, "military", False),
    ("peace", CIV, "transport", True),  # Peace: "non-military units such as trade, colony, and transport fleets"
    ("peace", CIV, "colony", True),
    ("peace", None, "military", False),
    ("mutual_defense", None, "military", True),
    ("normal", None, "military", True),
])
def test_treaties_gate_entry(state_name, units, kind, ok):
    """Seed 004 Intel Phase: the Non-Aggression Treaty "prohibits the movement of units through each
    other's systems"; the Trade Treaty lets trade fleets visit, the Peace Treaty non-military units
    pass, the Mutual Defense Treaty military ships travel; Normal Relations allow free movement."""
    c = campaign(relations={("fed", "klingon"): state_name}, sectors={"0102": {"owner": "klingon"}},
                 fleets=[fleet("f", "fed", "0101", units=units, kind=kind)])
    s, f = one(c)
    chk = check_orders(s, f, path("0102"))
    assert chk.ok is ok
    if not ok:
        assert "cannot enter 0102" in chk.reason and "treat" in chk.rule.lower()


def test_a_transport_under_a_trade_treaty_is_refused_in_words():
    c = campaign(relations={("fed", "klingon"): "trade"}, sectors={"0102": {"owner": "klingon"}},
                 fleets=[fleet("f", "fed", "0101", units=CIV, kind="transport")])
    s, f = one(c)
    chk = check_orders(s, f, path("0102"))
    assert (chk.reason, chk.rule) == ("cannot enter 0102: the Trade Treaty with Klingon lets only trade fleets into "
                                      "its sectors (others need a Peace Treaty)", "004 Intel Phase (treaties)")


def test_forced_direction_after_a_battle_v13_514():
    c = campaign(fleets=[fleet("f", "fed", "0303", units=[unit("a", forced_strategic_direction="A")])])
    s, f = one(c)
    assert check_orders(s, f, path("0302")).ok
    bad = check_orders(s, f, path("0304"))
    assert not bad.ok and "V13.514" in bad.rule and "direction A" in bad.reason


# -- executing the phase -------------------------------------------------------------------
def test_opposite_directions_stop_both_fleets():
    c = campaign(cols=1, rows=4,
                 fleets=[fleet("f", "fed", "0101", ("0102",)), fleet("k", "klingon", "0102", ("0101",))])
    out = resolve_movement(state(c))
    assert out.positions == {"f": L("0101"), "k": L("0102")}
    assert out.in_transit == {"f": L("0102"), "k": L("0101")}
    assert any("met k coming the other way" in e.text for e in out.events)
    assert not out.moved_into


def test_opposite_directions_at_normal_relations_stop_each_other():
    """Seed 004: "ships from non-friendly powers" stop each other; Normal Relations is not friendly
    (issue 23: non-friendly powers, Non-Aggression included, are stopped on a lane)."""
    c = campaign(cols=1, rows=4, relations={("fed", "klingon"): "normal"},
                 fleets=[fleet("f", "fed", "0101", ("0102",)), fleet("k", "klingon", "0102", ("0101",))])
    out = resolve_movement(state(c))
    assert out.in_transit == {"f": L("0102"), "k": L("0101")}


def test_passing_a_stopped_fleet_stops_too():
    # Fed and Klingon stop each other on 0101-0102; a Lyran fleet taking the same lane is stopped
    # by the (non-friendly) Fed fleet sitting on it; a Kzinti fleet, friendly to Fed, meets the
    # Klingons coming the other way.
    c = campaign(cols=1, rows=4, fleets=[
        fleet("f", "fed", "0101", ("0102",)), fleet("k", "klingon", "0102", ("0101",)),
        fleet("l", "lyran", "0101", ("0102",)), fleet("z", "kzinti", "0101", ("0102",))])
    out = resolve_movement(state(c))
    assert out.in_transit == {"f": L("0102"), "k": L("0101"), "l": L("0102"), "z": L("0102")}
    texts = {e.fleet: e.text for e in out.events}
    assert "could not pass f" in texts["l"] and "met k coming the other way" in texts["z"]


def test_friendly_fleets_pass_each_other():
    c = campaign(cols=1, rows=4, fleets=[fleet("f", "fed", "0101", ("0102",)), fleet("z", "kzinti", "0102", ("0101",))])
    out = resolve_movement(state(c))
    assert out.positions == {"f": L("0102"), "z": L("0101")}


def test_a_fleet_between_sectors_arrives_and_blocks_the_lane_it_came_by():
    c = campaign(cols=1, rows=4, fleets=[
        fleet("f", "fed", "0101", ("0102",), in_transit_to="0102"),
        fleet("k", "klingon", "0102", ("0101",))])
    s = state(c)
    chk = check_orders(s, s.campaign.fleets[1], path("0101"))
    assert not chk.ok and "blocks that lane" in chk.reason
    out = resolve_movement(s)
    assert out.positions["f"] == L("0102") and out.in_transit["f"] is None
    assert out.positions["k"] == L("0102")
    assert any("orders cancelled" in e.text for e in out.events if e.fleet == "k")


def test_a_fleet_between_sectors_must_go_on():
    s, f = one(campaign(cols=1, rows=4, fleets=[fleet("f", "fed", "0101", in_transit_to="0102")]))
    assert not check_orders(s, f, path("0101")).ok
    assert check_orders(s, f, path("0102")).ok


def test_moved_into_records_the_team():
    c = campaign(fleets=[fleet("f", "fed", "0303", ("0304",)), fleet("k", "klingon", "0304")])
    assert resolve_movement(state(c)).moved_into == {L("0304"): {"blue"}}


def test_a_fleet_between_sectors_arrives_even_without_orders():
    c = campaign(cols=1, rows=4, fleets=[fleet("f", "fed", "0101", in_transit_to="0102")])
    out = resolve_movement(state(c))
    assert out.positions["f"] == L("0102") and out.in_transit["f"] is None
