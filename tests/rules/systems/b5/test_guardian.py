"""b5 the Guardian Array in a battle (seed 003 Guardian Array; rules/systems/b5/guardian.py): asked of
the guardian's side after the fire is announced (declared) and before it is rolled, level by level, with
the exact chance per die with and without it; not against lasers; one protecting ship per target; the
Def raised in the roll; undo at the question resumes from a checkpoint. And the Plasma Accelerator's
damage by its last shot in a battle (rules/systems/b5/specials.py)."""
from __future__ import annotations

import json
import re

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.dice import ScriptedDice
from rules.model import io
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems.b5.battle import B5Battle
from tests.rules.systems.b5.helpers import b5
from tests.rules.systems.b5.test_firing import LASER, SET_UP
from tests.rules.systems.b5.test_specials import ACCELERATOR
from tests.rules.systems.v13.helpers import AT, duel

BEAM = {"name": "Beam", "cls": "particle", "shots": 3, "ranges": [10, 20, 30, 40],
        "fire_control": ["d10", "d10", "d4"], "damage": ["d10"], "x": 1}


def campaign(flag_guard: int = 2, f2_guard: int = 0, declared: bool = True, red_weapons=(LASER, BEAM)):
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, weapons=[LASER], guardian=flag_guard),
            b5("b-f2", "bflag", guardian=f2_guard)]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True, weapons=list(red_weapons)),
           b5("r-f2", "rflag", weapons=[BEAM, LASER])]
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "b5"
    data["settings"]["b5"] = {"declared_fire": declared}
    c = type(c).model_validate(data)
    return end_movement(c, build_graph(c)).campaign


def fight(c, answers):
    run = B5Battle(c, AT, dice=lambda _seed: ScriptedDice([5] * 300))
    for a in [*SET_UP, *answers]:
        run.answer(a)
    return run


DECLARE = ("fire", "r-flag", "Beam", "b-f2", "fire", "r-f2", "Laser", "b-flag")
"""R-FLAG's Beam at B-F2, R-F2's Laser at B-FLAG (Red's squadron declares both)."""


def needs(run) -> list[int]:
    return [int(re.search(r"needs (\d+):", e.text).group(1)) for e in run.log.events if e.text.startswith("rolled: ")]


def test_the_guardians_side_protects_a_ship_after_the_fire_is_declared_not_against_a_laser():
    run = fight(campaign(), DECLARE)
    assert not run.pending.key.endswith("/guard")  # not while the fire is being declared
    run.answer("resolve")
    q = run.pending
    assert q.key == "b5/1/guard" and q.to == "blue" and q.rule == "B5 Guardian Array"
    assert q.options == ("b-f2", "none")  # B-FLAG is fired at by a laser only: not offered
    assert "level 1 of 2" in q.text and "(Def +1; not against lasers)" in q.text
    assert q.data["option_words"]["b-f2"] == "B-F2: R-FLAG's Beam d10 needs 10+ (1/10 a die), protected 11+ (0)"
    with pytest.raises(IllegalAnswer):
        run.answer("b-flag")
    run.answer("b-f2")
    assert "level 2 of 2" in run.pending.text
    assert run.pending.data["option_words"]["b-f2"].startswith("B-F2: R-FLAG's Beam d10 needs 11+ (0 a die)")
    run.answer("b-f2")
    texts = [e.text for e in run.log.events]
    assert "B-FLAG's Guardian Array raises B-F2's Def by 2 against this fire (not against lasers)" in texts
    assert needs(run) == [15 + 2, 15]  # the Beam at B-F2 needs two more; the Laser at B-FLAG as ever
    assert not run.engine.guard.given  # the protection ends once the fire is rolled


def test_a_ship_protected_by_one_guardian_is_not_offered_to_another():
    """B-FLAG (1 level) protects B-F2; B-F2's own array (1 level) may then protect only B-FLAG."""
    c = campaign(flag_guard=1, f2_guard=1, red_weapons=(BEAM,))
    run = fight(c, ("fire", "r-flag", "Beam", "b-f2", "fire", "r-f2", "Beam", "b-flag", "resolve"))
    assert run.pending.options == ("b-f2", "b-flag", "none") and "B-FLAG's Guardian" in run.pending.text
    run.answer("b-f2")
    q = run.pending
    assert "B-F2's Guardian Array, level 1 of 1" in q.text and q.options == ("b-flag", "none")
    with pytest.raises(IllegalAnswer):
        run.answer("b-f2")
    run.answer("none")
    assert needs(run) == [16, 15]
    assert "B-F2's Guardian Array protects no more ships from this fire" in [e.text for e in run.log.events]


def test_no_question_without_a_guardian_or_against_lasers_alone():
    run = fight(campaign(flag_guard=0), (*DECLARE, "resolve"))
    assert not run.pending.key.endswith("/guard") and needs(run) == [15, 15]
    run = fight(campaign(), ("fire", "r-flag", "Laser", "b-f2", "resolve"))
    assert not run.pending.key.endswith("/guard") and needs(run) == [15]


