"""Seed 002 damage tracked by the engine (issue 25): a hit through a ship's shields entered from the
table; 70% superstructure loss bars warping out and forces an uncloak in the Repair / Repower Phase
(the segment's end), so does an inoperable Maneuver Engineering Grid; penetrating damage loses the
ship's sensor lock; negative superstructure. The Bird of Prey has 20 superstructure points, the D-7 36."""
from __future__ import annotations

from rules.battlehex.log import GM
from rules.dice import ScriptedDice
from rules.systems.stcs import warp
from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.v13.helpers import AT

OPENING = ["sublight", ["lexington"]]


def scripted(faces: list[int]) -> STCSBattle:
    run = STCSBattle(stcs_campaign(), AT, dice=lambda _seed: ScriptedDice(list(faces)))
    for a in OPENING:
        run.answer(a)
    return run


def hit(run: STCSBattle, x: str, points: int) -> None:
    run.answer(f"hit:{x}")
    run.answer("superstructure")
    run.answer(points)


def test_13_of_20_superstructure_lost_leaves_the_cloak_and_the_warp_out() -> None:
    run = scripted([])
    hit(run, "bop", 13)  # 65%
    run.answer("next")
    assert run.engine.cloaked["bop"] and "warpout:bop:2" in run.pending.options  # Red's secret question


def test_14_of_20_lost_forces_the_uncloak_at_the_segments_end_and_bars_the_warp_out() -> None:
    run = scripted([])
    hit(run, "bop", 7)
    hit(run, "bop", 7)  # 14 of 20: 70%
    assert run.engine.cloaked["bop"]  # until the Repair / Repower Phase
    run.answer("next")
    assert not run.engine.cloaked["bop"] and run.pending.key == "stcs/2/act"  # no cloaked ship: no secret question
    assert "Bird of Prey uncloaks (70% or more of its superstructure lost)" in run.events_json("blue")
    assert "cloak:bop" not in run.pending.options and "warpout:bop" not in run.pending.options
    assert "70% or more superstructure lost" in run.pending.data["barred"]["Bird of Prey warp out"]


def test_an_inoperable_engineering_grid_forces_the_uncloak() -> None:
    run = scripted([])
    run.answer("hit:bop")
    run.answer("grid")
    run.answer(25)  # its fifth 5-point box (test_grid.py)
    assert run.engine.cloaked["bop"]
    run.answer("next")
    assert not run.engine.cloaked["bop"] and "cloak:bop" not in run.pending.options
    barred = run.pending.data["barred"]  # the grid does not bar a warp out (announced at a turn's start)
    assert "Bird of Prey warp out" not in barred and "Tactical Advantage Phase" in barred["warp out"]


def test_penetrating_damage_loses_the_ships_lock() -> None:
    run = scripted([1])
    run.answer("lock:d7:enterprise")
    hit(run, "enterprise", 3)
    assert run.engine.locks == {"d7": "enterprise"}  # the target's damage: the firer keeps its lock
    hit(run, "d7", 1)
    assert run.engine.locks == {}
    assert "Klothos loses its sensor lock" in run.events_json(GM)


def test_negative_superstructure_at_37_of_36_not_at_36() -> None:
    run = scripted([])
    hit(run, "d7", 36)
    assert "0 of 36 left" in run.events_json() and "negative" not in run.events_json()
    hit(run, "d7", 1)
    assert "Klothos' superstructure is negative (-1)" in run.events_json()
    assert "70% or more superstructure lost" in run.pending.data["barred"]["Klothos warp out"]


def boxes(run: STCSBattle, x: str, what: str, points: int) -> None:
    run.answer(f"hit:{x}")
    run.answer(what)
    run.answer(points)


def test_a_12_point_sensor_hit_marks_2_boxes_carries_2_then_8_more_mark_2_carrying_none() -> None:
    run = scripted([1])
    boxes(run, "d7", "sensors", 12)
    assert run.engine.boxes[("d7", "sensors")] == (2, 2)
    boxes(run, "d7", "sensors", 8)
    assert run.engine.boxes[("d7", "sensors")] == (4, 0)
    assert "Klothos' sensors: 8 points mark 2 box(es) (4 in all), 0 carried" in run.events_json()
    boxes(run, "d7", "sensors", 4)  # 4 carried: no fifth box, the sensors still work
    assert run.engine.boxes[("d7", "sensors")] == (4, 4) and "lock:d7:enterprise" in run.pending.options
    boxes(run, "d7", "sensors", 1)  # the fifth (OUT) box
    assert "Klothos' sensors are out" in run.events_json()
    assert not [o for o in run.pending.options if o.startswith(("lock:d7", "scan:d7"))]


