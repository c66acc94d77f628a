"""b5 fire resolved by the engine after a plotted turn: range band, to-hit dice, the arc's
armor, damage classes and structure, shots per turn, a ship destroyed; on scripted dice."""
from __future__ import annotations

import json

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.dice import ScriptedDice
from rules.model import io
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems.b5.battle import B5Battle
from rules.systems.b5.firing import structure
from tests.rules.systems.b5.helpers import b5
from tests.rules.systems.v13.helpers import AT, duel

LASER = {"name": "Laser", "cls": "laser", "shots": 1, "ranges": [10, 20, 30, 40],
         "fire_control": ["d10", "d8", "d4"], "damage": ["d10"], "x": 2}
CANNON = {"name": "Matter cannon", "cls": "matter", "shots": 2, "ranges": [10, 20, 30, 40],
          "fire_control": ["d10", "d8", "d4"], "damage": [12], "x": 1}
SET_UP = ["meeting engagement", "skirmish", "none", 5, 8, {"at": "1030", "facing": "C"}, "1031",
          {"at": "6030", "facing": "F"}, "6031", "plot and move", "FF F FF", "FFF FF FFF"]


def fight(faces, laser=LASER, set_up=SET_UP):
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, weapons=[LASER]), b5("b-f2", "bflag")]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True, weapons=[laser, CANNON]),
           b5("r-f2", "rflag")]
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "b5"
    data["settings"].setdefault("b5", {}).setdefault("declared_fire", False)  # written for shot-by-shot fire
    c = type(c).model_validate(data)
    run = B5Battle(end_movement(c, build_graph(c)).campaign, AT, dice=lambda _seed: ScriptedDice(list(faces)))
    for a in set_up:
        run.answer(a)
    return run


DAMAGE = "; damage d10 on armor 4: minor 1/5, moderate 1/5, severe 3/10"
"""The laser's d10 on the side armor 4: 4-5 minor, 6-7 moderate, 8-10 severe (shown before the roll)."""
ASTRIDE = SET_UP[:5] + [{"at": "1027", "facing": "B"}, "1030"] + SET_UP[7:]
"""After the moves R-FLAG (facing F) has B-FLAG in its front arc (bearing 333 degrees) and B-F2 in
its front left arc (327 degrees), both at extreme range."""


def test_a_weapon_fires_only_into_its_arcs_with_each_arcs_x():
    """Determining the 'X' Factor: the target's arc on the weapon's hex diagram gives its 'x'."""
    run = fight([], dict(LASER, arcs=[1, 0, 0, 0, 0, 2]), ASTRIDE)
    for a in ("fire", "r-flag", "Laser"):
        run.answer(a)
    assert run.question_odds() == {"B-FLAG": "extreme range, d10 needs 10+: 1/10 a die, x1" + DAMAGE,
                                   "B-F2": "extreme range, d8 needs 10+: 0 a die, x2" + DAMAGE}


def test_a_target_outside_the_weapons_arcs_is_not_offered_and_is_refused_naming_the_rule():
    run = fight([8, 8], dict(LASER, arcs=[0, 0, 0, 0, 0, 2]), ASTRIDE)
    for a in ("fire", "r-flag", "Laser"):
        run.answer(a)
    assert run.pending.options == ("b-f2",) and list(run.question_odds()) == ["B-F2"]
    with pytest.raises(IllegalAnswer, match="B5 Firing Procedure - Determining the 'X' Factor: B-FLAG is in "
                                            "R-FLAG's front arc, where its Laser cannot fire"):
        run.answer("b-flag")
    run.answer("b-f2")
    assert any("R-FLAG's Laser (x2) at B-F2" in e.text for e in run.log.events)


def test_a_weapon_with_no_target_in_its_arcs_is_not_offered():
    run = fight([], dict(LASER, arcs=[0, 0, 0, 2, 0, 0]), ASTRIDE)  # aft only
    for a in ("fire", "r-flag"):
        run.answer(a)
    assert run.pending.options == ("Matter cannon",)


def test_structure_by_damage_class():
    assert [structure("minor", 5), structure("moderate", 7), structure("moderate", 6)] == [1, 1, 0]
    assert [structure("severe", 8), structure("severe", 9), structure("none", 2)] == [1, 2, 0]
    assert structure("moderate", 6, flash=True) == 1 and structure("severe", 8, flash=True) == 2


