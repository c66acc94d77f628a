"""The Maneuver Engineering Grid in 5-point boxes (seed 002, Systems Repair: "systems which use the damage boxes with
multiples of 5 points of damage (i.e., weapons, sensors, shields, and the engineering grids)"; Romulan Cloaking
Devices: "A cloaking device will not function [...] when the Maneuver Engineering Grid is inoperable"). Issue 25: a
hit on the grid made it inoperable at once and for good, no repair offered. Now a hit's points mark its boxes with the
carried remainder (Carry Values From Hits), it is inoperable from its fifth box (read as the sensors: OPER, DMGD, REPD,
INOP, OUT), and it is repaired box by box with the successive modifiers; repaired under five boxes, a cloak functions
again. A battle begun before (era 3) keeps the old rule. The Bird of Prey is cloaked; the Klothos (D-7) is not."""
from __future__ import annotations

import pytest

from rules.systems.stcs import compat, damage
from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.test_damage import scripted


def grid_hit(run: STCSBattle, x: str, points: int) -> None:
    run.answer(f"hit:{x}")
    assert run.pending.data["option_words"]["grid"] == "the Maneuver Engineering Grid (5-point boxes)"
    run.answer("grid")
    assert run.pending.text == "Game Master: how many points of damage on the Maneuver Engineering Grid (5-point boxes)?"
    run.answer(points)


@pytest.mark.parametrize(("points", "out"), [(24, False), (25, True)])
def test_the_grid_is_inoperable_from_its_fifth_box_and_the_cloak_then_fails(points: int, out: bool) -> None:
    run = scripted([])
    grid_hit(run, "bop", points)
    assert run.engine.boxes[("bop", "grid")] == (points // 5, points % 5)
    assert (damage.forced_out(run.engine, "bop") == "its Maneuver Engineering Grid is inoperable") is out
    words = run.events_json()
    assert f"Bird of Prey's Maneuver Engineering Grid: {points} points mark {points // 5} box(es)" in words
    assert ("Bird of Prey's Maneuver Engineering Grid is inoperable (its fifth box marked)" in words) is out
    assert run.engine.cloaked["bop"]  # until the Repair / Repower Phase
    run.answer("next")
    if not out:
        assert run.engine.cloaked["bop"]
        return
    assert not run.engine.cloaked["bop"] and "cloak:bop" not in run.pending.options
    assert "Bird of Prey uncloaks (its Maneuver Engineering Grid is inoperable)" in run.events_json("blue")


def test_carried_points_mark_the_fifth_box_as_the_seeds_sensor_example() -> None:
    """12 points: 2 boxes, 2 carried; +8: 1 box more and the carry 5 marks another (4 in all), none carried; +5: the
    fifth box."""
    run = scripted([])
    grid_hit(run, "d7", 12)
    assert run.engine.boxes[("d7", "grid")] == (2, 2)
    grid_hit(run, "d7", 8)
    assert run.engine.boxes[("d7", "grid")] == (4, 0) and not damage.forced_out(run.engine, "d7")
    grid_hit(run, "d7", 5)
    assert run.engine.boxes[("d7", "grid")] == (5, 0) and damage.forced_out(run.engine, "d7")


def test_the_grid_is_repaired_box_by_box_with_the_successive_modifier_and_the_cloak_works_again() -> None:
    """The Klothos' crew repairs its grid: the base game's number 5, D10 6 fails at 0, 6 - 1 = 5 repairs one box
    (Systems Repair's -1 a successive attempt, which the seed gives the grids)."""
    run = scripted([6, 6])
    grid_hit(run, "d7", 25)
    for _ in range(2):
        run.answer("repair:d7")
        assert run.pending.data["option_words"]["grid"] == "the Maneuver Engineering Grid (5 box(es) marked, 0 carried)"
        run.answer("grid")
        assert "shuttles" not in " ".join(run.pending.options)
        run.answer("crew")
        assert run.pending.text == "Game Master: the repair number from the base game's table (1-10)?"
        run.answer(5)
    assert run.engine.boxes[("d7", "grid")] == (4, 0) and not damage.forced_out(run.engine, "d7")
    blue = run.events_json("blue")
    assert ("Klothos fails to repair the Maneuver Engineering Grid" in blue
            and "Klothos repairs one box of the Maneuver Engineering Grid" in blue)
    assert "repair (grid, attempt 2: -1)" in blue


def test_a_battle_begun_before_the_boxes_keeps_the_grid_inoperable_at_once() -> None:
    """A battle saved in era 3 (before compat.GRID_ERA): "grid" asks no points, made inoperable for good."""
    run = scripted([])
    assert run.record.era == compat.ERA == compat.GRID_ERA
    c = run.saved()
    saved = run.record.model_copy(update={"answers": list(run.answers), "era": compat.BODY_MOVE_ERA,
                                         "seed": run.seed})
    c.battle_hexes[:] = [saved if b.at == saved.at else b for b in c.battle_hexes]
    from rules.dice import ScriptedDice

    old = STCSBattle(c, saved.at, dice=lambda _seed: ScriptedDice([]))
    old.answer("hit:bop")
    assert old.pending.data["option_words"]["grid"] == "the Maneuver Engineering Grid made inoperable"
    old.answer("grid")
    assert old.pending.key.endswith("/act") and ("bop", "grid") not in old.engine.boxes
    assert damage.forced_out(old.engine, "bop") == "its Maneuver Engineering Grid is inoperable"
