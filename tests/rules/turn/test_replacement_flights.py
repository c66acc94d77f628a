"""Seed 004 Construction Completion, replacement flights: "Newly purchased flights can be transported
to a fleet or planet to replace combat losses as long as they are in supply. They can be
transported using the empire's logistical network and do not require transport fleets." and
"Crippled units ... cannot base flights but can replenish with newly built fighters once ... the
vessel is repaired." Fed builds fighters at Earth (0303); its carrier group at 0304 lost one."""
from __future__ import annotations

from fractions import Fraction

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.errors import RuleError
from rules.model.builds import BuildClass
from rules.model.economy_model import PowerEconomy
from rules.model.units import Unit
from rules.turn import purchases
from rules.turn.replacement import RULE, new_flights, order
from tests.rules.strategic.builder import campaign, fleet, unit

EARTH = {"0303": {"owner": "fed", "star_system": {"name": "Sol", "planets": [
    {"name": "Earth", "owner": "fed", "census": 6, "productivity": 4, "raw": 5, "morale": 6}]}}}


def fighter(uid: str, **kw) -> dict:
    return unit(uid, kind="fighter", **kw)


def carrier_group(cv: dict | None = None, lost: dict | None = None) -> dict:
    return fleet("cg", "fed", "0304", units=[cv or unit("cv", is_carrier=True),
                                             lost or fighter("f1", carrier_id="cv", destroyed=True),
                                             fighter("f2", carrier_id="cv")])


def world(*fleets: dict, sectors: dict | None = None, **kw):
    c = campaign(sectors=sectors or EARTH, fleets=[fleet("fed-built-t1-0303", "fed", "0303", units=[fighter("n1")]),
                                                    *fleets], turn=2,
                 settings={"empire_turn": "seed004", "combat_phase": "seed004"}, **kw)
    return c


def replace(c, flight="n1", to="cg", power="fed"):
    return order(c, {"power": power, "flight": flight, "to": to})


def units(c, fid):
    return [(u.id, u.carrier_id, u.destroyed) for f in c.fleets if f.id == fid for u in f.units]


def test_a_new_fighter_replaces_the_carriers_lost_one_through_the_logistical_network():
    c = world(carrier_group())
    new = replace(c)
    assert units(new, "cg") == [("cv", None, False), ("n1", "cv", False), ("f2", "cv", False)]
    assert not any(f.id == "fed-built-t1-0303" for f in new.fleets)  # the emptied construction fleet leaves
    line = new.log[-1]
    assert line.rule == RULE == "004 Construction Completion Phase (replacement flights)"
    assert line.text == ("Fed: N1 taken through its logistical network to cg (in supply), replacing F1 lost in "
                         "combat, aboard CV; New construction... has no unit left and leaves").replace(
        "New construction...", "fed-built-t1-0303")
    assert line.secret_of == ["blue"]  # its Team's order
    assert units(c, "cg")[1] == ("f1", "cv", True)  # the campaign before is untouched


def test_a_flight_built_by_construction_completion_is_newly_purchased():
    """The fleet purchases.complete forms is the one read (its id format is what new_flights reads)."""
    c = campaign(sectors=EARTH, fleets=[carrier_group()], settings={"empire_turn": "seed004"})
    fed = c.power("fed")
    fed.economy = PowerEconomy(point_pool=Fraction(50))
    fed.unit_list = [BuildClass(unit=Unit.model_validate(fighter("tpl", class_designation="F-18")), cost=Fraction(3))]
    c = purchases.order(c, {"power": "fed", "class": "F-18", "at": "0303", "planet": "Earth"})
    built = purchases.complete(c)
    (home, u), = new_flights(built, "fed")
    assert str(home.sector) == "0303" and u.class_designation == "F-18"
    after = replace(built, flight=u.id)
    assert [x for x in units(after, "cg") if x[0] == u.id] == [(u.id, "cv", False)]


def test_a_flight_that_left_its_construction_sector_or_sits_on_a_carrier_is_not_newly_purchased():
    moved = world(carrier_group())
    moved.fleets[0].sector = moved.fleets[1].sector  # the construction fleet moved on from 0303
    with pytest.raises(RuleError, match="n1 is no newly built flight of Fed") as e:
        replace(moved)
    assert e.value.rule == RULE
    assert new_flights(moved, "fed") == []
    c = world(carrier_group(), fleet("x", "fed", "0303", units=[fighter("old")]))
    with pytest.raises(RuleError, match="old is no newly built flight"):
        replace(c, flight="old")


