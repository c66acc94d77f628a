"""Issue 25's acceptance, "lock at 15-21 hexes -> 1-8", through the act list and the dice (test_rules.py checks the
helper's table): the Enterprise moves 8 hexes nearer the Klothos (24 -> 16 hexes); its lock act shows D10 1-8 (80%)
before the die, 8 locks and 9 does not."""
from __future__ import annotations

import pytest

from tests.rules.systems.stcs.test_damage import scripted


def at_16(faces: list[int]):
    run = scripted(faces)
    run.answer("move:enterprise")
    run.answer("8")
    run.answer("E:8")
    assert run.engine.range("enterprise", "d7") == 16
    return run


@pytest.mark.parametrize(("die", "locked"), [(8, True), (9, False)])
def test_a_lock_at_16_hexes_is_d10_1_to_8(die: int, locked: bool) -> None:
    run = at_16([die])
    assert run.question_odds()["lock:enterprise:d7"] == "D10 1-8: 80%"
    run.answer("lock:enterprise:d7")
    assert (run.engine.locks == {"enterprise": "d7"}) is locked
    assert f"sensor lock on Klothos (1-8) (Blue): 1d10 rolled {die}" in run.events_json("red")
