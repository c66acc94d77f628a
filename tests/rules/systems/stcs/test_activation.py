"""Seed 002, Warping Out Of Battles: "The activation roll is made in the Engine Activation Phase at the
end of each of the three segments of a turn" - a warp out announced in a segment is rolled at its end,
and not when a bar arose in between (the D-7: 36 superstructure points, 70% is 25.2)."""
from __future__ import annotations

import pytest

from rules.battlehex.roster import Status
from rules.dice import ScriptedDice
from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.v13.helpers import AT


def announced(faces: list[int]) -> STCSBattle:
    run = STCSBattle(stcs_campaign(), AT, dice=lambda _seed: ScriptedDice(list(faces)))
    for a in ["sublight", [], "warpout:d7", "2"]:
        run.answer(a)
    return run


def end_segment(run: STCSBattle) -> None:
    run.answer("next")
    run.answer("none")  # Red, in secret: its cloaked Bird of Prey stays


def test_the_roll_is_made_at_the_segments_end() -> None:
    run = announced([90])  # activation 1-90 (20/20 x 100 - 10)
    assert run.state.units["d7"].status is Status.PRESENT and "warpout:d7" not in run.pending.options
    assert "Klothos will try to warp out at Warp 2" in run.events_json("blue")
    end_segment(run)
    assert run.state.units["d7"].status is Status.LEFT and "Klothos warps out at Warp 2" in run.events_json("blue")


@pytest.mark.parametrize(("lost", "goes"), [(25, True), (26, False)])
def test_a_bar_arising_before_the_end_stops_the_roll(lost: int, goes: bool) -> None:
    run = announced([50])
    run.answer("hit:d7")
    run.answer("superstructure")
    run.answer(lost)
    end_segment(run)
    assert (run.state.units["d7"].status is Status.LEFT) is goes
    assert ("Klothos cannot attempt the warp out: 70% or more superstructure lost" in run.events_json()) is not goes
