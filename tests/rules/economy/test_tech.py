"""Seed 004 Tech Phase: the seed's own examples and the calendar's boundaries."""
from __future__ import annotations

from fractions import Fraction

import pytest

from rules.economy import tech


def test_the_seeds_first_example_tdp_214_requires_107_and_52_invested_is_48_percent():
    assert tech.requirement(214) == 107
    o = tech.odds(52, 107)
    assert o.first == Fraction(52, 107) and tech.percent(o.first) == 48
    assert o.second == 0
    assert o.words() == "52 / 107 = 48%"


def test_the_seeds_second_example_22_required_30_invested_first_certain_second_18_percent():
    o = tech.odds(30, 22)
    assert o.first == 1
    assert o.second == Fraction(8, 22) / 2 and tech.percent(o.second) == 18
    assert "8 / 22, halved = 18%" in o.words()


@pytest.mark.parametrize("tdp, req", [(0, 0), (1, 1), (2, 1), (3, 2), (213, 107), (215, 108)])
def test_the_requirement_is_half_rounded_up(tdp, req):
    assert tech.requirement(tdp) == req


def test_the_pool_stops_at_200_percent_and_the_second_chance_at_50():
    assert tech.cap(22) == 44 and tech.room(30, 22) == 14 and tech.room(44, 22) == 0 and tech.room(50, 22) == 0
    assert tech.odds(44, 22).second == Fraction(1, 2)
    assert tech.odds(60, 22).second == Fraction(1, 2)  # more than 200% buys nothing more
    assert tech.odds(21, 22).first == Fraction(21, 22) and tech.odds(23, 22).second == Fraction(1, 44)


@pytest.mark.parametrize("roll, ok", [(1, True), (48, True), (49, False), (100, False)])
def test_a_roll_at_or_under_the_whole_percent_succeeds(roll, ok):
    assert tech.succeeds(Fraction(52, 107), roll) is ok


def test_a_certain_chance_succeeds_on_100_and_a_roll_outside_1_100_is_refused():
    assert tech.succeeds(Fraction(1), 100)
    with pytest.raises(ValueError):
        tech.succeeds(Fraction(1), 0)
    with pytest.raises(ValueError):
        tech.succeeds(Fraction(1), 101)


@pytest.mark.parametrize("turn, rolls", [(5, False), (6, True), (7, False), (11, False), (12, True), (13, False),
                                         (18, True), (24, True)])
def test_rolls_come_on_the_sixth_and_twelfth_turns_of_a_year(turn, rolls):
    assert tech.is_roll_turn(turn) is rolls


def test_no_roll_off_the_calendar():
    r = tech.resolve(5, 30, 22, 0, [1, 1])
    assert r == tech.Result(0, 30, 0, ())


def test_turn_six_two_advances_take_both_requirements_and_end_the_years_research():
    r = tech.resolve(6, 30, 22, 0, [100, 18])  # first certain even on 100; second 18%: 18 succeeds
    assert (r.advances, r.pool, r.advances_this_year) == (2, 0, 2)
    after = tech.resolve(12, 40, 22, r.advances_this_year, [1, 1])
    assert after.advances == 0 and after.pool == 40 and after.advances_this_year == 0  # the year ends


def test_a_failed_second_roll_keeps_what_is_left():
    r = tech.resolve(6, 30, 22, 0, [50, 19])
    assert (r.advances, r.pool, r.advances_this_year) == (1, 8, 1)
    assert r.lines[1].startswith("no second advance: d100 19 against 18%")


def test_a_failure_on_turn_six_carries_the_pool_to_turn_twelve():
    r = tech.resolve(6, 52, 107, 0, [49, 1])
    assert (r.advances, r.pool, r.advances_this_year) == (0, 52, 0)
    assert "the pool carries over" in r.lines[0]
    r12 = tech.resolve(12, 52, 107, 0, [48, 1])
    assert (r12.advances, r12.pool) == (1, 0)


def test_after_one_advance_on_turn_six_turn_twelves_advance_is_halved():
    o = tech.odds(22, 22, advances_this_year=1)
    assert o.first == Fraction(1, 2) and o.second == 0
    assert tech.resolve(12, 22, 22, 1, [51, 1]).advances == 0
    assert tech.resolve(12, 22, 22, 1, [50, 1]).advances == 1


def test_two_advances_a_year_at_most():
    assert tech.odds(44, 22, advances_this_year=2) == tech.Odds(22, 44, Fraction(0), Fraction(0))
    assert tech.resolve(12, 44, 22, 2, [1, 1]).advances == 0


def test_no_product_last_turn_needs_no_investment_but_something():
    assert tech.odds(1, 0).second == Fraction(1, 2)


@pytest.mark.parametrize("bad", [(-1, 2), (2, -1)])
def test_negative_figures_are_refused(bad):
    with pytest.raises(ValueError):
        tech.odds(*bad)
    with pytest.raises(ValueError):
        tech.requirement(-1)


def test_the_words_of_the_rolls():
    r = tech.resolve(6, 30, 22, 0, [5, 18])
    assert r.lines == ("advance: d100 5 against 30 / 22 = 100%; a second advance 8 / 22, halved = 18%; 22 taken from "
                       "the pool", "second advance: d100 18 against 18%")
    assert tech.resolve(6, 52, 107, 0, [60, 2]).lines == ("no advance: d100 60 against 52 / 107 = 48%; the pool "
                                                          "carries over",)
    assert tech.resolve(6, 22, 22, 0, [5, 1]).lines == ("advance: d100 5 against 22 / 22 = 100%; 22 taken from the "
                                                        "pool",)  # nothing left over: no second roll
    assert len(tech.resolve(12, 22, 22, 1, [50, 1]).lines) == 1  # the year's second advance has no second roll


def test_refusals_say_why():
    with pytest.raises(ValueError, match=r"not negative \(-1\)"):
        tech.requirement(-1)
    with pytest.raises(ValueError, match="1-100, not 0"):
        tech.succeeds(Fraction(1), 0)
    with pytest.raises(ValueError, match=r"not negative \(-1, 2\)"):
        tech.odds(-1, 2)


def test_no_product_last_turn_needs_some_investment_not_none():
    """A power with no Total Domestic Product last turn requires 0: any investment is enough,
    but an empty pool gives no advance (it gave a certain one, every turn 6 and 12)."""
    assert tech.odds(0, 0).first == 0 and tech.odds(0, 0).second == 0
    assert tech.odds(5, 0).first == 1
