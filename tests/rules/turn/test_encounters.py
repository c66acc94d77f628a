"""Seed 004 Encounters Phase: the "Effects of demanded scenarios" table as answers and as
questions, after a battle between sectors, and diplomacy that allows no encounter."""
from __future__ import annotations

from typing import Any

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.errors import RuleError
from rules.model.turn_model import Scenario
from rules.turn.encounter_find import meetings
from rules.turn.encounters import RULE, Answers, Meeting, after_battle, decide, effect, encounter_allowed
from tests.rules.strategic.builder import L, campaign, fleet, state

SECTOR = Meeting(L("0303"), None, "red", "blue", ("k1",), ("f1",), fixed_point=False)
FIXED = Meeting(L("0303"), None, "red", "blue", ("k1",), ("f1",), fixed_point=True)
MIDDLE = Meeting(L("0303"), L("0403"), "red", "blue", ("k1",), ("f1",))
DS, DEF, PUR = Scenario.DEEP_SPACE, Scenario.DEFENSIVE, Scenario.PURSUIT


def run(m: Meeting, answers: list[Any]) -> tuple[list[Any], Any]:
    """Drive :func:`decide` with raw answers (read by each question's check, as the app does)."""
    gen = decide(m, str.upper)
    asked = []
    try:
        q = next(gen)
        for a in answers:
            asked.append(q)
            q = gen.send(q.check(a))
    except StopIteration as stop:
        return asked, stop.value
    raise AssertionError(f"still asking {q.key} after {answers}")


# -- attacker enters sector ---------------------------------------------------------------
def test_deep_space_demanded_and_agreed():
    """"Defender may demand a Deep Space encounter ... Attacker agrees. Resolve a Deep Space encounter"."""
    asked, r = run(SECTOR, ["deep_space", "yes"])
    assert [q.key for q in asked] == ["encounter/0303/demand/blue", "encounter/0303/agree/red"]
    assert [q.to for q in asked] == ["blue", "red"]
    assert all(q.rule == RULE == "004 Encounters Phase" for q in asked)
    assert (r.scenario, r.returns, r.stays_between) == (DS, (), ())
    assert r.rule == RULE and r.text.startswith("0303:") and "BLUE demands a Deep Space" in r.text


def test_deep_space_refused_then_pursuit():
    """"Attacker may refuse. Defender may demand pursuit scenario. Attacker returns to the last sector"."""
    asked, r = run(SECTOR, ["deep_space", "no", "yes"])
    assert asked[-1].key == "encounter/0303/pursuit/blue" and asked[-1].to == "blue"
    assert (r.scenario, r.returns, r.stays_between) == (PUR, ("red",), ())


def test_deep_space_refused_without_pursuit_attacker_returns():
    asked, r = run(SECTOR, ["deep_space", "no", "no"])
    assert (r.scenario, r.returns) == (None, ("red",))
    assert "returns to its last sector" in r.text


def test_defensive_demanded_at_fixed_point_and_agreed():
    """"Defender may demand a Defensive encounter ... Attacker agrees. Resolve a Defensive encounter"."""
    asked, r = run(FIXED, ["defensive", True])
    assert asked[0].options == ("deep_space", "defensive", "none")
    assert (r.scenario, r.returns) == (DEF, ())


def test_defensive_refused_attacker_returns_and_pursuit_may_follow():
    """"Attacker may refuse. Attacker returns to the last sector"; reading: "Fleets accepting refused
    scenarios may demand a Pursuit scenario" applies to a refused Defensive demand too."""
    asked, r = run(FIXED, ["defensive", "no", "no"])
    assert (r.scenario, r.returns) == (None, ("red",))
    assert asked[-1].key == "encounter/0303/pursuit/blue"
    _, r = run(FIXED, ["defensive", "no", "yes"])
    assert (r.scenario, r.returns) == (PUR, ("red",))


def test_nobody_demands_in_a_sector_both_stay():
    """Reading: "Encounters may lead to scenario generation but are not mandatory": no scenario, both stay."""
    asked, r = run(SECTOR, ["none", "none"])
    assert [q.key for q in asked] == ["encounter/0303/demand/blue", "encounter/0303/demand/red"]
    assert (r.scenario, r.returns, r.stays_between) == (None, (), ())


