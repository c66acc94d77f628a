"""Seed 004 Exhibit B: the issue's example, every base chance and every modifier once."""
from __future__ import annotations

import pytest

from rules.economy.diplomacy import (
    BREAK_ROWS, DECLARE_ROWS, Fact, Happened, Treaty, break_chance, declare_chance, faded,
)

NONE: frozenset[Treaty] = frozenset()


def test_breaking_a_peace_treaty_after_being_caught_spying_with_2_intel_points_is_45_percent():
    c = break_chance(Treaty.PEACE, [Happened(Fact.CAUGHT_ESPIONAGE)], frozenset({Treaty.NON_AGGRESSION, Treaty.PEACE}),
                     intel_points=2)
    assert c.percent == 45  # base 10 + espionage 25 + 2 x 5; the Peace Treaty's own -20 is not applied
    assert c.words() == ("Break the Peace Treaty: base 10 + Power was caught running an espionage mission on one "
                         "of your systems 25 + 2 Intel Points 10 = 45%")
    assert c.succeeds(45) and not c.succeeds(46)


@pytest.mark.parametrize("treaty, base", [(Treaty.NON_AGGRESSION, 60), (Treaty.PEACE, 10), (Treaty.TRADE, 50),
                                          (Treaty.MUTUAL_DEFENSE, 40), (Treaty.ALLIANCE, -20),
                                          (Treaty.CO_BELLIGERENCE, 20)])
def test_every_base_break_chance(treaty, base):
    assert break_chance(treaty, [], frozenset({treaty})).percent == base


@pytest.mark.parametrize("declaration, base", [(Treaty.HOSTILITIES, 20), (Treaty.WAR, -20)])
def test_every_base_declare_chance(declaration, base):
    assert declare_chance(declaration, [], NONE).percent == base


def test_the_armistice_and_declarations_are_not_broken_by_a_roll():
    for t in (Treaty.ARMISTICE, Treaty.HOSTILITIES, Treaty.WAR):
        with pytest.raises(ValueError):
            break_chance(t, [], NONE)
    with pytest.raises(ValueError):
        declare_chance(Treaty.PEACE, [], NONE)


BREAK_VALUES = {
    Fact.IMPLICATED_SABOTAGE: 100, Fact.DECLARED_ON_MDT_MEMBER: 90, Fact.CAUGHT_INSURGENCY: 80, Fact.ENCOUNTER: 75,
    Fact.CAUGHT_SABOTAGE: 60, Fact.DECLARED_ON_PEACE_MEMBER: 50, Fact.CAUGHT_ESPIONAGE: 25,
    Fact.BROKE_TREATY_WITH_YOU: 25, Fact.YOU_BROKE_TREATY: 10, Fact.LAST_ATTEMPT_FAILED: -10,
}
DECLARE_VALUES = {
    Fact.IMPLICATED_SABOTAGE: 50, Fact.ENCOUNTER: 40, Fact.CAUGHT_INSURGENCY: 35, Fact.DECLARED_WAR_ON_MDT_MEMBER: 30,
    Fact.CAUGHT_SABOTAGE: 25, Fact.BROKE_TREATY_WITH_YOU: 10, Fact.CAUGHT_ESPIONAGE: 10,
    Fact.DECLARED_ON_PEACE_MEMBER: 10, Fact.YOU_BROKE_TREATY: 5, Fact.LAST_ATTEMPT_FAILED: -25,
}


@pytest.mark.parametrize("fact, value", sorted(BREAK_VALUES.items(), key=lambda kv: kv[0].name))
def test_every_break_modifier_once(fact, value):
    assert break_chance(Treaty.TRADE, [Happened(fact)], frozenset({Treaty.TRADE})).percent == 50 + value


@pytest.mark.parametrize("fact, value", sorted(DECLARE_VALUES.items(), key=lambda kv: kv[0].name))
def test_every_declare_modifier_once(fact, value):
    assert declare_chance(Treaty.HOSTILITIES, [Happened(fact)], NONE).percent == 20 + value


@pytest.mark.parametrize("treaty, value", [(Treaty.PEACE, -20), (Treaty.MUTUAL_DEFENSE, -30), (Treaty.ALLIANCE, -50)])
def test_every_break_treaty_state_modifier_once(treaty, value):
    assert break_chance(Treaty.TRADE, [], frozenset({Treaty.TRADE, treaty})).percent == 50 + value


@pytest.mark.parametrize("treaty, value", [(Treaty.HOSTILITIES, 25), (Treaty.TRADE, -10), (Treaty.NON_AGGRESSION, -20),
                                           (Treaty.PEACE, -40), (Treaty.MUTUAL_DEFENSE, -60)])
def test_every_declare_treaty_state_modifier_once(treaty, value):
    assert declare_chance(Treaty.WAR, [], frozenset({treaty})).percent == -20 + value


def test_the_rows_are_the_seeds_lists():
    assert len(BREAK_ROWS) == 13 and len(DECLARE_ROWS) == 15
    assert {r.fact for r in BREAK_ROWS if r.fact} == set(BREAK_VALUES)
    assert {r.fact for r in DECLARE_ROWS if r.fact} == set(DECLARE_VALUES)


