"""Seed 003 Movement: the Speed/Pulse chart, accel/decel by pulse, the shift, plotted moves."""
from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.systems.b5.movement import Maneuver, Plot, change_allowed, check_plot, pulse_moves, shift_allowance
from tests.rules.systems.b5.helpers import ship, thentus

CHART = {1: (0, 1, 0), 2: (1, 0, 1), 3: (1, 1, 1), 4: (1, 2, 1), 5: (2, 1, 2), 6: (2, 2, 2), 7: (2, 3, 2),
         8: (3, 2, 3), 9: (3, 3, 3), 10: (3, 4, 3), 11: (4, 3, 4), 12: (4, 4, 4), 13: (4, 5, 4), 14: (5, 4, 5),
         15: (5, 5, 5), 16: (5, 6, 5), 17: (6, 5, 6), 18: (6, 6, 6), 19: (6, 7, 6), 20: (7, 6, 7)}


def test_the_seeds_chart_row_by_row():
    assert {s: pulse_moves(s) for s in CHART} == CHART
    assert pulse_moves(7) == (2, 3, 2) and pulse_moves(20) == (7, 6, 7)


def test_beyond_20_the_pattern_goes_on():
    assert [pulse_moves(s) for s in (21, 22, 23, 26)] == [(7, 7, 7), (7, 8, 7), (8, 7, 8), (9, 8, 9)]
    assert all(sum(pulse_moves(s)) == s for s in range(41))
    assert pulse_moves(0) == (0, 0, 0)


def test_accel_reduced_by_two_per_pulse_of_delay_the_thentus():
    assert change_allowed(6, 1) == 6
    assert change_allowed(6, 2) == 4  # "if a Thentus were to wait until the 2nd movement pulse ... four"
    assert change_allowed(6, 3) == 2 and change_allowed(3, 3) == 0
    with pytest.raises(RuleError, match="pulse 1, 2 or 3"):
        change_allowed(6, 4)


def test_the_thentus_plot_delayed_to_pulse_2():
    t = [("Thentus", thentus())]
    assert check_plot(Plot(("FF", "FFFF", "FFF"), 4, 2), 6, t) is Maneuver.MAINTAIN  # 6 -> 10 in pulse 2
    with pytest.raises(RuleError, match="at most 4 in pulse 2"):
        check_plot(Plot(("FF", "FFFFF", "FFFF"), 5, 2), 6, t)
    assert check_plot(Plot(("FFFF", "FFFF", "FFFF"), 6, 1), 6, t) is Maneuver.MAINTAIN  # 12 in pulse 1


def test_shift_is_half_the_fewest_hexes_in_a_pulse_rounded_up():
    assert shift_allowance(pulse_moves(7)) == 1 and shift_allowance(pulse_moves(20)) == 3
    assert shift_allowance(pulse_moves(10)) == 2 and shift_allowance(pulse_moves(1)) == 0


def test_a_pulse_must_move_the_charts_hexes():
    with pytest.raises(RuleError, match="pulse 2: at speed 7 a ship moves 3 hexes, not 2"):
        check_plot(Plot(("FF", "FF", "FF")), 7, [("a", ship())])


def test_turns_name_the_maneuver_and_need_the_ratings():
    agile = [("a", ship(turn=8, hard_turn=8, come_about=8, course_correct=8))]
    assert check_plot(Plot(("FLF", "FFF", "FF")), 7, agile) is Maneuver.TURN
    assert check_plot(Plot(("FLF", "FFF", "RFF")), 7, agile) is Maneuver.HARD_TURN
    assert check_plot(Plot(("LFF", "LFFF", "LFF")), 7, agile) is Maneuver.COME_ABOUT
    assert check_plot(Plot(("lF", "FFF", "FF")), 7, agile) is Maneuver.MAINTAIN
    clumsy = [("G'Quan", ship("s1", "heavy", turn=6))]
    with pytest.raises(RuleError, match="G'Quan cannot make a turn at speed 7"):
        check_plot(Plot(("FLF", "FFF", "FF")), 7, clumsy)
    assert check_plot(Plot(("FLF", "FFF", "FF")), 6 + 1, [("g", ship("s1", "heavy", turn=7))]) is Maneuver.TURN


def test_course_correction_when_no_hard_turn():
    cc = [("a", ship(hard_turn=0, course_correct=9))]
    assert check_plot(Plot(("FLF", "FFF", "RFF")), 7, cc) is Maneuver.COURSE_CORRECT


def test_slips_only_once_and_not_with_a_turn():
    a = [("a", ship())]
    with pytest.raises(RuleError, match="slip once"):
        check_plot(Plot(("lF", "FFF", "rF")), 7, a)
    with pytest.raises(RuleError, match="slip once"):
        check_plot(Plot(("lF", "LFFF", "FF")), 7, a)


def test_the_least_agile_category_limits_turns_with_a_speed_change():
    squadron = [("G'Quan", ship("s1", "capital")), ("Thentus", thentus())]
    with pytest.raises(RuleError, match="capital ship cannot combine a turn with a speed change"):
        check_plot(Plot(("FLFFF", "FFFF", "FFFF"), 4), 8, squadron)
    assert check_plot(Plot(("FLFFF", "FFFF", "FFFF"), 4), 8, [("Thentus", thentus())]) is Maneuver.TURN
    with pytest.raises(RuleError, match="three hexsides"):
        check_plot(Plot(("LRFF", "LFFF", "FF")), 7, [("a", ship())])


def test_movement_alternation_the_seeds_examples():
    from rules.systems.b5.movement import alternation

    a, b = 0, 1
    assert alternation(4, 6) == [(a, 1), (b, 2), (a, 1), (b, 1), (a, 1), (b, 2), (a, 1), (b, 1)]  # A first
    assert alternation(6, 4) == [(a, 1), (b, 1), (a, 2), (b, 1), (a, 1), (b, 1), (a, 2), (b, 1)]  # B (six) first
    assert alternation(3, 6) == [(a, 1), (b, 2)] * 3  # "B should move 2 squadrons for every one that A moves"
    assert alternation(2, 2) == [(a, 1), (b, 1)] * 2 and alternation(0, 3) == [(b, 3)]
    assert all(sum(n for s, n in alternation(f, g) if s == 0) == f and sum(n for s, n in alternation(f, g) if s == 1)
               == g for f in range(8) for g in range(8))


def test_movement_priorities_the_most_unfavourable_group():
    from rules.systems.b5.movement import PRIORITIES, priority

    assert PRIORITIES[priority(elint=True, lost_ship=True)] == "lost a ship in the last pulse"  # the seed's example
    assert priority(out_of_command=True, elint=True) == 0 and priority() == 3
    assert PRIORITIES[priority(elint=True)] == "not fired on in the last pulse"
    assert PRIORITIES[priority(elint=True, fired_on=True)] == "with ELINT support"