def test_a_laser_at_extreme_range_hits_the_side_armor():
    run = fight([10, 1, 9, 4])  # 4: the severe hit's second die (a primary weapon)
    assert run.pending.options == ("done", "fire")
    run.answer("fire")
    assert run.pending.options == ("b-flag", "r-flag")  # both flagships reach the other (37 hexes)
    run.answer("r-flag")
    assert run.pending.options == ("Laser", "Matter cannon")
    run.answer("Laser")
    assert run.question_odds() == {"B-FLAG": "extreme range, d10 needs 10+: 1/10 a die, x2" + DAMAGE,
                                   "B-F2": "extreme range, d8 needs 10+: 0 a die, x2" + DAMAGE}  # Def 10 + 5 - sensor 5
    with pytest.raises(IllegalAnswer):
        run.answer("r-f2")  # not an enemy
    run.answer("b-flag")
    assert "R-FLAG's Laser (x2) at B-FLAG, extreme range, d10 + sensor 5+0 needs 15: 1 hit on armor 4: severe " \
           "(Laser); 2 structure, 10 left" in [e.text for e in run.log.events]  # 10 + 5 hits, 1 + 5 misses; 9 - 4: severe, odd
    assert [e.data["faces"] for e in run.log.events if e.kind == "roll"] == [[10], [1], [9], [4]]
    run.answer("fire")
    run.answer("r-flag")
    assert run.pending.options == ("Matter cannon",)  # the laser fires once a turn


def test_a_ship_destroyed_in_a_pulse_fires_in_it_and_is_destroyed_when_its_fire_is_done():
    """Combat: "all weapons fire is rolled and the results are recorded before moving on to
    resolving the damage": B-FLAG, left with no structure by R-FLAG's cannon, still fires its laser
    in that pulse; it is destroyed once the pulse's fire is done, and no longer a target."""
    run = fight([10, 3, 1, 1, 5])  # the cannon's hit and location; the laser's two misses; the morale d12
    for a in ("fire", "r-flag", "Matter cannon", "b-flag"):
        run.answer(a)
    assert "B-FLAG has no structure left: destroyed when this pulse's fire is done (it may still fire)" in [
        e.text for e in run.log.events]
    run.answer("fire")
    assert run.pending.options == ("b-flag",)  # R-FLAG has fired at its one ship; B-F2 has no weapon
    for a in ("b-flag", "Laser", "r-flag"):
        run.answer(a)
    assert any(e.text.startswith("B-FLAG's Laser (x2) at R-FLAG") for e in run.log.events)
    assert run.pending.key == "b5/1/morale"  # no one left to fire: the pulse's fire done, B-FLAG gone
    assert run.engine.units["b-flag"].status.value == "destroyed"


def test_a_ship_with_no_structure_left_is_destroyed_and_counted():
    run = fight([10, 3, 5])  # the cannon hits (10 + 5 >= 15), location d10 3: structure, all 12 points; morale d12 5
    for a in ("fire", "r-flag", "Matter cannon", "b-flag"):
        run.answer(a)
    assert run.engine.units["b-flag"].status.value == "present"  # until this pulse's fire is done: it fires
    run.answer("done")
    assert "B-FLAG is destroyed" in [e.text for e in run.log.events]
    assert run.engine.units["b-flag"].status.value == "destroyed"
    assert "B-F2 takes command of squadron bflag" in [e.text for e in run.log.events]
    assert "B-F2 is Blue's flagship now" in [e.text for e in run.log.events]
    run.answer([])
    assert run.pending.key == "b5/2/turn"  # turn 2: the losses of turn 1 cut the fire ratings
    from rules.systems.b5.losses import x_rating
    assert x_rating(run.engine, "b-f2", 4) == 2  # 4 x 0.75 (flagship) x 0.5 (commander) = 1.5, up to 2
    assert x_rating(run.engine, "r-flag", 4) == 4
    assert run.engine.forces["blue"].flagship == "b-f2"
    run.answer("results")
    assert "b-flag" not in run.pending.options  # already destroyed: not offered again
    run.answer([])
    run.answer([])
    assert run.status().resolution.endswith("1 turn fought: destroyed: B-FLAG; captured: none")
    assert "b-flag" not in {u.id for f in run.saved().fleets for u in f.units}


def test_the_arc_refusal_in_full_and_a_ship_not_offered_for_another_reason_keeps_its_own_rule():
    """HF's audit (mutants of firing._arc_check): the refusal names the arcs the weapon fires into; a
    ship refused for another reason (its own side's) is not given the arc's rule."""
    run = fight([8, 8], dict(LASER, arcs=[0, 0, 0, 1, 0, 2]), ASTRIDE)
    for a in ("fire", "r-flag", "Laser"):
        run.answer(a)
    with pytest.raises(IllegalAnswer) as refused:
        run.answer("b-flag")
    assert refused.value.message == "B-FLAG is in R-FLAG's front arc, where its Laser cannot fire (it fires aft x1, " \
                                    "front left x2)"
    with pytest.raises(IllegalAnswer) as refused:
        run.answer("r-f2")
    assert refused.value.rule == "B5 Combat"
