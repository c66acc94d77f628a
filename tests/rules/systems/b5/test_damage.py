"""b5 system damage and grey boxes by fire (seed 003 Determining What Is Damaged, the Sample
Damage Resolution, Tracking the Morale of a Squadron): the seed's numbers, then the engine's fire
on scripted dice marking systems and grey boxes, and the morale check they bring."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.model.b5 import WeaponClass
from rules.systems.b5 import damage
from rules.systems.b5.damage import MANEUVER, MINOR, PRIMARY, PRIMARY_W, SECONDARY_W, SENSOR
from rules.systems.b5.fire import damage_class
from rules.systems.b5.firing import structure
from tests.rules.systems.b5.helpers import ARRAY, PULSE, ship
from tests.rules.systems.b5.test_firing import fight

PARTICLE, PLASMA, MATTER = WeaponClass.PARTICLE, WeaponClass.PLASMA, WeaponClass.MATTER
LIGHT = dict(PULSE, name="Light pulse cannon", shots=3)
"""The example's light pulse cannon: a secondary weapon (the heavy ones are its only primary)."""


def test_the_seeds_sample_damage_resolution():
    """Armor 4; d6 3, 4; d8 5, 6 (second die even), 3, 8 (two odd second dice, hit from the side);
    d10 3, 3, 9 (second die even), 4: 6 structure, a primary weapon twice, the turn row twice and with
    it one hard turn, course correct and come about box."""
    target = ship(weapons=[ARRAY, LIGHT, PULSE], structure=6, turn=12, hard_turn=10,
                  course_correct=10, come_about=6)
    hits: dict[str, int] = {}
    lost, marked = 0, []
    seconds = iter([4, 1, 1, 2])  # the example's second dice: even; odd, odd; even

    def every(i: int) -> bool:
        return True
    for roll in (3, 4, 5, 6, 3, 8, 3, 3, 9, 4):
        cls = damage_class(roll, 4, target.weapons[0].cls)
        lost += structure(cls, roll)
        for kind in damage.systems(cls, roll, flash=False):
            got = damage.mark(target, hits, damage.which(kind, next(seconds)), damage.SIDE, every)
            marked.append(got)
            lost += got == "structure"
    assert lost == 6  # the last minor hit "destroys the ship"
    assert marked == ["Heavy pulse cannon", "turn", "turn", "Heavy pulse cannon"]
    after = damage.effective(target, hits)
    assert (after.turn, after.hard_turn, after.course_correct, after.come_about) == (10, 9, 9, 5)
    assert [w.x for w in after.weapons] == [3, 2, 0]  # the heavy pulse cannons destroyed


def test_which_system_a_hit_strikes():
    assert damage.systems("minor", 5, False) == []
    assert damage.systems("moderate", 6, False) == [PRIMARY] and damage.systems("moderate", 7, False) == [MINOR]
    assert damage.systems("severe", 8, False) == [MINOR, MINOR] and damage.systems("severe", 9, False) == [PRIMARY]
    assert damage.systems("moderate", 7, True) == [PRIMARY, MINOR]  # flash: both results
    assert [damage.which(MINOR, 2), damage.which(MINOR, 3)] == [SECONDARY_W, MANEUVER]
    assert [damage.which(PRIMARY, 2), damage.which(PRIMARY, 3)] == [PRIMARY_W, SENSOR]
    assert [damage.matter(4), damage.matter(5), damage.matter(6), damage.matter(9), damage.matter(10)] == [
        "structure", MANEUVER, SECONDARY_W, SENSOR, PRIMARY_W]


def test_a_system_with_nothing_left_passes_the_hit_on():
    target = ship(weapons=[ARRAY], sensor=1, accel=0, decel=1, turn=1)
    hits: dict[str, int] = {}

    def every(i: int) -> bool:
        return True
    assert damage.mark(target, hits, PRIMARY_W, damage.SIDE, every) == "Twin array"  # no primary: a secondary
    assert damage.mark(target, hits, SECONDARY_W, damage.SIDE, lambda i: False) == "structure"  # none in arc
    assert damage.mark(target, hits, SENSOR, damage.SIDE, every) == "sensors"
    assert damage.mark(target, hits, SENSOR, damage.SIDE, every) == "structure"
    assert damage.mark(target, hits, MANEUVER, damage.AFT, every) == "turn"  # no accel boxes: the turn row
    assert damage.mark(target, hits, MANEUVER, damage.FRONT, every) == "decel"
    assert damage.mark(target, hits, MANEUVER, damage.FRONT, every) == "structure"
    after = damage.effective(target, hits)
    assert (after.sensor, after.decel, after.turn, after.weapons[0].x) == (0, 0, 0, 2)


def test_x1_arcs_are_kept_while_a_box_is_left():
    w = dict(ARRAY, x=3, arcs=[3, 1, 0, 0, 0, 3])
    hits = {"w0": 2}
    assert damage.effective(ship(weapons=[w]), hits).weapons[0].arcs == [1, 1, 0, 0, 0, 1]
    assert damage.effective(ship(weapons=[w]), {"w0": 3}).weapons[0].arcs == [0, 0, 0, 0, 0, 0]


