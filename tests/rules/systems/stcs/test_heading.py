"""Seed 002's Emergency Heading Changes (Moving The Starship, Emergency Heading Changes, replacing the Tactical
Heading Changes): after all movement, in order of Tactical Advantage, a ship may turn one hex side; it takes one
point of damage on each warp engine and one on its superstructure (no functional warp engine: one on its impulse
engine); the Turning Stress Chart is the base game's. Not for a ship not capable of movement, an outpost, or a ship
moving in reverse. The Klothos (D-7: engines 10 and 10, 36 superstructure, Crew Efficiency 61) acts before the
Enterprise (57) in the Tactical Advantage order; the Bird of Prey is cloaked."""
from __future__ import annotations

import json

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.systems.stcs import heading
from tests.rules.systems.stcs.helpers import place_mine
from tests.rules.systems.stcs.test_damage import scripted
from tests.rules.systems.stcs.test_minehits import end_segment, move


def refused(run, act: str, words: str) -> None:
    with pytest.raises(IllegalAnswer, match=words) as err:
        run.answer(act)
    assert str(err.value).startswith(heading.EHC)


def test_a_ship_turns_one_hex_side_and_takes_a_point_on_each_warp_engine_and_its_superstructure() -> None:
    run = scripted([])
    e = run.engine
    assert {"heading:d7", "heading:enterprise"} <= set(run.pending.options)
    assert "heading:bop" in run.pending.options  # cloaked: one of its fixed acts, made in secret (test_cloaked_heading)
    now = e.facing["d7"]
    move(run, 2, f"{now.name}:2")
    run.answer("heading:d7")
    assert run.pending.options == (now.rotate(1).name, now.rotate(-1).name) and run.pending.rule == heading.EHC
    run.answer(now.rotate(1).name)
    assert e.facing["d7"] is now.rotate(1) and e.at["d7"] == e.moves["d7"][2].neighbor(now, 2)
    assert e.data("d7").warp_now == [9, 9] and e.ss_lost["d7"] == 1  # one point on each engine, one on the hull
    log = run.events_json("blue")
    assert f"Klothos makes an Emergency Heading Change: heading {now.name} to {now.rotate(1).name}" in log
    assert "Klothos' warp engine 1: 9 of 10 power boxes left" in log and "warp engine 2: 9 of 10" in log
    assert "Klothos loses 1 superstructure point (an Emergency Heading Change): 35 of 36 left" in log
    assert "Turning Stress Chart (the base game's)" in log and "impulse engine" not in log
    assert "heading:d7" not in run.pending.options  # once a segment
    end_segment(run)
    assert "heading:d7" in run.pending.options  # the next segment again


def test_with_no_functional_warp_engine_the_point_goes_on_the_impulse_engine() -> None:
    run = scripted([])
    e = run.engine
    for engine in ("engine:1", "engine:2"):
        run.answer("hit:d7")
        run.answer(engine)
        run.answer(10)  # each engine's 10 boxes gone
    run.answer("heading:d7")
    run.answer(e.facing["d7"].rotate(-1).name)
    assert e.engine_hits["d7"] == [10, 10] and e.ss_lost["d7"] == 1  # no point towards ripping an engine off
    assert e.impulse_hits["d7"] == 1 and e.data("d7").impulse_power == 3  # the engine keeps it (test_impulse)
    assert "Klothos' impulse engine (no functional warp engine): 3 of 4 power boxes left" in run.events_json()


def test_only_the_functional_warp_engine_takes_the_point() -> None:
    run = scripted([])
    e = run.engine
    for engine, pts in (("engine:1", 10), ("engine:2", 9)):  # engine 1 at 0 boxes, engine 2 at 1
        run.answer("hit:d7")
        run.answer(engine)
        run.answer(pts)
    run.answer("heading:d7")
    run.answer(e.facing["d7"].rotate(1).name)
    assert e.engine_hits["d7"] == [10, 10] and "impulse engine" not in run.events_json()


