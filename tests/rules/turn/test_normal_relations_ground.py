"""Seed 004 Intel Phase, Normal Relations: "invading systems controlled by the other power are
restricted. There are exceptions to this rule when a power at normal relations attacks any of your
forces or if you previously or currently control a system." The attack half for ground troops: Fed's
transport stands in Klingon's 0505 (Vor, Klingon's world held by a Klingon legion), the two at Normal
Relations; the pair keeps the Exhibit B fact "encounter" (a scenario generated against the other's
ships) done by ``by`` ``age`` turns before turn 3 (rules/strategic/battle_hex.attacked_in)."""
from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.model.treaty_model import PairFact, TreatyPair
from rules.turn.logistics import actions, do
from tests.rules.turn.test_combat_phase import seed004
from tests.rules.turn.test_logistics import at_troops, transport

NORMAL = {("fed", "klingon"): "normal"}
KL = {"id": "g1", "name": "Klingon legion", "power": "klingon", "attrition": 2}
VOR = {"0505": {"owner": "klingon", "star_system": {"name": "Vor", "planets": [
    {"name": "Vor I", "owner": "klingon", "census": 3, "morale": 3, "ground_units": [KL]}]}}}


def vor(by="klingon", age=1, fact="encounter", relations=NORMAL):
    """At the Troop Combat step of turn 3, Fed's transport with its legion in Klingon's Vor."""
    c, g = seed004(fleets=[transport()], sectors=VOR, relations=relations)
    pair = TreatyPair(powers=("fed", "klingon"), facts=[PairFact(fact=fact, by=by, turn=3 - age)])
    c = c.model_copy(update={"turn": 3, "treaties": [pair]})
    return at_troops(c, g), g


def land(c, g):
    return do(c, g, "t", next(a for a in actions(c, "t") if a.verb == "land"))


@pytest.mark.parametrize("age", [0, 1])
def test_the_attacked_power_may_land_on_the_attackers_world(age):
    """Klingon generated an encounter against Fed's ships this turn or last: Fed may land on Vor I
    (not its system), the log says which exception, and the landing opens the planet's ground combat."""
    c, g = vor(age=age)
    c = land(c, g)
    assert [x.id for x in c.sector_at("0505").star_system.planets[0].ground_units] == ["g1", "g9"]
    line = next(e for e in reversed(c.log) if "disembarked" in e.text)
    assert line.rule == "004 Invasion Phase"
    assert line.text == ("t disembarked Fed legion on Vor I (Normal Relations' exception: Klingon attacked Fed's "
                         "forces this turn or last) [cargo c1]")
    assert [(str(x.at), x.planet) for x in c.ground_combats] == [("0505", "Vor I")]


def test_the_attacker_gains_nothing_from_its_own_attack():
    c, g = vor(by="fed")
    with pytest.raises(RuleError) as e:
        land(c, g)
    assert e.value.rule == "004 Invasion Phase"
    assert str(e.value).endswith(
        "only a Declaration of War (or, at Normal Relations, a system Fed controls or controlled, or an attack "
        "by Klingon on Fed's forces this turn or last) allows the commitment of ground troops on Vor I of Klingon")


def test_an_attack_two_turns_old_opens_nothing():
    c, g = vor(age=2)
    with pytest.raises(RuleError, match="an attack by Klingon on Fed's forces this turn or last"):
        land(c, g)


@pytest.mark.parametrize("fact", ["caught_espionage", "implicated_sabotage", "broke_treaty_with_you"])
def test_only_an_encounter_is_an_attack(fact):
    c, g = vor(fact=fact)
    with pytest.raises(RuleError, match="allows the commitment of ground troops"):
        land(c, g)


def test_under_a_treaty_an_attack_opens_nothing():
    c, g = vor(relations={("fed", "klingon"): "peace"})
    with pytest.raises(RuleError, match="allows the commitment of ground troops"):
        land(c, g)


def test_ground_war_and_its_words_directly():
    """Each exception named; War first; the system half before the attack half; a power against itself nothing."""
    from rules.strategic.diplomacy import Diplomacy
    from rules.turn.invasion import ground_war, ground_war_why

    c, _ = vor()
    dip, sec = Diplomacy(c), c.sector_at("0505")
    assert ground_war(c, dip, sec, "fed", "klingon") == "both"  # Fed attacked, Klingon's system
    assert ground_war(c, dip, sec, "klingon", "fed") == "both"
    assert ground_war_why(c, dip, sec, "fed", "klingon") == ("Normal Relations' exception: Klingon attacked Fed's "
                                                             "forces this turn or last")
    assert ground_war_why(c, dip, sec, "klingon", "fed") == ("Normal Relations' exception: the system is or was "
                                                             "Klingon's")
    assert ground_war_why(c, dip, sec, "fed", "fed") is None and ground_war(c, dip, sec, "fed", "fed") is None
    empty = c.model_copy(deep=True)
    es = empty.sector_at("0505")
    es.owner = None
    es.star_system.planets[0].owner = None
    assert ground_war(empty, dip, es, "fed", "klingon") == "fed"  # only the attacked
    assert ground_war(empty, dip, es, "klingon", "fed") == "fed"
    old = c.model_copy(deep=True, update={"turn": 4})  # the fact of turn 2 is two turns old
    assert ground_war(old, dip, es, "fed", "klingon") is None
    war, _ = vor(relations={("fed", "klingon"): "war"})
    wd = Diplomacy(war)
    assert ground_war_why(war, wd, es, "fed", "klingon") == "at War"
    assert ground_war(war, wd, es, "klingon", "fed") == "both"
    peace, _ = vor(relations={("fed", "klingon"): "peace"})
    assert ground_war(peace, Diplomacy(peace), sec, "fed", "klingon") is None


def test_the_system_half_is_named_in_the_log_and_war_adds_nothing():
    """Fed, Vor's original owner, lands without any attack: the log names the system exception; at War
    the landing's line stays as it was (no exception needed)."""
    c, g = seed004(fleets=[transport()], sectors={"0505": {**VOR["0505"], "original_owner": "fed"}},
                   relations=NORMAL)
    c = land(at_troops(c, g), g)
    assert c.log[-1].text == "t disembarked Fed legion on Vor I (Normal Relations' exception: the system is or was " \
                             "Fed's) [cargo c1]"
    c, g = vor(relations={("fed", "klingon"): "war"})
    assert land(c, g).log[-1].text == "t disembarked Fed legion on Vor I [cargo c1]"
