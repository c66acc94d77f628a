"""Seed 004 planet economy: utilized Productivity, capacity and docks, every Morale Check Chart row,
census growth boundaries."""
from __future__ import annotations

import pytest

from rules.economy.planet import (
    Applied, Check, SystemFacts, applies, census_growth, dock_spaces, in_rebellion, is_growth_turn, morale_checks,
    new_morale, output, utilized,
)


@pytest.mark.parametrize("prod, census, morale, used", [
    (5, 8, 8, 5), (8, 5, 5, 5), (5, 5, 3, 5),  # at most Census; morale 3 of Census 5 is not below half (2.5)
    (5, 5, 2, 2),  # morale 2 < 2.5: halved, rounded down
    (6, 6, 3, 6), (6, 6, 2, 3),  # morale 3 is half of 6 (not below); 2 is below
    (6, 6, 0, 0), (6, 6, -1, 0),  # rebellion
])
def test_utilized_productivity(prod, census, morale, used):
    assert utilized(prod, census, morale) == used


def test_a_command_post_keeps_a_zero_morale_colony_producing_halved():
    assert utilized(6, 6, 0, command_post=True) == 3
    assert in_rebellion(0) and not in_rebellion(0, command_post=True) and not in_rebellion(1)


def test_construction_capacity_is_output_and_docks_are_utilized_productivity():
    u = utilized(4, 6, 6)
    assert output(u, 3) == 12 and dock_spaces(u) == 4
    assert output(0, 9) == 0 and dock_spaces(0) == 0


def _one(check: Check, f: SystemFacts, roll: int = 1) -> Applied:
    got = [a for a in morale_checks(f, [roll] * 7) if a.check is check]
    assert len(got) == 1, got
    return got[0]


@pytest.mark.parametrize("jumps, census, applies_", [(4, 5, True), (3, 5, False), (None, 5, True), (4, 4, False)])
def test_row_more_than_3_jumps_and_census_5(jumps, census, applies_):
    f = SystemFacts(census=census, productivity=1, jumps_to_friendly_colony=jumps)
    assert applies(Check.FAR, f) is applies_


@pytest.mark.parametrize("check, facts, target, effect", [
    (Check.FAR, SystemFacts(census=5, productivity=1, jumps_to_friendly_colony=4), 1, -1),
    (Check.CUT_OFF, SystemFacts(census=2, productivity=1, cut_off=True), 2, -1),
    (Check.SEIZED, SystemFacts(census=2, productivity=1, seized_last_turn=True), 3, -3),
    (Check.HOMEWORLD_ATTACKED, SystemFacts(census=2, productivity=1, homeworld_attacked=True), 1, -1),
])
def test_every_rolled_row_hits_at_its_target_and_misses_just_above(check, facts, target, effect):
    hit = _one(check, facts, target)
    assert hit.hit and hit.roll == target and new_morale(5, (hit,)) == 5 + effect
    miss = _one(check, facts, target + 1)
    assert not miss.hit and new_morale(5, (miss,)) == 5
    assert "no effect" in miss.words() and f"(target {target})" in miss.words()


def test_a_command_post_adds_1_to_the_roll_and_keeps_morale_above_0():
    f = SystemFacts(census=2, productivity=1, cut_off=True, command_post=True)
    assert _one(Check.CUT_OFF, f, 1).hit and not _one(Check.CUT_OFF, f, 2).hit
    seized = _one(Check.SEIZED, SystemFacts(census=2, productivity=1, seized_last_turn=True), 1)
    assert new_morale(2, (seized,), command_post=True) == 1 and new_morale(2, (seized,)) == 0