def test_the_damage_classes_odds_before_the_roll():
    assert damage.class_odds("d10", 4, PARTICLE) == "d10 on armor 4: minor 1/5, moderate 1/5, severe 3/10"
    assert damage.class_odds("d10", 6, PLASMA) == "d10 on armor 6: minor 1/5, moderate 1/5, severe 3/10"  # 6 - 2
    assert damage.class_odds("2d6", 10, PARTICLE) == "2d6 on armor 10: minor 5/36, moderate 1/36, severe 0"  # 10-11; 12
    assert damage.class_odds(12, 4, MATTER) == ("12 points where a d10 says: structure 2/5, a minor system 2/5, "
                                                "a primary system 1/5")


def test_the_target_question_shows_the_damage_odds():
    run = fight([])
    for a in ("fire", "r-flag", "Matter cannon"):
        run.answer(a)
    assert run.question_odds()["B-FLAG"].endswith("x1; damage 12 points where a d10 says: structure 2/5, "
                                                  "a minor system 2/5, a primary system 1/5")


def test_grey_boxes_spread_and_marked_from_the_right():
    assert damage.grey_boxes(12, 2) == [4, 8] and damage.grey_boxes(3, 3) == [1, 2, 3]
    assert [damage.grey_marked(12, 2, n) for n in (0, 4, 5, 8, 9, 12)] == [0, 0, 1, 1, 2, 2]


def test_fire_marks_a_primary_weapon_and_the_ship_fires_it_weaker():
    run = fight([10, 1, 9, 4])  # a hit; severe, odd: a primary system and 2 structure; second die even
    for a in ("fire", "r-flag", "Laser", "b-flag"):
        run.answer(a)
    assert "R-FLAG's Laser (x2) at B-FLAG, extreme range, d10 + sensor 5+0 needs 15: 1 hit on armor 4: " \
           "severe (Laser); 2 structure, 10 left" in [e.text for e in run.log.events]
    assert run.engine.data("b-flag").weapons[0].x == 1
    for a in ("fire", "b-flag", "Laser"):
        run.answer(a)
    assert ", x1; damage d10" in run.question_odds()["R-FLAG"]  # its Laser now fires x1


def test_fire_marks_the_sensors():
    run = fight([10, 1, 9, 3])  # second die odd: the sensors
    for a in ("fire", "r-flag", "Laser", "b-flag"):
        run.answer(a)
    assert run.engine.data("b-flag").sensor == 4
    assert run.engine.units["b-flag"].unit.b5 is not None and run.engine.units["b-flag"].unit.b5.sensor == 5


def test_grey_boxes_marked_by_fire_bring_the_morale_check_without_the_gm():
    """B-FLAG's 12 structure lost marks its 2 grey boxes: squadron bflag (2 + 2) at 2 of 4, its top
    circle: the d12 is rolled at the turn's end, 11+ with the skirmish's +1."""
    run = fight([10, 3, 10])  # the cannon hits, location 3: structure, 12 points; the morale d12
    for a in ("fire", "r-flag", "Matter cannon", "b-flag"):
        run.answer(a)
    assert "B-FLAG: 2 grey boxes marked off: squadron bflag's morale track 2 of 4" in [e.text for e in run.log.events]
    run.answer("done")
    assert "squadron bflag: morale 2 of 4, level 1 needs 11+: d12 10 +1 = 11: begins withdrawal operations" in \
        [e.text for e in run.log.events]
    assert run.engine.withdrawing == {"bflag"}
    assert run.pending.key == "b5/1/morale" and run.pending.options == ("r-flag",)  # the GM's table losses


def test_the_damage_summary_the_forces_sheet_shows():
    target = ship(weapons=[ARRAY, PULSE])
    assert damage.summary(target, {}, 0) == ""
    assert damage.summary(target, {"sensor": 1, "turn": 2, "w1": 2}, 14) == (
        "structure 0 of 12, sensor 4, turn 10, Heavy pulse cannon destroyed")
    assert damage.summary(target, {"w0": 1}, 3) == "structure 9 of 12, Twin array x2"


def _next_plot(faces: list[int]):
    run = fight(faces)
    for a in ("fire", "r-flag", "Matter cannon", "b-flag"):
        run.answer(a)
    while run.pending.key.startswith("b5/1/fire"):
        run.answer("done")
    run.answer([])  # no grey boxes lost at the table
    run.answer("plot and move")
    return run


def test_maneuvering_damage_refuses_the_next_turns_plot():
    """The cannon's 12 points, d10 5 (a minor system, odd: maneuvering), from B-FLAG's side: its 12
    turn boxes marked, so B-FLAG may no longer turn at speed 5; with the cannon missing it may."""
    missed = _next_plot([1])
    missed.answer("FRF F FF")
    assert missed.pending.key == "b5/2/plot/r-flag"
    run = _next_plot([10, 5])
    assert run.engine.hits["b-flag"] == {"turn": 12}
    with pytest.raises(IllegalAnswer, match="B-FLAG cannot make a turn at speed 5"):
        run.answer("FRF F FF")
