"""Troop combat and conquest (seed 004 Invasion Phase, Morale Check Chart, Command Post)."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.battlehex.questions import QKind
from rules.errors import RuleError
from rules.turn.invasion import (
    MORALE_RULE,
    RULE,
    apply_conquest,
    apply_ground_losses,
    apply_seizure_morale,
    conquest,
    ground_losses_question,
    ground_strength,
    morale_after,
    seizure_morale_question,
    system_conquered,
)
from tests.rules.strategic.builder import L, campaign, fleet, state, unit

AT = L("0202")


def gu(gid: str, power: str, attrition: int = 1) -> dict:
    return {"id": gid, "name": gid.upper(), "power": power, "attrition": attrition}


def world(*planets: dict, owner: str | None = "fed", command_post: bool = False, relations=None):
    """A 3x3 map with the star system Sol at 0202 holding ``planets``."""
    sec = {"owner": owner, "star_system": {"name": "Sol", "planets": list(planets),
                                           "has_command_post": command_post}}
    return campaign(cols=3, rows=3, sectors={"0202": sec}, relations=relations, version=2)


def planet(name: str = "Terra", owner: str | None = "fed", *units: dict, morale: int = 5) -> dict:
    return {"name": name, "owner": owner, "census": 5, "morale": morale, "ground_units": list(units)}


def check(c, name: str = "Terra", turn: int = 3):
    return conquest(c, state(c), AT, name, turn)


def pl(c, name: str = "Terra"):
    return next(p for p in c.sector_at("0202").star_system.planets if p.name == name)


def test_ground_strength_sums_attrition_per_power():
    c = world(planet("Terra", "fed", gu("a", "fed", 2), gu("b", "fed", 3), gu("k", "klingon", 4)))
    assert ground_strength(pl(c)) == {"fed": 5, "klingon": 4}


def test_largest_attrition_of_three_powers_conquers():
    # Owner Fed eliminated; Klingon 5, Lyran 3 (allied), Orion 4: Klingon has the largest amount.
    c = world(planet("Terra", "fed", gu("k1", "klingon", 3), gu("k2", "klingon", 2), gu("l", "lyran", 3),
                     gu("o", "orion", 4)))
    r = check(c)
    assert r.conquered and r.new_owner == "klingon" and r.old_owner == "fed" and r.rule == RULE
    # the Orions are not allied to the Klingons: the planet remains contested
    assert r.contested


def test_just_more_attrition_wins():
    c = world(planet("Terra", "fed", gu("l", "lyran", 4), gu("o", "orion", 3)))
    assert check(c).new_owner == "lyran"
    c = world(planet("Terra", "fed", gu("l", "lyran", 3), gu("o", "orion", 4)))
    assert check(c).new_owner == "orion"


def test_allied_forces_do_not_contest():
    c = world(planet("Terra", "fed", gu("k", "klingon", 5), gu("l", "lyran", 2)))
    r = check(c)
    assert r.conquered and r.new_owner == "klingon" and not r.contested


def test_non_allied_forces_keep_it_contested():
    c = world(planet("Terra", "fed", gu("k", "klingon", 5), gu("z", "kzinti", 1)))
    r = check(c)
    assert r.conquered and r.new_owner == "klingon" and r.contested


def test_not_conquered_while_the_owner_keeps_a_unit():
    c = world(planet("Terra", "fed", gu("f", "fed", 1), gu("k", "klingon", 9)))
    r = check(c)
    assert not r.conquered and r.new_owner is None and r.contested
    assert "still has ground units" in r.text


def test_tie_keeps_the_owner_and_stays_contested():
    c = world(planet("Terra", "fed", gu("k", "klingon", 3), gu("o", "orion", 3)))
    r = check(c)
    assert not r.conquered and r.new_owner is None and r.contested and "tie" in r.text


def test_tie_between_allies_also_conquers_nothing():
    c = world(planet("Terra", "fed", gu("k", "klingon", 3), gu("l", "lyran", 3)))
    assert not check(c).conquered


def test_only_allies_of_the_owner_do_not_conquer():
    c = world(planet("Terra", "fed", gu("z", "kzinti", 4)))
    r = check(c)
    assert not r.conquered and not r.contested


def test_an_ally_with_more_attrition_wins_once_an_enemy_is_present():
    c = world(planet("Terra", "fed", gu("z", "kzinti", 4), gu("k", "klingon", 3)))
    r = check(c)
    assert r.conquered and r.new_owner == "kzinti" and r.contested


def test_no_ground_forces_no_conquest():
    r = check(world(planet("Terra", "fed")))
    assert not r.conquered and not r.contested


def test_unowned_planet_is_taken_by_ground_forces():
    r = check(world(planet("Terra", None, gu("k", "klingon", 1))))
    assert r.conquered and r.new_owner == "klingon" and r.old_owner is None


def test_unknown_planet_or_system_is_refused():
    c = world(planet("Terra", "fed"))
    with pytest.raises(RuleError, match="no planet named"):
        check(c, "Vulcan")
    with pytest.raises(RuleError, match="no star system"):
        conquest(c, state(c), L("0101"), "Terra", 3)


def test_apply_conquest_changes_owner_records_seizure_and_logs():
    c = world(planet("Terra", "fed", gu("k", "klingon", 2)))
    r = check(c)
    new = apply_conquest(c, r, 3)
    assert pl(new).owner == "klingon" and pl(new).seized_turn == 3
    assert new.log[-1].rule == RULE and "conquered" in new.log[-1].text and new.log[-1].turn == 3
    assert pl(new).morale == 5  # the -3 waits for the morale check
    assert pl(c).owner == "fed" and pl(c).seized_turn is None and not c.log  # argument untouched


def test_apply_refuses_a_result_that_is_no_conquest_or_is_stale():
    c = world(planet("Terra", "fed", gu("f", "fed", 1), gu("k", "klingon", 2)))
    with pytest.raises(RuleError, match="not conquered"):
        apply_conquest(c, check(c), 3)
    c2 = world(planet("Terra", "fed", gu("k", "klingon", 2)))
    done = apply_conquest(c2, check(c2), 3)
    with pytest.raises(RuleError, match="owned by klingon"):
        apply_conquest(done, check(c2), 3)


def test_unowned_planet_taken_is_no_hostile_seizure():
    c = world(planet("Terra", None, gu("k", "klingon", 1)))
    new = apply_conquest(c, check(c), 3)
    assert pl(new).owner == "klingon" and pl(new).seized_turn is None


def test_seizure_morale_check_failed_costs_three():
    c = world(planet("Terra", "fed", gu("k", "klingon", 2), morale=5))
    c = apply_conquest(c, check(c), 3)
    q = seizure_morale_question(c, AT, "Terra")
    assert q.kind is QKind.YES_NO and q.to == "gm" and q.rule == MORALE_RULE and "target number 3" in q.text
    assert pl(apply_seizure_morale(c, AT, "Terra", q.check("yes"), 3)).morale == 2
    assert pl(apply_seizure_morale(c, AT, "Terra", q.check("no"), 3)).morale == 5


def test_seizure_morale_only_for_a_planet_seized_that_turn():
    c = world(planet("Terra", "fed", gu("k", "klingon", 2)))
    with pytest.raises(RuleError, match="not seized"):
        seizure_morale_question(c, AT, "Terra")
    c = apply_conquest(c, check(c), 3)
    with pytest.raises(RuleError, match="turn 4"):
        apply_seizure_morale(c, AT, "Terra", True, 4)


@pytest.mark.parametrize(("morale", "post", "after"), [
    (5, False, 2), (3, False, 0), (2, False, -1),   # without a command post it may reach 0 and below
    (5, True, 2), (4, True, 1), (3, True, 1), (2, True, 1), (1, True, 1),  # never down to 0
    (0, True, 0),  # already at 0: not lowered further
])
def test_command_post_keeps_morale_above_zero(morale, post, after):
    assert morale_after(morale, -3, post) == after


def test_command_post_applied_by_the_seizure_check():
    c = world(planet("Terra", "fed", gu("k", "klingon", 2), morale=3), command_post=True)
    c = apply_conquest(c, check(c), 3)
    new = apply_seizure_morale(c, AT, "Terra", True, 3)
    assert pl(new).morale == 1 and "Command Post" in new.log[-1].text


def test_command_post_does_not_block_gains():
    assert morale_after(0, 1, True) == 1 and morale_after(-2, 1, True) == -1


def test_system_conquest_when_all_planets_fall():
    c = world(planet("Terra", "fed", gu("k", "klingon", 2)), planet("Luna", "fed"), planet("Mars", "fed",
                                                                                          gu("l", "lyran", 1)))
    r = system_conquered(c, state(c), AT)
    assert r is not None and r.system and r.conquered and r.new_owner == "klingon" and not r.contested
    new = apply_conquest(c, r, 3)
    sec = new.sector_at("0202")
    assert sec.owner == "klingon"
    # the empty planet passes with the system; planets held by ground units keep their own conquest
    assert pl(new, "Luna").owner == "klingon" and pl(new, "Luna").seized_turn == 3
    assert pl(new, "Terra").owner == "fed" and pl(new, "Mars").owner == "fed"


def test_system_not_conquered_while_the_owner_holds_one_planet():
    c = world(planet("Terra", "fed", gu("k", "klingon", 9)), planet("Luna", "fed", gu("f", "fed", 1)))
    r = system_conquered(c, state(c), AT)
    assert r is not None and not r.conquered and r.contested


def test_system_counts_only_disembarked_ground_units():
    # A Klingon transport in orbit carries a ground unit: embarked, it conquers nothing.
    c2 = campaign(cols=3, rows=3, version=2, sectors={"0202": {"owner": "fed", "star_system": {
        "name": "Sol", "planets": [planet("Terra", "fed")]}}},
        fleets=[fleet("t", "klingon", "0202", units=[unit("t1", kind="freighter", supply_rating=10)], kind="transport",
                      cargo=[{"id": "c1", "kind": "ground_unit", "ground_unit": gu("g", "klingon", 5)}])])
    r = system_conquered(c2, state(c2), AT)
    assert r is not None and not r.conquered


def test_system_conquered_none_without_a_star_system():
    c = world(planet("Terra", "fed"))
    assert system_conquered(c, state(c), L("0101")) is None


def test_ground_losses_question_and_apply():
    c = world(planet("Terra", "fed", gu("f", "fed", 1), gu("k", "klingon", 2)), planet("Luna", "fed",
                                                                                         gu("x", "fed", 1)))
    q = ground_losses_question(c, AT, "Terra")
    assert q.kind is QKind.CHOOSE_UNITS and q.to == "gm" and q.rule == RULE and q.options == ("f", "k")
    new = apply_ground_losses(c, AT, "Terra", ["f"])
    assert [g.id for g in pl(new).ground_units] == ["k"] and "FED eliminated" not in new.log[-1].text
    assert "F eliminated" in new.log[-1].text
    assert check(new).conquered and check(new).new_owner == "klingon"
    assert len(pl(c).ground_units) == 2
    assert apply_ground_losses(c, AT, "Terra", [])  # no losses is an answer


@pytest.mark.parametrize("bad", [["x"], ["f", "f"], "f", [1], None])
def test_ground_losses_only_units_on_that_planet(bad):
    c = world(planet("Terra", "fed", gu("f", "fed", 1)), planet("Luna", "fed", gu("x", "fed", 1)))
    with pytest.raises(IllegalAnswer) as e:
        apply_ground_losses(c, AT, "Terra", bad)
    assert e.value.rule == RULE


def test_a_system_whose_old_owner_still_has_bases_keeps_its_sector_owner():
    """The sector's fixed units belong to its owner (campaign format): a conquered system does not
    hand the old owner's standing battle station to the conqueror; the planets pass as they fall."""
    c = world(planet("Terra", "fed", gu("k", "klingon", 2)))
    data = c.model_dump(mode="json")
    sec = next(s for s in data["map"]["sectors"] if s["at"] == "0202")
    sec["garrison"] = [{"id": "bats", "name": "Battle Station", "kind": "battle_station"}]
    c = type(c).model_validate(data)
    r = system_conquered(c, state(c), AT)
    assert r is not None and r.conquered
    new = apply_conquest(c, r, 3)
    assert new.sector_at("0202").owner == "fed" and "stays Fed's while its fixed units stand: Battle Station" \
        in new.log[-1].text
