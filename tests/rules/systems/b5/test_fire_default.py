"""Issue 24 leftover: the pulse's first fire question opened at 'done', so Return skipped all of the
pulse's fire. It opens at 'fire' when a ship has a shot with any chance, and the firer, weapon and
target questions open at the shot with the most hits to expect before armor (the exact chance a
fire-control die hits, times the shot's 'x': rules/systems/b5/firing.py ``best_shot``), so Return
through the questions fires the best-odds shot; with no shot of any chance it opens at 'done'."""
from __future__ import annotations

import json

import pytest

from rules.dice import ScriptedDice
from rules.model import io
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems.b5.battle import B5Battle
from tests.rules.systems.b5.helpers import b5
from tests.rules.systems.b5.test_firing import CANNON, LASER, SET_UP
from tests.rules.systems.v13.helpers import AT, duel


def battle(sensor: int = 5, on: bool = True) -> B5Battle:
    """Seed-003 numbers at extreme range (37 hexes, +5): B-FLAG (sensor 3: its laser needs 12 on a d10
    at R-FLAG's Def 10, no chance) is listed first; R-FLAG's matter cannon (x1) before its laser (x2);
    B-FLAG of Def 12 (Def + 5 - sensor 5: a d10 needs 12, no chance) before B-F2 of Def 10 (a d10 needs
    10: 1 in 10)."""
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, weapons=[LASER], sensor=3, defence=12),
            b5("b-f2", "bflag", "capital")]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True, weapons=[CANNON, LASER], sensor=sensor),
           b5("r-f2", "rflag", weapons=[LASER], sensor=sensor)]
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "b5"
    data["settings"]["b5"] = {"declared_fire": on}
    c = type(c).model_validate(data)
    run = B5Battle(end_movement(c, build_graph(c)).campaign, AT, dice=lambda _seed: ScriptedDice([1] * 40))
    for a in SET_UP:
        run.answer(a)
    return run


@pytest.mark.parametrize("on", (True, False))
def test_return_through_the_first_fire_questions_fires_the_best_odds_shot(on):
    run = battle(on=on)
    q = run.pending
    assert "/fire/" in q.key and q.options == ("done", "fire") and q.default == "fire"  # before: done
    run.answer(q.default)
    q = run.pending
    assert q.options == ("b-flag", "r-flag", "r-f2") and q.default == "r-flag"  # B-FLAG has no chance
    run.answer(q.default)
    q = run.pending
    assert q.options == ("Matter cannon", "Laser") and q.default == "Laser"  # 1/10 x2 over 1/10 x1
    run.answer(q.default)
    q = run.pending
    assert q.options == ("b-flag", "b-f2") and q.default == "b-f2"  # 0 at Def 12, 1/10 at Def 10
    odds = run.engine.question_odds(q)  # the exact odds the dialog shows
    assert odds["B-F2"].startswith("extreme range, d10 needs 10+: 1/10 a die, x2") and " 0 a die" in odds["B-FLAG"]
    run.answer(q.default)
    texts = [e.text for e in run.log.events]
    shot = "R-FLAG's Laser (x2) at B-F2, extreme range, d10 + sensor 5+0 needs 15"
    assert any(t.startswith(("declared: " if on else "") + shot) for t in texts), texts[-5:]


def test_with_no_shot_of_any_chance_the_fire_question_opens_at_done():
    run = battle(sensor=0)  # Red's lasers need 15 on a d10 at B-F2; B-FLAG's 12
    q = run.pending
    assert "/fire/" in q.key and "fire" in q.options and q.default == "done"
