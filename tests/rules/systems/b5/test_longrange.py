"""b5 long-range anti-fighter mode (seed 003 Anti-Fighter Fire; rules/systems/b5/longrange.py): the
six hexes around the ship, within its arcs, half the arc's 'x' as the base AF rating, one hex a
weapon, never in the pulse standard AF fire is used; stealth flights immune; below x1 the firing side
chooses; the odds before the roll; undo after every answer gives a full replay's bytes."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.systems.b5 import antifighter, fighters, longrange
from tests.rules.systems.b5.afhelp import campaign, fight, texts
from tests.rules.systems.b5.helpers import ARRAY

GUN = dict(ARRAY, x=4, arcs=[4, 2, 0, 0, 0, 2])
"""B-FLAG (at 1332 facing C in pulse 2): x4 into its front (1432), x2 front right (1333) and front
left (1431), none aft (1231, 1331, 1232)."""
ATTACK = "r-fl1 attack b-flag; r-fl2 attack b-flag; r-fl3 attack b-flag; r-fl4 attack b-flag"


def long_range(run, ship="b-flag", weapon="Twin array"):
    for a in (longrange.LONG, ship, weapon):
        run.answer(a)


def test_long_range_fire_into_a_hex_around_within_the_arcs_at_half_the_x():
    """R-FL1 at 1432 (front: x4), R-FL2 at 1431 (front left: x2), stealth R-FL3 at 1333, R-FL4 at
    1231 (aft: no 'x'). The hexes offered: 1431 and 1432 (stealth is "immune ... to long-range
    anti-fighter fire"), each flight's odds shown; refused with the rule: the aft hex (arcs), 1333
    (stealth), 1332 (its own hex), 1532 (2 hexes: "the six hexes around it (1 hex radius)"). Into
    1432: half of x4 is 2 over half of one flight: x2; d10 5, 5 hit Def 8, d8 4, 4 destroy two."""
    c = campaign(count=4, gun=GUN, stealth=("r-fl3",))
    run = fight(c, ATTACK, {"r-fl1": "1432", "r-fl2": "1431", "r-fl3": "1333", "r-fl4": "1231"},
                faces=[5, 5, 4, 4] + [1] * 30)
    q = run.pending
    assert longrange.LONG in q.options and "fighters" not in q.options
    long_range(run)
    q = run.pending
    assert q.key == "b5/1/lrhex" and q.to == "gm" and q.options == ("1431", "1432")
    assert run.question_odds() == {
        "R-FL2 (1431)": "x1, d10 + sensor 5 needs 8: 4/5 a die; a fighter destroyed 3/5 a die",
        "R-FL1 (1432)": "x2, d10 + sensor 5 needs 8: 4/5 a die; a fighter destroyed 3/5 a die"}
    for hex_, why in (("1231", "limited by the arcs of the ship: 1231 is in B-FLAG's aft arc"),
                      ("1333", "stealth ability: immune to long-range anti-fighter fire"),
                      ("1332", "1332 is 0 hexes from B-FLAG (its own hex is standard AF mode's)"),
                      ("1532", "(1 hex radius): 1532 is 2 hexes from B-FLAG")):
        with pytest.raises(IllegalAnswer, match=why.replace("(", r"\(").replace(")", r"\)")) as e:
            run.answer(hex_)
        assert e.value.rule == antifighter.RULE
    run.answer("1432")
    t = texts(run)
    lines = ["B-FLAG switches to long-range anti-fighter mode this pulse (all its weapon systems: no standard AF fire)",
             "B-FLAG's Twin array fires in long-range mode into 1432: half its x4 there over half of 1 flight: x2 at "
             "R-FL1",
             "B-FLAG's Twin array (AF x2, long range) at R-FL1: d10 + sensor 5 needs 8: 2 hits; 2 fighters of "
             "R-FL1 destroyed, 4 left"]
    at = t.index(lines[0])
    assert [x for x in t[at:] if x.startswith("B-FLAG")][:3] == lines
    assert not run.pending.key.startswith("b5/1/fire/") or longrange.LONG not in run.pending.options  # one hex a weapon


def test_below_x1_in_long_range_the_firing_side_chooses_and_just_inside_it_does_not():
    """Front left (x2): half is 1. Two flights in 1431: 1 over half of two (1) is x1 at both, no
    question (just inside); three: below x1, x1 at two of the three, Blue chooses (just outside)."""
    two = fight(campaign(count=2, gun=GUN), ATTACK.rsplit(";", 2)[0], {"r-fl1": "1431", "r-fl2": "1431"},
                faces=[1] * 40)
    long_range(two)
    two.answer("1431")
    assert "B-FLAG's Twin array fires in long-range mode into 1431: half its x2 there over half of 2 flights: x1 " \
           "at R-FL1, R-FL2" in texts(two)
    three = fight(campaign(count=3, gun=GUN), ATTACK.rsplit(";", 1)[0],
                  {"r-fl1": "1431", "r-fl2": "1431", "r-fl3": "1431"}, faces=[1] * 40)
    long_range(three)
    three.answer("1431")
    q = three.pending
    assert q.key == "b5/1/lrpick" and q.to == "blue" and q.data["pick"] == 2 and q.options == ("r-fl1", "r-fl2", "r-fl3")
    assert set(three.question_odds()) == {"R-FL1 (1431)", "R-FL2 (1431)", "R-FL3 (1431)"}
    with pytest.raises(IllegalAnswer, match="choose 2, not 3"):
        three.answer(["r-fl1", "r-fl2", "r-fl3"])
    three.answer(["r-fl1", "r-fl3"])
    t = texts(three)
    assert "B-FLAG's Twin array fires in long-range mode into 1431: half its x2 there over half of 3 flights: x1 " \
           "at R-FL1, R-FL3" in t and not any("at R-FL2:" in x for x in t)


def test_not_in_the_pulse_standard_af_fire_is_used_either_way():
    """"It cannot be done in the same pulse that standard AF fire is used": after B-FLAG's AF fire at
    R-FL1 attacking it, B-FLAG is not offered and is refused by name (B-F2 may); after long-range
    fire, R-FL2 attacking B-FLAG in its hex meets no AF fire."""
    second = dict(ARRAY, name="Guardian array")
    run = fight(campaign(count=2, gun=GUN, second=second), "r-fl1 attack b-flag; r-fl2 attack b-flag",
                {"r-fl1": "1332", "r-fl2": "1432"}, faces=[1] * 60)
    for a in (fighters.FIGHTERS, "r-fl1", "b-flag"):
        run.answer(a)
    assert any(x.startswith("B-FLAG's Twin array (AF x2) at R-FL1") for x in texts(run))
    run.answer(longrange.LONG)
    assert run.pending.key == "b5/1/lrship" and run.pending.options == ("b-f2",)
    with pytest.raises(IllegalAnswer, match="B-FLAG used standard AF fire this pulse: long range mode \"cannot be "
                                            "done in the same pulse that standard AF fire is used\"") as e:
        run.answer("b-flag")
    assert e.value.rule == antifighter.RULE
    other = fight(campaign(count=2, gun=GUN), "r-fl1 attack b-flag; r-fl2 attack b-flag",
                  {"r-fl1": "1432", "r-fl2": "1332"}, faces=[1] * 60)
    long_range(other)
    other.answer("1432")
    for a in (fighters.FIGHTERS, "r-fl2", "b-flag"):
        other.answer(a)
    t = texts(other)
    assert "B-FLAG is in long-range anti-fighter mode this pulse: no AF fire at R-FL2 in its hex" in t
    assert not any(x.startswith("B-FLAG's Twin array (AF x") and "at R-FL2" in x for x in t)


def test_undo_after_every_answer_of_long_range_fire_gives_a_full_replays_bytes(monkeypatch):
    """Seeded dice; long-range fire with the firing side's choice (three flights in 1431), each
    question undone and answered again resumes from a checkpoint; the same answers, the same bytes."""
    from rules.systems import start
    from tests.rules.systems.b5.test_marking import undo_everywhere
    from tests.rules.systems.v13.helpers import AT

    c = campaign(count=3, gun=GUN)
    run = fight(c, ATTACK.rsplit(";", 1)[0], {"r-fl1": "1431", "r-fl2": "1431", "r-fl3": "1431"})
    long_range(run)
    run.answer("1431")
    run.answer(["r-fl2", "r-fl3"])
    assert any("long-range mode into 1431" in x for x in texts(run))
    again = start(c, AT)
    for a in run.answers:
        again.answer(a)
    assert again.events_json() == run.events_json()
    undo_everywhere(c, list(run.answers), monkeypatch)


def _random(seed: int):
    """A random battle of three flights a side, the GM having them attack or fire long-range AF
    when offered (70%), three plotted turns (tests/rules/systems/b5/test_random_b5.py's answers)."""
    import random

    from rules.systems import start
    from rules.systems.b5.movement import pulse_moves
    from tests.rules.systems.b5.helpers import PULSE, b5_campaign
    from tests.rules.systems.b5.test_flights import fast
    from tests.rules.systems.b5.test_random_b5 import BOUND, answer_for
    from tests.rules.systems.v13.helpers import AT

    c = fast(b5_campaign(4, armed=True, weapons=[dict(ARRAY, anti_fighter=1), PULSE], flights=3))
    rng, run = random.Random(seed), start(c, AT)
    while run.pending is not None:
        assert len(run.answers) < BOUND, f"seed {seed}: no end after {BOUND} answers"
        q = run.pending
        if q.key.endswith("/turn"):
            a = "plot and move" if run.engine.round <= 3 else "results"
        elif "/fire/" in q.key and {fighters.FIGHTERS, longrange.LONG} & set(q.options) and rng.random() < 0.7:
            a = rng.choice([o for o in q.options if o in (fighters.FIGHTERS, longrange.LONG)])
        else:
            a = answer_for(run, q, rng)
        try:
            run.answer(a)
        except IllegalAnswer:
            assert "plot" in q.data, f"seed {seed}: {q.key} refused {a!r}"
            straight = " ".join("F" * n or "-" for n in pulse_moves(q.data["speed"]))
            try:
                run.answer(straight)
            except IllegalAnswer:
                run.answer({"gm_ruling": "at the board's edge", "answer": straight})
    return c, run


def test_random_battles_with_long_range_fire_end_and_replay_to_the_same_bytes():
    from rules.systems import start
    from tests.rules.systems.v13.helpers import AT

    fired = 0
    for seed in (0, 3):
        c, run = _random(seed)
        assert run.state.resolved
        fired += sum("long-range mode into" in x for x in texts(run))
        again = start(c, AT)
        for a in run.answers:
            again.answer(a)
        assert again.events_json() == run.events_json()
    assert fired


def test_the_questions_refusals_odds_and_entries_of_long_range_fire_in_full():
    """Three flights in 1431 (front left: half of x2 is 1, below x1 over three), R-FL4 in 1432
    (front: half of x4 is 2, x2): every question's words, its rule, whom it is put to, its
    default, the refusals' words, the odds before each answer and the log's entries."""
    run = fight(campaign(count=4, gun=GUN), ATTACK, {"r-fl1": "1431", "r-fl2": "1431", "r-fl3": "1431",
                                                     "r-fl4": "1432"}, faces=[1] * 40)
    run.answer(longrange.LONG)
    q, rule = run.pending, antifighter.RULE
    assert (q.key, q.to, q.rule, q.options, q.default, q.data) == ("b5/1/lrship", "gm", rule, ("b-flag",), "b-flag",
                                                                   {"option_words": {"b-flag": "B-FLAG"}})
    assert q.text == ("Game Master: which ship fires its anti-fighter weapons in long-range mode (at enemy flights in "
                      "the six hexes around it, within its arcs)?")
    for bad, words in (("nope", "answer one of b-flag, not 'nope'"), (5, "answer one of b-flag, not 5")):
        with pytest.raises(IllegalAnswer) as e:
            run.answer(bad)
        assert (e.value.rule, e.value.message) == (rule, words)
    run.answer("b-flag")
    q = run.pending
    assert (q.key, q.to, q.rule) == ("b5/1/lrweapon", "gm", rule)
    assert q.text == "Game Master: which weapon of B-FLAG fires in long-range anti-fighter mode?"
    assert run.question_odds() == {}
    run.answer("Twin array")
    q = run.pending
    assert (q.key, q.to, q.rule, q.options, q.default) == ("b5/1/lrhex", "gm", rule, ("1431", "1432"), "1431")
    assert q.text == ("Game Master: B-FLAG's Twin array fires in long-range anti-fighter mode into which hex around it "
                      "(one hex a weapon)?")
    assert q.data == {"option_words": {"1431": "1431: R-FL1, R-FL2, R-FL3", "1432": "1432: R-FL4"}, "unit": "b-flag"}
    odds = "d10 + sensor 5 needs 8: 4/5 a die; a fighter destroyed 3/5 a die"
    at_two = f"x1, {odds} (at 2 of the 3 flights there)"
    assert run.question_odds() == {"R-FL1 (1431)": at_two, "R-FL2 (1431)": at_two, "R-FL3 (1431)": at_two,
                                   "R-FL4 (1432)": f"x2, {odds}"}
    for bad, words in ((5, "answer a hex around B-FLAG (CCRR), not 5"),
                       ("zz", "answer a hex around B-FLAG (CCRR), not 'zz'"),
                       ("1532", "long range mode fires at enemy flights in the six hexes around the ship (1 hex "
                                "radius): 1532 is 2 hexes from B-FLAG")):
        with pytest.raises(IllegalAnswer) as e:
            run.answer(bad)
        assert (e.value.rule, e.value.message) == (rule, words)
    run.answer("1431")
    q = run.pending
    assert q.text == ("Blue: B-FLAG's Twin array fires in long-range mode into 1431 (half its x2 over half of 3 "
                      "flights), below x1: x1 at only half of R-FL1, R-FL2, R-FL3. Which 2 does it fire at? (the "
                      "firing side chooses)")
    assert run.question_odds() == {"R-FL1 (1431)": at_two, "R-FL2 (1431)": at_two, "R-FL3 (1431)": at_two}
    n = len(run.log.events)
    run.answer(["r-fl1", "r-fl2"])
    assert [(e.kind, e.rule, e.text, e.data) for e in run.log.events[n:] if e.kind == "ruling"][:4] == [
        ("ruling", rule, "B-FLAG switches to long-range anti-fighter mode this pulse (all its weapon systems: no "
                         "standard AF fire)", {"unit": "b-flag"}),
        ("ruling", rule, "B-FLAG's Twin array fires in long-range mode into 1431: half its x2 there over half of 3 "
                         "flights: x1 at R-FL1, R-FL2", {"unit": "b-flag"}),
        ("ruling", rule, "B-FLAG's Twin array (AF x1, long range) at R-FL1: d10 + sensor 5 needs 8: 0 hits; 0 fighters "
                         "of R-FL1 destroyed, 6 left", {"unit": "r-fl1"}),
        ("ruling", rule, "B-FLAG's Twin array (AF x1, long range) at R-FL2: d10 + sensor 5 needs 8: 0 hits; 0 fighters "
                         "of R-FL2 destroyed, 6 left", {"unit": "r-fl2"})]
    assert run.question_odds() == {}  # the aim is put away with the fire


def test_each_weapon_fires_into_its_own_hex_the_ship_switching_once():
    """"affects all weapon systems on the ship ... only fire into one hex per weapon system": B-FLAG's
    twin array fires into 1432, then its light array (the same arcs) into 1431, in the same pulse;
    the ship switches to long-range mode once."""
    from rules.model.b5 import B5Weapon

    c = campaign(count=2, gun=GUN)
    flag = next(u for f in c.fleets for u in f.units if u.id == "b-flag")
    flag.b5.weapons = [*flag.b5.weapons, B5Weapon.model_validate(dict(GUN, name="Light array"))]
    run = fight(c, "r-fl1 attack b-flag; r-fl2 attack b-flag", {"r-fl1": "1432", "r-fl2": "1431"}, faces=[1] * 40)
    long_range(run)
    run.answer("1432")
    assert longrange.LONG in run.pending.options
    long_range(run, weapon="Light array")
    assert run.pending.options == ("1431", "1432")
    run.answer("1431")
    t = texts(run)
    assert sum(x.startswith("B-FLAG switches to long-range") for x in t) == 1
    assert any(x.startswith("B-FLAG's Light array fires in long-range mode into 1431") for x in t)


def test_no_long_range_fire_after_standard_af_fire_even_by_another_weapon():
    """R-FL1 (one fighter) attacks B-FLAG: its twin array destroys it (d10 5, d8 4), so its light
    array has no AF fire to give; still, the ship used standard AF fire this pulse, so no weapon of
    it may switch to long-range mode at R-FL2 in front of it ("affects all weapon systems")."""
    from rules.model.b5 import B5Weapon

    c = campaign(count=2, gun=GUN, sizes={"r-fl1": 1})
    flag = next(u for f in c.fleets for u in f.units if u.id == "b-flag")
    flag.b5.weapons = [*flag.b5.weapons, B5Weapon.model_validate(dict(GUN, name="Light array"))]
    run = fight(c, "r-fl1 attack b-flag; r-fl2 attack b-flag", {"r-fl1": "1332", "r-fl2": "1432"},
                faces=[5, 1, 4] + [1] * 40)
    for a in (fighters.FIGHTERS, "r-fl1", "b-flag"):
        run.answer(a)
    assert "R-FL1 is destroyed" in texts(run) and not any("Light array (AF" in x for x in texts(run))
    assert longrange.LONG not in run.pending.options
    assert longrange.ships(run.engine) == [] and longrange.weapons(run.engine, "b-flag") == []


def test_a_weapon_fired_in_standard_mode_the_pulse_before_has_no_long_range_fire():
    """The twin array fired in standard mode in pulse 2: in pulse 3 (no full pulse played since) it
    may not fire in anti-fighter mode, long range either; unfired, it may."""
    for fired, offered in (([(1, 2)], False), ([], True)):
        run = fight(campaign(count=1, gun=GUN), "r-fl1 attack b-flag", {"r-fl1": "1432"}, faces=[1] * 60)
        run.engine.fired.setdefault("b-flag", {})["Twin array"] = fired
        run.answer("done")
        while not run.pending.key.startswith("b5/1/fire/"):
            if run.pending.key.endswith("/fly/red"):
                ahead = longrange._around(run.engine, "b-flag")[2]  # its front hex (facing C)
                run.answer(f"r-fl1 {ahead}")
            else:
                run.answer("none")
        assert run.engine.pulse == 3 and (longrange.LONG in run.pending.options) is offered


def test_an_escort_in_the_hex_absorbs_long_range_fire_at_its_charge():
    """"escorts absorbing as ever": R-FL1 (2 fighters) escorts R-FL2, both in 1432 (front: half of x4
    is 2 over half of two flights, x2). R-FL1's own volley misses (d10 1, 1); R-FL2's d10 5, 5 hit,
    and R-FL1 absorbs both (d8 4, 4 against its armor 3: a fighter each), destroyed; R-FL2 keeps 6."""
    run = fight(campaign(count=2, gun=GUN, sizes={"r-fl1": 2}), "r-fl1 escort r-fl2; r-fl2 attack b-flag",
                {"r-fl2": "1432", "r-fl1": "1432"}, faces=[1, 1, 5, 5, 4, 4] + [1] * 30, stay=("r-fl1",))
    long_range(run)
    run.answer("1432")
    assert "B-FLAG's Twin array (AF x2, long range) at R-FL2: d10 + sensor 5 needs 8: 2 hits; R-FL1 absorbs a hit (a " \
           "fighter destroyed, 1 left); R-FL1 absorbs a hit (a fighter destroyed, 0 left), R-FL1 destroyed; " \
           "0 fighters of R-FL2 destroyed, 6 left" in texts(run)
