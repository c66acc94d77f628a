"""Seed 004 cargo: capacity, embark / disembark / deploy refusals, losses."""
from __future__ import annotations

from typing import Any

import pytest

from rules.errors import RuleError
from rules.model.campaign import Campaign, Fleet, Planet
from rules.model.units import Unit
from rules.model.turn_model import Cargo, CargoKind, FleetKind, GroundUnit
from rules.turn.cargo import (
    CensusItem,
    GoodsItem,
    GroundItem,
    UnitItem,
    after_losses,
    capacity,
    deploy,
    disembark,
    embark,
    fits,
    ground_capacity,
    used,
)
from rules.turn.civilian import civilian_fleet
from tests.rules.strategic.builder import L, campaign, fleet, unit

INV, MOV = "004 Invasion Phase", "004 Movement Phase"


def gu(uid: str, power: str = "fed", **kw: Any) -> dict[str, Any]:
    return {"id": uid, "name": uid.upper(), "power": power, **kw}


def world(planets: list[dict[str, Any]], at: str = "0202", **kw: Any) -> dict[str, dict[str, Any]]:
    return {at: {"star_system": {"name": "Sol", "planets": planets}, **kw}}


def transport(fid: str = "tr", at: str = "0202", **kw: Any) -> dict[str, Any]:
    f = civilian_fleet(FleetKind.TRANSPORT, fid, fid, "fed", L(at))
    return {**f.model_dump(mode="json"), **kw}


def base(fleets: list[dict[str, Any]] | None = None, planets: list[dict[str, Any]] | None = None,
         **kw: Any) -> Campaign:
    pls = planets if planets is not None else [
        {"name": "Earth", "owner": "fed", "census": 5, "morale": 5,
         "ground_units": [gu("g1"), gu("g2"), gu("m1", marines=True), gu("m2", marines=True), gu("k1", "klingon")]},
        {"name": "Mars", "owner": "fed", "census": 0},
        {"name": "Kronos", "owner": "klingon", "census": 3},
    ]
    return campaign(sectors=world(pls), fleets=fleets if fleets is not None else [transport()], **kw)


def fl(c: Campaign, fid: str = "tr") -> Fleet:
    return next(f for f in c.fleets if f.id == fid)


def planet(c: Campaign, name: str, at: str = "0202") -> Planet:
    sec = c.sector_at(at)
    assert sec is not None and sec.star_system is not None
    return next(p for p in sec.star_system.planets if p.name == name)


def refused(rule: str, match: str, fn: Any, *args: Any) -> None:
    with pytest.raises(RuleError, match=match) as e:
        fn(*args)
    assert e.value.rule == rule


# -- capacity -----------------------------------------------------------------------------------
def test_transport_fleet_carries_one_ground_unit_not_ground_unit_and_marines() -> None:
    c = embark(base(), "tr", "Earth", GroundItem("g1"), 1)
    assert [x.id for x in fl(c).cargo] == ["g1"] and used(fl(c)) == 10 == capacity(fl(c))
    refused(MOV, "Supply rating", embark, c, "tr", "Earth", GroundItem("m1"), 1)
    refused(MOV, "Supply rating", embark, c, "tr", "Earth", GroundItem("g2"), 1)


def test_two_marines_fit_a_transport_fleet_three_do_not() -> None:
    c = embark(base(), "tr", "Earth", GroundItem("m1"), 1)
    c = embark(c, "tr", "Earth", GroundItem("m2"), 1)
    assert [x.kind for x in fl(c).cargo] == [CargoKind.MARINES] * 2 and used(fl(c)) == 10
    assert [g.id for g in planet(c, "Earth").ground_units] == ["g1", "g2", "k1"]
    c3 = base(planets=[{"name": "Earth", "owner": "fed", "census": 5,
                        "ground_units": [gu("m1", marines=True), gu("m2", marines=True), gu("m3", marines=True)]}])
    c3 = embark(embark(c3, "tr", "Earth", GroundItem("m1"), 1), "tr", "Earth", GroundItem("m2"), 1)
    refused(MOV, "ground units need 15", embark, c3, "tr", "Earth", GroundItem("m3"), 1)


