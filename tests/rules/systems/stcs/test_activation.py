"""Seed 002, Warping Out Of Battles: "In the Tactical Advantage Phase of a turn, any ship intending to warp out must
announce this. Once announced, the ship must attempt to execute this during the current turn. The ship may change
this decision during the next turn." and "The activation roll is made in the Engine Activation Phase at the end of
each of the three segments of a turn." - announced in the turn's opening (with the power allocations, before the
segment's other acts), rolled at the end of each segment of that turn until the engines activate, each roll logged
with its rule and exact odds first; not rolled in a segment a bar arose in (the D-7: 36 superstructure points,
70% is 25.2). Before (issue 25 audit), the warp out was offered in any segment, rolled once, then forgotten."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.battlehex.roster import Status
from rules.dice import ScriptedDice
from rules.systems.stcs import warp
from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.v13.helpers import AT

ODDS = "Klothos' warp engine activation roll, turn {t} segment {s}, for Warp 2: D100 1-90 (90%)"


def battle(faces: list[int]) -> STCSBattle:
    return STCSBattle(stcs_campaign(), AT, dice=lambda _seed: ScriptedDice(list(faces)))


def announced(faces: list[int]) -> STCSBattle:
    run = battle(faces)
    for a in ["sublight", [], "warpout:d7", "2"]:
        run.answer(a)
    return run


def end_segment(run: STCSBattle) -> None:
    run.answer("next")
    run.answer("none")  # Red, in secret: its cloaked Bird of Prey stays


def texts(run: STCSBattle, viewer: str = "blue") -> list[str]:
    return [e.text for e in run.log.for_viewer(viewer)]


def test_the_roll_is_made_at_the_segments_end() -> None:
    run = announced([90])  # activation 1-90 (20/20 x 100 - 10)
    assert run.state.units["d7"].status is Status.PRESENT and "warpout:d7" not in run.pending.options
    assert "Klothos announces a warp out at Warp 2 in turn 1" in run.events_json("blue")
    end_segment(run)
    assert run.state.units["d7"].status is Status.LEFT and "Klothos warps out at Warp 2" in run.events_json("blue")


def test_announced_it_is_rolled_at_the_end_of_each_segment_of_the_turn_until_it_activates() -> None:
    """95 and 96 fail (1-90), 50 succeeds: the Klothos leaves at the end of segment 3, each roll after its odds.
    Before: rolled at the end of segment 1 only, then forgotten (nothing rolled at the end of segment 2)."""
    run = announced([95, 96, 50])
    end_segment(run)
    assert run.state.units["d7"].status is Status.PRESENT and run.engine.warping == {"d7": 2}
    end_segment(run)
    assert run.state.units["d7"].status is Status.PRESENT and run.engine.warping == {"d7": 2}
    assert "warpout:d7" not in run.pending.options  # once announced, not announced again
    end_segment(run)
    assert run.state.units["d7"].status is Status.LEFT and run.status().stage == "turn 2, segment 1"
    said = texts(run)
    rolls = [i for i, t in enumerate(said) if t.startswith("Klothos' warp engine activation roll")]
    assert [said[i] for i in rolls] == [ODDS.format(t=1, s=s) for s in (1, 2, 3)]
    assert [said[i + 1] for i in rolls] == [f"warp engine activation (1-90) (Red): 1d100 rolled {n}" for n in (95, 96, 50)]
    assert [said[i + 2] for i in rolls] == ["Klothos' warp engines do not activate"] * 2 + [
        "Klothos warps out at Warp 2 (nothing on its path: the Striking Table is not rolled)"]
    odds = [e for e in run.log.for_viewer("blue") if e.text.startswith("Klothos' warp engine activation roll")]
    assert {e.rule for e in odds} == {warp.OUT}


def test_an_announcement_lapses_with_the_turn_and_may_be_made_again() -> None:
    run = announced([95, 95, 95])
    for _ in range(3):
        end_segment(run)
    assert run.state.units["d7"].status is Status.PRESENT and run.engine.warping == {}
    assert "Klothos' warp out announced for turn 1 lapses with the turn" in " ".join(texts(run))
    assert run.status().stage == "turn 2, segment 1" and "warpout:d7" in run.pending.options
    end_segment(run)  # not announced in turn 2: nothing rolled
    assert sum(t.startswith("Klothos' warp engine activation roll") for t in texts(run)) == 3


def test_a_warp_out_is_announced_only_in_the_turns_opening() -> None:
    """The Tactical Advantage Phase: with the power allocations at a turn's start; after another act, or in the
    turn's later segments, it is barred in the seed's words."""
    run = battle([1])
    run.answer("sublight")
    run.answer([])
    assert "warpout:d7" in run.pending.options and "warpout:enterprise" in run.pending.options
    run.answer("power:d7")
    run.answer(run.pending.default)  # an allocation keeps the opening open
    assert "warpout:d7" in run.pending.options
    run.answer("lock:d7:enterprise")
    assert not [o for o in run.pending.options if o.startswith("warpout:")]
    assert "Tactical Advantage Phase" in run.pending.data["barred"]["warp out"]
    with pytest.raises(IllegalAnswer):
        run.answer("warpout:d7")
    end_segment(run)
    assert not [o for o in run.pending.options if o.startswith("warpout:")]
    assert "Tactical Advantage Phase" in run.pending.data["barred"]["warp out"]


@pytest.mark.parametrize(("lost", "goes"), [(25, True), (26, False)])
def test_a_bar_arising_before_the_end_stops_the_roll(lost: int, goes: bool) -> None:
    run = announced([50])
    run.answer("hit:d7")
    run.answer("superstructure")
    run.answer(lost)
    end_segment(run)
    assert (run.state.units["d7"].status is Status.LEFT) is goes
    assert ("Klothos cannot attempt the warp out in this segment: 70% or more superstructure lost"
            in run.events_json()) is not goes
