"""Where an STCS move opens (issue 22's defaults): at the points the ship usually spends and straight on, so
Return moves it. It opened at 0 points, so Return held every ship still ("Klothos moves at speed 0").

Seed 002 reads a ship as spending its movement: "movement points may be allocated, but the ships may not move"
is the Repair Shuttles' exception, an "unexpended movement point" a ship's choice (Evasive Maneuvers). So the
question opens at the points its power to movement buys, else at its speed (it keeps moving as it moves), else,
before its first move, at its Cruising Warp Speed; a fixed outpost holds still; always within its caps."""
from __future__ import annotations

import json

from rules.dice import ScriptedDice
from rules.systems.stcs import movement
from rules.systems.stcs.battle import STCSBattle
from tests.play.pressed import pressed
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.stcs.test_power import allocate, battle, end_segment
from tests.rules.systems.v13.helpers import AT


def returned(run: STCSBattle) -> object:
    """Return pressed at the pending question: its answer, given."""
    a = pressed(run.pending)
    run.answer(a)
    return a


def test_return_moves_a_ship_at_its_cruising_warp_straight_on_then_keeps_its_speed() -> None:
    run = battle()  # the Klothos (Cruising Warp 6, no Movement Point Ratio: the table's) not yet allocated
    e = run.engine
    start, heading = e.at["d7"], e.facing["d7"]
    run.answer("move:d7")
    assert run.pending.key == "stcs/1/move/d7/points" and run.pending.default == "6"
    assert returned(run) == "6"
    assert run.pending.key == "stcs/1/move/d7/path" and run.pending.default == f"{heading.name}:6"
    assert returned(run) == f"{heading.name}:6"
    assert e.at["d7"] == start.neighbor(heading, 6) and movement.speed(e, "d7") == 6
    assert "Klothos moves at speed 6" in run.events_json()
    end_segment(run)
    run.answer("move:d7")
    run.answer("2")  # slowed to 2 and turned
    turned = run.pending.options[-1]
    run.answer(turned)
    end_segment(run)
    run.answer("move:d7")
    assert run.pending.default == "2"  # it keeps moving as it moves
    returned(run)
    assert run.pending.default == f"{e.facing['d7'].name}:2"


def test_a_ship_allocated_power_to_movement_opens_at_the_points_it_buys() -> None:
    run = battle()
    allocate(run, "enterprise", "movement 6, weapons 2")  # 2:1 buys 3 points (Cruising Warp 6)
    run.answer("move:enterprise")
    assert run.pending.default == "3"
    run.pending.check(run.pending.default)  # legal: within what the power buys
    run = battle()
    allocate(run, "enterprise", "movement 24, weapons 2")  # 12 points: spent, over its Cruising Warp
    run.answer("move:enterprise")
    assert run.pending.default == "12"


def test_the_usual_points_stay_within_the_caps() -> None:
    """In warp-speed combat with no warp power left (Sub-Light Movement) a ship spends one point: it opens at 1."""
    run = STCSBattle(stcs_campaign(), AT, dice=lambda _seed: ScriptedDice([]))
    run.answer("warp")
    for engine in ("engine:1", "engine:2"):  # each D-7 engine's 10 boxes lost
        run.answer("hit:d7")
        run.answer(engine)
        run.answer(10)
    run.answer("move:d7")
    assert run.pending.options == ("0", "1") and run.pending.default == "1"


def test_an_outpost_holds_still() -> None:
    from rules.model import io

    c = stcs_campaign()
    data = json.loads(io.dumps(c))
    for f in data["fleets"]:
        for u in f["units"]:
            if u["id"] == "enterprise":  # a station with impulse engines (its record keeps Cruising Warp 6)
                u["stcs"].update(warp_engines=[], monitor=True, outpost=True)
    run = STCSBattle(type(c).model_validate(data), AT, dice=lambda _seed: ScriptedDice([]))
    run.answer("sublight")
    run.answer([])
    run.answer("move:enterprise")
    assert run.pending.default == "0"
