"""Seed 002, Activating Shut Down Engines and Sensor Shadows (issue 25): a ship with its engines shut
down takes no action; it is not detectable beyond 40 hexes and within 40 only its presence is, unless
locked on; in a turn's last segment (the Engine Activation Phase) it may try to restart on D100 at or
under Crew Efficiency - 50 (at least 10), 25 more each later turn. A ship no enemy holds a lock on may
leave the board in a sensor shadow and come back where it left. The D-7 (CE 61) is 24 hexes from the
Enterprise; the Lexington (CE 57) arrives 4 hexes from the D-7."""
from __future__ import annotations

import pytest

from rules.battlehex.log import GM
from rules.systems.stcs import engines
from tests.rules.systems.stcs.test_activation import announced, end_segment
from tests.rules.systems.stcs.test_damage import scripted


def test_restart_targets_are_crew_efficiency_less_50_at_least_10_then_25_more_a_turn() -> None:
    run = scripted([])
    e = run.engine
    assert engines.restart_target(e, "d7") == 11 and engines.restart_target(e, "enterprise") == 10  # 57 - 50 = 7
    e.shutdown["d7"] = 2
    assert engines.restart_target(e, "d7") == 61


def test_a_ship_with_its_engines_shut_down_takes_no_action() -> None:
    run = scripted([])
    before = [o for o in run.pending.options if o.endswith(":enterprise") or o.startswith("fire:enterprise")]
    assert "move:enterprise" in before and "shutdown:enterprise" in before
    run.answer("shutdown:enterprise")
    left = sorted(o for o in run.pending.options if ":enterprise" in o)
    assert left == ["bridge:enterprise", "crew:enterprise", "hit:enterprise", "lock:d7:enterprise",
                    "shadow:enterprise"]  # no move, lock, scan, fire, mine, warp out, restart (segment 1)
    assert "its engines are shut down" in run.pending.data["barred"]["Enterprise warp out"]
    assert "Enterprise shuts down its engines" in run.events_json(run.engine.attacker)  # seen going dark


def test_within_40_hexes_only_its_presence_is_seen_unless_locked_on() -> None:
    run = scripted([1])
    e = run.engine
    run.answer("shutdown:enterprise")
    assert engines.shown(e, "enterprise", e.attacker) == "presence"  # the D-7 24 hexes away
    assert engines.shown(e, "enterprise", e.defender) == "full" and engines.shown(e, "enterprise", GM) == "full"
    run.answer("lock:d7:enterprise")  # the die 1
    assert engines.shown(e, "enterprise", e.attacker) == "full"


@pytest.mark.parametrize(("hexes", "seen"), [(4, "presence"), (5, "hidden")])
def test_beyond_40_hexes_a_shut_down_ship_is_not_detected(hexes: int, seen: str) -> None:
    run = scripted([])
    e = run.engine
    run.answer("shutdown:d7")
    away = e.facing["d7"].name  # the Enterprise (Blue's one ship on the map) runs the D-7's way: it turns about
    run.answer("move:enterprise")  # (3 points) and goes 12 hexes, then on in segment 2
    run.answer("15")
    run.answer(f"{away}:12")
    end_segment(run)
    run.answer("move:enterprise")
    run.answer(str(hexes))
    run.answer(f"{away}:{hexes}")
    assert e.range("d7", "enterprise") == 36 + hexes
    assert engines.shown(e, "d7", e.defender) == seen and engines.shown(e, "d7", e.attacker) == "full"


def test_the_restart_is_tried_once_in_a_turns_last_segment_then_25_more() -> None:
    run = scripted([12, 36])  # turn 1: 12 > 11 fails; turn 2: 36 <= 36 activates
    run.answer("shutdown:d7")
    assert "restart:d7" not in run.pending.options
    end_segment(run)
    end_segment(run)
    assert run.pending.key == "stcs/3/act" and "restart:d7" in run.pending.options
    assert run.question_odds()["restart:d7"] == "D100 1-11: 11%"
    run.answer("restart:d7")
    assert "Klothos at 0,0 tries to activate its engines (D100 1-11)" in run.events_json("blue")  # revealed
    assert "restart:d7" not in run.pending.options and "move:d7" not in run.pending.options  # once a turn
    for _ in range(3):
        end_segment(run)
    assert run.question_odds()["restart:d7"] == "D100 1-36: 36%"
    run.answer("restart:d7")
    assert "d7" not in run.engine.shutdown and "half its power (rounded up) in turn 3" in run.events_json()
    assert "move:d7" in run.pending.options  # on-line: it acts again


def test_a_shut_down_ship_cannot_repair() -> None:
    run = scripted([])
    run.answer("hit:d7")
    run.answer("superstructure")
    run.answer(3)
    assert "repair:d7" in run.pending.options
    run.answer("shutdown:d7")
    assert "repair:d7" not in run.pending.options
    assert run.pending.data["barred"]["Klothos repair"] == "its engines are shut down (it may take no action)"


def test_a_ship_not_locked_on_leaves_the_board_in_a_sensor_shadow_and_comes_back() -> None:
    run = scripted([1])
    e = run.engine
    run.answer("lock:enterprise:d7")
    assert "shadow:d7" not in run.pending.options and "shadow:enterprise" in run.pending.options  # it is sensed
    run.answer("shadow:enterprise")
    assert "enterprise" not in e.at and "enterprise" not in e.on_map() and e.locks == {}
    assert not any("enterprise" in o for o in run.pending.options if o != "unshadow:enterprise")
    assert "Enterprise waits off the board at 24,-12" in run.events_json("blue")
    assert "waits off the board" not in run.events_json("red")
    assert "Enterprise is in a sensor shadow" in run.events_json("red")
    run.answer("unshadow:enterprise")
    assert e.at["enterprise"].q == 24 and "Enterprise comes back to the board at 24,-12" in run.events_json("red")


def test_a_struck_planet_on_the_warp_path_is_rolled_on_the_striking_table() -> None:
    for die, struck in ((90, True), (91, False)):
        run = announced([1, die])  # the activation 1 (1-90), then the Striking Table
        assert run.pending.options[-3] == "warppath:d7"
        run.answer("warppath:d7")
        assert run.pending.data["option_words"]["planet"] == "a planet (strikes on D100 1-90: 90%)"
        run.answer("planet")
        end_segment(run)
        words = run.events_json("blue")
        assert f"Klothos warps out at Warp 2 and {'strikes' if struck else 'misses'} the planet" in words
        assert ("struck the planet" in run.state.units["d7"].outcome) is struck


def test_nothing_on_the_path_rolls_nothing() -> None:
    run = announced([1])
    run.answer("warppath:d7")
    run.answer("nothing")
    end_segment(run)
    assert "nothing on its path: the Striking Table is not rolled" in run.events_json()


def test_a_cloaked_ships_sensor_shadow_is_its_sides_and_the_gms() -> None:
    """Once left out (its public line would name it, and its absence told): now its side's act, in secret
    (test_cloaked_tells.py); shutting down is still not offered to a cloaked ship (no power for its cloak)."""
    run = scripted([])
    assert "shadow:bop" in run.pending.options and "shutdown:bop" not in run.pending.options
    run.answer("shadow:bop")
    assert "sensor shadow" in run.events_json("red") and "sensor shadow" not in run.events_json("blue")
    run.answer("shadow:bop")
    run.answer("uncloak:bop")
    assert "shadow:bop" in run.pending.options and "Bird of Prey uncloaks" in run.events_json("blue")
