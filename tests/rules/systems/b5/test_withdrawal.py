"""A squadron whose morale roll fails withdraws (seed 003 Tracking the Morale of a Squadron: "the
squadron will begin withdrawal operations"; our reading, rules/systems/b5/withdrawal.py): its plots
take no ship closer to the nearest enemy ship, it may plot off the board, and a ship that leaves is
out of the battle as retreated, not destroyed, in the results written back."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.battlehex.roster import Status
from rules.dice import ScriptedDice
from rules.systems.b5 import compat
from rules.systems.b5.battle import B5Battle
from tests.rules.systems.b5.test_pulses import fight, ruled
from tests.rules.systems.v13.helpers import AT


def withdrawing(facing: str):
    """Blue's flag squadron (B-FLAG at 0430, B-F2 at 0431, facing ``facing``, speed 5: 2/1/2) fails its
    morale at turn 1's end (d12 12 + 1 against 11+) and is asked for its turn 2 plot; Red at 3530/3531."""
    run = fight(faces=(12,) * 60, set_up=["meeting engagement", "skirmish", "none", 5, 8,
                                          ruled("0430", facing), ruled("0431", facing), ruled("3530", "F"),
                                          ruled("3531", "F"), ruled("1040", "C"), "at the table"])
    run.answer(["b-flag"])  # the GM: squadron bflag lost grey boxes at the table
    run.answer(4)  # all four: the first level's check, needs 11+
    assert run.engine.withdrawing == {"bflag"}
    assert "squadron bflag: morale 0 of 4, level 1 needs 11+: d12 12 +1 = 13: begins withdrawal operations" in \
        [e.text for e in run.log.events]
    run.answer("plot and move")
    assert run.pending.key == "b5/2/plot/b-flag" and "withdrawing: no ship ends a pulse closer" in run.pending.text
    return run


@pytest.mark.parametrize("plot, closer", [("FF F FF", "the turn 31 hexes from the nearest enemy ship, no farther than "
                                                      "the 31 it began at"),  # north, along: 31 hexes throughout
                                          ("FF F Fl", ""),  # the last hex a slip to port: away
                                          ("FF F Fr", "pulse 3 30 hexes from the nearest enemy ship, closer "
                                                      "than 31"),  # the last hex a slip to starboard: one closer
                                          ("rF F FF", "pulse 1 30 hexes")])
def test_a_withdrawing_squadrons_plot_goes_no_closer_to_the_enemy(plot, closer):
    run = withdrawing("A")
    if closer:
        with pytest.raises(IllegalAnswer, match=f"B5 Morale: B-FLAG would end {closer}.*withdrawing"):
            run.answer(plot)
        assert run.pending.key == "b5/2/plot/b-flag"  # nothing half-applied: asked again
    else:
        run.answer(plot)
        assert run.pending.key == "b5/2/plot/b-c2"


def holding(facing: str):
    """The same battle, turn 1 plotted: no morale roll, nobody withdrawing."""
    return fight(faces=(1,) * 60, set_up=["meeting engagement", "skirmish", "none", 5, 8,
                                          ruled("0430", facing), ruled("0431", facing), ruled("3530", "F"),
                                          ruled("3531", "F"), ruled("1040", "C"), "plot and move"])


def test_a_squadron_not_withdrawing_may_close_and_may_not_leave_the_board():
    with pytest.raises(IllegalAnswer, match="would leave the board in pulse 3"):
        holding("F").answer("FF F FF")
    run = holding("A")
    run.answer("rF F FF")  # one hex closer in pulse 1: refused only to a withdrawing squadron
    assert run.pending.key == "b5/1/plot/b-c2"


def play_off_the_board(run):
    run.answer("FF F FF")  # north-west from 0430: off the board in pulse 3
    run.answer("FF F FF")  # b2
    run.answer("FFF FF FFF")  # Red
    for _ in range(3):
        assert run.pending.key.startswith("b5/2/fire/")
        run.answer("done")


def test_a_withdrawing_ship_that_crosses_the_edge_leaves_the_battle_retreated():
    run = withdrawing("F")
    play_off_the_board(run)
    e = run.engine
    assert e.units["b-flag"].status is Status.RETREATED and e.units["b-f2"].status is Status.RETREATED
    assert e.units["b-c2"].status is Status.PRESENT
    texts = [x.text for x in run.log.events]
    assert "turn 2 pulse 3: B-FLAG leaves the board from 0129: out of the battle, retreated (withdrawal " \
           "operations, our reading: no closer to the nearest enemy ship, off the board to leave)" in texts
    assert [s.name for s in e.live_squadrons("blue")] == ["b2"]  # no plot asked for it in turn 3
    assert run.pending.key == "b5/2/morale" and "b-flag" not in run.pending.options
    run.answer([])
    run.answer("results")
    assert "b-flag" not in run.pending.options  # not among the ships the GM may call destroyed
    run.answer([])
    run.answer([])
    assert run.status().resolution.endswith("destroyed: none; captured: none; retreated: B-FLAG and B-F2")
    c = run.saved()
    kept = {u.id: u for f in c.fleets for u in f.units}
    assert not kept["b-flag"].destroyed and not kept["b-f2"].destroyed  # not destroyed in the campaign
    assert "retreated: B-FLAG and B-F2" in next(r.resolution for r in c.battle_hexes if r.resolved)