def test_attacker_demand_when_the_defender_demands_nothing():
    """"Scenarios are generated if at least one force in the encounter demands it": the defender,
    holding the sector, is not asked to agree (reading)."""
    asked, r = run(SECTOR, ["none", "deep_space"])
    assert len(asked) == 2 and asked[1].options == ("deep_space", "none")
    assert (r.scenario, r.returns) == (DS, ())


def test_attacker_may_not_demand_defensive():
    with pytest.raises(IllegalAnswer) as e:
        effect(FIXED, Answers(attacker_demand=DEF))
    assert e.value.rule == RULE


# -- meet in the middle -------------------------------------------------------------------
@pytest.mark.parametrize("winner,loser", [("red", "blue"), ("blue", "red")])
def test_middle_both_demand_winner_stays_loser_returns(winner, loser):
    """"Both agree. Resolve a Deep Space encounter. Winner remains between sectors. Loser returns"."""
    asked, r = run(MIDDLE, ["deep_space", "deep_space"])
    assert [q.key for q in asked] == ["encounter/0303-0403/demand/red", "encounter/0303-0403/demand/blue"]
    assert (r.scenario, r.returns, r.stays_between, r.between) == (DS, (), (), L("0403"))
    after = after_battle(r, winner)
    assert (after.returns, after.stays_between) == ((loser,), (winner,))


def test_middle_one_demands_other_agrees():
    asked, r = run(MIDDLE, ["none", "deep_space", "yes"])
    assert asked[-1].key == "encounter/0303-0403/agree/red"
    assert r.scenario is DS


def test_middle_attacker_refuses():
    """"Attacker refuses. Attacker returns to the last sector. Defender remains between sectors"."""
    asked, r = run(MIDDLE, ["none", "deep_space", "no"])
    assert len(asked) == 3, "no Pursuit between sectors (reading)"
    assert (r.scenario, r.returns, r.stays_between) == (None, ("red",), ("blue",))


def test_middle_defender_refuses():
    """"Defender refuses. Defender returns to the last sector. Attacker remains between sectors"."""
    _, r = run(MIDDLE, ["deep_space", "none", "no"])
    assert (r.scenario, r.returns, r.stays_between) == (None, ("blue",), ("red",))


def test_middle_both_refuse_both_return():
    """"Both refuse. Both return to their last sector" (nobody demands, reading)."""
    asked, r = run(MIDDLE, ["none", "none"])
    assert len(asked) == 2
    assert (r.scenario, r.returns, r.stays_between) == (None, ("red", "blue"), ())


def test_no_pursuit_between_sectors():
    with pytest.raises(IllegalAnswer, match="no Pursuit"):
        effect(MIDDLE, Answers(attacker_demand=DS, agreed=False, pursuit=True))


def test_after_battle_refuses_what_is_not_a_middle_deep_space():
    _, sector = run(SECTOR, ["deep_space", "yes"])
    with pytest.raises(RuleError) as e:
        after_battle(sector, "red")
    assert e.value.rule == RULE
    _, r = run(MIDDLE, ["deep_space", "deep_space"])
    with pytest.raises(RuleError, match="neither side"):
        after_battle(r, "orions")


# -- illegal answers ----------------------------------------------------------------------
def test_defensive_without_fixed_point_is_refused():
    gen = decide(SECTOR, str)
    q = next(gen)
    assert q.options == ("deep_space", "none")
    with pytest.raises(IllegalAnswer) as e:
        q.check("defensive")
    assert e.value.rule == RULE and "no fixed defensive point" in e.value.message
    with pytest.raises(IllegalAnswer, match="fixed defensive point"):
        effect(SECTOR, Answers(defender_demand=DEF, agreed=True))


def test_option_not_offered_is_refused():
    q = next(decide(FIXED, str))
    for bad in ("pursuit", "attack", None):
        with pytest.raises(IllegalAnswer) as e:
            q.check(bad)
        assert e.value.rule == RULE
    agree = decide(SECTOR, str)
    next(agree)
    q = agree.send(DS)
    with pytest.raises(IllegalAnswer):
        q.check("maybe")


def test_inconsistent_answers_are_refused():
    for ans in (Answers(defender_demand=DS), Answers(defender_demand=DS, attacker_demand=DS, agreed=True),
                Answers(agreed=True), Answers(defender_demand=DS, agreed=True, pursuit=True)):
        with pytest.raises(IllegalAnswer):
            effect(SECTOR, ans)
    with pytest.raises(IllegalAnswer):
        effect(MIDDLE, Answers(attacker_demand=DS))