def test_ground_units_only_on_transport_fleets_or_assault_units() -> None:
    supply = fleet("s", "fed", "0202", units=[unit("s1", kind="supply_ship", supply_rating=10)])
    assault = fleet("a", "fed", "0202", units=[unit("a1", supply_rating=6, assault=True),
                                               unit("a2", supply_rating=4, assault=True), unit("a3", supply_rating=20)])
    c = base([supply, assault])
    refused(MOV, "Assault units", embark, c, "s", "Earth", GroundItem("g1"), 1)
    c = embark(c, "a", "Earth", GroundItem("g1"), 1)  # two small assault ships combine 6 + 4
    assert capacity(fl(c, "a")) == 30 and ground_capacity(fl(c, "a")) == 10
    refused(MOV, "ground units need 15", embark, c, "a", "Earth", GroundItem("m1"), 1)
    c = embark(c, "a", "Earth", CensusItem(1), 1)  # census rides on the non-assault ship's rating
    assert used(fl(c, "a")) == 20 and planet(c, "Earth").census == 4


def test_capacity_counts_only_carrying_units() -> None:
    f = Fleet.model_validate(fleet("a", "fed", "0101", units=[
        unit("a1", supply_rating=5, crippled=True), unit("a2", supply_rating=5, destroyed=True),
        unit("a3", supply_rating=5, captured=True), unit("a4", supply_rating=5, fate="lost")]))
    assert capacity(f) == 5
    full = f.model_copy(update={"cargo": [Cargo(id="x", kind=CargoKind.MARINES)]})
    assert "Transport Fleet" in (fits(full) or "")


# -- embark refusals ----------------------------------------------------------------------------
def test_embark_refusals_name_their_rule() -> None:
    c = base([transport(), transport("res", reserve=True), transport("lane", in_transit_to="0203"),
              transport("far", at="0303")])
    refused(INV, "ships in reserve may not embark", embark, c, "res", "Earth", GroundItem("g1"), 1)
    refused(INV, "between sectors", embark, c, "lane", "Earth", GroundItem("g1"), 1)
    refused(INV, "no planet 'Earth'", embark, c, "far", "Earth", GroundItem("g1"), 1)
    refused(INV, "no ground unit 'zz'", embark, c, "tr", "Earth", GroundItem("zz"), 1)
    refused(INV, "is Klingon's; tr may embark only Fed's", embark, c, "tr", "Earth", GroundItem("k1"), 1)
    refused(INV, "no fleet", embark, c, "nope", "Earth", GroundItem("g1"), 1)
    refused(INV, "name it", embark, c, "tr", None, GroundItem("g1"), 1)
    assert fl(c).cargo == [] and len(planet(c, "Earth").ground_units) == 5  # argument untouched


def test_census_embark_leaves_at_least_one() -> None:
    c = base()
    refused(INV, "leave it none", embark, c, "tr", "Earth", CensusItem(5), 1)
    c = base(planets=[{"name": "Earth", "owner": "fed", "census": 2}, {"name": "Kronos", "owner": "klingon",
                                                                       "census": 9}])
    c1 = embark(c, "tr", "Earth", CensusItem(1), 1)  # 2 -> 1: just inside
    assert planet(c1, "Earth").census == 1 and fl(c1).cargo[0].needs == 10
    refused(INV, "leave it none", embark, c1, "tr", "Earth", CensusItem(1), 1)
    refused(INV, "not Fed's", embark, c, "tr", "Kronos", CensusItem(1), 1)
    refused(MOV, "Supply rating of 20", embark, base(planets=[{"name": "Earth", "owner": "fed", "census": 9}]),
            "tr", "Earth", CensusItem(2), 1)


def test_goods_loaded_at_a_supply_point_of_the_power() -> None:
    here = campaign(sectors={"0202": {"owner": "fed", "supply_point": True}}, fleets=[transport()])
    c = embark(here, "tr", None, GoodsItem(CargoKind.SUPPLY, 4, 4), 1)
    assert fl(c).cargo[0].kind is CargoKind.SUPPLY and used(fl(c)) == 4
    refused(MOV, "Supply rating of 14", embark, c, "tr", None, GoodsItem(CargoKind.OTHER, 10), 1)
    elsewhere = campaign(sectors={"0202": {"owner": "klingon", "supply_point": True}}, fleets=[transport()])
    refused(INV, "not a supply point of fed", embark, elsewhere, "tr", None, GoodsItem(CargoKind.SUPPLY, 4), 1)
    refused(INV, "not goods", embark, here, "tr", None, GoodsItem(CargoKind.CENSUS, 10), 1)
    refused(INV, "not from a planet", embark, here, "tr", "Earth", GoodsItem(CargoKind.SUPPLY, 4), 1)