def test_undo_takes_the_ship_back_onto_the_board():
    run = withdrawing("F")
    play_off_the_board(run)
    run.undo(4)  # the three fire answers and Red's plot
    assert run.engine.units["b-flag"].status is Status.PRESENT and run.pending.key == "b5/2/plot/r-flag"
    play_off_the_board_red = ["FFF FF FFF", "done", "done", "done"]
    for a in play_off_the_board_red:
        run.answer(a)
    assert run.engine.units["b-flag"].status is Status.RETREATED


def test_the_others_follow_their_routes_off_the_board_after_their_command_ship_left():
    """B-FLAG at 0230 leaves in pulse 1; B-F2 two hexes behind it, at 0430, goes on to leave in pulse 3
    (its squadron still moves in pulses 2 and 3, its command ship gone)."""
    run = fight(faces=(12,) * 60, set_up=["meeting engagement", "skirmish", "none", 5, 8,
                                          ruled("0230", "F"), ruled("0430", "F"), ruled("3530", "F"),
                                          ruled("3531", "F"), ruled("1040", "C"), "at the table", ["b-flag"], 4,
                                          "plot and move"])
    play_off_the_board(run)
    texts = [x.text for x in run.log.events]
    assert [t.split(":")[0] for t in texts if "leaves the board" in t] == ["turn 2 pulse 1", "turn 2 pulse 3"]
    assert run.engine.units["b-f2"].status is Status.RETREATED


def test_along_in_a_battle_begun_before_withdrawal_moved_away():
    """A battle saved in era 3 (before a withdrawing squadron had to end each turn farther away) still
    takes the plot along, as it did then (a saved one replays); one begun now refuses it (above)."""
    first = fight(faces=(12,) * 60, set_up=["meeting engagement"])
    c = first.saved()
    c = c.model_copy(update={"battle_hexes": [r.model_copy(update={"era": compat.AWAY_ERA - 1})
                                              for r in c.battle_hexes]})
    run = B5Battle(c, AT, dice=lambda _seed: ScriptedDice([12] * 60))
    for a in ["skirmish", "none", 5, 8, ruled("0430", "A"), ruled("0431", "A"), ruled("3530", "F"),
              ruled("3531", "F"), ruled("1040", "C"), "at the table", ["b-flag"], 4, "plot and move"]:
        run.answer(a)
    assert run.engine.withdrawing == {"bflag"} and "farther" not in run.pending.text
    run.answer("FF F FF")
    assert run.pending.key == "b5/2/plot/b-c2"


@pytest.mark.parametrize("facing, away", [("B", ""), ("C", ""), ("A", "l - F +2@1"), ("F", "F - F +2@1")])
def test_a_squadron_no_plot_keeps_away_is_held_to_none(facing, away):
    """B-FLAG (capital: no turn while it changes speed) stands at speed 0 at 0430, R-FLAG at 3530: facing
    B or C (towards Red) it can only turn where it stands or accelerate closer, so no plot keeps it from
    closing or standing still, and it is held to neither this turn (before, no answer was allowed: a
    battle stood still at its plot question); facing A or F (away) accelerating takes it away, so
    standing still is refused. The rules of movement hold either way."""
    run = fight(faces=(12,) * 60, set_up=["meeting engagement", "skirmish", "none", 0, 8, ruled("0430", facing),
                                          ruled("0431", facing), ruled("3530", "F"), ruled("3531", "F"),
                                          ruled("1040", "C"), "at the table", ["b-flag"], 4, "plot and move"])
    assert run.pending.key == "b5/2/plot/b-flag" and run.engine.speed["b-flag"] == 0
    with pytest.raises(IllegalAnswer, match="pulse 1: at speed 0 a ship moves 0 hexes, not 2"):
        run.answer("FF F FF")
    if not away:
        run.answer("- - -")
        assert run.pending.key == "b5/2/plot/b-c2"
    else:
        with pytest.raises(IllegalAnswer, match="B-FLAG would end the turn 31 hexes from the nearest enemy ship, no "
                                                "farther than the 31 it began at"):
            run.answer("- - -")
        run.answer(away)  # away at speed 2 (1/0/1): a slip to port first facing north
        assert run.pending.key == "b5/2/plot/b-c2"
