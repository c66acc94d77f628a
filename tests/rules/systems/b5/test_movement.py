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


# HF's audit (session of 2026-11-27 20:07): the mutants of movement.py these tests did not kill.

def test_accel_is_read_for_speeding_up_and_decel_for_slowing_down():
    """Accelerate/Decelerate: "A ship may accelerate or decelerate as indicated by its stats": a
    ship of accel 2 and decel 4 may slow by 4 but speed up by 2 only (the Thentus's 6/6 hid which)."""
    s = [("Hyperion", ship(accel=2, decel=4))]
    assert check_plot(Plot(("F", "", "F"), -4), 6, s) is Maneuver.MAINTAIN  # 6 -> 2: 1/0/1
    with pytest.raises(RuleError, match="Hyperion accelerates by at most 2 in pulse 1 \\(rating 2") as e:
        check_plot(Plot(("FFF", "FF", "FFF"), 3), 5, s)
    assert e.value.rule == "B5 Movement"
    assert check_plot(Plot(("FFF", "FF", "FFF"), 1), 7, s) is Maneuver.MAINTAIN  # +1 reads accel 2 too
    with pytest.raises(RuleError, match="Hyperion decelerates by at most 4 in pulse 1 \\(rating 4"):
        check_plot(Plot(("", "", ""), -5), 5, s)
    with pytest.raises(RuleError, match="Hyperion decelerates by at most 2 in pulse 2"):
        check_plot(Plot(("FF", "F", "F"), -3, 2), 6, s)


def test_a_ship_may_stop_and_change_speed_in_pulse_3_but_not_below_0():
    s = [("a", ship(decel=6))]
    assert check_plot(Plot(("", "", ""), -3), 3, s) is Maneuver.MAINTAIN  # speed 0: still
    assert check_plot(Plot(("FF", "FF", "FFF"), 2, 3), 6, s) is Maneuver.MAINTAIN  # 6 -> 8 in pulse 3: 2, 2, then 3
    with pytest.raises(RuleError, match="speed 3 cannot drop by 4") as e:
        check_plot(Plot(("", "", ""), -4), 3, [("a", ship(decel=9))])
    assert e.value.rule == "B5 Movement"
    with pytest.raises(RuleError, match="a speed change is made in pulse 1, 2 or 3, not 4") as e:
        check_plot(Plot(("FF", "FF", "FF"), 1, 4), 6, s)
    assert e.value.rule == "B5 Movement"


def test_two_turns_the_same_way_are_no_course_correction():
    """Correct Course: "turn once to port/starboard, move a short distance, than turn back on their
    original heading": LR is one, LL is not (a hard turn only)."""
    cc = [("a", ship(hard_turn=0, course_correct=9))]
    assert check_plot(Plot(("FLF", "FFF", "RFF")), 7, cc) is Maneuver.COURSE_CORRECT
    with pytest.raises(RuleError, match="a cannot make a hard turn at speed 7"):
        check_plot(Plot(("FLF", "FFF", "LFF")), 7, cc)


def test_each_refusal_names_the_movement_rule_and_counts_the_steps():
    a = [("a", ship())]
    for plot, speed, words in ((Plot(("FX", "FFF", "FF")), 7, "pulse 1: steps are F, L, R, l, r, not X"),
                               (Plot(("FF", "FFF", "FlF")), 7, "pulse 3: at speed 7 a ship moves 2 hexes, not 3"),
                               (Plot(("FFr", "FF", "FF")), 7, "pulse 1: at speed 7 a ship moves 2 hexes, not 3"),
                               (Plot(("FF", "FF", "F")), 4, "pulse 1: at speed 4 a ship moves 1 hex, not 2"),
                               (Plot(("lF", "rFF", "FF")), 7, "a ship may slip once, to port or starboard, and only "
                                                             "while keeping its course"),
                               (Plot(("LLFF", "LLFFF", "FF")), 7, "4 hexside turns (LLLL): a ship turns at most three "
                                                               "hexsides, all the same way (come about), in a turn")):
        with pytest.raises(RuleError) as e:
            check_plot(plot, speed, a)
        assert e.value.rule == "B5 Movement" and e.value.message == words
    with pytest.raises(RuleError) as e:
        check_plot(Plot(("FLF", "FFF", "FF")), 7, [("G'Quan", ship(turn=6)), ("Na'Toth", ship(turn=5))])
    assert (e.value.rule, e.value.message) == ("B5 Movement", "G'Quan, Na'Toth cannot make a turn at speed 7 (its "
                                                              "maneuvering data)")
    with pytest.raises(RuleError) as e:
        check_plot(Plot(("FLFFF", "FFFF", "FFFF"), 4), 8, [("c", ship("s1", "capital")), ("e", ship("s1", "enormous"))])
    assert (e.value.rule, e.value.message) == ("B5 Movement", "a capital, enormous ship cannot combine a turn with a "
                                                              "speed change (Movement Limits by Category)")
    with pytest.raises(RuleError) as e:
        pulse_moves(-1)
    assert (e.value.rule, e.value.message) == ("B5 Movement", "a speed is 0 or more, not -1")
    with pytest.raises(RuleError) as e:
        change_allowed(6, 0)
    assert (e.value.rule, e.value.message) == ("B5 Movement", "a speed change is made in pulse 1, 2 or 3, not 0")


def test_a_damaged_squadron_moves_in_the_third_group():
    from rules.systems.b5.movement import PRIORITIES, priority

    assert PRIORITIES[priority(damaged=True, elint=True)] == "damaged in the last pulse"
    assert priority(damaged=True) == 2 and priority(lost_ship=True, damaged=True) == 1