# -- disembark / deploy -------------------------------------------------------------------------
def test_embark_then_disembark_same_turn_refused_next_turn_accepted() -> None:
    c = embark(base(), "tr", "Earth", GroundItem("g1"), 3)
    assert fl(c).cargo[0].embarked_turn == 3
    refused(INV, "same turn", disembark, c, "tr", "g1", "Mars", 3)
    c4 = disembark(c, "tr", "g1", "Mars", 4)
    assert fl(c4).cargo == [] and [g.id for g in planet(c4, "Mars").ground_units] == ["g1"]
    assert c4.log[-1].rule == INV and "[cargo g1]" in c4.log[-1].text
    refused(INV, "disembarked this turn", embark, c4, "tr", "Mars", GroundItem("g1"), 4)
    c5 = embark(c4, "tr", "Mars", GroundItem("g1"), 5)
    assert fl(c5).cargo[0].id == "g1"


def test_disembark_refusals() -> None:
    c = embark(base(), "tr", "Earth", GroundItem("g1"), 1)
    res, lane = c.model_copy(deep=True), c.model_copy(deep=True)
    fl(res).reserve = True
    fl(lane).in_transit_to = L("0203")
    refused(INV, "ships in reserve may not disembark", disembark, res, "tr", "g1", "Mars", 2)
    refused(INV, "between sectors", disembark, lane, "tr", "g1", "Mars", 2)
    refused(INV, "no cargo 'zz'", disembark, c, "tr", "zz", "Mars", 2)
    refused(INV, "no planet 'Venus'", disembark, c, "tr", "g1", "Venus", 2)


def test_census_disembarked_only_where_there_is_census() -> None:
    c = embark(base(), "tr", "Earth", CensusItem(1), 1)
    cid = fl(c).cargo[0].id
    refused(MOV, "already have Census", disembark, c, "tr", cid, "Mars", 2)
    refused(MOV, "not Fed's", disembark, c, "tr", cid, "Kronos", 2)
    back = disembark(c, "tr", cid, "Earth", 2)
    assert planet(back, "Earth").census == 5 and fl(back).cargo == []


def test_ground_troops_land_on_foreign_planets_only_at_war() -> None:
    c = embark(base(), "tr", "Earth", GroundItem("g1"), 1)
    landed = disembark(c, "tr", "g1", "Kronos", 2)  # fed and klingon are at war
    assert [g.id for g in planet(landed, "Kronos").ground_units] == ["g1"]
    hostile = embark(base(relations={("fed", "klingon"): "hostilities"}), "tr", "Earth", GroundItem("g1"), 1)
    refused(INV, "Declaration of War", disembark, hostile, "tr", "g1", "Kronos", 2)


def test_deploy_goods_not_the_same_turn_and_not_ground_units() -> None:
    here = campaign(sectors={"0202": {"owner": "fed", "supply_point": True,
                                      "star_system": {"name": "S", "planets": [{"name": "P", "ground_units": [gu("g1", marines=True)]}]}}},
                    fleets=[transport()])
    c = embark(embark(here, "tr", None, GoodsItem(CargoKind.SUPPLY, 4), 1), "tr", "P", GroundItem("g1"), 1)  # 4 + marines 5 fit in 10
    sid = next(x.id for x in fl(c).cargo if x.kind is CargoKind.SUPPLY)
    refused(INV, "same turn", deploy, c, "tr", sid, 1)
    refused(INV, "disembarked on a planet, not deployed", deploy, c, "tr", "g1", 2)
    refused(INV, "deployed, not disembarked", disembark, c, "tr", sid, "P", 2)
    d = deploy(c, "tr", sid, 2)
    assert [x.id for x in fl(d).cargo] == ["g1"] and f"[cargo {sid}]" in d.log[-1].text
    res = d.model_copy(deep=True)
    fl(res).reserve = True
    refused(INV, "ships in reserve may not deploy", deploy, res, "tr", "g1", 2)


# -- losses -------------------------------------------------------------------------------------
def test_losing_a_carrier_loses_all_cargo_other_losses_none() -> None:
    c = embark(embark(base(), "tr", "Earth", GroundItem("m1"), 1), "tr", "Earth", GroundItem("m2"), 1)
    f = fl(c)
    kept, lost = after_losses(f, ["tr-2", "tr-3"])  # freighters without a Supply rating
    assert lost == [] and len(kept.cargo) == 2
    gone, lost = after_losses(f, ["tr-1"])
    assert gone.cargo == [] and [x.id for x in lost] == ["m1", "m2"]
    assert len(f.cargo) == 2  # argument untouched
    with pytest.raises(RuleError, match="zz not in fleet"):
        after_losses(f, ["zz"])