def test_shot_by_shot_the_guardian_is_asked_before_the_shots_dice():
    run = fight(campaign(declared=False), ("fire", "r-flag", "Beam", "b-f2"))
    assert run.pending.key == "b5/1/guard" and not needs(run)
    assert not [e for e in run.log.events if e.kind == "roll" and "to hit" in e.data.get("purpose", "")]
    run.answer("b-f2")
    run.answer("none")
    text = next(e.text for e in run.log.events if e.text.startswith("R-FLAG's Beam (x1) at B-F2"))
    assert "needs 16:" in text


@pytest.mark.parametrize("declared", [True, False])
def test_undo_at_the_guardians_question_resumes_from_a_checkpoint(monkeypatch, declared):
    from rules.battlehex import replay_points
    from rules.systems import start
    from tests.rules.battlehex.test_replay_points import counting
    from tests.rules.systems.b5.test_b5_checkpoints import reference

    replay_points.SHELF.clear()
    c = start(campaign(declared=declared), AT).saved()
    answers = [*SET_UP, *(DECLARE if declared else DECLARE[:4]), *(["resolve"] if declared else []), "b-f2", "b-f2"]
    run = start(c, AT)
    given = counting(monkeypatch)
    for a in answers:
        q = run.pending
        run.answer(a)
        if q.key.endswith("/guard"):
            given.clear()
            run.undo(1)
            assert not given and run.pending.key == q.key and run.pending.text == q.text
            run.answer(a)
    ref = reference(c, None, answers)
    assert run.events_json() == ref.events_json() and run.saved() == ref.saved()


@pytest.mark.parametrize(("ranges", "first", "then", "words"), [
    ([60, 70, 80, 90], "d12", "2d8", "short range, damage of long range (it fired last pulse)"),
    ([10, 20, 60, 80], "2d8", "d6", "long range, damage of extreme range (it fired last pulse)")])
def test_the_plasma_accelerator_fired_in_the_last_pulse(ranges, first, then, words):
    """R-FLAG's Accelerator (d12 short, d10 medium, 2d8 long, d6 extreme) fires at B-FLAG in pulse 1, then in
    pulse 2: its damage two levels down (at long range no further than extreme's), shown in the odds before the
    roll and logged with the shot and under the seed's section."""
    acc = dict(ACCELERATOR, ranges=ranges)
    c = campaign(flag_guard=0, red_weapons=(acc,), declared=False)
    run = B5Battle(c, AT, dice=lambda _seed: ScriptedDice([1] * 300))
    for a in SET_UP:
        run.answer(a)
    while run.engine.pulse < 2 or not run.pending.key.startswith("b5/1/fire/"):
        q = run.pending
        if q.key.startswith("b5/1/fire/") and run.engine.pulse == 1 and not run.engine.fired.get("r-flag"):
            for a in ("fire", "r-flag", "Plasma accelerator"):
                run.answer(a)
            assert f"damage {first} on armor" in run.engine.question_odds(run.pending)["B-FLAG"]
            run.answer("b-flag")
            continue
        run.answer("done" if q.key.startswith("b5/1/fire/") else q.default)
    for a in ("fire", "r-flag", "Plasma accelerator"):
        run.answer(a)
    assert f"damage {then} on armor" in run.engine.question_odds(run.pending)["B-FLAG"]
    run.answer("b-flag")
    text = [e.text for e in run.log.events if e.text.startswith("R-FLAG's Plasma accelerator (x1) at B-FLAG")]
    assert words in text[-1], text
    rule = [(e.rule, e.text) for e in run.log.events if e.text.startswith("R-FLAG's Plasma accelerator fired")]
    assert rule == [("B5 Plasma Accelerator", f"R-FLAG's Plasma accelerator fired 1 pulse ago: its damage 2 levels "
                                              f"down, {then}")]


def torpedo_campaign():
    from tests.rules.systems.b5.test_pulses import TORPEDO

    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, weapons=[LASER, TORPEDO]),
            b5("b-f2", "bflag", weapons=[LASER]), b5("b-c2", "b2", command=True, weapons=[LASER])]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True, weapons=[LASER], guardian=1),
           b5("r-f2", "rflag", weapons=[LASER])]
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "b5"
    data["settings"]["b5"] = {"declared_fire": False}
    c = type(c).model_validate(data)
    return end_movement(c, build_graph(c)).campaign


TORPEDO_RUN = ["fire", "b-flag", "Ion torpedo", "r-flag", "done", "done", "done", [], "plot and move", "FF F FF",
               "FF F FF", "FFF FF FFF"]
"""B-FLAG's Ion torpedo launched at R-FLAG in turn 1 pulse 1 (test_pulses' set-up), to hit in turn 2 pulse 1."""