# -- diplomacy ----------------------------------------------------------------------------
def test_encounter_allowed_only_at_hostilities_or_war():
    c = campaign(relations={("fed", "orion"): "non_aggression", ("kzinti", "orion"): "normal"})
    s = state(c)
    assert encounter_allowed(s, "fed", "klingon")
    assert encounter_allowed(s, "lyran", "orion")
    assert not encounter_allowed(s, "fed", "orion")
    assert not encounter_allowed(s, "kzinti", "orion")


def test_non_aggression_treaty_no_encounter_nobody_returns():
    """"If encounters cannot be generated (e.g. Non-Aggression treaty), both fleets are treated as
    if they agreed to an encounter, but no encounter is actually generated"."""
    c = campaign(relations={("fed", "orion"): "non_aggression"},
                 fleets=[fleet("f1", "fed", "0303", in_transit_to="0403"),
                         fleet("o1", "orion", "0403", in_transit_to="0303")])
    [m] = meetings(c, state(c), {})
    assert (m.attacker, m.defender, m.between) == ("blue", "orions", L("0403"))
    assert "non-aggression" in m.blocked
    asked, r = run(m, [])
    assert asked == []
    assert (r.scenario, r.returns, r.stays_between) == (None, (), ("blue", "orions"))
    assert "no encounter is generated" in r.text and "non-aggression" in r.text


def test_raw_answers_sent_to_the_generator_are_checked_too():
    """An answer sent unread is read by the question's own check: illegal ones are refused."""
    gen = decide(SECTOR, str)
    next(gen)
    q = gen.send("deep_space")
    assert q.key == "encounter/0303/agree/red"
    with pytest.raises(StopIteration) as stop:
        gen.send("yes")
    assert stop.value.value.scenario is DS
    gen = decide(SECTOR, str)
    next(gen)
    with pytest.raises(IllegalAnswer, match="no fixed defensive point"):
        gen.send("defensive")


def _first(m: Meeting, answers: list[Any]):
    """The question asked after ``answers`` (raw, read by each question's check)."""
    gen = decide(m, str.upper)
    q = next(gen)
    for a in answers:
        q = gen.send(q.check(a))
    return q


def test_the_usual_case_is_a_demand_agreed_to():
    """Issue 22: a GM pressing Return through the Encounters gets battles: a demand opens at a Deep
    Space encounter and the side asked to agree opens at yes (it moved in to meet the other); a
    Pursuit after a refusal opens at no (the seed's "may"); a side that may demand nothing at none."""
    demand = _first(SECTOR, [])
    assert demand.key == "encounter/0303/demand/blue" and demand.default == "deep_space"
    agree = _first(SECTOR, ["deep_space"])
    assert agree.key == "encounter/0303/agree/red" and agree.default is True
    assert _first(SECTOR, ["deep_space", "no"]).default is False  # the Pursuit
    middle = _first(MIDDLE, ["none", "deep_space"])
    assert middle.key == "encounter/0303-0403/agree/red" and middle.default is True
    assert _first(FIXED, []).default == "deep_space" and "defensive" in _first(FIXED, []).options
    asked, r = run(SECTOR, [_first(SECTOR, []).default, agree.default])
    assert r.scenario is DS


@pytest.mark.parametrize("m, answers", [(SECTOR, ["deep_space", "yes"]), (SECTOR, ["deep_space", "no", "yes"]),
                                        (SECTOR, ["none", "deep_space"]), (MIDDLE, ["deep_space", "deep_space"]),
                                        (MIDDLE, ["none", "none"])])
def test_the_log_line_names_its_phase_once(m, answers):
    """Seen on the real screen: the log's tag gives the rule, and the line said it again
    ("[004 Encounters Phase] 004 Encounters Phase: 0604: ..."). The text starts at the place."""
    _, r = run(m, answers)
    assert r.rule == RULE and not r.text.startswith(RULE) and r.text.startswith(m.where + ": "), r.text
    if r.between is not None and r.scenario is DS:
        after = after_battle(r, "red")
        assert after.rule == RULE and not after.text.startswith(RULE), after.text