def test_small_ships_combining_lose_the_entire_cargo() -> None:
    assault = fleet("a", "fed", "0202", units=[unit("a1", supply_rating=6, assault=True),
                                               unit("a2", supply_rating=4, assault=True)])
    c = embark(base([assault]), "a", "Earth", GroundItem("g1"), 1)
    f, lost = after_losses(fl(c, "a"), ["a2"])
    assert f.cargo == [] and [x.ground_unit.id for x in lost if x.ground_unit] == ["g1"]


def test_ground_unit_cargo_kind_from_the_unit() -> None:
    c = embark(base(), "tr", "Earth", GroundItem("m1"), 1)
    assert fl(c).cargo[0].kind is CargoKind.MARINES and fl(c).cargo[0].needs == 5
    assert fl(c).cargo[0].ground_unit == GroundUnit(id="m1", name="M1", power="fed", marines=True)


# -- Assault capacity from the unit's cost; unsized cargo -----------------------------------------
def test_assault_unit_carries_ground_units_equal_to_its_cost_rounded_down() -> None:
    """Seed 004 Units, Assault: "They can carry a number of ground units equal to the unit's cost
    (rounded down)". Cost 2 carries two ground units (just inside), not a third (just outside);
    cost 19/10 carries one, not two; the Supply rating carries other cargo beside it."""
    pls = [{"name": "Earth", "owner": "fed", "census": 5,
            "ground_units": [gu("g1"), gu("g2"), gu("g3"), gu("m1", marines=True)]}]
    two = fleet("a", "fed", "0202", units=[unit("a1", assault=True, cost=2)])
    c = embark(embark(base([two], pls), "a", "Earth", GroundItem("g1"), 1), "a", "Earth", GroundItem("g2"), 1)
    assert ground_capacity(fl(c, "a")) == 20 and used(fl(c, "a")) == 20
    refused(MOV, "ground units need 30", embark, c, "a", "Earth", GroundItem("g3"), 1)
    refused(MOV, "ground units need 25", embark, c, "a", "Earth", GroundItem("m1"), 1)
    refused(MOV, "other than ground units needs a Supply rating of 10; a has 0", embark, c, "a", "Earth", CensusItem(1), 1)
    almost = fleet("a", "fed", "0202", units=[unit("a1", assault=True, cost="19/10", supply_rating=10)])
    c = embark(base([almost], pls), "a", "Earth", GroundItem("g1"), 1)
    refused(MOV, "ground units need 20", embark, c, "a", "Earth", GroundItem("g2"), 1)
    c = embark(c, "a", "Earth", CensusItem(1), 1)  # census on the Supply rating beside the ground unit
    assert used(fl(c, "a")) == 20 == capacity(fl(c, "a"))
    # the Assault trait without a cost is the cost's business, not the ship's class: no ground room
    plain = fleet("a", "fed", "0202", units=[unit("a1", cost=5)])
    refused(MOV, "ground units need 10", embark, base([plain], pls), "a", "Earth", GroundItem("g1"), 1)
    # losing the Assault unit loses what it carries
    kept, lost = after_losses(fl(c, "a"), ["a1"])
    assert kept.cargo == [] and len(lost) == 2


def test_a_unit_without_a_size_takes_its_defense_halved_rounded_up() -> None:
    """Seed 004 Movement Phase: "Units without a specified size have a size equal to their defense
    value divided by two, rounded up": defense 5 -> 3, defense 4 -> 2; no Defense Factor -> the
    Attack Factor (seed 004, Reading the ship factors); a written size wins."""
    def ds(uid: str, **fe: Any) -> dict[str, Any]:
        return unit(uid, kind="defsat", strategic_movement_capable=False, fe=fe)

    sectors = {"0202": {"owner": "fed", "garrison": [ds("d5", defense=5), ds("d4", defense=4), ds("a7", attack=7),
                                                     ds("big", defense=19)]},
               "0203": {"owner": "klingon"}}
    f = fleet("s", "fed", "0202", units=[unit("s1", kind="supply_ship", supply_rating=9)])
    c = campaign(sectors=sectors, fleets=[f])
    c = embark(c, "s", None, UnitItem("d5"), 1)
    assert fl(c, "s").cargo[0].needs == 3 and fl(c, "s").cargo[0].unit is not None
    c = embark(c, "s", None, UnitItem("d4"), 1)
    c = embark(c, "s", None, UnitItem("a7"), 1)  # 3 + 2 + 4 = 9: just inside
    assert used(fl(c, "s")) == 9 and [u.id for u in c.sector_at("0202").garrison] == ["big"]
    refused(MOV, "Supply rating of 10; s has 9", embark, campaign(sectors=sectors, fleets=[f]), "s", None, UnitItem("big"), 1)
    assert Cargo(id="x", kind=CargoKind.OTHER, size=1, unit=Unit.model_validate(ds("d9", defense=9))).needs == 1
    refused(INV, "deployed this turn|embarked this turn", deploy, c, "s", "d5", 1)
    c2 = deploy(c, "s", "d5", 2)
    assert [u.id for u in c2.sector_at("0202").garrison] == ["big", "d5"] and "deployed D5" in c2.log[-1].text


