"""Seed 003 Jump-In Scenarios, the fighters: "The fighters of a squadron may all use any vortex created by their
squadron" (issue 24: not built; a flight launched only beside its carrier). **Reading** (docs/b5.md "Jump-in"):
in the turn its squadron jumps in, a flight its ships carry launches at any of the squadron's vortices, whichever
ship opened it, as well as beside its carrier; another squadron's vortex is refused, and after that turn only the
six hexes around the carrier remain. Squadron r2 (R-C2 command, carrying R-FL; R-M2 and R-M3 open vortices at
4534 and 4518) jumps in as in test_jump_several_vortices.py; the flagship's vortex is at 4525."""
from __future__ import annotations

import json

import pytest

from hexmap import Label
from rules.battlehex.log import IllegalAnswer
from rules.battlehex.questions import QKind
from rules.dice import ScriptedDice
from rules.model import io
from rules.systems.b5 import flights
from rules.systems.b5.battle import B5Battle
from rules.systems.b5.deploy import distance
from tests.rules.systems.b5.helpers import b5_campaign, flight
from tests.rules.systems.b5.test_jump_several_vortices import BLUE, DICE
from tests.rules.systems.v13.helpers import AT

JUMP = ["jump-in", "skirmish", "none", "none", ["r-flag", "r-m2", "r-m3"], {"at": "4530", "facing": "A"}, *BLUE,
        "4533", "4520", "4527", "4525", "4518", "4520", "4516"]
"""The vortices (R-M2's at 4534, R-M3's at 4518), the arrivals (R-C2 at 4518, through R-M3's)."""


def campaign():
    data = json.loads(io.dumps(b5_campaign(4)))
    red = next(f for f in data["fleets"] if f["id"] == "rf")
    m2 = next(u for u in red["units"] if u["id"] == "r-m2")
    m2["b5"]["jump_engine"] = True
    red["units"].append(dict(m2, id="r-m3", name="R-M3"))
    next(u for u in red["units"] if u["id"] == "r-c2")["b5"]["fighter_flights"] = 1
    red["units"].append(flight("r-fl"))
    return type(b5_campaign(4)).model_validate(data)


def to_red_flights(run: B5Battle, turn: int) -> None:
    """Every question answered at its default up to Red's flights' move in ``turn``'s first pulse."""
    for _ in range(500):
        q = run.pending
        assert q is not None
        if q.key == f"b5/{turn}/fly/red" and run.engine.pulse == 1:
            return
        run.answer("plot and move" if q.key.endswith("/turn") else q.default if q.default is not None else
                   [] if q.kind is QKind.CHOOSE_UNITS else "RFFF RFF FFF" if "/plot/" in q.key else "none")
    raise AssertionError(f"no flights' move in turn {turn}")


def jumped() -> B5Battle:
    run = B5Battle(campaign(), AT, dice=lambda _seed: ScriptedDice(list(DICE) + [3] * 400))
    for a in JUMP:
        run.answer(a)
    to_red_flights(run, 1)
    return run


def test_a_flight_launches_through_another_ship_of_its_squadrons_vortex_in_the_jump_in_turn():
    run = jumped()
    e = run.engine
    assert e.vortices["r-m2"] == Label(45, 34) and distance(e.at["r-c2"], Label(45, 34)) > 1  # not beside R-C2
    assert flights.vortex_launch(e, "r-fl") == {Label(45, 34): "r-m2", Label(45, 18): "r-m3"}
    run.answer("launch r-fl 4534")
    assert e.air.at["r-fl"] == Label(45, 34)
    assert any(ev.text.startswith("R-C2 launches R-FL to 4534 through R-M2's vortex") for ev in run.log.events)


def test_another_squadrons_vortex_is_refused_naming_its_own():
    run = jumped()
    with pytest.raises(IllegalAnswer, match=r"six hexes around R-C2 \(.*\) or at a vortex of its squadron this "
                                            r"turn, 4534 or 4518, not 4525"):
        run.answer("launch r-fl 4525")  # the flagship's vortex: squadron rflag's
    assert "r-fl" not in run.engine.air.at  # nothing half-applied


def test_after_the_jump_in_turn_only_beside_the_carrier():
    run = jumped()
    run.answer("none")  # R-FL stays aboard in turn 1
    to_red_flights(run, 2)
    assert flights.vortex_launch(run.engine, "r-fl") == {}
    with pytest.raises(IllegalAnswer, match=r"six hexes around R-C2 \(.*\), not 4534"):
        run.answer("launch r-fl 4534")


def test_a_secondary_jump_points_squadron_uses_its_vortex_in_the_turn_it_arrives():
    """Squadron r2 (R-C2 carrying R-FL) at a secondary jump point arriving in turn 2 (test_battle.py's flow):
    its vortex is for its fighters in turn 2, not turn 1; the flagship's squadron's in turn 1."""
    from tests.rules.systems.b5.test_battle import SECONDARY

    data = json.loads(io.dumps(b5_campaign(4)))
    red = next(f for f in data["fleets"] if f["id"] == "rf")
    next(u for u in red["units"] if u["id"] == "r-c2")["b5"]["fighter_flights"] = 1
    red["units"].append(flight("r-fl"))
    run = B5Battle(type(b5_campaign(4)).model_validate(data), AT, dice=lambda _seed: ScriptedDice([1, 5, 1, 3]))
    for a in [*SECONDARY, "4527", "4525"]:
        run.answer(a)
    e = run.engine
    assert e.air.jumped == {"r-flag": 1} and flights.vortex_launch(e, "r-fl") == {}
    for a in ("plot and move", "FFF FF FFF", "none", "F F F", "F F F", "F F F", "FFF FFF FFF", []):
        run.answer(a)  # turn 1 (Red's orders for its flight aboard: none)
    for a in ({"at": "4049", "facing": "F"}, {"at": "4047", "facing": "F"}):
        run.answer(a)
    assert e.air.jumped == {"r-flag": 1, "r-c2": 2} and e.round == 2
    assert flights.vortex_launch(e, "r-fl") == {Label(40, 47): "r-c2"}