def test_only_combat_losses_are_replaced():
    c = world(carrier_group(lost=fighter("f1", carrier_id="cv")))  # nothing lost
    with pytest.raises(RuleError, match="no fighter of it was lost there: a replacement flight replaces combat losses"):
        replace(c)
    shuttle = world(carrier_group(lost=unit("f1", kind="shuttle", carrier_id="cv", destroyed=True)))
    with pytest.raises(RuleError, match="no fighter of it was lost there"):
        replace(shuttle)


def test_a_crippled_carrier_replenishes_only_once_repaired():
    c = world(carrier_group(cv=unit("cv", is_carrier=True, crippled=True)))
    with pytest.raises(RuleError, match="N1 cannot go to cg: F1's carrier CV is crippled: it replenishes once it is "
                                        "repaired") as e:
        replace(c)
    assert e.value.rule == RULE


def test_a_loss_whose_carrier_is_gone_has_no_place():
    c = world(carrier_group(cv=unit("cv", is_carrier=True, destroyed=True)))
    with pytest.raises(RuleError, match="F1's carrier is no longer in play there"):
        replace(c)


def test_out_of_supply_no_replacement():
    """The carrier group deep in Klingon space (0808, cut off by Klingon sectors) is Out of Supply."""
    from rules.strategic.state import StrategicState
    from rules.strategic import build_graph
    from rules.turn.supply_phase import replacement_flights_allowed

    far = {**EARTH, **{f"0{c}0{r}": {"owner": "klingon"} for c in range(6, 9) for r in range(4, 7)}}
    lost = [unit("cv", is_carrier=True), fighter("f1", carrier_id="cv", destroyed=True)]
    c = world(fleet("cg", "fed", "0705", units=lost),
              sectors=far, cols=8, rows=6)
    assert not replacement_flights_allowed(c, StrategicState.compute(c, build_graph(c)), "cg")
    with pytest.raises(RuleError, match=r"N1 cannot reach cg: cg is Out of Supply \(flights replace losses only in "
                                        r"supply\)") as e:
        replace(c)
    assert e.value.rule == RULE


def test_a_planet_replaces_its_garrisons_lost_flight_while_not_in_rebellion():
    base = {"0305": {"owner": "fed", "garrison": [fighter("g1", destroyed=True), unit("g2")], "star_system": {
        "name": "Ross", "planets": [{"name": "Ross I", "owner": "fed", "census": 2, "productivity": 1, "morale": 1}]}}}
    c = world(sectors={**EARTH, **base})
    new = replace(c, to="0305")  # Morale 1: in good order
    assert [(u.id, u.destroyed) for u in new.sector_at("0305").garrison] == [("n1", False), ("g2", False)]
    assert new.log[-1].text == ("Fed: N1 taken through its logistical network to the garrison at 0305 (in supply), "
                                "replacing G1 lost in combat; fed-built-t1-0303 has no unit left and leaves")
    rebel = {"0305": {**base["0305"], "star_system": {"name": "Ross", "planets": [
        {"name": "Ross I", "owner": "fed", "census": 2, "productivity": 1, "morale": 0}]}}}
    with pytest.raises(RuleError, match="in rebellion \\(Morale 0\\): out of supply"):
        replace(world(sectors={**EARTH, **rebel}), to="0305")


ORDERS = "004 Turn Orders Phase"


@pytest.mark.parametrize("raw, kind, rule, words", [
    ({"power": "fed", "flight": "n1"}, IllegalAnswer, ORDERS, "a replacement flight is"),
    ({"power": "nobody", "flight": "n1", "to": "cg"}, IllegalAnswer, ORDERS, "there is no power 'nobody'"),
    ({"power": "fed", "flight": "n1", "to": "9999"}, IllegalAnswer, ORDERS, "'9999' is neither a fleet nor a sector"),
    ({"power": "fed", "flight": "n1", "to": "k"}, RuleError, RULE, "k is not Fed's"),
    ({"power": "fed", "flight": "n1", "to": "0304"}, RuleError, RULE,
     "0304 is no system of Fed with a planet of its own: a flight replaces losses at one of its fleets or planets"),
    ({"power": "fed", "flight": "n1", "to": "0302"}, RuleError, RULE,  # Fed's sector, no planet
     "0302 is no system of Fed with a planet"),
    ({"power": "fed", "flight": "n1", "to": "0404"}, RuleError, RULE,  # Fed's planet, Kzinti's sector
     "0404 is no system of Fed with a planet"),
    ({"power": "fed", "flight": "n1", "to": "fed-built-t1-0303"}, RuleError, RULE, "N1 is already in"),
    ({"power": "fed", "flight": "zz", "to": "cg"}, RuleError, RULE,
     "zz is no newly built flight of Fed \\(a fighter or shuttle completed at its planet, still in the fleet its "
     "Construction Completion formed there\\)"),
])
def test_bad_orders_are_refused_naming_the_field_or_rule(raw, kind, rule, words):
    mix = {"name": "Mix", "planets": [{"name": "Mix I", "owner": "fed", "census": 1, "morale": 1}]}
    sectors = {**EARTH, "0302": {"owner": "fed"}, "0404": {"owner": "kzinti", "star_system": mix}}
    c = world(carrier_group(), fleet("k", "klingon", "0505"), sectors=sectors)
    with pytest.raises(kind, match=words) as e:
        order(c, raw)
    assert e.value.rule == rule


