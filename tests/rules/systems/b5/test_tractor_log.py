"""b5 the Minbari tractor beam (seed 003 Tractor Beam; rules/systems/b5/tractor.py), what a mutation run
of tractor.py found untested: the questions' words, side, rule and usual answer; each ruling logged under
the seed's section with its ship; a refusal's rule; the fight's points split with damage already taken
("odd numbers indicate a point of maneuvering damage (player's choice of accel or decel)"; held when "all
accel or all decel" is gone); a one-weapon tractoring ship; the hexside held on; the questions resumed."""
from __future__ import annotations

import pytest

from hexmap import Facing, Label
from hexmap.labels import axial_to_offset
from rules.battlehex.log import IllegalAnswer
from rules.systems.b5 import deploy, tractor
from tests.rules.systems.b5.test_firing import LASER
from tests.rules.systems.b5.test_tractor import campaign, damaged, fight

RULE = "B5 Tractor Beam"


def logged(run, text):
    """(kind, rule, unit) of the event with ``text``."""
    e = next(e for e in run.log.events if e.text == text)
    return e.kind, e.rule, e.data.get("unit")


def test_the_game_masters_question_its_words_and_the_engagement_logged():
    run = fight(campaign(), ["tractor"])
    q = run.pending
    assert (q.to, q.rule, q.default) == ("gm", RULE, "r-flag>b-f2")
    assert q.text == ("Game Master: which ship engages its tractor beam on which enemy ship next to it (same speed, "
                      "same direction), or lets its hold go?")
    assert q.data["option_words"] == {"r-flag>b-f2": "R-FLAG on B-F2 (medium: one weapon system of its choice "
                                                     "powered down)"}
    run.answer("r-flag>b-f2")
    assert logged(run, "R-FLAG engages its tractor beam on B-F2") == ("ruling", RULE, "b-f2")
    q = run.pending
    assert (q.to, q.rule, q.text) == ("blue", RULE, "Blue: does B-F2 accept being held by R-FLAG's tractor beam? "
                                                    "(if not, it breaks free)")
    run.answer(False)
    assert logged(run, "B-F2 breaks free of R-FLAG's tractor beam: it is not disabled, not 75% damaged and not "
                       "willing") == ("ruling", RULE, "b-f2")
    assert run.engine.tractor.pending is None


def test_a_refusal_names_the_rule_and_a_malformed_answer_is_refused_in_words():
    run = fight(campaign(), ["tractor"])
    with pytest.raises(IllegalAnswer) as no_beam:
        run.answer("r-f2>b-f2")
    with pytest.raises(IllegalAnswer) as too_far:
        run.answer("r-flag>b-flag")
    assert no_beam.value.rule == RULE and too_far.value.rule == RULE
    for bad in ("r-flag>nobody", "r-flag>b-f2>b-flag"):
        with pytest.raises(IllegalAnswer, match="answer one of r-flag>b-f2"):
            run.answer(bad)


def test_fighting_its_words_and_the_point_split_on_accel_logged():
    run = damaged(9, faces=(1, 2))
    q = run.pending
    assert (q.rule, q.default) == (RULE, False)
    assert q.text.startswith("Blue: B-F2 has taken at least 75% structural damage. Fight R-FLAG's tractor beam?")
    run.answer(True)
    rolls = [(e.rule, e.text) for e in run.log.events if e.kind == "roll"][-2:]
    assert rolls == [(RULE, f"fighting the tractor: structure (even) or maneuvering (odd) (Blue): 1d6 rolled {n}")
                     for n in (1, 2)]
    q = run.pending
    assert (q.to, q.rule, q.default) == ("blue", RULE, 0)
    assert q.text == "Blue: 1 maneuvering point on B-F2 (accel 1, decel 1): how many on accel (the rest on decel)?"
    run.answer(1)
    shot = next(e.text for e in run.log.events if e.text.startswith("B-F2 fights"))
    assert shot == "B-F2 fights R-FLAG's tractor beam: 1 accel, 0 decel lost: 1 structure point; 1 structure, 2 left"
    assert logged(run, "R-FLAG's tractor beam holds B-F2 (it has lost all ability to accelerate or decelerate "
                       "fighting it): one weapon system of its choice powered down") == ("ruling", RULE, "b-f2")
    q = run.pending
    assert (q.to, q.rule, q.text) == ("red", RULE, "Red: which weapon system of R-FLAG is powered down while its "
                                                   "tractor beam holds B-F2?")
    run.answer("Beam")
    assert logged(run, "R-FLAG's Beam is powered down while it holds the tractor") == ("ruling", RULE, "r-flag")
    assert run.engine.tractor.pending is None


