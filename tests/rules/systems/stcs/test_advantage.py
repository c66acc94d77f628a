"""Seed 002's Tactical Advantage Phase (issue 25): crew efficiency, then the smaller class, then each
captain's D10 (re-rolled while tied); the engine's sequence each turn, logged with its dice, a cloaked
ship's place and tie die kept to its side and the GM."""
from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from rules.battlehex.log import GM
from rules.dice import ScriptedDice
from rules.systems.stcs.advantage import Standing, order
from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.helpers import BOP, D7, FED, ship
from tests.rules.systems.v13.helpers import AT


def dice(faces: dict[str, list[int]]) -> Any:
    rolled: list[str] = []

    def roll(s: Standing, group: Sequence[Standing]) -> int:
        rolled.append(s.ship)
        return faces[s.ship].pop(0)
    roll.rolled = rolled  # type: ignore[attr-defined]
    return roll


def test_higher_crew_efficiency_first_without_dice() -> None:
    roll = dice({})
    ships = [Standing("enterprise", "blue", 57, 8), Standing("bop", "red", 52, 5), Standing("d7", "red", 61, 8)]
    assert order(ships, roll) == ["d7", "enterprise", "bop"] and roll.rolled == []


def test_tied_efficiency_the_smaller_class_first() -> None:
    ships = [Standing("enterprise", "blue", 57, 8), Standing("bop", "red", 57, 5)]
    assert order(ships, dice({})) == ["bop", "enterprise"]


def test_same_class_each_captain_rolls_the_higher_first_rerolled_while_tied() -> None:
    roll = dice({"enterprise": [4, 3], "d7": [4, 9]})
    ships = [Standing("enterprise", "blue", 57, 8), Standing("d7", "red", 57, 8)]
    assert order(ships, roll) == ["d7", "enterprise"] and roll.rolled == ["enterprise", "d7"] * 2
    assert order(ships, dice({"enterprise": [7], "d7": [2]})) == ["enterprise", "d7"]


def test_two_ships_of_one_side_tied_keep_their_listed_order_no_die() -> None:
    roll = dice({})
    ships = [Standing("lexington", "blue", 57, 8), Standing("enterprise", "blue", 57, 8)]
    assert order(ships, roll) == ["lexington", "enterprise"] and roll.rolled == []


def battle(red: list[dict[str, Any]], faces: list[int]) -> STCSBattle:
    from rules.model import io
    from rules.strategic import build_graph
    from rules.strategic.turn import end_movement
    from tests.rules.systems.v13.helpers import duel

    c = duel([ship("enterprise", FED, name="Enterprise")], red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "stcs"
    c = end_movement(type(c).model_validate(data), build_graph(c)).campaign
    run = STCSBattle(c, AT, dice=lambda _seed: ScriptedDice(list(faces)))
    run.answer("sublight")
    run.answer([])
    return run


def test_the_engine_orders_the_acts_by_tactical_advantage_each_turn_with_its_dice() -> None:
    run = battle([ship("d7", {**D7, "crew_efficiency": 57}, name="Klothos")], [3, 8, 5, 2])
    assert run.engine.sequence == ["d7", "enterprise"]  # Klothos's captain rolled 8 to Enterprise's 3
    log = run.events_json("blue")
    assert "tactical advantage: Enterprise's captain" in log and "tactical advantage: Klothos' captain" in log
    assert ("turn 1 tactical advantage: Klothos (efficiency 57, Class VIII), Enterprise (efficiency 57, Class VIII)"
            in log)
    assert [o.partition(":")[2] for o in run.pending.options if o.startswith("hit:")] == ["d7", "enterprise"]
    for _ in range(3):
        run.answer("next")
    assert run.engine.sequence == ["enterprise", "d7"]  # turn 2: rolled again, 5 to 2


def test_a_cloaked_ships_place_and_tie_die_are_its_sides() -> None:
    bop = {**BOP, "crew_efficiency": 57, "class_size": 8}
    run = battle([ship("bop", bop, name="Bird of Prey", cloak_capable=True, is_cloaked=True)], [6, 1])
    assert run.engine.sequence == ["enterprise", "bop"]
    blue, red = run.events_json("blue"), run.events_json("red")
    assert "Bird of Prey" not in blue and "tactical advantage: Enterprise's captain" not in blue
    assert "turn 1 tactical advantage: Enterprise (efficiency 57, Class VIII)" in blue
    assert "with your cloaked ships: Enterprise (efficiency 57, Class VIII), Bird of Prey" in red
    assert "Bird of Prey's captain" in run.events_json(GM)
