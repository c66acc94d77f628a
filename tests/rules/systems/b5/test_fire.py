"""Seed 003 fire helpers, from the seed's own numbers and examples."""
from __future__ import annotations

from fractions import Fraction

import pytest

from rules.errors import RuleError
from rules.model.b5 import Category, WeaponClass
from rules.systems.b5.fire import (DOGFIGHT_PATTERN, anti_fighter, arc_x, arcs_at, ballistic_delay, band,
                                   bypass_penalty, damage_class, dogfight_kills, emine_p_hit, emine_radius, fighter_bonus, impact,
                                   may_fire, need, p_die_at_least, pulse_hits)

RANGES = [10, 20, 30, 40]


def test_range_bands_and_modifiers():
    assert [band(RANGES, WeaponClass.LASER, h) for h in (0, 10, 11, 20, 21, 40, 41)] == [0, 0, 1, 1, 2, 3, None]
    assert need(12, 0, 5) == 7 and need(12, 1, 5) == 8 and need(12, 2, 5) == 10 and need(12, 3, 5) == 12
    assert band(RANGES, WeaponClass.LASER, 35, shift=1) is None  # a Minbari jammer: no extreme-range target
    assert band(RANGES, WeaponClass.LASER, 5, shift=1) == 1  # short treated as medium
    assert band([30], WeaponClass.BALLISTIC, 30) == 0 and band([30], WeaponClass.BALLISTIC, 31) is None
    assert band([30], WeaponClass.BALLISTIC, 30, shift=1) == 1  # "would hit as though at medium range"


def test_bypassed_ships_cost_one_each_equals_nothing():
    assert bypass_penalty(10, [10, 12]) == 0  # the same distance: either may be fired on
    assert bypass_penalty(12, [10, 10]) == -2  # "firing past these two targets ... -2"
    assert need(12, 0, 5, modifiers=-2) == 9


def test_exact_odds_before_the_roll():
    assert p_die_at_least("d10", 7) == Fraction(4, 10)
    assert p_die_at_least("d10", 1) == 1 and p_die_at_least("d10", 11) == 0
    assert p_die_at_least("2d6", 7) == Fraction(21, 36)


def test_pulse_weapons_extra_hits_need_12_roll_14_is_3():
    assert pulse_hits(12, 14) == 3
    assert pulse_hits(12, 12) == 1 and pulse_hits(12, 11) == 0
    assert pulse_hits(12, 20) == 5 and pulse_hits(12, 20, most=6) == 6  # the molecular pulsar's 6


def test_ballistic_delay_21_hexes_is_3_pulses():
    assert ballistic_delay(21) == 3
    assert ballistic_delay(0) == 1 and ballistic_delay(15) == 2 and ballistic_delay(16) == 3
    assert impact(1, 1, 21) == (2, 1)  # "launched in pulse one it would impact in pulse 1 of the next turn"


def test_shots_per_turn_spacing_carries_between_turns():
    assert may_fire(2, [(2, 3)], 3, 1) != ""  # fired pulse 3 of turn 2: not in pulse 1 of turn 3
    assert may_fire(2, [(2, 3)], 3, 2) == ""  # "could not fire that weapon again until pulse two of turn three"
    assert "at most 2 times" in may_fire(2, [(3, 1), (3, 3)], 3, 3)
    assert may_fire(3, [(3, 1), (3, 2)], 3, 3) == ""
    assert "one pulse must pass" in may_fire(2, [(1, 1)], 1, 2)
    assert "at most 1 time a turn" in may_fire(1, [(1, 1)], 1, 3)


def test_damage_classes_the_seeds_sample():
    assert [damage_class(d, 4) for d in (3, 4)] == ["none", "minor"]  # the two d6s
    assert [damage_class(d, 4) for d in (5, 6, 3, 8)] == ["minor", "moderate", "none", "severe"]  # the four d8s
    assert [damage_class(d, 4) for d in (3, 3, 9, 4)] == ["none", "none", "severe", "minor"]  # the four d10s
    assert damage_class(3, 5, WeaponClass.PLASMA) == "minor" and damage_class(2, 3, WeaponClass.PLASMA) == "minor"


