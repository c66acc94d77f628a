"""Seed 002, Self-Destructing A Starship (issue 25): with crew onboard and power from its engines, at
20% or less of its crew (40% Klingon); not Klingon or Romulan: a Crew Efficiency roll on max(original,
50) first; the blast is an explosion's. The Klothos (Klingon, 20+4 power boxes), the Enterprise
(Federation, CE 57)."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer

from rules.battlehex.roster import Status
from tests.rules.systems.stcs.test_damage import scripted


def casualties(run, x: str, hits: int) -> None:
    """``hits`` crew hits of 20% each (5 points at 4% a point; the efficiency roll 99 fails)."""
    for _ in range(hits):
        for a in (f"crew:{x}", "other", 5, 4):
            run.answer(a)


def refused(run, act: str, why: str) -> None:
    """``act`` is listed (the crew left is its side's secret, issue 25) and refused to the GM naming the rule."""
    assert act in run.pending.options
    with pytest.raises(IllegalAnswer, match=why) as e:
        run.answer(act)
    assert e.value.rule == "STCS Self-Destructing A Starship" and run.pending.key.endswith("/act")


def test_a_klingon_self_destructs_at_40_percent_crew_without_a_morale_check() -> None:
    run = scripted([99, 99, 99])
    casualties(run, "d7", 2)  # 60% left
    refused(run, "selfdestruct:d7", "more than 40% of its crew remain onboard")
    casualties(run, "d7", 1)  # 40% left
    assert run.question_odds()["selfdestruct:d7"] == "certain (Klingon and Romulan vessels make no morale check)"
    run.answer("selfdestruct:d7")
    assert run.state.units["d7"].status is Status.DESTROYED and run.state.units["d7"].outcome == "self-destructed"
    assert run.engine.blasts[-1]["rings"] == [24, 12, 6, 3, 1]
    assert "Klothos self-destructs" in run.events_json("blue")


@pytest.mark.parametrize(("die", "goes"), [(57, True), (58, False)])
def test_a_federation_ship_at_20_percent_passes_a_morale_check_on_57(die: int, goes: bool) -> None:
    run = scripted([99, 99, 99, 99, die])
    casualties(run, "enterprise", 3)  # 40% left: not yet
    refused(run, "selfdestruct:enterprise", "more than 20% of its crew remain onboard")
    casualties(run, "enterprise", 1)  # 20%
    assert run.question_odds()["selfdestruct:enterprise"] == "D100 1-57: 57%"
    run.answer("selfdestruct:enterprise")
    assert (run.state.units["enterprise"].status is Status.DESTROYED) is goes
    assert ("Enterprise's crew does not initiate the self-destruct (D100 58 over 57)" in run.events_json()) is not goes


def test_with_no_crew_left_no_self_destruct() -> None:
    run = scripted([99] * 5)
    casualties(run, "d7", 5)  # no crew left
    refused(run, "selfdestruct:d7", "no crew onboard")
