"""Seed 003 Jump-In Scenarios, a squadron through several vortices, through the engine (issue 24;
the engine let a squadron in by its first vortex only): "A single jump point will allow one full
squadron to pass through it a turn. The ship that opened the gate must be the last ship to move
through the gate. As soon as the ship that opened the gate moves through it, the gate will close.
Ships from a single squadron can only enter through a gate opened by a ship in their squadron. A
single squadron can use multiple gates to enter the battle area. ... After jumping in, all ships
within a single squadron must be within 2 hexes of the squadron command ship" (read in
rules/systems/b5/arriving.py and docs/b5.md)."""
from __future__ import annotations

import json

import pytest

from hexmap import Label
from rules.battlehex.log import IllegalAnswer
from rules.dice import ScriptedDice
from rules.model import io
from rules.systems.b5.battle import B5Battle
from rules.systems.b5.deploy import distance
from tests.rules.systems.b5.helpers import b5_campaign
from tests.rules.systems.v13.helpers import AT

BLUE = ["none", 3, ["b-c4"], 9, "1030", "1031", "1032", "1040", "1020", "3530"]
"""No secondary jump point; Blue at speed 3, b-c4 on patrol at 9; Blue's ships placed."""
DICE = [1, 5, 2, 4, 3, 1]
"""The flagship's vortex: d6 1 (direction A, up), d6 5 hexes (Minbari); the next vortex d4 2 - 1 = 1
hex, d6 4 (down); the one after d4 3 - 1 = 2 hexes, d6 1 (up)."""


def campaign():
    """The b5 test campaign with Red's squadron r2 of three ships, each with a jump engine: R-C2
    (its command ship), R-M2 and R-M3."""
    data = json.loads(io.dumps(b5_campaign(4)))
    red = next(f for f in data["fleets"] if f["id"] == "rf")
    m2 = next(u for u in red["units"] if u["id"] == "r-m2")
    m2["b5"]["jump_engine"] = True
    red["units"].append(dict(m2, id="r-m3", name="R-M3"))
    return type(b5_campaign(4)).model_validate(data)


def jumped(openers: list[str]) -> B5Battle:
    run = B5Battle(campaign(), AT, dice=lambda _seed: ScriptedDice(list(DICE)))
    for a in ["jump-in", "skirmish", "none", "none", openers, {"at": "4530", "facing": "A"}] + BLUE:
        run.answer(a)
    return run


def texts(run: B5Battle) -> list[str]:
    return [e.text for e in run.log.events]


def test_a_squadron_uses_the_vortices_of_its_two_openers_and_its_command_ship_enters_at_either():
    run = jumped(["r-flag", "r-m2", "r-m3"])  # squadron r2's command ship opens none
    assert run.pending.key == "b5/vortex/r-m2"
    run.answer("4533")  # 8 from the flagship's at 4525: forms 1 hex down, 4534
    run.answer("4520")  # 5 from it: forms 2 hexes up, 4518
    e = run.engine
    assert e.vortices == {"r-flag": Label(45, 25), "r-m2": Label(45, 34), "r-m3": Label(45, 18)}
    for a in ("4527", "4525"):  # the flagship's squadron, through its one vortex
        run.answer(a)
    assert run.pending.key == "b5/arrive/r-c2"  # the ship that opened none first, the openers after it
    assert sorted(run.legal()) == [Label(45, 18), Label(45, 34)]  # the zone: its squadron's two vortices
    with pytest.raises(IllegalAnswer, match="enters at one of its squadron's vortices, 4534 or 4518"):
        run.answer("4525")  # the flagship's vortex: not its squadron's
    assert run.pending.key == "b5/arrive/r-c2" and "r-c2" not in e.at  # nothing half-applied
    run.answer("4518")  # R-M3's vortex, not the first opener's
    assert e.at["r-c2"] == Label(45, 18)
    assert run.pending.key == "b5/arrive/r-m2"
    assert len(run.legal()) == 19 and all(abs(x.row - 18) <= 2 for x in run.legal())  # within 2 of R-C2
    with pytest.raises(IllegalAnswer, match="within 2 hexes of its command ship at the vortex 4518, not 16"):
        run.answer("4534")
    run.answer("4520")
    run.answer("4516")
    assert run.pending.key == "b5/1/turn"
    assert "R-C2 jumps in at 4518, through R-M3's vortex" in texts(run)
    assert "R-M2 jumps in at 4520, the last through its own vortex at 4534, which closes" in texts(run)
    assert "R-M3 jumps in at 4516, the last through its own vortex at 4518, which closes" in texts(run)
    assert "R-F2 jumps in at 4527" in texts(run)  # one vortex: named already by the scatter's line