def test_a_plot_is_read_and_written_in_the_bars_words():
    from rules.systems.b5.movement import parse_plot, plot_text

    assert parse_plot("FF FLF FF") == Plot(("FF", "FLF", "FF"))
    assert parse_plot("F - F -4") == Plot(("F", "", "F"), -4, 1)
    assert parse_plot("FF FFFF FFF +4@2") == Plot(("FF", "FFFF", "FFF"), 4, 2)
    assert parse_plot("FF LF FF Relative") == Plot(("FF", "LF", "FF"), relative=True)
    assert parse_plot("- - - +2@3 relative") == Plot(("", "", ""), 2, 3, True)
    for text in ("FF FLF FF", "F - F -4@1", "FF FFFF FFF +4@2", "FF LF FF relative", "- - - +2@3 relative"):
        assert plot_text(parse_plot(text)) == text
    for text, words in (("FF FF", "a plot is three pulses' steps (F, L, R, l, r; - for none) and maybe a speed "
                                  "change such as +2@1, not 'FF FF'"),
                        ("", "a plot is three pulses' steps (F, L, R, l, r; - for none) and maybe a speed change "
                             "such as +2@1, none was given"),
                        ("F F F fast", "a speed change is written +2 or -3, maybe @pulse, and \"relative\" last for "
                                       "relative formation, not 'fast'"),
                        ("F F F +2@x", "a speed change is written +2 or -3, maybe @pulse, and \"relative\" last for "
                                       "relative formation, not '+2@x'")):
        with pytest.raises(RuleError) as e:
            parse_plot(text)
        assert (e.value.rule, e.value.message) == ("B5 Movement", words)


def test_a_plot_run_hex_by_hex_and_the_squadron_in_formation_and_relative():
    """Movement of a Squadron: the command ship follows its plot (F a hex ahead, L/R a hexside, l/r a
    slip ahead to port / starboard keeping the heading); the seed's relative example, "forward three
    hexes then turn one hex-side left and move another two hexes forward", run by each ship from its
    own place; in (absolute) formation a member keeps its place about the command ship, turned with it."""
    from hexmap import Facing, Hex
    from rules.systems.b5.movement import in_formation, run_plot

    o, A, F = Hex(0, 0), Facing.A, Facing.F
    path = run_plot(o, A, Plot(("FF", "FLF", "FF")))
    assert path == [(o + A.vector * 2, A), (o + A.vector * 3 + F.vector, F), (o + A.vector * 3 + F.vector * 3, F)]
    slips = run_plot(o, A, Plot(("lF", "rR", "")))
    ahead_to_port = o + F.vector + A.vector  # "lF": a slip ahead to port, then a hex ahead, still facing A
    assert slips == [(ahead_to_port, A), (ahead_to_port + Facing.B.vector, Facing.B),
                     (ahead_to_port + Facing.B.vector, Facing.B)]  # "rR": a slip ahead to starboard, then a turn
    seed = Plot(("FF", "FLF", "F"))  # three forward, a hexside to port, two forward
    member = Hex(2, -1)
    assert [at - o for at, _ in run_plot(o, A, seed)] == [at - member for at, _ in run_plot(member, A, seed)]
    beside = o + Facing.B.vector  # a member ahead to starboard, facing as its commander
    kept = in_formation(o, A, beside, A, path)
    assert kept[0] == (path[0][0] + Facing.B.vector, A)  # no turn yet: the same place about it
    assert kept[1] == (path[1][0] + Facing.A.vector, F)  # the commander turned to port: so did its place
    assert kept[2] == (path[2][0] + Facing.A.vector, F)
    assert in_formation(o, Facing.C, beside, Facing.D, run_plot(o, Facing.C, Plot(("R", "", ""))))[0] == (
        o + Facing.C.vector, Facing.E)  # turned a hexside to starboard with it, facing D -> E


def test_no_accel_no_speeding_up_and_a_turn_in_place_at_speed_0():
    """A ship of accel 0 may not gain even one point of speed (its decel is no help); a maneuver's
    rating is the speed up to which the ship can make it, so rating 0 turns at speed 0."""
    with pytest.raises(RuleError) as e:
        check_plot(Plot(("FFF", "FF", "FFF"), 1), 7, [("Hulk", ship(accel=0, decel=4))])
    assert e.value.message == ("Hulk accelerates by at most 0 in pulse 1 (rating 0, two less for each pulse of delay), "
                               "not 1")
    assert check_plot(Plot(("L", "", "")), 0, [("Hulk", ship(turn=0))]) is Maneuver.TURN
    with pytest.raises(RuleError) as e:
        check_plot(Plot(("FXY", "FFF", "FF")), 7, [("a", ship())])
    assert e.value.message == "pulse 1: steps are F, L, R, l, r, not XY"


def test_formation_places_about_a_command_ship_away_from_the_origin_turning_to_port():
    from hexmap import Facing, Hex
    from rules.systems.b5.movement import in_formation, run_plot

    cmd, C = Hex(5, -2), Facing.C
    member = cmd + Facing.D.vector  # the next hex one hexside clockwise of the command ship's heading
    path = run_plot(cmd, C, Plot(("LF", "", "")))  # to port: facing B, a hex on
    assert path == [(cmd + Facing.B.vector, Facing.B)] * 3
    assert in_formation(cmd, C, member, C, path) == [(cmd + Facing.B.vector + Facing.C.vector, Facing.B)] * 3
