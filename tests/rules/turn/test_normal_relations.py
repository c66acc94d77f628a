"""Seed 004 Intel Phase, Normal Relations: "military actions such as generating encounter
scenarios or invading systems controlled by the other power are restricted. There are exceptions
to this rule when ... you previously or currently control a system." Blue (fed) enters 0304 where
Red (klingon) stands, the two at Normal Relations."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.model.records import Phase
from rules.model.turn_model import EncounterState, Scenario
from rules.turn import combat_phase as cp
from tests.rules.turn.test_combat_phase import entered

NORMAL = {("fed", "klingon"): "normal"}
RED_WORLD = {"0304": {"owner": "klingon", "star_system": {"name": "Kor", "planets": [
    {"name": "Kor I", "owner": "klingon", "census": 3, "morale": 3}]}}}


def at_encounters(**kw):
    c, g = entered(relations=NORMAL, **kw)
    return cp.advance(c, g), g


def test_the_power_whose_system_it_is_may_demand_the_visitor_may_not():
    c, g = at_encounters(sectors=RED_WORLD)
    assert c.phase is Phase.ENCOUNTERS and [r.encounter for r in c.battle_hexes] == [EncounterState.PENDING]
    _, q = cp.pending(c, g)
    assert q.key == "encounter/0304/demand/red" and "Normal Relations: Blue may not generate" in q.text
    assert q.text.endswith("you may: the system is or was yours)")
    c = cp.answer(c, g, "deep_space")
    _, q = cp.pending(c, g)
    assert q.key == "encounter/0304/agree/blue"  # Blue may still refuse and return
    c = cp.answer(c, g, True)
    assert c.battle_hexes[0].scenario is Scenario.DEEP_SPACE and cp.advance(c, g).phase is Phase.BATTLES
    assert cp.fightable(cp.advance(c, g)) == [0]


def test_the_visitor_is_not_asked_for_a_demand():
    c, g = at_encounters(sectors=RED_WORLD)
    c = cp.answer(c, g, "none")  # Red demands nothing; Blue is asked nothing: no scenario
    assert c.battle_hexes[0].encounter is EncounterState.NONE and c.battle_hexes[0].resolved
    assert cp.pending(c, g) is None


def test_a_system_the_visitor_once_controlled_lets_it_demand_too():
    """Blue is 0304's original owner ("previously ... control"): both may demand."""
    c, g = at_encounters(sectors={"0304": {**RED_WORLD["0304"], "original_owner": "fed"}})
    c = cp.answer(c, g, "none")
    _, q = cp.pending(c, g)
    assert q.key == "encounter/0304/demand/blue" and "Normal Relations" not in q.text
    c = cp.answer(c, g, "deep_space")
    assert c.battle_hexes[0].scenario is Scenario.DEEP_SPACE


def test_no_meeting_in_a_system_neither_controls_or_controlled():
    c, g = at_encounters()
    assert c.battle_hexes == [] and cp.pending(c, g) is None


def test_a_demand_from_the_visitor_is_refused_with_the_rule():
    from rules.strategic.state import StrategicState
    from rules.turn.encounter_step import meeting_of
    from rules.turn.encounters import Answers, effect

    c, g = at_encounters(sectors=RED_WORLD)
    m = meeting_of(c, StrategicState.compute(c, g), c.battle_hexes[0])
    assert m.restricted == ("blue",)
    with pytest.raises(IllegalAnswer, match="Normal Relations only a power that controls or controlled") as e:
        effect(m, Answers(attacker_demand=Scenario.DEEP_SPACE))
    assert e.value.rule == "004 Intel Phase (Normal Relations)"


def test_ground_troops_land_at_normal_relations_only_in_a_system_their_power_controls_or_controlled():
    """Landing on Red's planet at Normal Relations: refused in Red's system, allowed in one Blue
    owns or originally owned; the landing then opens the planet's ground combat."""
    from rules.errors import RuleError
    from rules.turn.logistics import actions, do
    from tests.rules.strategic.builder import fleet, unit
    from tests.rules.turn.test_combat_phase import seed004
    from tests.rules.turn.test_logistics import at_troops, transport

    def world(**sector):
        kl = {"id": "g1", "name": "Klingon legion", "power": "klingon", "attrition": 2}
        return {"0505": {**sector, "star_system": {"name": "Vor", "planets": [
            {"name": "Vor I", "owner": "klingon", "census": 3, "morale": 3, "ground_units": [kl]}]}}}

    theirs, g = seed004(fleets=[transport()], sectors=world(owner="klingon"), relations=NORMAL)
    theirs = at_troops(theirs, g)
    land = next(a for a in actions(theirs, "t") if a.verb == "land")
    with pytest.raises(RuleError, match="Normal Relations, a system Fed controls or controlled"):
        do(theirs, g, "t", land)
    once, g = seed004(fleets=[transport(), fleet("x", "klingon", "0101", units=[unit("x1")])],
                      sectors=world(owner="klingon", original_owner="fed"), relations=NORMAL)
    once = do(at_troops(once, g), g, "t", land)
    assert [x.id for x in once.sector_at("0505").star_system.planets[0].ground_units] == ["g1", "g9"]
    assert [(str(x.at), x.planet) for x in once.ground_combats] == [("0505", "Vor I")]


