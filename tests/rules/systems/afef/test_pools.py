"""AF/EF pools of more than 100 dice (issue 19): seed 001 4.2.b adds "all the AF that apply to a
given target" into "a single dice roll", with no limit, so ``main.py battle --system afef``
resolves such a pool (rolled in parts the dice roller can take, hits added) instead of raising
``ValueError: dice count must be 1-100``; and an answer the procedure fails on after its check
is never kept by the run (the battle replays from its record)."""
from __future__ import annotations

import json
from fractions import Fraction

import pytest

from hexmap import Label
from rules.battlehex.log import IllegalAnswer
from rules.dice import ScriptedDice
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems import start
from rules.systems.afef.odds import face_hits
from rules.battlehex.headless_systems import with_system
from tests.conftest import DEFAULT
from tests.test_main_cli import _run
from tests.hand_kept import hand_kept

AT = "0604"
BIG = [{"lyr-ca-pride": 200}, [], {"attacks": {"lyr-ca-pride": {"kz-aac-1": 204}}},
       {"attacks": {"kz-aac-1": {"lyr-ca-pride": 3}}}]
"""The GM gives the Lyran CA +200 AF; it puts all 204 dice on one Kzinti ship, which fires back."""


def _battle(tmp_path, answers):
    f = tmp_path / "answers.json"
    f.write_text(json.dumps(answers), encoding="utf-8")
    return _run("battle", DEFAULT, "--hex", AT, "--system", "afef", "--seed", "3", "--answers", str(f),
                "--viewer", "gm")


def test_a_pool_of_204_dice_is_rolled_headless_and_replays_to_the_same_bytes(tmp_path):
    r = _battle(tmp_path, BIG)
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    out = json.loads(r.stdout)
    assert out["answers_used"] == 4 and out["next_question"]["key"] == "afef/1/continue"
    fire = next(e for e in out["log"] if e["kind"] == "ruling" and e.get("data", {}).get("target") == "kz-aac-1")
    assert len(fire["data"]["faces"]) == 204  # one pool: every die of it rolled, none dropped
    assert fire["data"]["hits"] == sum(face_hits(f) for f in fire["data"]["faces"])
    parts = [e for e in out["log"] if e["kind"] == "roll" and "LSS Pride of Redclaw at" in e["text"]]
    assert [len(e["data"]["faces"]) for e in parts] == [100, 100, 4]
    assert _battle(tmp_path, BIG).stdout == r.stdout


def test_an_answer_the_procedure_fails_on_is_not_kept():
    """Dice that run out in the middle of resolving an answer: the answer is refused, the run is as
    before it, and its record replays."""
    at = Label.parse(AT)
    c = hand_kept()
    asked = end_movement(c, build_graph(c)).questions
    formed = end_movement(c, build_graph(c), {(q.at, q.team, q.other): True for q in asked}).campaign
    formed = with_system(formed, at, "afef", 3)
    run = start(formed, at)
    for a in BIG[:3]:
        run.answer(a)
    run._dice = lambda _seed: ScriptedDice([5] * 10)  # noqa: SLF001 - not enough faces for the 204 dice
    run.restart(list(run.answers))
    before = (list(run.answers), len(run.log.events), run.pending.key)
    with pytest.raises(LookupError):
        run.answer(BIG[3])
    assert (list(run.answers), len(run.log.events), run.pending.key) == before
    with pytest.raises(IllegalAnswer):  # and the run still checks answers as before
        run.answer({"attacks": {}})
    assert start(run.saved(), at).answers == BIG[:3]


def test_the_return_question_of_a_1003_dice_pool_gives_its_exact_odds_at_once(tmp_path):
    """The return question lists the odds of the roll each target takes: a pool of 1003 dice
    (the GM's +999) has them exact without a table of its 2,007 hit counts (before: minutes)."""
    r = _battle(tmp_path, [{"lyr-ca-pride": 999}, [], {"attacks": {"lyr-ca-pride": {"kz-aac-1": 1003}}}])
    assert r.returncode == 0, r.stderr
    q = json.loads(r.stdout)["next_question"]
    assert q["key"] == "afef/1/return"
    incoming = q["data"]["odds"]["incoming"]["kz-aac-1"]
    destroyed = Fraction(incoming["destroyed"])  # all but the 1003 dice scoring fewer than 6 hits
    assert Fraction(999, 1000) < destroyed < 1 and incoming["expected"] == "1003/2" and incoming["hits"] == {}


@pytest.mark.parametrize("hits, ef, damaged, dice, stepped", [
    (0, 6, False, 10, 0), (2, 7, False, 30, 2), (3, 6, True, 12, 1), (0, 1, False, 3, 0), (0, 20, False, 60, 3)])
def test_big_pool_odds_are_the_exact_odds(monkeypatch, hits, ef, damaged, dice, stepped):
    from rules.systems.afef import odds

    exact = odds.target_odds(hits, ef, damaged, dice, stepped)
    monkeypatch.setattr(odds, "ODDS_MOST", 0)  # every pool counted the big pools' way
    big = odds.pool_odds(hits, ef, damaged, dice, stepped)
    assert (big.damaged, big.destroyed, big.expected, big.hits) == (exact.damaged, exact.destroyed, exact.expected, ())
