"""Issue 25's tell: the explosion act named a cloaked ship caught in a blast. The Klothos explodes with the
cloaked Bird of Prey 2 hexes away; the GM enters the blast's damage on it (hidden, its side's and the GM's).
Whether that damage left its superstructure negative or not, Blue's screen at the next act question (its
acts' words, options, count and order, what is barred, the odds) and Blue's log read the same: the act list
offered "explode" with the Bird of Prey as its only choice, and dropped its move, Shield Control, shield
damage and uncloak acts once it was dead in space."""
from __future__ import annotations

import json

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.test_damage import hit, scripted
from tests.rules.systems.stcs.test_leaks import BLUE, RED, screen

BLAST = [90, 50]
"""The Klothos fails its core ejection (D100 90 against 61) and its core explodes (50 against 110)."""


def caught(points: int, faces: list[int] = ()) -> STCSBattle:
    """The Klothos explodes; the GM enters ``points`` through the Bird of Prey's shields (of the blast)."""
    run = scripted([*BLAST, *faces])
    hit(run, "d7", 37)
    run.answer("explode")
    run.answer(["d7"])
    assert "your cloaked ships caught: Bird of Prey" in run.events_json(RED)
    hit(run, "bop", points)  # 21 of 20: negative superstructure; 5: not
    assert run.pending.key == "stcs/1/act"
    return run


def blue_log(run: STCSBattle) -> list[tuple[str, str]]:
    return [(e["kind"], e["text"]) for e in json.loads(run.events_json(BLUE))]


def test_blue_reads_the_same_act_question_whether_the_caught_cloaked_ship_is_gone_or_not() -> None:
    gone, kept = caught(21), caught(5)
    assert gone.engine.ss_lost["bop"] > gone.engine.data("bop").superstructure  # negative, dead in space
    assert json.dumps(screen(gone, BLUE), sort_keys=True) == json.dumps(screen(kept, BLUE), sort_keys=True)
    assert blue_log(gone) == blue_log(kept)
    assert "explode" not in gone.pending.options  # no public ship is negative: no public explosion act


def test_the_cloaked_ship_explodes_by_its_own_act_seen_only_by_its_side_unless_it_blows_up() -> None:
    gone = caught(21, [10])  # the Bird of Prey's crew ejects its core: D100 10 against 52
    gone.answer("explode:bop")
    assert gone.pending.key == "stcs/1/act" and "bop" in gone.engine.dead
    assert "Bird of Prey does not explode: its crew ejects the warp core" in gone.events_json(RED)
    assert "ejects" not in gone.events_json(BLUE)
    kept = caught(5)
    with pytest.raises(IllegalAnswer, match="superstructure"):
        kept.answer("explode:bop")  # refused to the GM, never logged
    kept.answer("hit:bop")
    kept.answer("superstructure")
    kept.answer(1)
    blue = [blue_log(r) for r in (gone, kept)]
    assert blue[0] == blue[1]


def test_a_cloaked_ship_blowing_up_is_seen_by_everyone() -> None:
    run = caught(21, [90, 50])  # ejection fails (90 against 52), its core explodes (50 against 110)
    run.answer("explode:bop")
    assert "Bird of Prey explodes at" in run.events_json(BLUE)
    assert "bop" not in run.engine.at