@pytest.mark.parametrize("state", ["non_aggression", "peace", "trade"])
def test_no_meeting_under_a_treaty_even_in_a_system_one_controls(state):
    """The exception is Normal Relations': under a treaty diplomacy still allows no encounter."""
    c, g = entered(relations={("fed", "klingon"): state}, sectors=RED_WORLD)
    c = cp.advance(c, g)
    assert [r for r in c.battle_hexes if r.between is None] == [] and cp.pending(c, g) is None


def test_the_exception_is_seed_004s_combat_phase_only():
    """A campaign fighting V13.11's Battle Hexes (settings.combat_phase v13) forms none at Normal Relations."""
    from rules.strategic import build_graph
    from tests.rules.strategic.builder import campaign, fleet

    c = campaign(relations=NORMAL, sectors=RED_WORLD,
                 fleets=[fleet("f", "fed", "0303", ("0304",)), fleet("k", "klingon", "0304")])
    g = build_graph(c)
    c = cp.end_movement(c, g).campaign
    assert c.battle_hexes == []


def test_a_planet_of_the_system_is_control_enough_to_land():
    """Fed owns Vor II in Klingon's 0505: "you ... currently control a system" - it may land on Vor I."""
    from rules.turn.logistics import actions, do
    from tests.rules.turn.test_combat_phase import seed004
    from tests.rules.turn.test_logistics import at_troops, transport

    kl = {"id": "g1", "name": "Klingon legion", "power": "klingon", "attrition": 2}
    sectors = {"0505": {"owner": "klingon", "star_system": {"name": "Vor", "planets": [
        {"name": "Vor I", "owner": "klingon", "census": 3, "morale": 3, "ground_units": [kl]},
        {"name": "Vor II", "owner": "fed", "census": 1, "morale": 1}]}}}
    c, g = seed004(fleets=[transport()], sectors=sectors, relations=NORMAL)
    c = at_troops(c, g)
    land = next(a for a in actions(c, "t") if a.verb == "land" and a.planet == "Vor I")
    c = do(c, g, "t", land)
    assert [x.id for x in c.sector_at("0505").star_system.planets[0].ground_units] == ["g1", "g9"]


# -- the other exception: "when a power at normal relations attacks any of your forces" --------------
def attacked(fact="encounter", by="klingon", age=1, turn=3, **kw):
    """Blue enters 0304 (nobody's system) where Red stands, in turn ``turn``; the pair keeps the
    Exhibit B fact ``fact`` done by ``by`` ``age`` turns ago; movement ended, at the Encounters Phase."""
    from rules.model.treaty_model import PairFact, TreatyPair
    from tests.rules.strategic.builder import fleet

    c, g = seed004(fleets=[fleet("f", "fed", "0303", ("0304",)), fleet("k", "klingon", "0304")],
                   relations=NORMAL, **kw)
    pair = TreatyPair(powers=("fed", "klingon"), facts=[PairFact(fact=fact, by=by, turn=turn - age)])
    c = c.model_copy(update={"turn": turn, "treaties": [pair]})
    c = cp.end_movement(c, g).campaign
    return cp.advance(c, g), g


def seed004(**kw):
    from tests.rules.turn.test_combat_phase import seed004 as made
    return made(**kw)


@pytest.mark.parametrize("age", [0, 1])
def test_a_power_attacked_by_the_other_may_demand_anywhere(age):
    """Red generated an encounter scenario against Blue's ships this turn or last: in 0304, a
    system neither controls or controlled, the two meet and only Blue, attacked, may demand."""
    from rules.strategic.state import StrategicState
    from rules.turn.encounter_step import meeting_of

    c, g = attacked(age=age)
    assert c.phase is Phase.ENCOUNTERS and [r.encounter for r in c.battle_hexes] == [EncounterState.PENDING]
    assert meeting_of(c, StrategicState.compute(c, g), c.battle_hexes[0]).restricted == ("red",)
    _, q = cp.pending(c, g)
    assert q.key == "encounter/0304/demand/blue" and "Red may not generate" in q.text
    assert q.text.endswith("(Normal Relations: Red may not generate an encounter here; you may: it attacked your "
                           "forces)")
    c = cp.answer(c, g, "deep_space")  # Red, holding the sector, cannot refuse
    assert c.battle_hexes[0].scenario is Scenario.DEEP_SPACE


