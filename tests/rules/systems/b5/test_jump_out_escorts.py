"""The flagship's escorts jump out with the flag squadron (seed 003 Meeting Engagements: "Flagship escorts
must be deployed within 3 hexes of the flagship"; Jump-In Scenarios: "A single jump point will allow one
full squadron to pass through it a turn"; our reading, docs/b5.md "Jumping out": the escorts go with the
flag squadron, each within 2 hexes of its vortex, the opener last). Escorts belong to no squadron, so a
squadron other than the flagship's leaves without them."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.battlehex.roster import Status
from rules.dice import ScriptedDice
from rules.systems.b5 import jumpout
from rules.systems.b5.battle import B5Battle
from tests.rules.systems.b5.flag_duel import against_red_flag
from tests.rules.systems.b5.helpers import b5
from tests.rules.systems.b5.test_firing import CANNON, LASER
from tests.rules.systems.b5.test_pulses import ruled
from tests.rules.systems.v13.helpers import AT


def campaign():
    """test_jump_out's forces with an escort of Blue's flagship, B-E1; B-F2 (of the flag squadron) and
    B-C2 (squadron b2's command ship) have jump engines."""
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, weapons=[LASER, CANNON]),
            b5("b-f2", "bflag", weapons=[LASER], jump_engine=True),
            b5("b-e1", escort=True, weapons=[LASER]),
            b5("b-c2", "b2", command=True, weapons=[LASER], jump_engine=True)]
    return against_red_flag(blue)


def withdrawing(escort: str, squadron: str = "b-flag", grey: int = 4):
    """B-FLAG at 0430, its escort B-E1 at ``escort``, B-F2 at 0431 (all facing A, north, speed 5), Red
    at 3530/3531, B-C2 at 1040; turn 1 at the table, where the GM marks the four grey boxes of the
    squadron of ``squadron`` (``grey``: all of them): its morale fails (d12 12 + 1 against 11+)."""
    run = B5Battle(campaign(), AT, dice=lambda _seed: ScriptedDice([12] * 80))
    for a in ["meeting engagement", "skirmish", "none", 5, 8, ruled("0430", "A"), ruled(escort, "A"),
              ruled("0431", "A"), ruled("3530", "F"), ruled("3531", "F"), ruled("1040", "C"), "at the table",
              [squadron], grey, "plot and move"]:
        run.answer(a)
    return run


def rest_of_turn_2(run):
    """The other squadrons' plots of turn 2 and each pulse's fire passed."""
    while run.pending.key.startswith("b5/2/plot/"):
        run.answer("FFF FF FFF" if run.pending.key == "b5/2/plot/r-flag" else "FF F FF")
    while run.pending.key.startswith("b5/2/fire/"):
        run.answer("done")


def test_the_flagships_escort_jumps_out_with_the_flag_squadron_the_opener_last():
    """B-E1 at 0529, 1 hex from the vortex B-F2 opens at 0430: it goes through with B-FLAG, before B-F2;
    retreated, named among the ships that jumped out in the results."""
    run = withdrawing("0529")
    assert run.engine.withdrawing == {"bflag"} and run.pending.key == "b5/2/plot/b-flag"
    run.answer("jump")
    rest_of_turn_2(run)
    e = run.engine
    assert "turn 2: B-FLAG, B-E1, B-F2 jump out through the vortex at 0430, B-F2 last: out of the battle, " \
           "retreated; the vortex closes" in [x.text for x in run.log.events]
    assert e.units["b-e1"].status is Status.RETREATED and e.exits.gone == {"b-flag", "b-e1", "b-f2"}
    assert run.pending.key == "b5/2/morale"
    run.answer([])
    run.answer("results")
    assert "b-e1" not in run.pending.options  # not offered as destroyed
    run.answer([])
    run.answer([])
    assert run.status().resolution.endswith("jumped out: B-FLAG, B-F2 and B-E1")


def test_an_escort_three_hexes_from_the_vortex_keeps_the_flag_squadron_from_jumping():
    """B-E1 at 0533 is 3 hexes from the vortex at 0430 (0529 is 1): the squadron jumps out whole, escorts
    included, so the plot is refused naming it, and asked again."""
    run = withdrawing("0533")
    with pytest.raises(IllegalAnswer, match="B5 Jump-In Scenarios: B-E1 is 3 hexes from the vortex B-F2 would open "
                                            "at 0430: a squadron jumps out whole"):
        run.answer("jump")
    assert run.pending.key == "b5/2/plot/b-flag" and run.engine.exits.open == {}


def test_another_squadron_jumps_out_without_the_flagships_escort():
    """Squadron b2 withdrawing (its morale failed) jumps out through B-C2's vortex: the flagship's escort,
    2 hexes from B-FLAG and far from B-C2, stays on the board."""
    run = withdrawing("0529", squadron="b-c2", grey=2)
    assert run.engine.withdrawing == {"b2"}
    run.answer("FF F FF")  # bflag
    run.answer("jump")  # b2
    rest_of_turn_2(run)
    e = run.engine
    assert "turn 2: B-C2 jump out through the vortex at 1141, B-C2 last: out of the battle, retreated; the vortex " \
           "closes" in [x.text for x in run.log.events]
    assert e.exits.gone == {"b-c2"} and e.units["b-e1"].status is Status.PRESENT


def test_a_collapsed_vortex_keeps_no_other_squadron_from_jumping_out():
    """Both Blue squadrons withdraw and jump; B-C2, squadron b2's opener, is lost before the turn's end
    (the engine's state set so, at pulse 3's fire): its vortex collapses, and the flag squadron (its
    escort with it) still goes through its own."""
    run = B5Battle(campaign(), AT, dice=lambda _seed: ScriptedDice([12] * 80))
    for a in ["meeting engagement", "skirmish", "none", 5, 8, ruled("0430", "A"), ruled("0529", "A"),
              ruled("0431", "A"), ruled("3530", "F"), ruled("3531", "F"), ruled("1040", "C"), "at the table",
              ["b-flag", "b-c2"], 4, 2, "plot and move", "jump", "jump"]:
        run.answer(a)
    while not (run.pending.key.startswith("b5/2/fire/") and run.engine.pulse == 3):
        run.answer("FFF FF FFF" if run.pending.key.startswith("b5/2/plot/") else "done")
    e = run.engine
    assert set(e.exits.open) == {"b-flag", "b-c2"}
    e.units["b-c2"].status = Status.DESTROYED
    jumpout.leave(e)
    texts = [x.text for x in run.log.events[-2:]]
    assert texts == ["turn 2: the vortex at 1141 collapses, B-C2 lost: no ship jumps out",
                     "turn 2: B-FLAG, B-E1, B-F2 jump out through the vortex at 0430, B-F2 last: out of the battle, "
                     "retreated; the vortex closes"]
    assert e.exits.gone == {"b-flag", "b-e1", "b-f2"} and e.exits.open == {}