def test_energy_mine_radius_by_launchers():
    assert [emine_radius(n) for n in (1, 2, 3, 4, 6, 7, 11, 12, 17, 18, 24, 25, 33)] == [
        0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]
    with pytest.raises(RuleError, match="33 launchers"):
        emine_radius(34)


def test_energy_mine_hit_roll():
    assert emine_p_hit(Category.ENORMOUS) == Fraction(10, 12)  # d12 + 2 >= 5: 3 or more
    assert emine_p_hit(Category.FIGHTER) == Fraction(4, 12)  # d12 - 4 >= 5: 9 or more


def test_fighter_bonus_one_per_two_fighters():
    assert fighter_bonus(5) == 2 and fighter_bonus(6) == 3 and fighter_bonus(1) == 0


def test_anti_fighter_fire_split_among_flights():
    assert anti_fighter(6, 1) == (6, 1) and anti_fighter(6, 4) == (3, 4) and anti_fighter(6, 5) == (2, 5)
    assert anti_fighter(1, 4) == (1, 2)  # under x1: x1 at half the flights


def test_dogfight_chart_and_its_last_row():
    assert [dogfight_kills(b) for b in range(-4, 9)] == [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]
    assert dogfight_kills(12) == 6  # the text: "7 or higher"
    assert dogfight_kills(9, DOGFIGHT_PATTERN) == 7  # the chart's pattern past its "7 to 8" row


def test_fighter_movement_costs_hexes_and_hexsides_and_the_afterburner_adds_hexes():
    from rules.systems.b5.fire import fighter_move_ok

    assert fighter_move_ok("FFFFFF", 6) == "" and fighter_move_ok("FFLFF", 5) == ""
    assert "cost 6, more than its Move 5" in fighter_move_ok("FFLRFF", 5)
    assert fighter_move_ok("FFLRFF", 5, burn=1) == ""  # one afterburner hex
    assert fighter_move_ok("FFFFFFFF", 5, burn=3) == "" and fighter_move_ok("FFFFFFFFF", 5, burn=3) != ""
    assert "cannot slip" in fighter_move_ok("FlF", 6)


def test_dogfight_total_one_per_fighter_and_abilities():
    from rules.systems.b5.fire import dogfight_total

    assert dogfight_total(5, 6) == 11  # "add one per fighter in the flight"
    assert dogfight_total(5, 6, anti_ship=2) == 10 and dogfight_total(5, 6, interceptor=2) == 13
    assert dogfight_kills(dogfight_total(5, 6) - 8) == 4  # 11 beats a dogfight rating of 8 by 3: "3 to 4: 4"


def test_energy_mine_area_around_the_impact_hex():
    from hexmap import Label
    from rules.systems.b5.deploy import Board
    from rules.systems.b5.fire import emine_area

    board = Board()
    assert emine_area(board, Label(40, 30), 1) == [Label(40, 30)]
    assert len(emine_area(board, Label(40, 30), 4)) == 19  # radius 2: 1 + 6 + 12 hexes
    assert len(emine_area(board, Label(1, 1), 2)) < 7  # the board's corner cuts it


def test_six_arcs_about_the_hexsides_a_target_on_the_line_in_both():
    """Determining the 'X' Factor: the arc holding the target gives the 'x'; each arc spans a
    hexside's 60 degrees, a target on the line between two arcs is in both (the better x)."""
    assert [arcs_at(b) for b in (0, 29.9, 30, 30.1, 180, 300, 330, 359)] == [
        (0,), (0,), (0, 1), (1,), (3,), (5,), (0, 5), (0,)]
    assert arc_x([2, 1, 0, 0, 0, 1], 2, (1,)) == 1 and arc_x([2, 1, 0, 0, 0, 1], 2, (3,)) == 0
    assert arc_x([2, 1, 0, 0, 0, 1], 2, (0, 1)) == 2 and arc_x([], 3, (3,)) == 3  # no diagram: x all round