def test_points_split_onto_damage_taken_before_all_decel_gone_is_held():
    """B-F2 (accel 3, decel 3) has lost 1 accel and 1 decel already: 4 points, two odd dice; the usual split is
    half on accel (1); all on decel leaves accel 2, decel 0: held."""
    run = fight(campaign(f2={"accel": 3, "decel": 3}), [], faces=(1, 1, 2, 2))
    e = run.engine
    e.structure_lost["b-f2"], e.hits["b-f2"] = 9, {"accel": 1, "decel": 1}
    for a in ("tractor", "r-flag>b-f2", True):
        run.answer(a)
    q = run.pending
    assert q.key == "b5/1/tractor_split" and (q.low, q.high, q.default) == (0, 2, 1)
    run.answer(0)
    assert e.hits["b-f2"] == {"accel": 1, "decel": 3} and (e.data("b-f2").accel, e.data("b-f2").decel) == (2, 0)
    assert "B-F2 fights R-FLAG's tractor beam: 0 accel, 2 decel lost: 2 structure points; 2 structure, 1 left" \
        in [x.text for x in run.log.events]
    assert "r-flag" in e.tractor.held and run.pending.key == "b5/1/tractor_power"


def test_breaking_away_is_logged_and_ends_the_engagement():
    run = damaged(9, faces=(2,))
    run.answer(True)
    assert logged(run, "B-F2 breaks away (accel 1, decel 1 left)") == ("ruling", RULE, "b-f2")
    assert run.engine.tractor.pending is None


def test_a_tractoring_ship_with_one_weapon_powers_it_down_without_a_question():
    run = fight(campaign(red_weapons=(LASER,)), ["tractor", "r-flag>b-f2", True])
    assert run.pending.key.startswith("b5/1/fire/")
    assert logged(run, "R-FLAG's Laser is powered down while it holds the tractor") == ("ruling", RULE, "r-flag")
    assert run.engine.tractor.held["r-flag"].weapons == ("Laser",) and run.engine.tractor.pending is None


def test_the_release_is_logged():
    run = fight(campaign(f2={"category": "capital", "armor": [5, 4, 3], "decel": 0}),
                ["tractor", "r-flag>b-f2", "tractor", "release r-flag"])
    assert logged(run, "R-FLAG's tractor beam lets B-F2 go: the Game Master lets it go") == ("ruling", RULE, "b-f2")


def test_held_on_the_hexside_it_was_on_whatever_the_facing():
    """R-FLAG moved (on the engine) to the hex beyond B-F2, so B-F2 lies off R-FLAG's facing C in direction A
    (hexside 4 from its facing): held there, it stays in its hex when drawn along with no move."""
    run = fight(campaign(), [])
    e = run.engine
    beyond = deploy.hex_of(e.at["b-f2"]).neighbor(Facing.D)
    e.at["r-flag"] = Label(*axial_to_offset(beyond))
    assert e.facing["r-flag"] is Facing.C and tractor.why_not(e, "r-flag", "b-f2") == ""
    before = e.at["b-f2"]
    for a in ("tractor", "r-flag>b-f2", True, "Laser"):
        run.answer(a)
    assert e.tractor.held["r-flag"].side == 4
    tractor.follow(e)
    assert e.at["b-f2"] == before


def test_resumed_at_the_fight_and_the_power_question_asks_it_again():
    """The engine resumes an engagement at the step of its checkpoint (firing.fire -> tractor.step(at))."""
    run = damaged(9, faces=(1, 2))
    e = run.engine
    assert next(tractor.step(e, "tractor_fight")).key == "b5/1/tractor_fight"
    run.answer(True)
    run.answer(1)
    assert run.pending.key == "b5/1/tractor_power"
    assert next(tractor.step(e, "tractor_power")).key == "b5/1/tractor_power"


def test_drawn_back_beside_its_tractoring_ship_and_let_go_when_gone():
    """The held ship, moved away (on the engine), is drawn back into its hex beside R-FLAG at R-FLAG's facing
    and speed; off the board, the hold ends and says why."""
    run = fight(campaign(), ["tractor", "r-flag>b-f2", True, "Laser"])
    e = run.engine
    before = e.at["b-f2"]
    e.at["b-f2"], e.facing["b-f2"], e.speed["b-f2"] = e.at["b-flag"], Facing.A, 2
    tractor.follow(e)
    assert (e.at["b-f2"], e.facing["b-f2"], e.speed["b-f2"]) == (before, e.facing["r-flag"], e.speed["r-flag"])
    del e.at["b-f2"]
    tractor.follow(e)
    assert not e.tractor.held
    assert logged(run, "R-FLAG's tractor beam lets B-F2 go: B-F2 is gone") == ("ruling", RULE, "b-f2")


def test_a_capital_target_powers_down_all_weapons_as_well_as_halving():
    run = fight(campaign(f2={"category": "capital", "armor": [5, 4, 3], "decel": 0}), ["tractor", "r-flag>b-f2"])
    d = run.engine.data("r-flag")
    assert [w.x for w in d.weapons] == [0, 0] and d.accel == 3
