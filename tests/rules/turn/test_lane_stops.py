"""Seed 004 Movement Phase: "If ships from non-friendly powers move along the same path in opposite
directions, both sets of ships will be stopped. Non-friendly ships trying to pass through a stopped
fleet will also be stopped." Non-friendly is every power neither allied nor at Peace ("Units from a
power with a peace treaty are considered friendly for all purposes"): Normal Relations and a
Non-Aggression Treaty included, though neither lets them fight (the meeting is found, blocked)."""
from __future__ import annotations

import pytest

from rules.model.turn_model import EncounterState
from rules.model.types import DiplomaticState as D
from rules.turn import combat_phase as cp
from tests.rules.strategic.builder import L, fleet
from tests.rules.turn.test_combat_phase import seed004, where


def at_peace_or_not(state, *extra):
    """f (fed) goes 0101 -> 0102 and k (klingon) 0102 -> 0101; a fleet of the other power stays at
    each end, so both ends are Contested and no treaty keeps either fleet out of them."""
    stay = [fleet("f2", "fed", "0102"), fleet("k2", "klingon", "0101")]
    c, g = seed004(fleets=[fleet("f", "fed", "0101", ("0102",)), fleet("k", "klingon", "0102", ("0101",)), *stay,
                           *extra])
    c = c.model_copy(update={"diplomacy": [r if set(r.powers) != {"fed", "klingon"} else
                                           r.model_copy(update={"state": state}) for r in c.diplomacy]})
    return c, g


@pytest.mark.parametrize("state", [D.NON_AGGRESSION, D.NORMAL, D.HOSTILITIES])
def test_non_friendly_fleets_are_stopped_on_the_lane(state):
    c, g = at_peace_or_not(state)
    c = cp.end_movement(c, g).campaign
    assert where(c, "f") == ("0101", L("0102")) and where(c, "k") == ("0102", L("0101"))
    c = cp.advance(c, g)  # Encounters: the meeting in the middle is found
    lane = [r for r in c.battle_hexes if r.between is not None]
    assert len(lane) == 1
    if state is not D.HOSTILITIES:  # no encounter may be generated: decided at once, nobody returns
        assert lane[0].encounter is EncounterState.NONE and lane[0].resolved
        assert where(c, "f") == ("0101", L("0102")) and where(c, "k") == ("0102", L("0101"))


@pytest.mark.parametrize("state", [D.PEACE, D.ALLIANCE])
def test_friendly_fleets_pass_each_other(state):
    c, g = at_peace_or_not(state)
    c = cp.end_movement(c, g).campaign
    assert where(c, "f") == ("0102", None) and where(c, "k") == ("0101", None)


def test_a_non_aggression_fleet_cannot_pass_a_stopped_fleet():
    """A second klingon fleet taking k's lane cannot pass f, stopped there and non-friendly to it."""
    c, g = at_peace_or_not(D.NON_AGGRESSION, fleet("k3", "klingon", "0102", ("0101",)))
    c = cp.end_movement(c, g).campaign
    assert where(c, "k3") == ("0102", L("0101"))