def test_a_ballistic_weapon_is_guarded_at_its_impact():
    """Announced at its launch, resolved at its impact: Red's guardian is asked then, before the dice."""
    from tests.rules.systems.b5.test_pulses import SET_UP as TORPEDO_SET_UP

    run = B5Battle(torpedo_campaign(), AT, dice=lambda _seed: ScriptedDice([1] * 60))
    for a in [*TORPEDO_SET_UP, *TORPEDO_RUN]:
        run.answer(a)
    q = run.pending
    assert q.key == "b5/2/guard" and q.to == "red" and q.options == ("r-flag", "none")
    assert q.data["option_words"]["r-flag"] == "R-FLAG: B-FLAG's Ion torpedo d10 needs 5+ (3/5 a die), protected " \
                                              "6+ (1/2)"
    run.answer("r-flag")
    hit = next(e.text for e in run.log.events if "B-FLAG's Ion torpedo (x1) at R-FLAG, in flight" in e.text)
    assert "needs 11:" in hit  # Def 10 + 1, no range modifier


def test_undo_at_an_impacts_guardian_question_resumes_from_a_checkpoint(monkeypatch):
    from rules.battlehex import replay_points
    from rules.systems import start
    from tests.rules.battlehex.test_replay_points import counting
    from tests.rules.systems.b5.test_b5_checkpoints import reference
    from tests.rules.systems.b5.test_pulses import SET_UP as TORPEDO_SET_UP

    replay_points.SHELF.clear()
    c = start(torpedo_campaign(), AT).saved()
    answers = [*TORPEDO_SET_UP, *TORPEDO_RUN, "r-flag", "done"]
    run = start(c, AT)
    given = counting(monkeypatch)
    for a in answers:
        q = run.pending
        run.answer(a)
        if q.key.endswith("/guard"):
            given.clear()
            run.undo(1)
            assert not given and run.pending.key == q.key and run.pending.text == q.text
            run.answer(a)
    assert any(e.data.get("key") == "b5/2/guard" for e in run.log.events if e.kind == "question")
    ref = reference(c, None, answers)
    assert run.events_json() == ref.events_json() and run.saved() == ref.saved()


def test_a_flights_attack_is_guarded_after_the_anti_fighter_fire():
    """R-FL1 attacks B-FLAG (a Guardian Array of 1 level): B-FLAG's anti-fighter fire first, then Blue is
    asked, then the fighters roll against Def 10 + 1 (tests/rules/systems/b5/afhelp.py's set-up)."""
    from rules.systems.b5 import fighters
    from tests.rules.systems.b5.afhelp import campaign as af_campaign, fight as af_fight

    data = json.loads(io.dumps(af_campaign(af=2, count=1)))
    for f in data["fleets"]:
        for u in f["units"]:
            if u["id"] == "b-flag":
                u["b5"]["guardian"] = 1
    c = type(af_campaign()).model_validate(data)
    run = af_fight(c, "r-fl1 attack b-flag", {"r-fl1": "1332"}, faces=[1] * 40)
    for a in (fighters.FIGHTERS, "r-fl1", "b-flag"):
        run.answer(a)
    q = run.pending
    texts = [e.text for e in run.log.events]
    assert q.key == "b5/1/guard" and q.to == "blue" and q.options == ("b-flag", "none")
    assert any("(AF x2) at R-FL1" in t for t in texts) and not any("attacks B-FLAG" in t for t in texts)
    assert q.data["option_words"]["b-flag"].startswith("B-FLAG: R-FL1's fighter weapons d10 needs ")
    run.answer("b-flag")
    attack = next(e.text for e in run.log.events if "attacks B-FLAG" in e.text)
    assert "needs 11:" in attack, attack


def test_undo_at_a_flights_guardian_question_resumes_from_a_checkpoint(monkeypatch):
    from rules.battlehex import replay_points
    from rules.systems import start
    from rules.systems.b5 import fighters
    from tests.rules.battlehex.test_replay_points import counting
    from tests.rules.systems.b5.afhelp import campaign as af_campaign, fight as af_fight
    from tests.rules.systems.b5.test_b5_checkpoints import reference

    replay_points.SHELF.clear()
    data = json.loads(io.dumps(af_campaign(af=2, count=1)))
    for f in data["fleets"]:
        for u in f["units"]:
            if u["id"] == "b-flag":
                u["b5"]["guardian"] = 1
    c = start(type(af_campaign()).model_validate(data), AT).saved()
    run = af_fight(c, "r-fl1 attack b-flag", {"r-fl1": "1332"})
    for a in (fighters.FIGHTERS, "r-fl1", "b-flag"):
        run.answer(a)
    q = run.pending
    assert q.key == "b5/1/guard"
    given = counting(monkeypatch)
    run.answer("b-flag")
    given.clear()
    run.undo(1)
    assert not given and run.pending.key == q.key and run.pending.text == q.text
    run.answer("b-flag")
    ref = reference(c, None, list(run.answers))
    assert run.events_json() == ref.events_json() and run.saved() == ref.saved()