def test_a_command_ship_that_opened_a_vortex_comes_through_its_own_the_others_within_2_of_it():
    run = jumped(["r-flag", "r-m2", "r-c2"])  # R-M2 the first of its squadron's openers
    assert run.pending.key == "b5/vortex/r-m2"
    run.answer("4533")  # R-M2's: forms at 4534
    run.answer("4520")  # R-C2's: forms at 4518
    for a in ("4527", "4525"):
        run.answer(a)
    assert run.pending.key == "b5/arrive/r-m3"  # the one that opened none first, within 2 of R-C2's vortex
    with pytest.raises(IllegalAnswer, match="within 2 hexes of its command ship at the vortex 4518, not 16"):
        run.answer("4534")  # by the first opener's vortex (before: the squadron's only entry)
    run.answer("4519")
    assert run.pending.key == "b5/arrive/r-c2" and run.legal() == [Label(45, 18)]
    with pytest.raises(IllegalAnswer, match="it enters at its vortex, 4518"):
        run.answer("4534")  # an opener comes through its own vortex, not R-M2's
    run.answer("4518")
    run.answer("4517")  # R-M2, last through its own vortex
    assert run.pending.key == "b5/1/turn"
    e = run.engine
    assert (e.at["r-c2"], e.at["r-m2"], e.at["r-m3"]) == (Label(45, 18), Label(45, 17), Label(45, 19))
    assert "R-C2 jumps in at 4518, the last through its own vortex at 4518, which closes" in texts(run)
    assert "R-M3 jumps in at 4519" in texts(run)


def test_ships_enter_only_by_their_own_squadrons_vortices():
    run = jumped(["r-flag", "r-c2"])  # the usual case: one vortex a squadron
    run.answer("4533")
    for a in ("4527", "4525"):
        run.answer(a)
    assert run.pending.key == "b5/arrive/r-m2"  # R-M2 and R-M3 opened none: by R-C2's vortex at 4534
    with pytest.raises(IllegalAnswer, match="within 2 hexes of its command ship at the vortex 4534, not 9"):
        run.answer("4525")  # by the flagship's vortex, opened by a ship of another squadron
    run.answer("4535")
    run.answer("4533")
    assert run.pending.key == "b5/arrive/r-c2" and run.legal() == [Label(45, 34)]
    with pytest.raises(IllegalAnswer, match="it enters at its vortex, 4534"):
        run.answer("4525")
    run.answer("4534")
    assert "R-C2 jumps in at 4534" in texts(run)  # one vortex: its line as before


def test_a_battle_begun_before_keeps_its_squadron_to_the_first_vortex_answered():
    """compat era 3: a record begun before (era 2, its answers saved) replays as it was fought,
    R-C2 by R-M2's vortex (the first of r2's openers answered); the same answers begun now are
    refused there, naming the saved answer."""
    run = jumped(["r-flag", "r-m2", "r-c2"])
    for a in ("4533", "4520", "4527", "4525"):
        run.answer(a)
    data = json.loads(io.dumps(run.saved()))
    for r in data["battle_hexes"]:
        r["era"] = 2
    old = type(campaign()).model_validate(data)
    again = B5Battle(old, AT, dice=lambda _seed: ScriptedDice(list(DICE)))
    assert again.pending.key == "b5/arrive/r-m3"
    assert len(again.legal()) == 19 and all(distance(x, Label(45, 34)) <= 2 for x in again.legal())
    again.answer("4535")  # within 2 of R-M2's vortex at 4534, as the old code had it
    assert again.pending.key == "b5/arrive/r-c2" and again.legal() == [Label(45, 34)]
    again.answer("4534")
    again.answer("4533")
    assert again.pending.key == "b5/1/turn" and "R-C2 jumps in at 4534" in texts(again)
    saved = json.loads(io.dumps(again.saved()))
    assert {r["era"] for r in saved["battle_hexes"] if r.get("answers")} == {2}  # it stays of its era
    for r in saved["battle_hexes"]:
        r["era"] = 3
    with pytest.raises(IllegalAnswer, match="no longer fits"):  # begun now: R-C2 comes through its own
        B5Battle(type(old).model_validate(saved), AT, dice=lambda _seed: ScriptedDice(list(DICE)))