def test_unit_cargo_refusals_name_their_rule() -> None:
    sectors = {"0202": {"owner": "fed", "garrison": [unit("d1", kind="defsat", strategic_movement_capable=False,
                                                          fe={"defense": 2})]},
               "0203": {"owner": "klingon", "garrison": [unit("k1", kind="defsat", strategic_movement_capable=False,
                                                              fe={"defense": 2})]}}
    here = fleet("s", "fed", "0202", units=[unit("s1", kind="supply_ship", supply_rating=9)])
    there = fleet("t", "fed", "0203", units=[unit("t1", kind="supply_ship", supply_rating=9)])
    c = campaign(sectors=sectors, fleets=[here, there])
    refused(INV, "is Klingon's; t may embark only Fed's units", embark, c, "t", None, UnitItem("k1"), 1)
    refused(INV, "no unit 'zz'", embark, c, "s", None, UnitItem("zz"), 1)
    refused(INV, "not from a planet", embark, c, "s", "Earth", UnitItem("d1"), 1)
    moved = embark(c, "s", None, UnitItem("d1"), 1)
    away = moved.model_copy(deep=True)
    next(f for f in away.fleets if f.id == "s").sector = L("0203")
    refused(INV, "0203 is not Fed's", deploy, away, "s", "d1", 2)


def test_the_refusals_name_the_room_there_is() -> None:
    """Each refusal names the room the rule counts: ground room (Assault + shared), the room for
    other cargo (shared + other), all room; a Supply rating of 1 is room (just inside)."""
    pls = [{"name": "Earth", "owner": "fed", "census": 5, "ground_units": [gu("g1"), gu("g2")]}]
    mixed = fleet("a", "fed", "0202", units=[unit("a1", assault=True, cost=1, supply_rating=3),
                                             unit("a2", assault=True, supply_rating=4), unit("s1", supply_rating=1)])
    c = base([mixed], pls)
    f = fl(c, "a")
    assert (capacity(f), ground_capacity(f)) == (10 + 4 + 4, 10 + 4)
    c = embark(c, "a", "Earth", GroundItem("g1"), 1)
    with pytest.raises(RuleError) as e:
        embark(c, "a", "Earth", GroundItem("g2"), 1)
    assert str(e.value).endswith("ground units need 20 of a Transport Fleet's Supply rating or Assault units' room; "
                                 "a has 14")
    assert fits(f, [Cargo(id="x", kind=CargoKind.OTHER, size=8)]) is None  # just inside the other room
    assert fits(f, [Cargo(id="x", kind=CargoKind.OTHER, size=9)]) == (
        "the cargo other than ground units needs a Supply rating of 9; a has 8 for it")
    troops = GroundUnit(id="g", name="G", power="fed")
    full = [Cargo(id="g", kind=CargoKind.GROUND_UNIT, size=10, ground_unit=troops),
            Cargo(id="y", kind=CargoKind.OTHER, size=8)]
    assert fits(f, full) is None  # 18 of 18
    over = [Cargo(id="g", kind=CargoKind.GROUND_UNIT, size=14, ground_unit=troops),
            Cargo(id="y", kind=CargoKind.OTHER, size=8)]
    assert fits(f, over) == "the cargo needs a Supply rating of 22; a has 18"
    one = Fleet.model_validate(fleet("o", "fed", "0202", units=[unit("o1", supply_rating=1)]))
    assert capacity(one) == 1 and fits(one, [Cargo(id="c", kind=CargoKind.OTHER, size=1)]) is None
    kept, lost = after_losses(one.model_copy(update={"cargo": [Cargo(id="c", kind=CargoKind.OTHER, size=1)]}), ["o1"])
    assert kept.cargo == [] and [x.id for x in lost] == ["c"]
