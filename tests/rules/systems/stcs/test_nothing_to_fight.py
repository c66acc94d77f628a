"""A Battle Hex where one side (or neither) has a ship with STCS data has nothing to fight (issue 25, the
whole-campaign play at 0907 of the default campaign): 'end this segment' was the only act the list opened
at, and the GM pressed it 30 times before resolving was offered. Resolving is now the act list's first
entry and its default, said in the log with the rule, and the result is written back as any. Since every unit
of the default campaign has STCS data, a side with none is refused when the battle starts (as B5 does); a side
left with no ship during the battle is still offered resolving (:func:`rules.systems.stcs.acts.unopposed`)."""
from __future__ import annotations

import json

import pytest

from rules.battlehex.roster import Status
from rules.errors import RuleError
from rules.systems import start
from tests.rules.systems.stcs.helpers import FED, ship
from tests.rules.systems.v13.helpers import AT
from tests.rules.strategic.builder import unit


def one_sided(red_stcs: bool = False, blue_stcs: bool = True):
    """Blue's Enterprise (STCS data unless ``blue_stcs`` is false) against Red's r1 (none unless ``red_stcs``)."""
    from rules.model import io
    from rules.strategic import build_graph
    from rules.strategic.turn import end_movement
    from tests.rules.systems.v13.helpers import duel

    blue = [ship("enterprise", FED, name="Enterprise") if blue_stcs else unit("b1")]
    red = [ship("r1", FED, name="Klothos") if red_stcs else unit("r1")]
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "stcs"
    c = type(c).model_validate(data)
    return end_movement(c, build_graph(c)).campaign


def test_one_side_without_stcs_ships_is_refused_when_the_battle_starts() -> None:
    """(Before, it was offered resolving at once: a battle with no ship of one side, the losses list empty.)"""
    with pytest.raises(RuleError, match="^STCS: Red has no ship with STCS data in this battle"):
        start(one_sided(), AT)


def test_neither_side_with_stcs_ships_is_refused_naming_the_first_without() -> None:
    with pytest.raises(RuleError, match="has no ship with STCS data in this battle"):
        start(one_sided(blue_stcs=False), AT)


def test_a_side_left_with_no_ship_is_offered_resolving_at_once() -> None:
    """Red's only ship explodes in the first segment (seed 0: its warp core's D100 within its value): the act
    list opens at resolving, said in the log with the rule; Return resolves, the losses written back."""
    from rules.battlehex.headless_systems import with_system

    run = start(with_system(one_sided(red_stcs=True), AT, None, 0), AT)
    run.answer("warp")
    assert run.pending.options[0] != "resolve"
    run.answer("hit:r1")
    run.answer("superstructure")
    run.answer(200)  # negative superstructure: dead in space
    run.answer("explode")
    run.answer(["r1"])
    assert run.state.units["r1"].status is Status.DESTROYED
    q = run.pending
    assert q.key == "stcs/1/act" and q.options[0] == "resolve" and q.default == "resolve"
    assert "nothing to fight" in q.data["option_words"]["resolve"]
    rulings = [e for e in json.loads(run.events_json()) if "nothing to fight" in json.dumps(e)]
    assert rulings and rulings[0]["rule"] == "STCS" and "Red has no ship" in json.dumps(rulings[0])
    run.answer(q.default)  # Return
    run.answer([])
    assert run.state.resolved and run.state.units["enterprise"].status is Status.PRESENT
    assert "enterprise" in {u.id for f in run.saved().fleets for u in f.units}


def test_two_opposing_sides_fight_on_as_before() -> None:
    run = start(one_sided(red_stcs=True), AT)
    run.answer("warp")
    q = run.pending
    assert q.options[0] != "resolve" and "nothing to fight" not in run.events_json()
