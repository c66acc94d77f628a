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


# HF's audit (session of 2026-11-27 20:07): the mutants of fire.py these tests did not kill.

def test_damage_class_boundaries_and_plasma_armor():
    """Minor: equal or one over the armor; moderate: 2 or 3 over; severe: 4 or more. Plasma: "all
    armor ratings are reduced by two points (minimum of two)"."""
    assert [damage_class(d, 4) for d in range(3, 10)] == ["none", "minor", "minor", "moderate", "moderate", "severe",
                                                          "severe"]
    assert damage_class(5, 6, WeaponClass.PLASMA) == "minor"  # armor 6 -> 4: one over
    assert damage_class(6, 6, WeaponClass.PLASMA) == "moderate" and damage_class(1, 2, WeaponClass.PLASMA) == "none"
    assert damage_class(2, 4, WeaponClass.PLASMA) == "minor"  # 4 -> 2, never under two
    assert damage_class(1, 1, WeaponClass.PLASMA) == "minor"  # an armor under two is not raised to it


def test_pulse_hits_a_wide_miss_is_no_hit_and_the_impact_pulse_within_the_turn():
    assert pulse_hits(12, 9) == 0 and pulse_hits(12, 16) == 5 and pulse_hits(12, 17) == 5
    assert impact(1, 2, 0) == (1, 3)  # range 0: the next pulse
    assert impact(1, 3, 21) == (2, 3) and impact(2, 3, 0) == (3, 1) and impact(1, 1, 15) == (1, 3)


def test_exact_odds_of_summed_dice_from_the_least_total():
    assert p_die_at_least("2d6", 2) == 1 and p_die_at_least("2d6", 3) == Fraction(35, 36)
    assert p_die_at_least("2d6", 12) == Fraction(1, 36) and p_die_at_least("d8", 0) == 1


def test_anti_fighter_split_rounds_the_x_down_and_below_x1_halves_the_flights():
    """"divide the weapon system's AF 'x' rating by half the number of fighter flights ... (round up)";
    "if this calculation results in a rating less than one, only half the fighter flights ... x1"."""
    assert anti_fighter(5, 4) == (2, 4)  # 5 / 2: x2 at each of four
    assert anti_fighter(2, 4) == (1, 4) and anti_fighter(3, 3) == (1, 3)  # x1 exactly: every flight
    assert anti_fighter(1, 6) == (1, 3) and anti_fighter(1, 3) == (1, 2)  # below x1: half the flights, round up
    assert anti_fighter(6, 0) == (0, 0)


def test_long_range_af_half_the_arcs_x_over_half_the_flights():
    from rules.systems.b5.fire import long_range_af

    assert long_range_af(4, 1) == (2, 1)  # x4 in the arc, one flight: x2
    assert long_range_af(5, 1) == (2, 1) and long_range_af(8, 3) == (2, 3)  # 2.5 -> 2; 4 / 2
    assert long_range_af(3, 2) == (1, 2) and long_range_af(1, 1) == (1, 1)  # 1.5 -> 1; 0.5: x1 at half of one
    assert long_range_af(2, 5) == (1, 3)  # 1 / 3: x1 at three of five
    assert long_range_af(0, 3) == (0, 0) and long_range_af(4, 0) == (0, 0)


def test_energy_mine_refusals_name_the_rule():
    for launchers, words in ((0, "a squadron launches at least one energy mine"),
                             (34, "the chart stops at 33 launchers, not 34")):
        with pytest.raises(RuleError) as e:
            emine_radius(launchers)
        assert (e.value.rule, e.value.message) == ("B5 Energy Mines", words)
    with pytest.raises(RuleError) as e:
        band(RANGES, WeaponClass.LASER, -1)
    assert (e.value.rule, e.value.message) == ("B5 Combat", "a range is 0 or more hexes, not -1")


def test_a_fighters_move_refused_in_words():
    from rules.systems.b5.fire import fighter_move_ok

    assert fighter_move_ok("FrF", 6) == "a fighter moves F, L and R only (fighters cannot slip)"
    assert fighter_move_ok("FXF", 6) == "a fighter moves F, L and R only (fighters cannot slip)"
    assert fighter_move_ok("FFLRFF", 5) == "4 hexes and 2 hexside turns cost 6, more than its Move 5"
    assert fighter_move_ok("FFFFFFFFF", 5, burn=3) == \
        "9 hexes and 0 hexside turns cost 9, more than its Move 5 and 3 afterburner hexes"


def test_arcs_of_a_bearing_given_below_0():
    assert arcs_at(-31) == (5,) and arcs_at(-30) == (0, 5) and arcs_at(-390) == (0, 5)
