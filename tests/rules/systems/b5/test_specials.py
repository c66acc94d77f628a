"""b5 the seed's weapon and ship specials (seed 003 Plasma Accelerator, Guardian Array, Tractor Beam):
the unit data's fields and their checks, and the pure rules (rules/systems/b5/specials.py) with the
seed's numbers and each condition just met and just missed. The Guardian Array's question in a
battle: tests/rules/systems/b5/test_guardian.py."""
from __future__ import annotations

from fractions import Fraction

import pytest
from pydantic import ValidationError

from rules.model.b5 import B5Data, B5Weapon, Category
from rules.systems.b5 import specials
from tests.rules.systems.b5.helpers import ship

ACCELERATOR = {"name": "Plasma accelerator", "cls": "plasma", "shots": 3, "ranges": [4, 8, 12, 16],
               "fire_control": ["d10", "d8", "d6"], "damage": ["d12", "d10", "2d8", "d6"], "x": 1,
               "accelerator": True}
"""The seed's example: d12 at short range, 2d8 two levels down (the tests' own ratings in between)."""


def test_old_unit_data_loads_with_no_specials():
    d = ship()
    assert (d.guardian, d.guardian_boxes, d.tractor) == (0, [], False)
    assert not B5Weapon.model_validate({k: v for k, v in ACCELERATOR.items() if k != "accelerator"}).accelerator


def test_the_fields_are_checked_naming_the_field():
    with pytest.raises(ValidationError, match="accelerator: a Plasma Accelerator is a plasma weapon, not laser"):
        B5Weapon.model_validate(dict(ACCELERATOR, cls="laser", damage=["d10"]))
    with pytest.raises(ValidationError, match=r"guardian_boxes: the 'G' boxes are 2 distinct boxes of the structure "
                                              r"track \(1-12\), one a Guardian level; not \[3, 13\]"):
        ship(guardian=2, guardian_boxes=[3, 13])
    with pytest.raises(ValidationError, match="guardian_boxes: .* not \\[3\\]"):
        ship(guardian=2, guardian_boxes=[3])  # one box a level
    with pytest.raises(ValidationError, match="guardian_boxes: .* not \\[3, 3\\]"):
        ship(guardian=2, guardian_boxes=[3, 3])
    assert ship(guardian=2, guardian_boxes=[12, 1]).guardian_boxes == [12, 1]  # both ends of the track
    with pytest.raises(ValidationError, match="tractor: a fighter flight carries no tractor beam"):
        B5Data.model_validate({"category": "fighter", "armor": [3], "tractor": True,
                               "flight": {"move": 10, "defence": 8, "offence": "d10", "dogfight": "d6", "armor": 3,
                                          "damage": "d6"}})
    with pytest.raises(ValidationError, match="guardian"):
        ship(guardian=13)  # at most 12 levels


def test_the_plasma_accelerator_by_its_last_shot():
    """Two levels after a shot in the previous pulse (the seed's d12 -> 2d8 at short range), one two
    pulses ago, none three or more ago; counted across turns; never past extreme."""
    w = B5Weapon.model_validate(ACCELERATOR)
    assert specials.accelerator_levels(w, [(1, 1)], 1, 2) == 2
    assert specials.accelerator_levels(w, [(1, 1)], 1, 3) == 1
    assert specials.accelerator_levels(w, [(1, 1)], 2, 1) == 0  # three pulses ago
    assert specials.accelerator_levels(w, [(1, 3)], 2, 1) == 2  # pulse 3, then the next turn's pulse 1
    assert specials.accelerator_levels(w, [(1, 2)], 2, 1) == 1
    assert specials.accelerator_levels(w, [], 1, 1) == 0
    assert specials.accelerator_levels(w, [(1, 1), (1, 3)], 2, 1) == 2  # the last shot counts
    assert w.damage[specials.damage_band(w, 0, [(1, 1)], 1, 2)] == "2d8"  # the seed's example
    assert w.damage[specials.damage_band(w, 0, [(1, 1)], 1, 3)] == "d10"
    assert specials.damage_band(w, 2, [(1, 1)], 1, 2) == 3 and specials.damage_band(w, 3, [(1, 1)], 1, 2) == 3
    other = B5Weapon.model_validate(dict(ACCELERATOR, accelerator=False))
    assert specials.damage_band(other, 0, [(1, 1)], 1, 2) == 0  # a plasma weapon that is no Accelerator
    assert specials.damage_band(other, 1, [(1, 1)], 1, 2) == 1 and specials.accelerator_levels(other, [], 1, 1) == 0
    beam = B5Weapon.model_validate({"name": "Beam", "cls": "particle", "shots": 3, "ranges": [4, 8, 12, 16],
                                    "fire_control": ["d10", "d8", "d6"], "damage": ["d10"]})
    assert specials.damage_band(beam, 2, [(1, 2)], 1, 3) == 2  # not a plasma weapon: its band as it is


