"""A ship stopped at the board's edge makes its plotted speed change there (a battle begun in era 4 or
later, rules/systems/b5/compat.py; docs/b5.md "Withdrawal", a squadron at the board's edge no plot
keeps on it). Seed 003 Accelerate/Decelerate: "if a ship were traveling at a speed of 12 and were
given a decelerate order, it would move at a speed of 11 or less"; Movement: a capital ship may
change speed only while maintaining course, and turns only at the speeds its data allows. B-C2, a
capital ship that turns at speed 4 or less, stands at 0140 on the board's west edge facing E (south
west) at speed 8, decel 4: every plot takes it off the board, so its plot stands and it stops at the
edge; slowed to 4 there, it can turn away the next turn. Before era 4 it kept its speed at the edge
(and stayed stuck there): a battle saved then still plays so."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.dice import ScriptedDice
from rules.systems.b5 import compat
from rules.systems.b5.battle import B5Battle
from tests.rules.systems.b5.flag_duel import against_red_flag
from tests.rules.systems.b5.helpers import b5
from tests.rules.systems.b5.test_firing import CANNON, LASER
from tests.rules.systems.b5.test_pulses import ruled
from tests.rules.systems.v13.helpers import AT

SLOW = {"turn": 4, "hard_turn": 4, "come_about": 4, "course_correct": 4, "decel": 4}
"""B-C2 turns at speed 4 or less, and slows by 4 at most a turn."""


def campaign(slow: bool = True):
    """``slow``: B-C2 is a capital ship of :data:`SLOW`; else a medium ship turning at speed 12 or less."""
    b_c2 = b5("b-c2", "b2", "capital", command=True, weapons=[LASER], **SLOW) if slow else \
        b5("b-c2", "b2", command=True, weapons=[LASER])
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, weapons=[LASER, CANNON]),
            b5("b-f2", "bflag", weapons=[LASER]), b_c2]
    return against_red_flag(blue)


def at_the_edge(era: int, slow: bool = True):
    """A meeting engagement at speed 8, begun in ``era``: B-C2 at 0140 facing E, turn 1 plotted up to
    squadron b2's plot."""
    run = B5Battle(campaign(slow), AT, dice=lambda _seed: ScriptedDice([1] * 80))
    run.answer("meeting engagement")
    if era != compat.ERA:  # the record as a battle begun in ``era`` saved it
        c = run.saved()
        c = c.model_copy(update={"battle_hexes": [r.model_copy(update={"era": era}) for r in c.battle_hexes]})
        run = B5Battle(c, AT, dice=lambda _seed: ScriptedDice([1] * 80))
    for a in ["skirmish", "none", 8, 8, ruled("2030", "A"), ruled("2031", "A"), ruled("3530", "F"),
              ruled("3531", "F"), ruled("0140", "E"), "plot and move", "FFF FF FFF"]:
        run.answer(a)
    assert run.pending.key == "b5/1/plot/b-c2" and run.engine.speed["b-c2"] == 8
    return run


def slowed_at_the_edge(run):
    """B-C2 plotted slowing by 4 in pulse 1 (no GM ruling: no plot keeps it on the board), the plot its
    question opens at (Return gives it: straight on kept it at the edge at its speed, turn after turn, in
    I5's real-screen walk of 0604); Red straight on, no fire; turn 2 begun up to B-C2's plot."""
    assert run.pending.default == "F FF F -4@1"
    run.answer("F FF F -4@1")
    assert run.engine.exits.boxed == {"1/b-c2": True}  # withdrawal.held_to tried every plot: none stays on
    for a in ["FFF FF FFF", "done", "done", "done", [], "plot and move", "FFF FF FFF"]:
        run.answer(a)
    assert run.pending.key == "b5/2/plot/b-c2"
    texts = [x.text for x in run.log.events]
    assert "B-C2 stops at the board's edge" in texts
    return texts


def test_a_ship_stopped_at_the_edge_makes_its_plotted_speed_change_there():
    run = at_the_edge(compat.ERA)
    texts = slowed_at_the_edge(run)
    assert "turn 1 pulse 3: squadron b2's command ship moves to 0140, facing E, speed 4" in texts
    assert run.engine.speed["b-c2"] == 4 and "speed 4: 1/2/1 hexes" in run.pending.text
    with pytest.raises(IllegalAnswer, match="B-C2 would leave the board in pulse 1"):
        run.answer("F FF F")  # held to none in turn 1 only: now a turn keeps it on the board
    run.answer("LF FF F")  # at speed 4 it may turn: to port (south), along the edge
    run.answer("FFF FF FFF")
    assert str(run.engine.at["b-c2"]) == "0141" and run.engine.facing["b-c2"].name == "D"


def test_a_battle_begun_before_keeps_its_speed_at_the_edge():
    run = at_the_edge(compat.AWAY_ERA - 1)
    texts = slowed_at_the_edge(run)
    assert "turn 1 pulse 3: squadron b2's command ship moves to 0140, facing E, speed 8" in texts
    assert run.engine.speed["b-c2"] == 8 and "speed 8: 3/2/3 hexes" in run.pending.text
    with pytest.raises(IllegalAnswer, match="pulse 1: at speed 8 a ship moves 3 hexes, not 1"):
        run.answer("LF FF F")


def test_the_plot_question_opens_at_a_plot_the_rules_take_when_straight_on_leaves_the_board():
    """B-C2 (medium, turning at speed 12 or less) at 0140 facing E at speed 8: straight on leaves the board
    and is refused, but a turn keeps it on: the question opens at such a plot, so Return (its default)
    plays on. Before, it opened at nothing and Return was refused ("a plot is three pulses' steps ...,
    none was given"): the real-screen walk of 0604 by Return stood at such a plot question."""
    run = at_the_edge(compat.ERA, slow=False)
    with pytest.raises(IllegalAnswer, match="B-C2 would leave the board in pulse 1"):
        run.answer("FFF FF FFF")
    q = run.pending
    assert q.default == "LFFF FF FFF"  # the first plot tried that the rules take: to port (south), along the edge
    run.answer(q.default)
    assert run.pending.key == "b5/1/plot/r-flag"
    run.answer("FFF FF FFF")
    for _ in range(3):
        run.answer("done")
    texts = [x.text for x in run.log.events]
    assert "B-C2 stops at the board's edge" not in texts
    assert run.engine.exits.boxed == {"1/b-c2": False}  # not held to none