def test_declaring_against_an_alliance_partner_is_impossible():
    c = declare_chance(Treaty.WAR, [Happened(Fact.IMPLICATED_SABOTAGE)], frozenset({Treaty.ALLIANCE}), 30)
    assert not c.possible and not c.succeeds(1)
    assert "impossible" in c.words()


def test_intel_points_add_5_each():
    assert break_chance(Treaty.PEACE, [], frozenset({Treaty.PEACE}), 1).percent == 15
    assert declare_chance(Treaty.WAR, [], NONE, 3).percent == -5
    with pytest.raises(ValueError):
        break_chance(Treaty.PEACE, [], NONE, -1)


@pytest.mark.parametrize("age, value", [(1, 75), (2, 65), (8, 5), (9, 0), (20, 0)])
def test_starred_modifiers_fade_by_10_a_turn_after_the_first(age, value):
    c = break_chance(Treaty.TRADE, [Happened(Fact.ENCOUNTER, age)], frozenset({Treaty.TRADE}))
    assert c.percent == 50 + value
    assert len(c.parts) == (2 if value else 1)  # a faded modifier is not listed


def test_unstarred_modifiers_do_not_fade_and_ages_count_from_1():
    row = next(r for r in BREAK_ROWS if r.fact is Fact.LAST_ATTEMPT_FAILED)
    assert faded(row, 5) == -10
    with pytest.raises(ValueError):
        faded(row, 0)


def test_non_cumulative_ones_take_the_highest_bonus_and_the_highest_penalty():
    treaties = frozenset({Treaty.TRADE, Treaty.PEACE, Treaty.MUTUAL_DEFENSE, Treaty.ALLIANCE})
    facts = [Happened(Fact.DECLARED_ON_MDT_MEMBER), Happened(Fact.DECLARED_ON_PEACE_MEMBER)]
    assert break_chance(Treaty.TRADE, facts, treaties).percent == 50 + 90 - 50


def test_breaking_the_alliance_drops_its_own_penalty_and_keeps_the_mutual_defense_one():
    treaties = frozenset({Treaty.PEACE, Treaty.MUTUAL_DEFENSE, Treaty.ALLIANCE})
    assert break_chance(Treaty.ALLIANCE, [], treaties).percent == -20 - 30
    assert break_chance(Treaty.MUTUAL_DEFENSE, [], treaties).percent == 40 - 50  # the Alliance penalty still applies


def test_per_treaty_modifiers_count_each_treaty():
    facts = [Happened(Fact.BROKE_TREATY_WITH_YOU, 1), Happened(Fact.BROKE_TREATY_WITH_YOU, 2)]
    assert break_chance(Treaty.TRADE, facts, frozenset({Treaty.TRADE})).percent == 50 + 25 + 15
    assert declare_chance(Treaty.HOSTILITIES, facts, NONE).percent == 20 + 10 + 0


def test_rolls_outside_1_100_are_refused():
    c = break_chance(Treaty.PEACE, [], NONE)
    with pytest.raises(ValueError):
        c.succeeds(0)


def test_every_starred_row_is_a_bonus_so_fading_stops_at_0():
    assert all(r.value > 0 for r in BREAK_ROWS + DECLARE_ROWS if r.starred)


def test_the_words_of_an_impossible_declaration_and_of_penalties():
    c = declare_chance(Treaty.WAR, [], frozenset({Treaty.ALLIANCE}))
    assert c.words() == "Make a Declaration of War: impossible (Power has an Alliance Treaty with you)"
    assert c.percent == 0 and c.parts[0].text == "base" and c.parts[0].value == -20
    d = declare_chance(Treaty.HOSTILITIES, [Happened(Fact.LAST_ATTEMPT_FAILED)], frozenset({Treaty.PEACE}), 1)
    assert d.words() == ("Make a Declaration of Hostilities: base 20 - Last attempt to break a treaty with power or "
                         "declare against a power failed 25 - Power has a Peace Treaty with you 40 + 1 Intel Point 5 "
                         "= -40%")
    assert not d.succeeds(1)


def test_d100_bounds_on_a_chance():
    c = break_chance(Treaty.NON_AGGRESSION, [Happened(Fact.IMPLICATED_SABOTAGE)], frozenset({Treaty.NON_AGGRESSION}))
    assert c.percent == 160 and c.succeeds(100)
    with pytest.raises(ValueError, match="1-100, not 101"):
        c.succeeds(101)


def test_refusals_say_why():
    with pytest.raises(ValueError, match="Armistice Treaty is not broken by a roll"):
        break_chance(Treaty.ARMISTICE, [], NONE)
    with pytest.raises(ValueError, match="Peace Treaty is not a declaration"):
        declare_chance(Treaty.PEACE, [], NONE)
    with pytest.raises(ValueError, match=r"counts from 1 \(last turn\), not 0"):
        faded(BREAK_ROWS[0], 0)
    with pytest.raises(ValueError, match="not negative"):
        break_chance(Treaty.PEACE, [], NONE, -1)