def test_a_ship_that_moved_in_reverse_may_not_and_movement_is_over_after_the_first() -> None:
    run = scripted([])
    e = run.engine
    now = e.facing["d7"]
    move(run, 1, f"{now.name}:-1")  # one hex astern
    refused(run, "heading:d7", "Klothos moved in reverse: while moving in reverse a ship may not use the Emergency "
                               "Heading Change")
    run.answer("heading:enterprise")
    run.answer(e.facing["enterprise"].rotate(1).name)
    refused(run, "move:enterprise", "the Movement Phase is over: Emergency Heading Changes come after all movement")
    refused(run, "move:bop", "the Movement Phase is over")  # the cloaked ship's act too (the change is public)


def test_in_order_of_tactical_advantage_a_ship_before_one_that_turned_has_passed() -> None:
    run = scripted([])
    e = run.engine
    assert e.sequence.index("d7") < e.sequence.index("enterprise")  # Crew Efficiency 61 before 57
    run.answer("heading:enterprise")
    run.answer(e.facing["enterprise"].rotate(1).name)
    refused(run, "heading:d7", "Klothos has passed: Enterprise, after it in the order of Tactical Advantage")
    run = scripted([])
    e = run.engine
    run.answer("heading:d7")
    run.answer(e.facing["d7"].rotate(1).name)
    run.answer("heading:enterprise")  # after it in the order: allowed
    run.answer(e.facing["enterprise"].rotate(1).name)
    assert e.turned == {"d7": 1, "enterprise": 1}


@pytest.mark.parametrize(("movement", "ok"), [(0, False), (1, True)])
def test_a_ship_with_no_power_to_movement_is_not_capable_of_movement(movement: int, ok: bool) -> None:
    run = scripted([])
    run.answer("power:d7")
    run.answer(f"movement {movement}, weapons 4")
    if ok:
        run.answer("heading:d7")
        assert run.pending.rule == heading.EHC
    else:
        assert "heading:d7" in run.pending.options  # listed: the allocation is Red's secret
        refused(run, "heading:d7", r"Klothos is not capable of movement \(no power allocated to movement\)")


def test_a_ship_dead_in_space_or_an_outpost_is_not_offered() -> None:
    run = scripted([])
    run.answer("hit:d7")
    run.answer("superstructure")
    run.answer(37)  # 36 of 36 and one more: negative, dead in space
    assert "heading:d7" not in run.pending.options and "heading:enterprise" in run.pending.options
    from rules.dice import ScriptedDice
    from rules.model import io
    from rules.systems.stcs.battle import STCSBattle
    from tests.rules.systems.stcs.helpers import stcs_campaign
    from tests.rules.systems.v13.helpers import AT
    c = stcs_campaign()
    data = json.loads(io.dumps(c))
    for f in data["fleets"]:
        for u in f["units"]:
            if u["id"] == "enterprise":  # a station with impulse engines: it moves, but may not turn so
                u["stcs"].update(warp_engines=[], monitor=True, outpost=True)
    run = STCSBattle(type(c).model_validate(data), AT, dice=lambda _seed: ScriptedDice([]))
    run.answer("sublight")
    run.answer([])
    assert "move:enterprise" in run.pending.options and "heading:enterprise" not in run.pending.options


def test_turning_in_a_mines_hex_it_did_not_move_from_is_rotating_there() -> None:
    run = scripted([])
    e = run.engine
    place_mine(run, e.at["d7"], e.units["enterprise"].team)
    run.answer("heading:d7")
    run.answer(e.facing["d7"].rotate(1).name)
    q = run.pending
    assert "Klothos rotates in the hex" in q.text and "shield 1 or 3 (rotating: the GM picks)" in q.text
    run.answer(0)  # it does not go off
    run.answer("next")
    while "/cloakout/" in run.pending.key:
        run.answer("none")
    assert run.pending.key == "stcs/2/act"  # not attacked again as stationary at the segment's end
