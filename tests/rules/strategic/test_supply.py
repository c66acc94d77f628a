"""Supply (seed 004 Supply Phase; RULES_MATRIX §2.2, B-04, B-05, B-06)."""
from __future__ import annotations

import pytest

from tests.rules.strategic.builder import L, campaign, fleet, state, unit

POINT = {"owner": "fed", "supply_point": True}


def line(*fleets, sectors=None, rows: int = 7):
    """A one-column map 0101-0107 (a straight chain of lanes), Fed supply point at 0101."""
    return campaign(cols=1, rows=rows, sectors={"0101": POINT, **(sectors or {})}, fleets=list(fleets))


def ship(fid: str, at: str) -> dict:
    return fleet(fid, "fed", at, units=[unit(f"{fid}-s", kind="supply_ship")])


@pytest.mark.parametrize(("at", "supplied"), [("0101", True), ("0102", True), ("0103", True), ("0104", False)])
def test_supply_reaches_exactly_two_lanes(at, supplied):
    s = state(line(fleet("u", "fed", at)))
    assert s.fleet_in_supply(s.campaign.fleets[0]) is supplied


def test_route_is_returned_from_unit_to_supply_point():
    s = state(line(fleet("u", "fed", "0103")))
    assert s.supply.route("fed", L("0103")) == [L("0103"), L("0102"), L("0101")]
    assert s.supply.route("fed", L("0105")) == []


def test_enemy_controlled_sector_on_the_route_blocks():
    s = state(line(fleet("u", "fed", "0103"), fleet("k", "klingon", "0102")))
    assert not s.supply.in_supply("fed", L("0103"))


def test_contested_sector_on_the_route_does_not_block():
    s = state(line(fleet("u", "fed", "0103"), fleet("k", "klingon", "0102"), fleet("f2", "fed", "0102")))
    assert s.status(L("0102")).status.value == "contested"
    assert s.supply.in_supply("fed", L("0103"))


def test_neutral_sector_on_the_route_blocks():
    # A Klingon supply point at 0104 makes 0102 lie in both ranges: Neutral.
    s = state(line(fleet("u", "fed", "0103"), sectors={"0104": {"owner": "klingon", "supply_point": True}}))
    assert s.status(L("0102")).status.value == "neutral"
    assert not s.supply.in_supply("fed", L("0103"))


def test_allied_supply_point_supplies():
    s = state(campaign(cols=1, rows=5, sectors={"0101": {"owner": "kzinti", "supply_point": True}},
                       fleets=[fleet("u", "fed", "0103")]))
    assert s.supply.in_supply("fed", L("0103"))
    assert not s.supply.in_supply("klingon", L("0103"))


def test_supply_ship_chain_extends_supply():
    s = state(line(ship("s1", "0103"), ship("s2", "0104"), fleet("u", "fed", "0105")))
    assert s.supply.in_supply("fed", L("0104")) and s.supply.by_ship_chain("fed", L("0104"))
    assert not s.supply.in_supply("fed", L("0105"))
    s3 = state(line(ship("s1", "0103"), ship("s2", "0104"), ship("s3", "0105")))
    assert s3.supply.in_supply("fed", L("0105"))
    assert s3.supply.route("fed", L("0105")) == [L(x) for x in ("0105", "0104", "0103", "0102", "0101")]


def test_a_chain_needs_its_first_ship_inside_supply_range():
    s = state(line(ship("s2", "0104"), ship("s3", "0105")))
    assert not s.supply.in_supply("fed", L("0104"))
    lonely = state(line(ship("s2", "0104")))
    assert not lonely.supply.in_supply("fed", L("0104"))


def test_supply_depot_unit_is_a_supply_point():
    c = campaign(cols=1, rows=6, sectors={"0104": {"owner": "fed", "garrison": [unit("dep", kind="ground_base",
                                                                                      supply_depot=True)]}},
                 fleets=[fleet("u", "fed", "0106")])
    s = state(c)
    assert s.supply.in_supply("fed", L("0106")) and not s.supply.in_supply("fed", L("0101"))


@pytest.mark.parametrize("depot", [True, False])
def test_a_supply_depot_landed_on_a_planet_makes_it_a_supply_point_seed_004(depot):
    """Seed 004 Supply Phase: supply depots are ground units that, landed on a planet, convert it
    into a supply point (for the depot's power, even on another power's planet)."""
    planet = {"name": "Rock", "owner": "klingon",
              "ground_units": [{"id": "d1", "name": "Depot", "power": "fed", "supply_depot": depot}]}
    c = campaign(cols=1, rows=6, sectors={"0104": {"star_system": {"name": "Rock", "planets": [planet]}}},
                 fleets=[fleet("u", "fed", "0106")])
    s = state(c)
    assert s.supply.in_supply("fed", L("0106")) is depot and not s.supply.in_supply("klingon", L("0106"))


def test_unit_supply_covers_fleets_and_garrisons():
    c = line(fleet("u", "fed", "0105", units=[unit("a"), unit("b")]),
             sectors={"0102": {"owner": "fed", "garrison": [unit("base", kind="starbase")]}})
    assert state(c).unit_supply() == {"a": False, "b": False, "base": True}


def colony_at(owner: str = "fed", census: int = 3, morale: int = 6) -> dict:
    """A colony sector without the ``supply_point`` flag."""
    return {"owner": owner, "star_system": {"name": "Sys", "planets": [
        {"name": "P", "owner": owner, "census": census, "morale": morale}]}}


@pytest.mark.parametrize(("case", "col", "supplied"), [
    ("colony in good order", colony_at(), True),
    ("colony of an ally", colony_at("kzinti"), True),
    ("colony in rebellion (morale 0)", colony_at(morale=0), False),
    ("no census: no colony", colony_at(census=0), False),
    ("enemy colony", colony_at("klingon"), False),
])
def test_a_friendly_colony_in_good_order_is_a_supply_point(case, col, supplied):
    """Seed 004 Supply Depot ("can act like a colony in good order, when it comes to determining
    supply lines") and INTERPRETATIONS 18: a friendly colony in good order is a supply point,
    with the two-lane range of B-04, which also controls (§2.1) and so doubles movement."""
    s = state(campaign(cols=1, rows=5, sectors={"0101": col}, fleets=[fleet("u", "fed", "0103")]))
    assert s.supply.in_supply("fed", L("0103")) is supplied, case
    assert not s.supply.in_supply("fed", L("0104")) or not supplied, case
    if supplied:
        st = s.status(L("0102"))
        assert st.status.value == "controlled" and st.by_range, case
