"""Effects of the seed 004 treaty states on the Combat Phase (issue 23): "Military ships can travel
through each other's systems, but ground forces cannot be moved to other treaty powers' systems
and vice versa" (Mutual Defense Treaty, 004 Intel Phase); a Declaration of Hostilities "short of
conquering systems" (docs/economy.md, "Treaty states in movement, encounters and invasion"). Each
state just barring beside the state just allowing."""
from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.model.turn_model import GroundUnit
from rules.turn.cargo import GroundItem, disembark, embark
from tests.rules.strategic.builder import campaign, fleet
from tests.rules.turn.test_cargo import base, gu, planet, refused, transport, world
from tests.rules.turn.test_combat_phase import seed004
from tests.rules.turn.test_logistics import at_troops


def test_no_ground_forces_on_a_mutual_defense_partners_planet() -> None:
    c = embark(base(relations={("fed", "klingon"): "mutual_defense"}), "tr", "Earth", GroundItem("g1"), 1)
    with pytest.raises(RuleError, match="Mutual Defense Treaty: ground forces cannot be moved") as e:
        disembark(c, "tr", "g1", "Kronos", 2)
    assert e.value.rule == "004 Intel Phase"
    assert planet(disembark(c, "tr", "g1", "Earth", 2), "Earth").ground_units[-1].id == "g1"  # its own planet


def test_alliance_partners_may_still_land_on_each_others_planets() -> None:
    c = embark(base(relations={("fed", "klingon"): "alliance"}), "tr", "Earth", GroundItem("g1"), 1)
    assert [g.id for g in planet(disembark(c, "tr", "g1", "Kronos", 2), "Kronos").ground_units] == ["g1"]


FL = {"id": "g9", "name": "Fed legion", "power": "fed", "attrition": 2}
KL = {"id": "g1", "name": "Klingon legion", "power": "klingon", "attrition": 2}


def vor(relation: str, ground: list[dict]):
    """At the Troop Combat step, Klingon's Vor I (0505) holding ``ground``, Fed and Klingon at ``relation``."""
    sectors = {"0505": {"owner": "klingon", "star_system": {"name": "Vor", "planets": [
        {"name": "Vor I", "owner": "klingon", "census": 3, "morale": 3, "ground_units": ground}]}}}
    c, g = seed004(sectors=sectors, relations={("fed", "klingon"): relation})
    return at_troops(c, g)


@pytest.mark.parametrize("relation, fought", [("war", True), ("hostilities", False)])
def test_hostilities_commit_no_ground_troops_war_does(relation, fought):
    """Declaration of Hostilities: "hostile activities short of conquering systems ... ground troops
    cannot be committed for invasion"; War "allows the commitment of ground troops". Fed's legion
    standing on Klingon's Vor I beside a Klingon legion fights it at War only."""
    c = vor(relation, [KL, FL])
    assert [(str(x.at), x.planet) for x in c.ground_combats] == ([("0505", "Vor I")] if fought else [])


@pytest.mark.parametrize("relation, fought", [("war", True), ("hostilities", False)])
def test_hostilities_conquer_no_planet(relation, fought):
    """Vor I with no Klingon ground unit left and Fed's legion on it: at War its conquest is settled
    this phase; under Hostilities (short of conquering systems) it is not."""
    c = vor(relation, [FL])
    assert [(str(x.at), x.planet) for x in c.ground_combats] == ([("0505", "Vor I")] if fought else [])


def nova(relations: dict, fleets: list | None = None, owner: str = "klingon"):
    """Fed's transport in Sol (0202, owned by ``owner``) with Fed's Earth, Klingon's Kronos and the
    unowned Nova; the legion g1 embarked on turn 1."""
    pls = [{"name": "Earth", "owner": "fed", "census": 5, "morale": 5, "ground_units": [gu("g1")]},
           {"name": "Kronos", "owner": "klingon", "census": 3}, {"name": "Nova"}]
    c = campaign(sectors=world(pls, owner=owner), fleets=[transport(), *(fleets or [])], relations=relations)
    return embark(c, "tr", "Earth", GroundItem("g1"), 1)


