"""b5 anti-fighter fire at attacking flights (seed 003 Anti-Fighter Fire; rules/systems/b5/antifighter.py):
the escorts fired at before they absorb the fire at their charge, and below x1 the firing side
choosing the flights its x1 fire reaches (``b5/N/afpick``), with the odds before the roll."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.battlehex.questions import QKind
from rules.model.b5 import B5Weapon
from rules.systems.b5 import antifighter, fighters
from tests.rules.systems.b5.afhelp import campaign, fight, texts
from tests.rules.systems.b5.helpers import ARRAY, PULSE

ALL_IN = {"r-fl1": "1332", "r-fl2": "1332", "r-fl3": "1332"}  # B-FLAG's hex in pulse 2
THREE = "r-fl1 attack b-flag; r-fl2 attack b-flag; r-fl3 attack b-flag"


def attack(run, flight: str) -> None:
    for a in (fighters.FIGHTERS, flight, "b-flag"):
        run.answer(a)


def test_below_x1_the_firing_side_chooses_which_flights_its_fire_reaches():
    """AF 1 with three enemy flights in the hex: 1 over half of 3 (2) is below x1, so x1 at only
    half of the three attacking (2), "The player who is doing the AF fire chooses": Blue is asked,
    not the GM, at R-FL1's attack, with each flight's odds at x1 (d10 + sensor 5 against Def 8:
    4/5 a die; the d8 reaching armor 3, 3/4: 3/5 a fighter). One flight, or all three, refused.
    Blue chooses R-FL2 and R-FL3: R-FL1 attacks unfired at; R-FL2 then meets x1 (d10 5: a hit,
    d8 4: a fighter destroyed) with no second question."""
    run = fight(campaign(af=1), THREE, ALL_IN, faces=[1, 5, 4] + [1] * 30)
    attack(run, "r-fl1")
    q = run.pending
    assert q.key == "b5/1/afpick" and q.to == run.engine.units["b-flag"].team == "blue"
    assert q.options == ("r-fl1", "r-fl2", "r-fl3") and q.data["pick"] == 2 and q.default == ["r-fl1", "r-fl2"]
    assert "(the firing side chooses)" in q.text and "secret" not in q.data
    assert run.question_odds() == {n: "x1, d10 + sensor 5 needs 8: 4/5 a die; a fighter destroyed 3/5 a die"
                                   for n in ("R-FL1", "R-FL2", "R-FL3")}
    for wrong in (["r-fl1"], ["r-fl1", "r-fl2", "r-fl3"], ["r-fl2", "r-fl2"], ["b-flag", "r-fl1"]):
        with pytest.raises(IllegalAnswer) as e:
            run.answer(wrong)
        assert e.value.rule == antifighter.RULE
    with pytest.raises(IllegalAnswer, match="choose 2, not 1"):
        run.answer(["r-fl3"])
    run.answer(["r-fl3", "r-fl2"])
    t = texts(run)
    assert "B-FLAG's Twin array (AF 1 over half of 3 flights: below x1) fires at R-FL2, R-FL3, as its side chose: " \
           "not at R-FL1" in t
    assert not any("(AF x1) at R-FL1" in x for x in t) and "R-FL1 (6 fighters) attacks B-FLAG: d10 1 +4 needs 10: " \
                                                               "missed" in t
    attack(run, "r-fl2")
    assert "B-FLAG's Twin array (AF x1) at R-FL2: d10 + sensor 5 needs 8: 1 hit; 1 fighter of R-FL2 " \
           "destroyed, 5 left" in texts(run)
    assert sum(e.data.get("key") == "b5/1/afpick" for e in run.log.events if e.kind == "question") == 1


def test_at_x1_or_more_every_attacking_flight_is_fired_at_and_no_one_is_asked():
    """Just inside: AF 2 over half of three flights (2) is x1: each attacking flight meets x1 and no
    choice is asked (AF 1 with three is just outside, above)."""
    run = fight(campaign(af=2), THREE, ALL_IN, faces=[1] * 40)
    attack(run, "r-fl1")
    assert run.pending.key != "b5/1/afpick"
    assert "B-FLAG's Twin array (AF x1) at R-FL1: d10 + sensor 5 needs 8: 0 hits; 0 fighters of R-FL1 " \
           "destroyed, 6 left" in texts(run)


def test_a_single_attacker_below_x1_is_fired_at_without_a_choice():
    """AF 1, three flights in the hex but one attacking B-FLAG (the others' mission is B-F2): half of
    one attacking is one, no choice to make."""
    run = fight(campaign(af=1), "r-fl1 attack b-flag; r-fl2 attack b-f2; r-fl3 attack b-f2", ALL_IN,
                faces=[1] * 40)
    attack(run, "r-fl1")
    assert run.pending.key != "b5/1/afpick" and any("(AF x1) at R-FL1" in x for x in texts(run))


def test_the_escort_is_fired_at_first_and_only_what_is_left_absorbs():
    """R-FL1 (2 fighters) escorts R-FL2, which attacks B-FLAG (AF 2 over half of two flights: x2).
    "the escort flight must first survive any AF fire directed at it first": d10 5, 5 hit R-FL1,
    d8 4, 4 destroy both its fighters; then R-FL2's d10 5 hits, 1 misses, and with no escort left
    the d8 4 strikes R-FL2 itself ("If all the escort fighters are destroyed, any remaining damage
    will hit the original target flight")."""
    c = campaign(af=2, count=2, sizes={"r-fl1": 2})
    run = fight(c, "r-fl1 escort r-fl2; r-fl2 attack b-flag", {"r-fl2": "1332", "r-fl1": "1332"},
                faces=[5, 5, 4, 4, 5, 1, 4] + [1] * 30, stay=("r-fl1",))
    attack(run, "r-fl2")
    t = [x for x in texts(run) if x.startswith("B-FLAG's Twin array") or " is destroyed" in x]
    assert t[:3] == ["B-FLAG's Twin array (AF x2) at R-FL1: d10 + sensor 5 needs 8: 2 hits; 2 fighters of R-FL1 "
                     "destroyed, 0 left", "R-FL1 is destroyed",
                     "B-FLAG's Twin array (AF x2) at R-FL2: d10 + sensor 5 needs 8: 1 hit; 1 fighter of R-FL2 "
                     "destroyed, 5 left"], t


def test_below_x1_the_escorts_count_among_the_flights_fired_at():
    """**Reading**: AF fire reaches flights "attacking the ship or escorting an attacking flight", so
    below x1 the half is of both: R-FL1 escorts R-FL2 (attacking), R-FL3 attacks; AF 1 over half of
    three is below x1, x1 at 2 of the three, escorts listed before their charge."""
    run = fight(campaign(af=1), "r-fl1 escort r-fl2; r-fl2 attack b-flag; r-fl3 attack b-flag",
                ALL_IN, faces=[1] * 40, stay=("r-fl1",))
    attack(run, "r-fl2")
    q = run.pending
    assert q.key == "b5/1/afpick" and q.options == ("r-fl1", "r-fl2", "r-fl3") and q.data["pick"] == 2
    run.answer(["r-fl1", "r-fl3"])
    t = texts(run)
    assert any("(AF x1) at R-FL1" in x for x in t) and "B-FLAG's Twin array (AF 1 over half of 3 flights: below " \
                                                        "x1) fires at R-FL1, R-FL3, as its side chose: not at R-FL2" in t


def _answers(c):
    """A seeded battle to the second attack after the choice, answered as a GM and Blue would."""
    run = fight(c, THREE, ALL_IN)
    attacks = 0
    while attacks < 3:
        q = run.pending
        if "/fire/" in q.key:
            a = fighters.FIGHTERS if fighters.FIGHTERS in q.options else "done"
            attacks += a == fighters.FIGHTERS
        elif q.key.endswith("/afpick"):
            a = list(q.options[-q.data["pick"]:])
        else:
            a = q.options[0] if q.options else q.default
        run.answer(a)
    return run


def test_undo_after_every_answer_around_the_choice_gives_a_full_replays_bytes(monkeypatch):
    """Undo after every answer (the choice of flights among them) resumes from a checkpoint, with a
    full replay's bytes; the same seed and answers give the same bytes."""
    from rules.systems import start
    from tests.rules.systems.b5.test_marking import undo_everywhere
    from tests.rules.systems.v13.helpers import AT

    c = campaign(af=1)
    run = _answers(c)
    keys = [e.data["key"] for e in run.log.events if e.kind == "question"]
    assert "b5/1/afpick" in keys
    again = start(c, AT)
    for a in run.answers:
        again.answer(a)
    assert again.events_json() == run.events_json()
    undo_everywhere(c, list(run.answers), monkeypatch)


def test_a_cold_reopen_at_the_choice_of_flights_replays_a_few_answers(tmp_path, monkeypatch):
    """The file saved while Blue's choice below x1 is pending (the attack's AF fire half done): a
    cold reopen replays a few answers, asks the same choice, and goes on with the same bytes."""
    from rules.model.io import load_campaign, save_campaign
    from rules.systems import start
    from tests.rules.battlehex.test_replay_points import counting
    from tests.rules.battlehex.test_resume import WRITE_EVERY, new_process
    from tests.rules.systems.b5.test_b5_checkpoints import reference
    from tests.rules.systems.v13.helpers import AT

    path = tmp_path / "af.json"
    save_campaign(start(campaign(af=1), AT).saved(), path)  # as the window saves it
    c = load_campaign(path)
    answers = list(_answers(c).answers)
    cut = next(i for i in range(len(answers)) if isinstance(answers[i], list))  # the choice of flights
    new_process()
    run = start(c, AT)
    for a in answers[:cut]:
        run.answer(a)
        run.adopt(run.saved())
    assert run.pending.key == "b5/1/afpick"
    save_campaign(run.saved(), path)
    new_process()
    given = counting(monkeypatch)
    reopened = start(load_campaign(path), AT)
    assert len(given) <= WRITE_EVERY + 2, f"a cold reopen gave {len(given)} of {cut} answers again"
    assert reopened.pending.key == "b5/1/afpick" and reopened.events_json() == run.events_json()
    for a in answers[cut:]:
        reopened.answer(a)
    assert reopened.events_json() == reference(c, None, answers).events_json()


def _unit(c, uid):
    return next(u for f in c.fleets for u in f.units if u.id == uid)


def _entries(run, start: int = 0) -> list[tuple]:
    return [(e.kind, e.rule, e.text, e.data) for e in run.log.events[start:] if e.rule == antifighter.RULE
            and e.kind == "ruling"]


def test_an_escort_left_absorbs_each_hit_at_its_own_armor_until_destroyed():
    """R-FL1 (2 fighters, armor 5) escorts R-FL2 (armor 3), attacking B-FLAG: AF 4 over half of two
    flights, x4. R-FL1's own volley misses (d10 1 x4); R-FL2's d10 5, 3, 5, 5 are four hits (3 + sensor
    5 = Def 8: just a hit). "use the escort flight's armor": d8 4 below its 5 destroys nothing, d8 5
    (just) one fighter, the next d8 5 its last (R-FL1 destroyed absorbing); the fourth hit, no escort
    left, strikes R-FL2 at its own armor 3: d8 3, one fighter."""
    c = campaign(af=4, count=2, sizes={"r-fl1": 2})
    _unit(c, "r-fl1").b5.flight.armor = 5
    run = fight(c, "r-fl1 escort r-fl2; r-fl2 attack b-flag", {"r-fl2": "1332", "r-fl1": "1332"},
                faces=[1, 1, 1, 1, 5, 3, 5, 5, 4, 5, 5, 3] + [1] * 30, stay=("r-fl1",))
    n = len(run.log.events)
    attack(run, "r-fl2")
    rule = antifighter.RULE
    assert _entries(run, n) == [
        ("ruling", rule, "B-FLAG's Twin array (AF x4) at R-FL1: d10 + sensor 5 needs 8: 0 hits; 0 fighters of R-FL1 "
                         "destroyed, 2 left", {"unit": "r-fl1"}),
        ("ruling", rule, "B-FLAG's Twin array (AF x4) at R-FL2: d10 + sensor 5 needs 8: 4 hits; R-FL1 absorbs a hit; "
                         "R-FL1 absorbs a hit (a fighter destroyed, 1 left); R-FL1 absorbs a hit (a fighter destroyed, "
                         "0 left), R-FL1 destroyed; 1 fighter of R-FL2 destroyed, 5 left", {"unit": "r-fl2"})]
    e = run.engine
    assert fighters.left(e, "r-fl2") == 5 and fighters.left(e, "r-fl1") == 0
    assert "r-fl1" not in e.air.at and not antifighter.flights.alive(e, "r-fl1")


def test_a_lone_flight_meets_the_whole_rating_and_one_fighter_left_flies_on():
    """One enemy flight in the hex: AF 2 over half of one flight is x2. d10 5, 5: two hits; d8 4
    destroys a fighter, d8 1 does not: R-FL1 (2 fighters) flies on with 1."""
    run = fight(campaign(af=2, count=1, sizes={"r-fl1": 2}), "r-fl1 attack b-flag", {"r-fl1": "1332"},
                faces=[5, 5, 4, 1] + [1] * 30)
    n = len(run.log.events)
    attack(run, "r-fl1")
    assert _entries(run, n) == [("ruling", antifighter.RULE, "B-FLAG's Twin array (AF x2) at R-FL1: d10 + sensor 5 "
                                 "needs 8: 2 hits; 1 fighter of R-FL1 destroyed, 1 left", {"unit": "r-fl1"})]
    assert fighters.left(run.engine, "r-fl1") == 1 and "r-fl1" in run.engine.air.at


def test_a_flight_losing_its_last_fighter_is_destroyed_in_the_log():
    run = fight(campaign(af=2, count=1, sizes={"r-fl1": 1}), "r-fl1 attack b-flag", {"r-fl1": "1332"},
                faces=[5, 1, 4] + [1] * 30)
    n = len(run.log.events)
    attack(run, "r-fl1")
    assert _entries(run, n)[-1] == ("ruling", antifighter.RULE, "R-FL1 is destroyed", {"unit": "r-fl1"})
    assert "r-fl1" not in run.engine.air.at


def test_the_choice_below_x1_in_full():
    run = fight(campaign(af=1), THREE, ALL_IN, faces=[1, 5, 4] + [1] * 30)
    attack(run, "r-fl1")
    q = run.pending
    assert (q.kind, q.rule, q.data) == (QKind.CHOOSE_UNITS, antifighter.RULE,
                                        {"pick": 2, "unit": "b-flag", "af_weapon": "Twin array"})
    assert q.text == ("Blue: B-FLAG's Twin array fires at the flights attacking B-FLAG (AF 1 over half of 3 flights), "
                      "below x1: x1 at only half of R-FL1, R-FL2, R-FL3. Which 2 does it fire at? (the firing side "
                      "chooses)")
    with pytest.raises(IllegalAnswer) as e:
        run.answer(["b-flag", "r-fl1"])
    assert e.value.message.startswith("choose 2 of the flights: R-FL1, R-FL2, R-FL3; not ")
    n = len(run.log.events)
    run.answer(["r-fl3", "r-fl2"])
    assert _entries(run, n) == [("ruling", antifighter.RULE, "B-FLAG's Twin array (AF 1 over half of 3 flights: below "
                                 "x1) fires at R-FL2, R-FL3, as its side chose: not at R-FL1", {"unit": "r-fl1"})]


def test_below_x1_an_escort_not_chosen_is_passed_over_and_its_charge_fired_at():
    run = fight(campaign(af=1), "r-fl1 escort r-fl2; r-fl2 attack b-flag; r-fl3 attack b-flag",
                ALL_IN, faces=[1] * 40, stay=("r-fl1",))
    attack(run, "r-fl2")
    run.answer(["r-fl2", "r-fl3"])
    t = texts(run)
    assert "B-FLAG's Twin array (AF 1 over half of 3 flights: below x1) fires at R-FL2, R-FL3, as its side chose: " \
           "not at R-FL1" in t
    assert any(x.startswith("B-FLAG's Twin array (AF x1) at R-FL2:") for x in t)


def test_odds_of_a_weapon_whose_damage_is_a_number_destroy_a_fighter_at_every_hit():
    gun = dict(ARRAY, anti_fighter=1, damage=[2])
    run = fight(campaign(gun=gun), THREE, ALL_IN, faces=[1] * 40)
    attack(run, "r-fl1")
    assert run.question_odds()["R-FL1"] == "x1, d10 + sensor 5 needs 8: 4/5 a die; a fighter destroyed 4/5 a die"


def test_each_weapon_in_anti_fighter_mode_fires_and_the_choice_resumes_at_its_weapon():
    """B-FLAG's heavy pulse cannon (no AF rating) does not fire at flights; its twin array (AF 2 over
    half of 3: x1) fires at R-FL1 without a choice, its light array (AF 1: below x1) asks Blue; after
    the choice the attack resumes at the light array: the twin array does not fire again."""
    c = campaign(af=2)
    flag = _unit(c, "b-flag")
    flag.b5.weapons = [B5Weapon.model_validate(PULSE), flag.b5.weapons[0],
                       B5Weapon.model_validate(dict(ARRAY, name="Light array", anti_fighter=1))]
    run = fight(c, THREE, ALL_IN, faces=[1] * 40)
    attack(run, "r-fl1")
    assert run.pending.key == "b5/1/afpick" and run.pending.data["af_weapon"] == "Light array"
    run.answer(["r-fl1", "r-fl2"])
    t = texts(run)
    assert sum(x.startswith("B-FLAG's Twin array (AF x1) at R-FL1") for x in t) == 1
    assert any(x.startswith("B-FLAG's Light array (AF x1) at R-FL1") for x in t)
    assert not any("Heavy pulse cannon" in x for x in t)


@pytest.mark.parametrize(("fired", "pulse", "fires"), [((1, 2), 2, False), ((1, 1), 2, False), ((1, 1), 3, True)])
def test_not_in_the_pulse_a_weapon_fired_in_standard_mode_nor_the_next(fired, pulse, fires):
    """"A single weapon system cannot fire in both standard and anti-fighter modes in the same
    pulse": the twin array, having fired in standard mode in pulse 1 (or 2), fires no AF in pulse 2;
    in pulse 3, a full pulse played since, it does."""
    run = fight(campaign(af=2, count=1), "r-fl1 attack b-flag", {"r-fl1": "1332" if pulse == 2 else "1432"},
                faces=[1] * 60)
    run.engine.fired.setdefault("b-flag", {})["Twin array"] = [fired]
    if pulse == 3:  # R-FL1 waits beside B-FLAG in pulse 2 and flies in in pulse 3
        run.answer("done")
        while not run.pending.key.startswith("b5/1/fire/"):
            run.answer(f"r-fl1 {run.engine.at['b-flag']}" if run.pending.key.endswith("/fly/red") else "none")
    assert run.engine.pulse == pulse
    n = len(run.log.events)
    attack(run, "r-fl1")
    assert any("(AF x2) at R-FL1" in x for _k, _r, x, _d in _entries(run, n)) is fires


def _in(*flights):
    return {f: "1332" for f in flights}


def test_an_escort_attacking_later_is_fired_at_while_the_half_has_room():
    """**Reading** (a flight attacking later, not among those chosen from): R-FL1 and R-FL2 attack
    B-FLAG, R-FL3 attacks B-F2 escorted by R-FL4, all four in B-FLAG's hex (AF 1 over half of 4:
    below x1). At R-FL1's attack Blue chooses 1 of the 2 attacking B-FLAG (R-FL2); R-FL4, an escort,
    then attacks B-FLAG: the half of the three is 2, one chosen, so it is fired at."""
    run = fight(campaign(af=1, count=4), "r-fl1 attack b-flag; r-fl2 attack b-flag; r-fl3 attack b-f2; "
                "r-fl4 escort r-fl3", _in("r-fl1", "r-fl2", "r-fl3", "r-fl4"), faces=[1] * 60, stay=("r-fl4",))
    attack(run, "r-fl1")
    assert run.pending.options == ("r-fl1", "r-fl2") and run.pending.data["pick"] == 1
    run.answer(["r-fl2"])
    attack(run, "r-fl4")
    assert any(x.startswith("B-FLAG's Twin array (AF x1) at R-FL4:") for x in texts(run))


def test_an_escort_attacking_first_is_among_those_chosen_from():
    run = fight(campaign(af=1, count=4), "r-fl1 attack b-flag; r-fl2 attack b-flag; r-fl3 attack b-f2; "
                "r-fl4 escort r-fl3", _in("r-fl1", "r-fl2", "r-fl3", "r-fl4"), faces=[1] * 60, stay=("r-fl4",))
    attack(run, "r-fl4")
    assert run.pending.options == ("r-fl1", "r-fl2", "r-fl4") and run.pending.data["pick"] == 2


def test_a_flight_attacking_later_is_not_fired_at_once_the_half_is_full():
    """R-FL1-3 attack B-FLAG (AF 1 over half of 5: below x1); Blue chooses 2 of the 3. R-FL5, the
    escort of R-FL4 (attacking B-F2), then attacks B-FLAG: the half of the four is 2, both chosen
    already, so it is not fired at."""
    run = fight(campaign(af=1, count=5), "r-fl1 attack b-flag; r-fl2 attack b-flag; r-fl3 attack b-flag; "
                "r-fl4 attack b-f2; r-fl5 escort r-fl4", _in("r-fl1", "r-fl2", "r-fl3", "r-fl4", "r-fl5"),
                faces=[1] * 60, stay=("r-fl5",))
    attack(run, "r-fl1")
    run.answer(["r-fl1", "r-fl2"])
    attack(run, "r-fl5")
    t = texts(run)
    assert "B-FLAG's Twin array (AF 1 over half of 5 flights: below x1) fires at R-FL1, R-FL2, as its side chose: " \
           "not at R-FL5" in t and not any("(AF x1) at R-FL5" in x for x in t)


def test_after_a_lone_attacker_below_x1_a_later_one_finds_the_half_full():
    """R-FL1 alone attacks B-FLAG (AF 1 over half of 4 flights: below x1; half of one is one, no
    choice): fired at. R-FL4, escorting R-FL2 (attacking B-F2), then attacks B-FLAG: the half of the
    two is one, taken, so it is not fired at."""
    run = fight(campaign(af=1, count=4), "r-fl1 attack b-flag; r-fl2 attack b-f2; r-fl3 attack b-f2; "
                "r-fl4 escort r-fl2", _in("r-fl1", "r-fl2", "r-fl3", "r-fl4"), faces=[1] * 60, stay=("r-fl4",))
    attack(run, "r-fl1")
    assert run.pending.key != "b5/1/afpick" and any("(AF x1) at R-FL1" in x for x in texts(run))
    attack(run, "r-fl4")
    t = texts(run)
    assert "B-FLAG's Twin array (AF 1 over half of 4 flights: below x1) fires at R-FL1, as its side chose: not at " \
           "R-FL4" in t and not any("(AF x1) at R-FL4" in x for x in t)


def test_two_weapons_below_x1_each_ask_their_own_choice():
    c = campaign(af=1)
    flag = _unit(c, "b-flag")
    flag.b5.weapons = [*flag.b5.weapons, B5Weapon.model_validate(dict(ARRAY, name="Light array", anti_fighter=1))]
    run = fight(c, THREE, ALL_IN, faces=[1] * 60)
    attack(run, "r-fl1")
    assert run.pending.data["af_weapon"] == "Twin array"
    run.answer(["r-fl1", "r-fl2"])
    assert run.pending.key == "b5/1/afpick" and run.pending.data["af_weapon"] == "Light array"
    run.answer(["r-fl2", "r-fl3"])
    t = texts(run)
    assert any(x.startswith("B-FLAG's Twin array (AF x1) at R-FL1") for x in t)
    assert "B-FLAG's Light array (AF 1 over half of 3 flights: below x1) fires at R-FL2, R-FL3, as its side chose: " \
           "not at R-FL1" in t


def test_no_standard_af_fire_in_a_pulse_of_long_range_mode_logged_at_the_flight():
    """"It cannot be done in the same pulse that standard AF fire is used": B-FLAG fired long range
    into 1432; R-FL2 then attacking it in its hex meets no AF fire, a ruling at R-FL2."""
    from rules.systems.b5 import longrange
    from tests.rules.systems.b5.test_longrange import GUN, long_range

    run = fight(campaign(count=2, gun=GUN), "r-fl1 attack b-flag; r-fl2 attack b-flag",
                {"r-fl1": "1432", "r-fl2": "1332"}, faces=[1] * 60)
    long_range(run)
    run.answer("1432")
    assert longrange.LONG not in run.pending.options
    n = len(run.log.events)
    attack(run, "r-fl2")
    assert _entries(run, n) == [("ruling", antifighter.RULE, "B-FLAG is in long-range anti-fighter mode this pulse: no "
                                 "AF fire at R-FL2 in its hex", {"unit": "r-fl2"})]


def test_undo_at_the_second_weapons_choice_does_not_fire_the_first_again():
    """B-FLAG's twin array (AF 2: x1 over three) fires at R-FL1; its light array (AF 1: below x1)
    asks Blue. Blue's choice undone, the attack resumes at the light array's choice (from the
    checkpoint there): the same bytes, the twin array's volley not given twice."""
    c = campaign(af=2)
    flag = _unit(c, "b-flag")
    flag.b5.weapons = [*flag.b5.weapons, B5Weapon.model_validate(dict(ARRAY, name="Light array", anti_fighter=1))]
    run = fight(c, THREE, ALL_IN, faces=[1] * 60)
    attack(run, "r-fl1")
    assert run.pending.key == "b5/1/afpick" and run.pending.data["af_weapon"] == "Light array"
    before = run.events_json()
    run.answer(["r-fl2", "r-fl3"])
    run.undo()
    assert run.pending.key == "b5/1/afpick" and run.events_json() == before
    run.answer(["r-fl2", "r-fl3"])
    assert sum(x.startswith("B-FLAG's Twin array (AF x1) at R-FL1") for x in texts(run)) == 1


def test_each_ships_weapon_has_its_own_choice_though_named_alike():
    """B-FLAG (1332) and B-F2 (1333) each carry a twin array of AF 1, each attacked by three flights
    (below x1): each ship's side choice is its own, asked at each ship's first attack."""
    c = campaign(af=1, count=6, second=dict(ARRAY, anti_fighter=1))
    orders = [f"r-fl{i} attack b-flag" for i in (1, 2, 3)] + [f"r-fl{i} attack b-f2" for i in (4, 5, 6)]
    run = fight(c, "; ".join(orders),
                {**_in("r-fl1", "r-fl2", "r-fl3"), **{f"r-fl{i}": "1333" for i in (4, 5, 6)}}, faces=[1] * 80)
    attack(run, "r-fl1")
    assert run.pending.key == "b5/1/afpick" and run.pending.data["unit"] == "b-flag"
    run.answer(["r-fl1", "r-fl2"])
    for a in (fighters.FIGHTERS, "r-fl4", "b-f2"):
        run.answer(a)
    q = run.pending
    assert q.key == "b5/1/afpick" and q.data["unit"] == "b-f2" and q.options == ("r-fl4", "r-fl5", "r-fl6")