@pytest.mark.parametrize("census, prod, units, rows", [
    (3, 3, 6, {Check.GARRISON, Check.FULL_EMPLOYMENT}),  # twice as many ground units as Census, full employment
    (3, 3, 5, {Check.FULL_EMPLOYMENT}),  # one short of twice
    (4, 0, 0, {Check.IDLE}),  # Productivity 0 and Census greater than 3
    (3, 0, 0, set()),  # Census 3 is not greater than 3
    (4, 3, 0, set()),
])
def test_the_automatic_rows(census, prod, units, rows):
    got = morale_checks(SystemFacts(census=census, productivity=prod, ground_units=units), [])
    assert {a.check for a in got} == rows and all(a.hit and a.roll is None for a in got)
    assert all("automatic" in a.words() for a in got)


def test_the_idle_row_is_cumulative_turn_after_turn():
    f = SystemFacts(census=5, productivity=0)
    m = 5
    for _ in range(3):
        m = new_morale(m, morale_checks(f, []))
    assert m == 2


def test_a_roll_outside_1_10_is_refused():
    with pytest.raises(ValueError):
        morale_checks(SystemFacts(census=2, productivity=1, cut_off=True), [11])


@pytest.mark.parametrize("turn, grows", [(11, False), (12, True), (13, False), (24, True)])
def test_census_grows_every_12_turns(turn, grows):
    assert is_growth_turn(turn) is grows


@pytest.mark.parametrize("roll, census, bonus, new, carried", [
    (6, 10, 0, 11, 0),  # 16 > 15
    (5, 10, 0, 10, 1),  # 15 is not over 15: the bonus grows
    (4, 10, 1, 10, 2),
    (5, 10, 1, 11, 0),  # the carried bonus counts
])
def test_census_growth_boundaries(roll, census, bonus, new, carried):
    g = census_growth(census, bonus, roll, capacity=20)
    assert (g.census, g.bonus) == (new, carried)


def test_census_never_grows_above_the_carrying_capacity():
    g = census_growth(10, 3, 10, capacity=10)
    assert (g.census, g.bonus) == (10, 3) and "Carrying Capacity" in g.words
    assert census_growth(9, 0, 10, capacity=10).census == 10
    with pytest.raises(ValueError):
        census_growth(9, 0, 0, None)


def test_morale_1_is_not_rebellion():
    assert utilized(6, 2, 1) == 2 and utilized(6, 1, 1) == 1


@pytest.mark.parametrize("census, units, prod, rows", [(0, 0, 0, set()), (1, 2, 1, {Check.GARRISON, Check.FULL_EMPLOYMENT})])
def test_the_automatic_rows_at_census_0_and_1(census, units, prod, rows):
    got = morale_checks(SystemFacts(census=census, productivity=prod, ground_units=units), [])
    assert {a.check for a in got} == rows


def test_the_words_of_a_check():
    hit = _one(Check.CUT_OFF, SystemFacts(census=2, productivity=1, cut_off=True), 2)
    assert hit.words() == "System is cut off from homeworld: d10 2 (target 2): -1 Morale"
    auto = morale_checks(SystemFacts(census=2, productivity=2), [])[0]
    assert auto.words() == "Full employment (Productivity = Census): automatic: +1 Morale"


@pytest.mark.parametrize("roll, ok", [(0, False), (1, True), (10, True), (11, False)])
def test_d10_bounds(roll, ok):
    f = SystemFacts(census=2, productivity=1, cut_off=True)
    if ok:
        assert morale_checks(f, [roll]) and census_growth(3, 0, roll, None)
    else:
        with pytest.raises(ValueError, match=f"1-10, not {roll}"):
            morale_checks(f, [roll])
        with pytest.raises(ValueError, match=f"1-10, not {roll}"):
            census_growth(3, 0, roll, None)


def test_the_words_of_census_growth():
    assert census_growth(10, 0, 6, None).words == "d10 6 + Census 10 = 16 > 15: Census 11"
    assert census_growth(10, 1, 4, None).words == "d10 4 + Census 10 + 1 carried = 15, not over 15: +1 to the next roll"
    assert census_growth(10, 0, 6, 10).words == "d10 6 + Census 10 = 16: at its Carrying Capacity (10)"
