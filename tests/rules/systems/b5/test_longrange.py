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
                                            "done in the same pulse that standard AF fire is used\""):
        run.answer("b-flag")
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
