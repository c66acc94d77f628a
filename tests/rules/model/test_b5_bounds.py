"""B5 unit data out of bounds refused when the file opens, naming the file and the field (I8's hostile files,
session of 2026-11-28): an armor rating of -1 or 10**20 and a weapon's fixed damage of -5, 0 or 10**9 points opened
without a word (``main.py --check`` said OK), and a B5 battle then read them (marking.py takes a fixed rating as
the points marked without an armor roll; firing.py takes the armor of the arc hit)."""
from __future__ import annotations

import json

import pytest

from rules.model import CampaignError, parse_campaign


def _report(data: dict) -> str:
    with pytest.raises(CampaignError) as info:
        parse_campaign(json.dumps(data), "hostile.json")
    return info.value.report()


@pytest.mark.parametrize("armor, words", [
    ([-1, 5], "hostile.json: fleets[0].units[0].b5.armor[0]: input should be greater than or equal to 0, not -1"),
    ([4, 10**20], "hostile.json: fleets[0].units[0].b5.armor[1]: input should be less than or equal to 20, not 1"),
])
def test_an_armor_rating_out_of_bounds_is_refused_with_its_field(default_data, armor, words):
    ship = default_data["fleets"][0]["units"][0]["b5"]
    assert ship["category"] == "heavy"  # two armor ratings, front and aft
    ship["armor"] = armor
    assert _report(default_data).startswith(words)


@pytest.mark.parametrize("damage", [[-5], [0], [10**9]])
def test_a_fixed_damage_rating_out_of_bounds_is_refused_with_its_weapon(default_data, damage):
    weapon = default_data["fleets"][0]["units"][0]["b5"]["weapons"][0]
    weapon["damage"] = damage
    assert _report(default_data) == (f"hostile.json: fleets[0].units[0].b5.weapons[0]: {weapon['name']}: a damage "
                                     f"rating is a die or 1-200 points, not {damage}")


def test_the_bounds_leave_the_ratings_a_file_uses(default_data):
    ship = default_data["fleets"][0]["units"][0]["b5"]
    ship["armor"] = [0, 20]
    ship["weapons"][0]["damage"] = [200]
    c = parse_campaign(json.dumps(default_data), "fine.json")
    assert c.fleets[0].units[0].b5 is not None and c.fleets[0].units[0].b5.armor == [0, 20]
