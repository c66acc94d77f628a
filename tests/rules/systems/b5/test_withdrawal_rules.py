"""A withdrawing squadron's rules in their words and bounds (seed 003 Tracking the Morale of a Squadron:
"the squadron will begin withdrawal operations"; our reading, rules/systems/b5/withdrawal.py and
docs/b5.md "Withdrawal"), written from the survivors of a mutation run on withdrawal.py: the plot
question says what the squadron may do (era 4: it moves away; a jump engine: it may jump out); a
refusal names the distance, "1 hex" or "N hexes"; a ship that left the board does not keep the
others of its squadron from being measured; the ship leaving is a logged ruling naming it; and the
plots tried before a squadron is held to none are every plot the rules of movement give it (the
seed's Accelerate/Decelerate "during any pulse", one pulse's turns, one slip, absolute or relative
formation)."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.dice import ScriptedDice
from rules.systems.b5 import compat, movement, withdrawal
from rules.systems.b5.battle import B5Battle
from tests.rules.systems.b5.test_jump_out import answered, campaign, set_up
from tests.rules.systems.b5.test_pulses import fight, ruled
from tests.rules.systems.v13.helpers import AT

MOVES = ("speed 5: 2/1/2 hexes; F ahead, L/R turn, l/r slip, - none; +2@1 to accelerate; \"relative\" for each ship "
         "to follow the same path; \"shift SHIP HEX\" to shift one ship first)")
CLOSER = "no ship ends a pulse closer to the nearest enemy ship; off the board it leaves; "
AWAY = "its command ship ends the turn farther from the nearest enemy ship than it began; "
JUMP = ("\"jump\" to jump out, B-F2 opening a jump point ahead of it, the squadron holding its place and leaving at "
        "the turn's end; ")


def asked(text: str) -> str:
    return f"Blue: plot squadron bflag's move for turn 2 (in secret; withdrawing: {text}{MOVES}"


def test_the_plot_question_says_what_a_withdrawing_squadron_may_do():
    """Era 4, B-F2 with a jump engine: closer refused, away, jump; with no jump engine, no jump."""
    assert answered(set_up()).pending.text == asked(CLOSER + AWAY + JUMP)
    assert answered(set_up(), campaign(engines=())).pending.text == asked(CLOSER + AWAY)


def test_a_battle_begun_before_era_4_is_not_told_to_move_away():
    first = B5Battle(campaign(), AT, dice=lambda _seed: ScriptedDice([12] * 80))
    first.answer("meeting engagement")
    c = first.saved()
    c = c.model_copy(update={"battle_hexes": [r.model_copy(update={"era": compat.AWAY_ERA - 1})
                                              for r in c.battle_hexes]})
    run = B5Battle(c, AT, dice=lambda _seed: ScriptedDice([12] * 80))
    for a in set_up()[1:]:
        run.answer(a)
    assert run.pending.text == asked(CLOSER + JUMP)


def withdrawing(speed: int, facing: str, red: str):
    """B-FLAG at 0430 and B-F2 at 0431 facing ``facing`` at ``speed``, R-FLAG at ``red``, R-F2 at 3531;
    squadron bflag withdrawing from turn 2 (test_withdrawal's set-up)."""
    return fight(faces=(12,) * 60, set_up=["meeting engagement", "skirmish", "none", speed, 8, ruled("0430", facing),
                                           ruled("0431", facing), ruled(red, "F"), ruled("3531", "F"),
                                           ruled("1040", "C"), "at the table", ["b-flag"], 4, "plot and move"])


@pytest.mark.parametrize("red, refused", [("0427", "pulse 1 1 hex from the nearest enemy ship, closer than 3"),
                                          ("0426", "pulse 1 2 hexes from the nearest enemy ship, closer than 4")])
def test_one_hex_closer_is_named_in_hexes(red, refused):
    """B-FLAG at 0430 moving north two hexes in pulse 1 towards R-FLAG 3 or 4 hexes north of it."""
    with pytest.raises(IllegalAnswer, match=f"^B5 Morale: B-FLAG would end {refused}: its squadron is withdrawing"):
        withdrawing(5, "A", red).answer("FF F FF")


@pytest.mark.parametrize("red, refused", [("0429", "the turn 1 hex from the nearest enemy ship, no farther than the 1"),
                                          ("0428", "the turn 2 hexes from the nearest enemy ship, no farther than "
                                                   "the 2")])
def test_staying_as_near_for_the_turn_is_named_in_hexes(red, refused):
    """B-FLAG at speed 0 facing D (south), R-FLAG 1 or 2 hexes north of it: standing still is refused
    (accelerating away is a plot that keeps the rule)."""
    run = withdrawing(0, "D", red)
    with pytest.raises(IllegalAnswer, match=f"^B5 Morale: B-FLAG would end {refused} it began at: its squadron is "
                                            "withdrawing, so it moves away"):
        run.answer("- - -")
    run.answer("F - F +2@1")  # away, south, at speed 2 from pulse 1: 1/0/1
    assert run.pending.key == "b5/2/plot/b-c2"


def test_a_ship_that_left_the_board_does_not_keep_the_others_from_being_measured():
    """B-FLAG at 0230 facing F (north west) leaves the board in pulse 1; B-F2 at 0430 would end pulse 1
    3 hexes from R-F2 at 0127, closer than 5: refused, though its command ship is gone."""
    run = fight(faces=(12,) * 60, set_up=["meeting engagement", "skirmish", "none", 5, 8, ruled("0230", "F"),
                                          ruled("0430", "F"), ruled("3530", "F"), ruled("0127", "F"),
                                          ruled("1040", "C"), "at the table", ["b-flag"], 4, "plot and move"])
    with pytest.raises(IllegalAnswer, match="^B5 Morale: B-F2 would end pulse 1 3 hexes from the nearest enemy ship, "
                                            "closer than 5"):
        run.answer("FF F FF")


def test_a_ship_leaving_the_board_is_a_logged_ruling_naming_it():
    run = withdrawing(5, "F", "3530")
    for a in ["FF F FF", "FF F FF", "FFF FF FFF", "done", "done", "done"]:
        run.answer(a)
    gone = [x for x in run.log.events if " leaves the board from " in x.text]
    assert [(x.kind, x.rule, x.data) for x in gone] == [("ruling", "B5 Morale", {"unit": "b-flag"}),
                                                        ("ruling", "B5 Morale", {"unit": "b-f2"})]


def hexes(plot: movement.Plot) -> list[int]:
    return [sum(c in "Flr" for c in steps) for steps in plot.steps]


@pytest.mark.parametrize("speed", [0, 1, 5, 8])
def test_the_plots_tried_are_every_speed_change_turn_and_slip(speed):
    """Seed 003: a speed change "during any pulse of the turn" (at most 12 up: withdrawal.plots' bound;
    down to a stop); Turn, Hard Turn, Come About (withdrawal.TURNS, at any point of one pulse); Maintain
    Course with one slip (at any of its hexes); absolute or relative formation. Each plot moves the
    chart's hexes in each pulse at its speed then, straight on (first) or with one pulse changed."""
    tried = list(withdrawal.plots(speed))
    assert tried[0] == movement.Plot(tuple("F" * n for n in movement.pulse_moves(speed)), 0, 1, False)
    assert len(tried) == len(set(tried))
    changes = {(0, 1)} | {(d, at) for at in (1, 2, 3) for d in range(-speed, 13) if d}
    assert {(p.delta, p.at) for p in tried} == changes
    for relative in (False, True):
        mine = [p for p in tried if p.relative is relative]
        for d, at in changes:
            chart = [movement.pulse_moves(speed + d if p >= at else speed)[p - 1] for p in (1, 2, 3)]
            these = {p.steps for p in mine if (p.delta, p.at) == (d, at)}
            assert all(hexes(movement.Plot(s)) == chart for s in these)
            expected = {tuple("F" * n for n in chart)}
            for p, n in enumerate(chart):
                for one in [*("F" * i + t + "F" * (n - i) for t in withdrawal.TURNS for i in range(n + 1)),
                            *("F" * i + c + "F" * (n - i - 1) for c in "lr" for i in range(n))]:
                    expected.add(tuple(one if q == p else "F" * m for q, m in enumerate(chart)))
            assert these == expected
    assert len(tried) == 2 * sum(1 + sum((len(withdrawal.TURNS) * (n + 1) + 2 * n)
                                         for n in [movement.pulse_moves(speed + d if p >= at else speed)[p - 1]
                                                   for p in (1, 2, 3)])
                                 for d, at in changes)
