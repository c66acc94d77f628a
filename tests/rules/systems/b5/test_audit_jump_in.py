"""Audit of issue 24's jump-in through the engine (rules.systems.start's B5Battle), where the tests
before checked the seed's numbers only on the pure functions: "8 squadrons -> 2 on patrol" (the
issue's acceptance) and a flagship vortex that is not Minbari, "a d6 and a d12. The d6 indicates a
direction (clockwise from direction #1) and the d12 indicates how many hexes", the other vortices "a
d6 for distance and a d6 for direction" (the engine's own scatter test has a Minbari flagship: d6 and
d4-1)."""
from __future__ import annotations

import json

import pytest

from hexmap import Label
from rules.battlehex.log import IllegalAnswer
from rules.dice import ScriptedDice
from rules.model import io
from rules.systems.b5.battle import B5Battle
from tests.rules.systems.b5.helpers import b5_campaign
from tests.rules.systems.v13.helpers import AT

OPENING = ["jump-in", "skirmish", "none", "none", ["r-flag", "r-c2"], {"at": "4530", "facing": "A"}, "none", 3]
"""No gate, no reinforcements; Red opens a vortex with each command ship and aims at 4530; Blue at speed 3."""


def earth_campaign():
    """The b5 test campaign with Red's flagship an Earth Alliance ship (not Minbari)."""
    c = b5_campaign(4)
    data = json.loads(io.dumps(c))
    for f in data["fleets"]:
        for u in f["units"]:
            if u["id"] == "r-flag":
                u["b5"]["race"] = "earth"
    return type(c).model_validate(data)


def test_eight_squadrons_put_two_on_patrol_through_the_engine():
    run = B5Battle(b5_campaign(8), AT, dice=lambda _seed: ScriptedDice([]))
    for a in OPENING:
        run.answer(a)
    assert run.pending.key == "b5/jump/patrols"
    with pytest.raises(IllegalAnswer, match="25% of 8 squadrons: 2 on patrol, not 1"):
        run.answer(["b-c4"])
    with pytest.raises(IllegalAnswer, match="25% of 8 squadrons: 2 on patrol, not 3"):
        run.answer(["b-c3", "b-c4", "b-c5"])
    assert run.pending.key == "b5/jump/patrols" and run.engine.patrols == set()  # nothing half-applied
    run.answer(["b-c4", "b-c5"])
    assert run.engine.patrols == {"b4", "b5"}


def test_a_flagship_vortex_not_minbari_scatters_a_d12_of_hexes_and_the_others_a_d6():
    # the flagship's: d6 4 (direction D, down), d12 12 hexes; r-c2's: d6 6 hexes, d6 1 (direction A, up)
    run = B5Battle(earth_campaign(), AT, dice=lambda _seed: ScriptedDice([4, 12, 6, 1]))
    for a in OPENING + [["b-c4"], 9, "1030", "1031", "1032", "1040", "1020", "3530"]:
        run.answer(a)
    assert run.engine.vortices == {"r-flag": Label(45, 42)}  # 12 hexes down from 4530
    texts = [e.text for e in run.log.events]
    assert "flagship vortex distance (Red): 1d12 rolled 12" in texts
    assert "the flagship's vortex forms at 4542: 12 hexes in direction 4 (D) from 4530" in texts
    assert run.pending.key == "b5/vortex/r-c2"
    run.answer("4545")  # 3 from the flagship's
    assert run.engine.vortices["r-c2"] == Label(45, 39)  # d6 6 hexes, d6 1: up from 4545
    assert "vortex distance (Red): 1d6 rolled 6" in [e.text for e in run.log.events]



def test_a_vortex_one_hex_away_reads_1_hex():
    """Seen on the real screen (issue 22's plain words): "LSS Silent Pounce's vortex forms at 3933: 1 hexes in
    direction 5 from 4032". The flagship's: d6 4, d12 1; r-c2's: d6 1 hex, d6 1 (up)."""
    run = B5Battle(earth_campaign(), AT, dice=lambda _seed: ScriptedDice([4, 1, 1, 1]))
    for a in OPENING + [["b-c4"], 9, "1030", "1031", "1032", "1040", "1020", "3530", "4535"]:
        run.answer(a)
    texts = [e.text for e in run.log.events]
    assert "the flagship's vortex forms at 4531: 1 hex in direction 4 (D) from 4530" in texts
    assert any(t.endswith(": 1 hex in direction 1 from 4535") for t in texts), [t for t in texts if "vortex" in t]
