"""Seed 003 unit data in the campaign format, validated; a side's squadrons and flagship."""
from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.errors import RuleError
from rules.model.b5 import B5Data, B5Weapon
from rules.model.units import Unit
from rules.systems.b5.force import force_of
from tests.rules.systems.b5.helpers import ship

LASER = {"name": "Heavy Laser", "cls": "laser", "shots": 1, "ranges": [10, 20, 30, 40],
         "fire_control": ["d10", "d8", "d4"], "damage": ["d10"], "x": 4}


def test_a_unit_carries_its_b5_data_through_the_file_format():
    u = Unit.model_validate({"id": "g1", "name": "G'Quan", "b5": {
        "category": "heavy", "race": "narn", "armor": [5, 4], "speed": 8, "accel": 3, "decel": 3, "turn": 8,
        "defence": 12, "sensor": 6, "structure": 20, "grey_boxes": 4, "command_rating": 3, "jump_engine": True,
        "weapons": [LASER], "fighter_flights": 2, "squadron": "red", "command": True}})
    again = Unit.model_validate_json(u.model_dump_json())
    assert again == u and again.b5 is not None and again.b5.weapons[0].x == 4


@pytest.mark.parametrize("change, words", [
    ({"ranges": [20, 10]}, "range bands must rise"),
    ({"cls": "matter", "damage": ["d10"]}, "matter weapon causes a fixed number"),
    ({"cls": "plasma"}, "plasma weapon has four damage ratings"),
    ({"cls": "ballistic"}, "ballistic weapon has one range"),
    ({"shots": 4}, "less than or equal to 3"),
    ({"arcs": [4, 2, 0, 0, 2]}, "the arcs are six 'x' ratings"),
    ({"arcs": [3, 2, 0, 0, 0, 2]}, "the best of them its x 4"),
    ({"arcs": [4, 13, 0, 0, 0, 2]}, "the arcs are six 'x' ratings 0-12"),
])
def test_weapons_are_refused_with_clear_words(change, words):
    with pytest.raises(ValidationError, match=words):
        B5Weapon.model_validate({**LASER, **change})


def test_a_weapons_hex_diagram_is_six_arcs_with_its_x_the_best():
    w = B5Weapon.model_validate({**LASER, "arcs": [4, 2, 0, 0, 0, 2]})
    assert w.arcs == [4, 2, 0, 0, 0, 2] and B5Weapon.model_validate(LASER).arcs == []  # none: x all round


@pytest.mark.parametrize("data, words", [
    ({"category": "capital", "armor": [5], "squadron": "s"}, "capital ship has 3 armor ratings"),
    ({"category": "medium", "armor": [4]}, "is in a squadron"),
    ({"category": "medium", "armor": [4], "squadron": "s", "flagship": True}, "flagship commands its own squadron"),
    ({"category": "medium", "armor": [4], "structure": 3, "grey_boxes": 4, "squadron": "s"}, "4 grey boxes"),
    ({"category": "fighter", "armor": [2]}, "fighter flight .* has its flight statistics"),
    ({"category": "medium", "armor": [4], "squadron": "s", "speed": 41}, "less than or equal to 40"),
    ({"category": "medium", "armor": [4], "squadron": "s", "sensor": 5, "elint": 1, "elint_boxes": [6]},
     r"'S' boxes are distinct boxes of the sensor track \(1-5\), at most one an ELINT level \(1\); not \[6\]"),
    ({"category": "medium", "armor": [4], "squadron": "s", "sensor": 5, "elint": 1, "elint_boxes": [5, 4]},
     "at most one an ELINT level"),
    ({"category": "medium", "armor": [4], "squadron": "s", "sensor": 5, "elint": 2, "elint_boxes": [5, 5]},
     "distinct boxes"),
    ({"category": "medium", "armor": [4], "squadron": "s", "sensor": 5, "elint_boxes": [5]}, "ELINT level \\(0\\)"),
])
def test_ships_are_refused_with_clear_words(data, words):
    with pytest.raises(ValidationError, match=words):
        B5Data.model_validate(data)


def test_a_force_has_its_flag_squadron_first_and_its_escorts():
    units = [("a1", "Artemis 1", ship("alpha")), ("h1", "Hyperion", ship("alpha", command=True)),
             ("o1", "Omega", ship("flag", "capital", command=True, flagship=True)),
             ("e1", "Escort", ship(escort=True)), ("a2", "Artemis 2", ship("flag"))]
    f = force_of("Earth", units)
    assert f.flagship == "o1" and f.escorts == ("e1",)
    assert [(s.name, s.ships) for s in f.squadrons] == [("flag", ("o1", "a2")), ("alpha", ("h1", "a1"))]
    assert f.squadron_of("a1") is f.squadrons[1] and f.squadron_of("e1") is None


def test_a_force_with_two_flagships_or_command_ships_is_refused_and_one_without_takes_the_seeds_choice():
    with pytest.raises(RuleError, match="exactly one group flagship .* not 2: F, G"):
        force_of("Narn", [("f", "F", ship("f", command=True, flagship=True)),
                          ("g", "G", ship("g", command=True, flagship=True))])
    # none in the battle: the squadron commander with the highest command rating (fleet.set_up asks and logs it)
    f = force_of("Narn", [("a", "A", ship("s", command=True, command_rating=2)),
                          ("b", "B", ship("t", command=True, command_rating=5))])
    assert f.flagship == "b" and [s.name for s in f.squadrons] == ["t", "s"]
    with pytest.raises(RuleError, match="squadron s needs exactly one command ship .* not 2: A, B"):
        force_of("Narn", [("f", "F", ship("f", command=True, flagship=True)), ("a", "A", ship("s", command=True)),
                          ("b", "B", ship("s", command=True))])
    with pytest.raises(RuleError, match="no ship with Babylon 5 data"):
        force_of("Narn", [])


def test_the_b5_settings_are_checked():
    from rules.model.campaign import Settings

    assert Settings().b5.dogfight == "text" and Settings().b5.morale_rounding == "down"
    with pytest.raises(ValidationError, match="'text' or 'pattern'"):
        Settings.model_validate({"b5": {"dogfight": "chart"}})
