"""Continue or return after a Deep Space scenario between sectors (seed 004 Encounters Phase),
played from answers as the headless turn plays them."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.turn.run import play
from tests.rules.strategic.builder import L, fleet
from tests.rules.turn.test_combat_phase import seed004

TO_BATTLE = ["end_movement", "end_phase", "deep_space", "deep_space", "end_phase",
             {"battle": "0101", "ruling": "fought at the table"}, "red"]


def where(c, fid):
    f = next(x for x in c.fleets if x.id == fid)
    return str(f.sector), f.in_transit_to


@pytest.mark.parametrize(("choice", "k"), [(True, ("0102", L("0101"))), (False, ("0102", None))])
def test_the_winner_between_sectors_continues_or_returns_headless(choice, k):
    """"After resolving scenarios, fleets can choose to continue to their original destination or
    return to the last system": the winning Team answers; the loser has already returned."""
    c, g = seed004(fleets=[fleet("f", "fed", "0101", ("0102",)), fleet("k", "klingon", "0102", ("0101",))])
    run = play(c, TO_BATTLE, g)
    assert run.pending.key == "encounter/0101-0102/continue/red" and run.pending.to == "red"
    run.answer(choice)
    assert where(run.campaign, "k") == k and where(run.campaign, "f") == ("0101", None)
    run.answer("end_phase")
    assert run.campaign.phase.value == "bombardment"
    again = play(c, run.answers, g)
    assert [e.to_dict() for e in again.log] == [e.to_dict() for e in run.log]


def test_no_choice_for_a_winner_with_no_fleet_left_on_the_lane():
    c, g = seed004(fleets=[fleet("f", "fed", "0101", ("0102",)), fleet("k", "klingon", "0102", ("0101",))])
    run = play(c, TO_BATTLE[:-1], g)
    gone = run.campaign.model_copy(deep=True)
    for u in next(f for f in gone.fleets if f.id == "k").units:
        u.destroyed = True
    from rules.turn import combat_phase as cp

    gone = cp.answer(gone, g, "red")
    assert cp.pending(gone, g) is None
    with pytest.raises(IllegalAnswer):
        from rules.turn import encounter_after
        from rules.strategic.state import StrategicState
        encounter_after.answer(gone, StrategicState.compute(gone, g), len(gone.battle_hexes) - 1, True)