@pytest.mark.parametrize("relation, ok", [("mutual_defense", False), ("normal", True), ("alliance", True)])
def test_no_ground_forces_into_a_mutual_defense_partners_system(relation, ok) -> None:
    """"ground forces cannot be moved to other treaty powers' systems": not even onto the unowned Nova
    of a system the Mutual Defense partner owns; at Normal Relations (or as allies) the landing stands;
    Fed's own Earth there takes its legion under the treaty too."""
    c = nova({("fed", "klingon"): relation})
    if ok:
        assert [g.id for g in planet(disembark(c, "tr", "g1", "Nova", 2), "Nova").ground_units] == ["g1"]
    else:
        refused("004 Intel Phase", "Mutual Defense Treaty: ground forces cannot be moved to the systems of Klingon",
                disembark, c, "tr", "g1", "Nova", 2)
    assert planet(disembark(c, "tr", "g1", "Earth", 2), "Earth").ground_units[-1].id == "g1"


@pytest.mark.parametrize("relation, ok", [("non_aggression", False), ("trade", False), ("normal", True),
                                          ("peace", True)])
def test_a_non_aggression_partners_units_in_a_system_bar_invading_it(relation, ok) -> None:
    """Non-Aggression Treaty: "Encountering units from the treaty partner in other systems restricts
    generating encounter scenarios or invading those systems". Fed (at war with Klingon) may land on
    Klingon's Kronos, but not while an Orion fleet stands in Sol and Fed and Orion have a
    Non-Aggression (or Trade) Treaty; a Peace partner is "friendly for all purposes"."""
    rel = {("fed", "klingon"): "war", ("fed", "orion"): relation}
    c = nova(rel, [fleet("o", "orion", "0202")])
    if ok:
        assert [g.id for g in planet(disembark(c, "tr", "g1", "Kronos", 2), "Kronos").ground_units] == ["g1"]
    else:
        refused("004 Intel Phase", "Non-Aggression Treaty: units of Orion, Fed's treaty partner, stand in this "
                "system, which restricts invading it", disembark, c, "tr", "g1", "Kronos", 2)
    assert planet(disembark(c, "tr", "g1", "Earth", 2), "Earth").ground_units[-1].id == "g1"  # its own planet
    away = nova(rel, [fleet("o", "orion", "0303")])  # the Orions elsewhere: nothing restricts
    assert [g.id for g in planet(disembark(away, "tr", "g1", "Kronos", 2), "Kronos").ground_units] == ["g1"]


def test_the_non_aggression_presence_rule_counts_ground_units_names_every_partner_and_spares_allies() -> None:
    """The partner's units in the system are its ground units too; two partners there are both named;
    a landing on an ally's planet (Kzinti, Fed's ally) is no invasion and stands beside them."""
    orion_ground = {("fed", "klingon"): "war", ("fed", "orion"): "non_aggression"}
    c = nova(orion_ground)
    sol = c.sector_at("0202").star_system
    sol.planets[2].ground_units.append(GroundUnit.model_validate(gu("o1", "orion")))  # on Nova: no Orion fleet
    refused("004 Intel Phase", "units of Orion, Fed's treaty partner, stand", disembark, c, "tr", "g1", "Kronos", 2)
    both = nova({("fed", "klingon"): "non_aggression", ("fed", "orion"): "non_aggression"},
                [fleet("o", "orion", "0202"), fleet("k", "klingon", "0202")])
    refused("004 Intel Phase", "units of Klingon and Orion, Fed's treaty partners, stand in this system",
            disembark, both, "tr", "g1", "Nova", 2)
    sol = both.sector_at("0202").star_system
    sol.planets.append(sol.planets[1].model_copy(update={"name": "Kzin Minor", "owner": "kzinti"}))
    assert [g.id for g in planet(disembark(both, "tr", "g1", "Kzin Minor", 2), "Kzin Minor").ground_units] == ["g1"]
