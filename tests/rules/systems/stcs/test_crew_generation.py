"""Seed 002 "Creating Captains And Crews, Crew Efficiency", pinned where the mutation run of
rules/systems/stcs/crew.py (mutmut, 91 mutants, 12 survived test_data and test_rules) found it unpinned: a 2D10 total
is 2-20, refused in words beyond it; "For nations other than the United Federation of Planets, Klingon Empire, or
Romulan Empire, use these tables and apply a plus or minus modifier to the Efficiency Roll" (the Federation's table
read, the modifier added with its sign); the quality is read on the ship's own nation's table; both rolls are kept,
each named for the log."""
from __future__ import annotations

import pytest

from rules.dice import ScriptedDice
from rules.model.stcs import Nation, Quality
from rules.systems.stcs import crew


@pytest.mark.parametrize("roll", [1, 21, 0, 40])
def test_a_2d10_total_outside_2_to_20_is_refused_in_words(roll: int) -> None:
    with pytest.raises(ValueError, match=f"^a 2D10 total is 2-20, not {roll}$"):
        crew.quality(Nation.FEDERATION, roll)


@pytest.mark.parametrize("roll", range(2, 21))
def test_another_nation_reads_the_federation_table(roll: int) -> None:
    assert crew.quality(Nation.OTHER, roll) is crew.quality(Nation.FEDERATION, roll)


def test_the_quality_is_read_on_the_ship_s_own_nation_s_table() -> None:
    # 3 + 4 = 7: Klingon Poor (4-8), Federation Average (7-13); then 2 + 2 on Poor's 2D10+35
    c = crew.generate(Nation.KLINGON, ScriptedDice([3, 4, 2, 2]), "red")
    assert (c.quality, c.quality_roll, c.efficiency_roll, c.efficiency) == (Quality.POOR, 7, 4, 39)
    assert crew.generate(Nation.FEDERATION, ScriptedDice([3, 4, 2, 2]), "blue").quality is Quality.AVERAGE


@pytest.mark.parametrize(("modifier", "efficiency"), [(5, 62), (-5, 52), (0, 57)])
def test_another_nation_s_modifier_is_added_to_the_efficiency_roll(modifier: int, efficiency: int) -> None:
    # the seed's example dice, 7 + 2 = 9 Average, 3 + 9 = 12 on the table's 2D10+45, then the modifier
    c = crew.generate(Nation.OTHER, ScriptedDice([7, 2, 3, 9]), "orion", modifier)
    assert (c.quality, c.quality_roll, c.efficiency_roll, c.efficiency) == (Quality.AVERAGE, 9, 12, efficiency)


def test_each_roll_is_named_for_the_log() -> None:
    dice = ScriptedDice([9, 9, 10, 10])
    c = crew.generate(Nation.ROMULAN, dice, "red")
    assert c.quality is Quality.GOOD and c.efficiency == 75  # 18: Romulan Good (15-18), 2D10+55
    assert [(r.purpose, r.rule, r.who, r.total) for r in dice.history] == [
        ("Crew Quality", crew.RULE, "red", 18), ("Crew Efficiency (good)", crew.RULE, "red", 20)]
