"""b5 the Minbari jammer against a ballistic weapon (seed 003 Jammer: "Note that ballistic weapons would hit
as though they were at medium range, not short, due to the jammer effects"): an Ion torpedo launched at a
Minbari ship needs the medium range modifier (+1) at its impact; at a ship of another race none (Ballistic
Weapons: "There is never a range penalty")."""
from __future__ import annotations

import json

import pytest

from rules.dice import ScriptedDice
from rules.model import io
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems.b5.battle import B5Battle
from tests.rules.systems.b5.helpers import b5
from tests.rules.systems.b5.test_firing import CANNON, LASER
from tests.rules.systems.b5.test_pulses import SET_UP, TORPEDO
from tests.rules.systems.v13.helpers import AT, duel


def impact(race: str) -> str:
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, weapons=[LASER, CANNON, TORPEDO]),
            b5("b-f2", "bflag", weapons=[LASER]), b5("b-c2", "b2", command=True, weapons=[LASER])]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True, weapons=[LASER, CANNON], race=race),
           b5("r-f2", "rflag", weapons=[LASER], race=race)]
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "b5"
    data["settings"]["b5"] = {"declared_fire": False}
    c = type(c).model_validate(data)
    run = B5Battle(end_movement(c, build_graph(c)).campaign, AT, dice=lambda _seed: ScriptedDice([1] * 60))
    for a in [*SET_UP, "fire", "b-flag", "Ion torpedo", "r-flag", "done", "done", "done", [], "plot and move",
              "FF F FF", "FF F FF", "FFF FF FFF"]:
        run.answer(a)
    return next(e.text for e in run.log.events if "B-FLAG's Ion torpedo (x1) at R-FLAG, in flight" in e.text)


@pytest.mark.parametrize(("race", "words"), [
    ("minbari", "in flight, impact turn 2 pulse 1, as at medium range, d10 + sensor 5+0 needs 11: 0 hits on armor 5"),
    ("narn", "in flight, impact turn 2 pulse 1, d10 + sensor 5+0 needs 10: 0 hits on armor 5")])
def test_a_ballistic_weapon_at_a_minbari_ship_hits_as_at_medium_range(race, words):
    assert words in impact(race)
