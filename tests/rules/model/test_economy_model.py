"""The empire turn's fields (issue 23): old files stay byte-identical, the new fields round trip
exactly, and a bad value is refused naming its field."""
from __future__ import annotations

import json
from fractions import Fraction

import pytest

from rules.model import CampaignError, dumps, parse_campaign
from tests.hand_kept import hand_kept, hand_kept_data


def _data() -> dict:
    """A file without the empire turn's fields: the default campaign with its empire turn kept by hand."""
    return hand_kept_data()


def _problems(data: dict) -> str:
    with pytest.raises(CampaignError) as e:
        parse_campaign(json.dumps(data), "c.json")
    return str(e.value)


def test_an_old_file_writes_no_new_field():
    text = dumps(hand_kept())
    for word in ("empire_turn", "economy", "carrying_capacity", "census_bonus"):
        assert word not in text
    assert dumps(parse_campaign(text)) == text


def test_the_economy_round_trips_exactly():
    data = _data()
    data["settings"]["empire_turn"] = "seed004"
    data["phase"] = "income"
    data["powers"][0]["economy"] = {"point_pool": "25/2", "last_tdp": 214, "tech_pool": 52, "tech_year": 171,
                                    "maintenance": {"CA": "1/2"}, "misc": [{"text": "raid", "amount": -3}]}
    c = parse_campaign(json.dumps(data))
    eco = c.powers[0].economy
    assert eco is not None and eco.point_pool == Fraction(25, 2) and eco.maintenance["CA"] == Fraction(1, 2)
    text = dumps(c)
    assert '"point_pool":"25/2"' in text.replace(" ", "") and dumps(parse_campaign(text)) == text


@pytest.mark.parametrize(("change", "expected"), [
    (lambda d: d["powers"][0].update(economy={"point_pool": "12 apples"}), "powers[0].economy.point_pool"),
    (lambda d: d["powers"][0].update(economy={"advances_this_year": 3}), "powers[0].economy.advances_this_year"),
    (lambda d: d["powers"][0].update(economy={"homeworld": "9999"}), "powers[0].economy.homeworld: sector 9999 is "
                                                                     "not on the map"),
    (lambda d: d.update(phase="income"), "phase: 'income' is a phase of seed 004's empire turn"),
    (lambda d: d["powers"][0].update(economy={"projects": [{"id": "p1", "unit_class": "FF", "at": "0207",
                                                            "planet": "Vanguard II", "cost": 3, "turn": 1}]}),
     "powers[0].economy.projects[0].unit_class: 'FF' is not on"),
    (lambda d: d["settings"].update(empire_turn="spreadsheet"), "settings.empire_turn"),
    (lambda d: next(p for s in d["map"]["sectors"] if s.get("star_system") for p in s["star_system"]["planets"])
     .update(census_bonus=-1), "census_bonus"),
])
def test_a_bad_value_names_its_field(change, expected):
    data = _data()
    change(data)
    assert expected in _problems(data)