def test_a_shield_generator_is_down_at_its_first_box_not_at_4_points() -> None:
    run = scripted([])
    boxes(run, "enterprise", "shield:1", 4)
    assert "shield 1 is down" not in run.events_json()
    boxes(run, "enterprise", "shield:1", 1)
    assert "Enterprise's shield 1 is down" in run.events_json()


def test_an_engine_loses_its_boxes_then_is_ripped_off_at_10_more() -> None:
    run = scripted([])
    boxes(run, "d7", "engine:1", 10)  # 10 of 10 boxes gone
    assert warp.activation_target(run.engine.data("d7")) == 30  # 10/20 x 100 - 10, -10 for a lost engine
    boxes(run, "d7", "engine:1", 9)
    assert ("d7", 0) not in run.engine.ripped
    boxes(run, "d7", "engine:1", 1)
    assert ("d7", 0) in run.engine.ripped and "warp engine 1 and its mounting are ripped off" in run.events_json()
    run.answer("hit:d7")
    assert "engine:1" not in run.pending.options and "engine:2" in run.pending.options


def test_a_weapon_with_a_box_marked_cannot_fire_until_repaired() -> None:
    from tests.rules.systems.stcs.test_firing import next_segment, settled
    run = settled([1])  # the repair die 1
    boxes(run, "lexington", "weapon:1", 4)  # the torpedoes: 4 carried, no box - still armed
    run.answer("fire:lexington:d7")
    assert run.pending.options == ("0", "1")
    run.answer("0")
    run.answer(0)  # To-Hit 0 - 5: no hit, no die; the phasers recharge through the next segment
    boxes(run, "lexington", "weapon:1", 1)  # a box: damaged
    assert "Lexington's FP-1 photon torpedoes: damaged, no fire until repaired" in run.events_json()
    assert "fire:lexington:d7" not in run.pending.options
    next_segment(run)
    next_segment(run)
    run.answer("fire:lexington:d7")
    assert run.pending.options == ("0",)  # the phasers only
    run.answer("0")
    run.answer(0)
    boxes(run, "lexington", "weapon:0", 5)
    next_segment(run)
    next_segment(run)
    assert "fire:lexington:d7" not in run.pending.options  # no weapon left to fire
    run.answer("repair:lexington")
    assert run.pending.options == ("weapon:0", "weapon:1")
    assert "the FP-1 photon torpedoes (1 box(es) marked, 0 carried)" in run.pending.data["option_words"]["weapon:1"]
    run.answer("weapon:1")
    run.answer("crew")
    run.answer(5)  # the repair number 5; the D10 1 repairs the box
    assert "fire:lexington:d7" in run.pending.options


def test_a_weapons_fifth_box_crosses_it_off_and_half_the_excess_goes_to_the_superstructure() -> None:
    run = scripted([])
    boxes(run, "d7", "weapon:0", 23)  # 4 boxes, 3 carried
    assert run.engine.boxes[("d7", "weapon:0")] == (4, 3) and run.engine.ss_lost == {}
    boxes(run, "d7", "weapon:0", 9)  # 3 + 9 = 12: 2 mark the fifth box, 7 over: 3 to the superstructure
    assert "Klothos' FH-3 phasers: 9 points mark the last box: crossed off (destroyed), 7 points over" \
        in run.events_json()
    assert run.engine.ss_lost == {"d7": 3} and "half the 7 over on its FH-3 phasers" in run.events_json()
    run.answer("hit:d7")
    assert "weapon:0" not in run.pending.options and "weapon:1" in run.pending.options  # crossed off: gone
    run.answer("weapon:1")
    run.answer(1)
    run.answer("repair:d7")
    assert "weapon:0" not in run.pending.options  # a crossed-off weapon cannot be repaired


def test_exactly_the_fifth_box_has_no_excess() -> None:
    run = scripted([])
    boxes(run, "d7", "weapon:1", 25)
    assert run.engine.boxes[("d7", "weapon:1")] == (5, 0) and run.engine.ss_lost == {}
    assert "crossed off (destroyed)" in run.events_json() and "over" not in run.events_json()