def test_guardian_levels_lost_with_their_g_boxes():
    """Structure 12, two levels: the 'G' boxes spread evenly are 4 and 8 (marked from the right):
    4 lost keeps both, 5 loses one, 9 both; boxes placed by the data: [12] is lost with the first point."""
    d = ship(guardian=2)
    assert specials.guardian_boxes(d) == [4, 8]
    assert [specials.guardian_left(d, lost) for lost in (0, 4, 5, 8, 9, 12)] == [2, 2, 1, 1, 0, 0]
    placed = ship(guardian=1, guardian_boxes=[12])
    assert (specials.guardian_left(placed, 0), specials.guardian_left(placed, 1)) == (1, 0)


def test_the_tractor_beams_reach():
    assert specials.tractor_reach(1, (8, 8), (2, 2)) == ""
    assert specials.tractor_reach(2, (8, 8), (2, 2)) == "the target must be in the hex next to it, not 2 hexes away"
    assert specials.tractor_reach(0, (8, 8), (2, 2)) != ""
    assert specials.tractor_reach(1, (7, 8), (2, 2)) == "it must travel at the target's speed, 8, not 7"
    assert specials.tractor_reach(1, (8, 8), (2, 3)) == "it must travel in the target's direction"


def test_the_tractor_beams_targets():
    """Held: no accel or no decel left; 75% of its structure lost (9 of 12 just, 8 not); willing; else free."""
    d = ship()
    assert specials.tractor_hold(d, d.model_copy(update={"accel": 0}), 0, False) == 0
    assert specials.tractor_hold(d, d.model_copy(update={"decel": 0}), 0, False) == 0
    assert specials.tractor_hold(d, d.model_copy(update={"accel": 1}), 0, False) == -1
    assert specials.tractor_hold(d, d, 9, False) == 1
    assert specials.tractor_hold(d, d, 8, False) == -1
    assert specials.tractor_hold(d, d, 8, True) == 2
    assert specials.TRACTOR_WHY[1] == "it has taken at least 75% structural damage"


def test_the_tractor_beams_power_by_target_size():
    assert specials.tractor_cost(Category.FIGHTER) == "nothing"
    assert specials.tractor_cost(Category.MEDIUM) == "one weapon system of its choice powered down"
    assert specials.tractor_cost(Category.HEAVY) == "all its weapon systems powered down"
    assert specials.tractor_cost(Category.CAPITAL).endswith("all its maneuvering halved (round up)")
    assert [specials.halved(r) for r in (5, 4, 1, 0)] == [3, 2, 1, 0]


def test_breaking_free_of_the_tractor():
    """One point a point of accel or decel; each die even: structure, odd: maneuvering (the owner's
    choice); free while some accel and some decel are left."""
    assert specials.break_free_points(ship(accel=3, decel=2)) == 5
    assert specials.break_free_points(ship(accel=0, decel=2)) == 2 and specials.break_free_points(ship(decel=0)) == 6
    assert [specials.break_free_place(r) for r in (1, 2, 5, 6)] == ["maneuvering", "structure"] * 2
    assert specials.break_free(2, 2, 2) == (1, 1)  # free
    assert specials.break_free(2, 2, 3) == (0, 1)  # held (no accel left)
    assert specials.break_free(3, 1, 2) == (1, 1)
    assert specials.break_free(1, 1, 3) == (0, 0)  # no rating below 0
    assert specials.break_free(0, 1, 1) == (0, 0) and specials.break_free(2, 3, 1) == (2, 2)
    assert specials.break_free_odds(1, 1) == Fraction(1, 4)  # both dice even
    assert specials.break_free_odds(2, 2) == Fraction(11, 16)  # at most 2 odd of 4
    assert specials.break_free_odds(1, 0) == 0 and specials.break_free_odds(0, 3) == 0
    assert specials.break_free_odds(3, 0) == 0  # already held by the first case