def test_only_flights_of_construction_fleets_at_their_sector_are_newly_built():
    """Two construction fleets are both read; a ship built beside a flight is no flight; a fleet whose
    id merely ends with its sector is no construction fleet."""
    sectors = {**EARTH, "0305": {"owner": "fed", "star_system": {"name": "Ross", "planets": [
        {"name": "Ross I", "owner": "fed", "census": 2, "morale": 2}]}}}
    c = world(fleet("fed-built-t1-0305", "fed", "0305", units=[fighter("n2"), unit("ship")]),
              fleet("patrol-0303", "fed", "0303", units=[fighter("p1")]), sectors=sectors)
    assert sorted(u.id for _, u in new_flights(c, "fed")) == ["n1", "n2"]


def test_a_construction_fleet_keeping_other_units_stays():
    c = world(carrier_group())
    c.fleets[0].units.append(Unit.model_validate(fighter("n9")))
    new = replace(c)
    assert [u.id for f in new.fleets if f.id == "fed-built-t1-0303" for u in f.units] == ["n9"]
    assert new.log[-1].text.endswith("replacing F1 lost in combat, aboard CV")


def test_a_campaign_keeping_the_empire_turn_by_hand_refuses_it():
    c = world(carrier_group()).model_copy(update={"settings": campaign().settings})
    with pytest.raises(RuleError, match=r"^004 Turn Orders Phase: replacement flights are kept by hand in this "
                                        r"campaign \(settings.empire_turn "
                                        r"by_hand\)$") as e:
        replace(c)
    assert e.value.rule == "004 Turn Orders Phase"


def test_the_line_of_a_power_of_no_team_is_the_gms():
    teams = [{"id": "blue", "name": "Blue", "powers": ["fed", "kzinti"]},
             {"id": "red", "name": "Red", "powers": ["klingon", "lyran"]}]
    c = world(carrier_group(), teams=teams)
    for f in c.fleets:
        f.power = "orion"
    c.map.sectors[[str(s.at) for s in c.map.sectors].index("0303")].star_system.planets[0].owner = "orion"
    c.map.sectors[[str(s.at) for s in c.map.sectors].index("0303")].owner = "orion"
    c.fleets[0].id = "orion-built-t1-0303"
    new = order(c, {"power": "orion", "flight": "n1", "to": "cg"})
    assert new.log[-1].secret_of == ["gm"]


def test_headless_main_py_turn_takes_the_order_and_a_refused_one_exits_1(tmp_path):
    """``main.py turn`` at the GM's Turn Orders: the order done and written; an order to a carrier
    group that lost nothing exits 1 naming the rule, the file unchanged."""
    import json

    from rules.model import dumps, load_campaign
    from tests.test_main_cli import _run

    path, out, answers = tmp_path / "c.json", tmp_path / "out.json", tmp_path / "a.json"
    path.write_text(dumps(world(carrier_group())), encoding="utf-8")
    answers.write_text(json.dumps([{"replace": {"power": "fed", "flight": "n1", "to": "cg"}}]), encoding="utf-8")
    r = _run("turn", str(path), "--answers", str(answers), "--out", str(out))
    assert r.returncode == 0, r.stderr
    assert units(load_campaign(out), "cg")[1] == ("n1", "cv", False)
    path.write_text(dumps(world(carrier_group(lost=fighter("f1", carrier_id="cv")))), encoding="utf-8")
    before = path.read_bytes()
    r = _run("turn", str(path), "--answers", str(answers), "--out", str(out))
    assert r.returncode == 1 and "004 Construction Completion Phase (replacement flights)" in r.stderr + r.stdout
    assert path.read_bytes() == before
