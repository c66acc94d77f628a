"""Seed 002 ship data in the campaign format and the crew generation tables."""
from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.dice import ScriptedDice
from rules.model.stcs import Nation, Quality, STCSData
from rules.model.units import Unit
from rules.systems.stcs import crew

SHIP = {"nation": "federation", "class_size": 8, "warp_engines": [12, 12], "impulse_power": 4,
        "cruising_warp": 6, "emergency_warp": 8, "superstructure": 40, "shields": [20, 20, 20, 20, 20, 20],
        "weapons": [{"name": "FH-3 phasers", "kind": "beam", "reach": 18},
                    {"name": "FP-1 photon torpedoes", "kind": "missile", "reach": 20}],
        "sensors": 20, "crew": 430, "crew_quality": "average", "crew_efficiency": 57, "captain": 60}


def test_a_ship_reads_in_a_unit_of_the_campaign_format() -> None:
    u = Unit(id="ncc-1700", name="Constitution", stcs=SHIP)  # type: ignore[arg-type]
    assert u.stcs is not None and u.stcs.warp_now == [12, 12] and u.stcs.weapons[1].kind.value == "missile"


@pytest.mark.parametrize("change, words", [
    ({"emergency_warp": 5}, "emergency_warp (5) must be at least cruising_warp (6)"),
    ({"warp_current": [12, 13]}, "engine 2 has 13 boxes of 12"),
    ({"warp_current": [12]}, "one value per warp engine"),
    ({"monitor": True}, "a monitor is powered by non-warp capable engines"),
    ({"warp_engines": []}, "a ship without warp engines is a monitor"),
    ({"crew_efficiency": 9}, "crew_efficiency"),
    ({"captain": 29}, "captain"),
    ({"shields": [20] * 5}, "shields"),
    ({"class_size": 21}, "class_size"),
])
def test_bad_data_is_refused_with_words_that_name_it(change: dict[str, object], words: str) -> None:
    with pytest.raises(ValidationError) as e:
        STCSData.model_validate({**SHIP, **change})
    assert words in str(e.value)


def test_limits_just_inside_are_taken() -> None:
    STCSData.model_validate({**SHIP, "emergency_warp": 6, "crew_efficiency": 10, "captain": 30,
                             "warp_current": [0, 12]})
    STCSData.model_validate({**SHIP, "warp_engines": [], "monitor": True, "cruising_warp": 0, "emergency_warp": 0})


@pytest.mark.parametrize("nation, edges", [
    (Nation.FEDERATION, [(2, "green"), (4, "green"), (5, "poor"), (6, "poor"), (7, "average"), (13, "average"),
                         (14, "good"), (17, "good"), (18, "crack"), (20, "crack")]),
    (Nation.KLINGON, [(3, "green"), (4, "poor"), (8, "poor"), (9, "average"), (16, "average"), (17, "good"),
                      (19, "good"), (20, "crack")]),
    (Nation.ROMULAN, [(5, "green"), (6, "poor"), (7, "average"), (14, "average"), (15, "good"), (18, "good"),
                      (19, "crack")]),
])
def test_crew_quality_tables_at_their_boundaries(nation: Nation, edges: list[tuple[int, str]]) -> None:
    assert [(r, crew.quality(nation, r).value) for r, _ in edges] == edges


def test_the_percent_column_is_the_exact_chance_rounded() -> None:
    fed = [round(crew.chance(Nation.FEDERATION, q) * 100) for q in Quality]
    assert fed == [6, 9, 57, 22, 6]
    # the seed's column says 30 for Klingon Poor (4-8): 25 exact
    assert [round(crew.chance(Nation.KLINGON, q) * 100) for q in Quality] == [3, 25, 62, 9, 1]
    assert [round(crew.chance(Nation.ROMULAN, q) * 100) for q in Quality] == [10, 5, 64, 18, 3]


def test_the_example_and_the_table_disagree_the_table_is_followed() -> None:
    # the seed's example: 7 + 2 = 9, Average; then 3 + 9 "added to 33 gives ... 45"
    c = crew.generate(Nation.FEDERATION, ScriptedDice([7, 2, 3, 9]), "fed")
    assert c.quality is Quality.AVERAGE and c.efficiency_roll == 12
    assert c.efficiency == 57  # the table: 2D10+45
    assert crew.EXAMPLE_BASE + c.efficiency_roll == 45  # the example's figure, which is not used


def test_replacement_captain_never_below_30() -> None:
    assert crew.replacement_captain((1, 1, 1), (10,)) == 38
    assert crew.replacement_captain((1, 1, 1), (10, 10)) == 30
    assert crew.replacement_captain((1, 1, 1), (10, 10, 9)) == 30
