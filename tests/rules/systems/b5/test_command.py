"""Seed 003 command, morale, reinforcements and ELINT, from the seed's numbers."""
from __future__ import annotations

from fractions import Fraction

import pytest

from hexmap import Label
from rules.errors import RuleError
from rules.model.b5 import Race
from rules.systems.b5.command import (MORALE_UP, abilities, arrival, arrival_odds, discount, elint_reach,
                                      improved_network, morale_checks, morale_levels, out_of_command, p_withdraw,
                                      radius, rating, style)


def test_command_radius_5_or_by_race():
    assert radius(Race.EARTH) == 5
    assert [radius(r, True) for r in (Race.EARTH, Race.NARN, Race.CENTAURI, Race.MINBARI)] == [4, 4, 5, 6]
    ships = {"a": Label(10, 15), "b": Label(10, 16)}
    assert out_of_command(Label(10, 10), ships, 5) == ["b"]


def test_weapon_rating_steps_the_seeds_4x():
    assert rating(4, commander_lost=True) == 2
    assert rating(4, flagship_lost=True) == 3
    assert rating(4, commander_lost=True, flagship_lost=True) == 2  # 4 -> 3 -> 1.5 -> 2
    assert rating(3, out_of_command=True) == 2


def test_abilities_and_styles():
    assert abilities(3) == 1 and abilities(8) == 2 and abilities(0) == 1
    assert improved_network(3) == 4 and improved_network(8) == 10
    assert [style(d) for d in (1, 2, 3, 8, 9, 10)] == ["defensive"] * 2 + ["standard"] * 2 + ["offensive"] * 2


def test_morale_levels_the_sheets_example_and_the_rounding():
    assert morale_levels(10) == [5, 4, 3, 2, 1]  # the sheet's example: starting level 10
    assert morale_levels(11) == [5, 4, 3, 2, 1] and morale_levels(11, MORALE_UP) == [6, 5, 4, 3, 2]
    assert morale_levels(25) == [12, 10, 8, 6, 4] and morale_levels(3) == [1]


def test_one_morale_roll_per_level():
    assert morale_checks(10, 4, 0) == []  # 6 left: above the top circle
    assert morale_checks(10, 5, 0) == [11]  # 5 left: the top circle, 11-12
    assert morale_checks(10, 7, 1) == [9, 7]  # 3 left: two more levels at once
    assert p_withdraw(11) == Fraction(2, 12) and p_withdraw(11, 1) == Fraction(3, 12)
    assert p_withdraw(3, -3) == Fraction(7, 12)


def test_reinforcement_discount_and_arrival():
    assert [discount(t) for t in (4, 5, 6, 7, 8, 9, 12)] == [10, 15, 20, 25, 30, 35, 35]
    with pytest.raises(RuleError, match="before turn 4"):
        discount(3)
    assert arrival(1, 3) == "arrive" and arrival(1, 4) == "delayed" and arrival(1, 6, 5) == "delayed"
    assert arrival(1, 6, 6) == "never" and arrival(2, 4) == "arrive" and arrival(3, 5) == "arrive"
    assert arrival(5, 6) == "delayed"
    assert arrival_odds(1) == {"arrive": Fraction(1, 2), "delayed": Fraction(17, 36), "never": Fraction(1, 36)}


def test_elint_ranges():
    assert elint_reach("offensive support", 20) and not elint_reach("offensive support", 21)
    assert elint_reach("jam elint", 35) and not elint_reach("jam fire control", 26)
    assert not elint_reach("jam command", 16)


# HF's audit (session of 2026-11-27 20:07): the mutants of command.py these tests did not kill.

def test_weapon_rating_steps_apart_and_together():
    """75% for the flagship lost, 50% for the commander lost (or out of command), both multiplied,
    then rounded up: 8x is 6x, 4x, and 3x with both; nothing lost, 8x stays."""
    assert rating(8) == 8 and rating(8, flagship_lost=True) == 6 and rating(8, commander_lost=True) == 4
    assert rating(8, out_of_command=True) == 4 and rating(8, commander_lost=True, flagship_lost=True) == 3
    assert rating(5, flagship_lost=True) == 4 and rating(1, commander_lost=True, flagship_lost=True) == 1


def test_abilities_a_quarter_of_the_rating_and_the_network_a_quarter_more_rounded_up():
    assert [abilities(r) for r in (1, 4, 5, 7, 8, 12, 27)] == [1, 1, 1, 1, 2, 3, 6]
    assert [improved_network(r) for r in (1, 4, 5, 6)] == [2, 5, 7, 8]  # 1.25 -> 2, 5, 6.25 -> 7, 7.5 -> 8


def test_morale_levels_of_20_and_the_checks_under_each_rounding():
    assert morale_levels(20) == [10, 8, 6, 4, 2]  # 10% of 20: two a circle
    assert morale_levels(9) == [4, 3, 2, 1] and morale_levels(9, MORALE_UP) == [5, 4, 3, 2, 1]
    assert morale_checks(11, 5, 0) == [] and morale_checks(11, 5, 0, MORALE_UP) == [11]  # 6 left: the sheet's 6
    assert morale_checks(11, 6, 0) == [11]


def test_withdrawal_chances_at_their_ends():
    assert p_withdraw(3, 3) == 1 and p_withdraw(3, 2) == Fraction(12, 12)
    assert p_withdraw(11, -3) == 0 and p_withdraw(11, -1) == Fraction(1, 12)


def test_the_arrival_checks_after_the_first_4_then_5_or_less():
    """"If they are delayed, roll again the end of the next turn. This time they arrive on a 4 or less.
    The next turn and from then on it will be on a 5 or less." """
    assert arrival(2, 4) == "arrive" and arrival(2, 5) == "delayed" and arrival(2, 6) == "delayed"
    assert arrival(3, 5) == "arrive" and arrival(3, 6) == "delayed" and arrival(7, 5) == "arrive"
    assert arrival(2, 6, 6) == "delayed"  # "Do not make this check every turn, only on the first turn's"
    assert arrival_odds(2) == {"arrive": Fraction(4, 6), "delayed": Fraction(2, 6), "never": 0}
    assert arrival_odds(3) == {"arrive": Fraction(5, 6), "delayed": Fraction(1, 6), "never": 0}
    assert arrival_odds(4) == arrival_odds(3)


def test_command_refusals_name_their_rules():
    for call, rule, words in ((lambda: style(11), "B5 Fleet Command and Control", "a d10 shows 1-10, not 11"),
                              (lambda: discount(3), "B5 Reinforcements",
                               "reinforcements may not be scheduled before turn 4, not 3")):
        with pytest.raises(RuleError) as e:
            call()
        assert (e.value.rule, e.value.message) == (rule, words)
