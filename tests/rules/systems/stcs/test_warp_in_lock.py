"""Seed 002, Warping Into Battles: "Sensor locks are performed normally, but have a -2 modifier applied to the target
value of the roll (i.e., it is harder to lock-on to the arriving ship)". Issue 25's audit: with the -2 taken out of
``firing.lock`` and ``odds.question_odds`` every STCS test still passed (test_battle.py read only "D10 1-"). Here, as a
battle plays: the Enterprise moves 8 hexes nearer the Klothos (24 -> 16) and the Lexington warps in on a minor error of
0 hexes (D10 1: -4 + Warp 2 -> 0) at -16,0, also 16 hexes from the Klothos. At 16 hexes the Chance Of A Lock is 1-8;
on the arrival, in its arrival segment, two worse: 1-6. The same die 7 locks on the one and not on the other."""
from __future__ import annotations

import pytest

from rules.dice import ScriptedDice
from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.v13.helpers import AT

# warp in: CE 10 (minor: 1-57, its crew efficiency), D4 1, tens 10, ones 10 (bearing 000), D10 1 (minor -4) + Warp 2: 0
WARP_IN = [10, 1, 10, 10, 1]


def both_at_16(lock_die: int) -> STCSBattle:
    """Turn 1, segment 1: the Enterprise moved to 16 hexes of the Klothos, the Lexington just arrived at 16 hexes."""
    run = STCSBattle(stcs_campaign(), AT, dice=lambda _seed: ScriptedDice([*WARP_IN, lock_die]))
    for a in ("sublight", ["lexington"], "move:enterprise", "8", "E:8", "warpin:lexington", "-16,0", "2"):
        run.answer(a)
    e = run.engine
    assert e.dispersions[0]["landed"] == [-16, 0] and e.dispersions[0]["distance"] == 0
    assert e.range("d7", "enterprise") == e.range("d7", "lexington") == 16
    assert e.arrived == {"lexington": e.round} and "enterprise" not in e.arrived
    return run


def test_the_odds_shown_on_an_arrival_are_two_worse_than_on_a_ship_at_the_same_range() -> None:
    odds = both_at_16(1).question_odds()
    assert odds["lock:d7:enterprise"] == "D10 1-8: 80%"  # 15-21 hexes: 1-8
    assert odds["lock:d7:lexington"] == "D10 1-6: 60%"  # 1-8 - 2


@pytest.mark.parametrize(("target", "die", "locked"), [
    ("lexington", 6, True), ("lexington", 7, False),  # the arrival: 1-6
    ("enterprise", 7, True), ("enterprise", 8, True), ("enterprise", 9, False),  # the same range, not arriving: 1-8
])
def test_the_die_locks_just_inside_and_fails_just_outside(target: str, die: int, locked: bool) -> None:
    run = both_at_16(die)
    run.answer(f"lock:d7:{target}")
    assert (run.engine.locks == {"d7": target}) is locked
    top, name = (6, "Lexington") if target == "lexington" else (8, "Enterprise")
    assert f"sensor lock on {name} (1-{top}) (Red): 1d10 rolled {die}" in run.events_json("blue")
    assert f"Klothos {'locks on' if locked else 'fails to lock on'} {name}" in run.events_json("blue")


def test_the_modifier_ends_with_the_arrival_segment() -> None:
    run = both_at_16(7)
    run.answer("next")
    run.answer("none")  # Red, in secret: its cloaked Bird of Prey stays
    assert run.status().stage == "turn 1, segment 2" and run.engine.range("d7", "lexington") == 16
    assert run.question_odds()["lock:d7:lexington"] == "D10 1-8: 80%"
    run.answer("lock:d7:lexington")
    assert run.engine.locks == {"d7": "lexington"}  # the die 7 that failed in its arrival segment
