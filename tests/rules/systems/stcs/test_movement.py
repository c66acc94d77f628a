"""Seed 002 movement on the tactical map (issue 25): in warp-speed combat a ship spends at most its
Emergency Warp Speed in movement points, one hex ahead or one hex side turned a point; with no warp
power left the Sub-Light Movement rule allows one point, one hex; a ship moves once a segment; a fired
at ship's speed is read from its move (To-Hit Modifier For Speed), no longer entered at each shot; a
lock is lost beyond 36 hexes."""
from __future__ import annotations

import pytest

from hexmap.hexes import Facing
from rules.dice import ScriptedDice
from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.helpers import lay, stcs_campaign
from tests.rules.systems.stcs.test_firing import settled
from tests.rules.systems.v13.helpers import AT


def warp_battle(faces: list[int] | None = None) -> STCSBattle:
    run = STCSBattle(stcs_campaign(), AT, dice=lambda _seed: ScriptedDice(faces or []))
    run.answer("warp")
    return run


def test_in_warp_speed_combat_a_ship_spends_at_most_its_emergency_warp_straight_ahead() -> None:
    run = warp_battle()
    e = run.engine
    assert "move:d7" in run.pending.options and "move:bop" in run.pending.options  # cloaked: in secret
    start, heading = e.at["d7"], e.facing["d7"]
    run.answer("move:d7")
    assert run.pending.key == "stcs/1/move/d7/points"
    assert run.pending.options == tuple(str(p) for p in range(9))  # the D-7's Emergency Warp 8
    run.answer("8")
    assert f"{heading.name}:8" in run.pending.options
    run.answer(f"{heading.name}:8")
    assert e.at["d7"] == start.neighbor(heading, 8) and e.range("d7", "enterprise") == 16
    assert "move:d7" not in run.pending.options  # one Movement Phase a segment
    assert "Klothos moves at speed 8" in run.events_json()


def test_a_point_turns_one_hex_side() -> None:
    run = warp_battle()
    heading = run.engine.facing["d7"]
    run.answer("move:d7")
    run.answer("2")
    right, back = Facing((heading.value + 1) % 6), heading.opposite
    opts = run.pending.options
    assert {f"{heading.name}:2", f"{right.name}:1", f"{Facing((heading.value + 2) % 6).name}:0"} <= set(opts)
    assert f"{right.name}:2" not in opts and not any(o.startswith(back.name) for o in opts)
    run.answer(f"{right.name}:1")
    assert run.engine.facing["d7"] is right


def test_with_no_warp_power_left_a_ship_moves_one_point_one_hex() -> None:
    run = warp_battle()
    for engine in ("engine:1", "engine:2"):  # each D-7 engine's 10 boxes lost
        run.answer("hit:d7")
        run.answer(engine)
        run.answer(10)
    run.answer("move:d7")
    assert run.pending.options == ("0", "1") and "STCS Sub-Light Movement" in run.pending.rule


@pytest.mark.parametrize(("die", "hits"), [(2, True), (3, False)])
def test_a_targets_speed_is_read_from_its_move(die: int, hits: bool) -> None:
    run = settled([die])  # the Lexington 4 hexes from the D-7, the segment after its arrival
    run.answer("move:d7")
    run.answer("7")
    run.answer(f"{run.engine.facing['d7'].name}:0")  # speed 7, staying in reach
    run.answer("fire:lexington:d7")
    run.answer("1")  # FP-1 photon torpedoes: a missile
    assert "speed 7 -1" in run.pending.text
    run.answer(10)  # 10 - 1 (speed 7) - 1 (missile) - 6 (no lock) = 2: D10 1-2, no speed asked
    assert run.pending.key == ("stcs/2/fire/lexington/damage" if hits else "stcs/2/act")
    said = "hit" if hits else "miss"  # plural torpedoes (issue 22)
    assert f"FP-1 photon torpedoes {said} Klothos at speed 7" in run.events_json()


def test_a_lock_is_lost_when_a_move_takes_the_target_beyond_36_hexes() -> None:
    run = warp_battle([1])
    e = run.engine
    run.answer("lock:d7:enterprise")  # 24 hexes, the die 1
    assert e.locks == {"d7": "enterprise"}
    away = e.facing["enterprise"].opposite
    run.answer("move:enterprise")
    run.answer("8")
    run.answer(f"{away.name}:5")  # three sides turned, five hexes
    assert e.range("d7", "enterprise") == 29 and e.locks == {"d7": "enterprise"}
    run.answer("next")
    run.answer("none")  # Red's cloaked Bird of Prey does not warp out
    run.answer("move:enterprise")
    run.answer("8")
    run.answer(f"{away.name}:8")
    assert e.range("d7", "enterprise") == 37 and e.locks == {}
    assert "Klothos loses its lock on Enterprise (beyond 36 hexes)" in run.events_json()


def test_a_mine_laid_before_a_move_can_still_be_scanned_for() -> None:
    run = warp_battle()
    lay(run, "d7", "0,-4")  # 4 hexes from the D-7, 6 from the Bird of Prey
    run.answer("next")  # (it stays still in the Movement Phase it lays in)
    run.answer("none")  # Red's cloaked Bird of Prey does not warp out
    run.answer("move:d7")
    run.answer("8")
    run.answer(f"{run.engine.facing['d7'].name}:8")
    assert run.engine.at["d7"].distance(run.engine.at["d7"].__class__(0, -4)) == 8
    run.answer("minescan:enterprise")
    assert "0,-4" in run.pending.options  # where the D-7 was, not only where ships are now


def test_an_outpost_uses_at_most_three_movement_points_a_turn() -> None:
    import json

    from rules.model import io
    c = stcs_campaign()
    data = json.loads(io.dumps(c))
    for f in data["fleets"]:
        for u in f["units"]:
            if u["id"] == "enterprise":  # a station with impulse engines
                u["stcs"].update(warp_engines=[], monitor=True, outpost=True)
    run = STCSBattle(type(c).model_validate(data), AT, dice=lambda _seed: ScriptedDice([]))
    run.answer("sublight")
    run.answer([])
    run.answer("move:enterprise")
    assert run.pending.options == ("0", "1", "2", "3") and run.pending.rule == "STCS Outpost Movement"
    run.answer("2")
    run.answer(f"{run.engine.facing['enterprise'].name}:2")
    run.answer("next")
    run.answer("none")  # Red's cloaked Bird of Prey does not warp out
    run.answer("move:enterprise")
    assert run.pending.options == ("0", "1")  # 2 of the turn's 3 spent in segment 1
    run.answer("1")
    run.answer(f"{run.engine.facing['enterprise'].name}:1")
    run.answer("next")
    run.answer("none")
    assert "move:enterprise" not in run.pending.options  # segment 3: none left this turn
    run.answer("next")
    run.answer("none")
    run.answer("move:enterprise")  # turn 2
    assert run.pending.options == ("0", "1", "2", "3")