def test_the_attacker_gains_no_exception_from_its_own_attack():
    """Blue generated the scenario against Red's ships: Red may demand, Blue (the attacker) may not."""
    from rules.strategic.state import StrategicState
    from rules.turn.encounter_step import meeting_of

    c, g = attacked(by="fed")
    assert meeting_of(c, StrategicState.compute(c, g), c.battle_hexes[0]).restricted == ("blue",)
    _, q = cp.pending(c, g)
    assert q.key == "encounter/0304/demand/red"


def test_an_attack_two_turns_old_no_longer_opens_the_exception():
    c, g = attacked(age=2)
    assert c.battle_hexes == [] and cp.pending(c, g) is None


@pytest.mark.parametrize("fact", ["caught_espionage", "implicated_sabotage", "broke_treaty_with_you"])
def test_only_an_encounter_generated_against_ones_ships_is_an_attack(fact):
    c, g = attacked(fact=fact)
    assert c.battle_hexes == [] and cp.pending(c, g) is None


def test_an_attack_on_another_power_of_the_team_opens_nothing_for_this_one():
    """Red (Klingon) generated an encounter against Kzinti's ships, not Fed's: Fed, in the meeting,
    was not attacked ("any of your forces": the wronged power alone)."""
    from rules.model.treaty_model import PairFact, TreatyPair
    from tests.rules.strategic.builder import fleet

    c, g = seed004(fleets=[fleet("f", "fed", "0303", ("0304",)), fleet("k", "klingon", "0304")],
                   relations={**NORMAL, ("kzinti", "klingon"): "normal"})
    pair = TreatyPair(powers=("kzinti", "klingon"), facts=[PairFact(fact="encounter", by="klingon", turn=3)])
    c = c.model_copy(update={"turn": 3, "treaties": [pair]})
    c = cp.advance(cp.end_movement(c, g).campaign, g)
    assert c.battle_hexes == [] and cp.pending(c, g) is None


def _state(**kw):
    from rules.model.treaty_model import PairFact, TreatyPair
    from rules.strategic.state import StrategicState
    from tests.rules.strategic.builder import fleet

    c, g = seed004(fleets=[fleet("f", "fed", "0304"), fleet("k", "klingon", "0304")], **kw)
    pair = TreatyPair(powers=("fed", "klingon"), facts=[PairFact(fact="encounter", by="klingon", turn=1)])
    return StrategicState.compute(c.model_copy(update={"treaties": [pair]}), g)


def test_normal_exception_directly():
    """[attacker side, defender side]: Fed attacked by Klingon may; only at Normal Relations between
    every pair of the two sides, only in seed 004's Combat Phase, only with powers on both sides."""
    from hexmap import Label
    from rules.strategic.battle_hex import attacked_by, normal_exception

    at = Label.parse("0304")
    s = _state(relations={**NORMAL, ("kzinti", "klingon"): "normal"})
    assert normal_exception(s, at, ["fed"], ["klingon"]) == [True, False]
    assert normal_exception(s, at, ["klingon"], ["fed"]) == [False, True]
    assert normal_exception(s, at, ["fed", "kzinti"], ["klingon"]) == [True, False]
    assert normal_exception(s, at, [], ["klingon"]) == [False, False]
    assert normal_exception(s, at, ["fed"], []) == [False, False]
    assert attacked_by(s, ["fed"], ["klingon"]) and not attacked_by(s, ["klingon"], ["fed"])
    assert not attacked_by(s, ["kzinti"], ["klingon"]) and not attacked_by(s, ["fed"], ["lyran"])
    peace = _state(relations={**NORMAL, ("kzinti", "klingon"): "peace"})  # one pair under a treaty
    assert normal_exception(peace, at, ["fed", "kzinti"], ["klingon"]) == [False, False]
    assert normal_exception(peace, at, ["klingon"], ["kzinti", "fed"]) == [False, False]
    kor = _state(relations=NORMAL, sectors=RED_WORLD)  # Klingon's system, Fed attacked: both may; facing nobody: no
    assert normal_exception(kor, at, ["fed"], ["klingon"]) == [True, True]
    from rules.turn.encounter_find import _restricted  # Fed may because attacked, Klingon as its system
    blue, red = kor.campaign.teams[0], kor.campaign.teams[1]
    assert _restricted(kor, at, blue, red) == ((), ("blue",))
    assert normal_exception(kor, at, [], ["klingon"]) == [False, False]
    v13 = _state(relations=NORMAL)
    v13.campaign.settings.combat_phase = "v13"
    assert normal_exception(v13, at, ["fed"], ["klingon"]) == [False, False]
