"""Seed 004: a unit in Reserve or mothballed does not move (issue 23). "Reserve status allows units to
be deactivated"; "Mothballing puts a ship out of active duty"; "Ships in reserve may not embark,
disembark, or deploy units." Reading (docs/economy.md): an inactive unit neither moves nor is moved
with its fleet - its fleet's movement orders are refused with the rule until it is reactivated - and
in an encounter in its sector it must take part (it cannot leave), like a fixed unit."""
from __future__ import annotations

import pytest

from hexmap import Label
from rules.model.records import Phase
from rules.model.turn_model import Scenario
from rules.strategic import build_graph
from rules.strategic.movement import check_orders
from rules.strategic.state import StrategicState
from rules.strategic.turn import OrderRefused
from rules.turn.encounter_find import participants
from rules.turn.run import play
from tests.rules.turn.test_empire import power
from tests.rules.turn.test_purchases import TO_ORDERS
from tests.rules.turn.test_reserve import RULE, costed

L = Label.parse


def test_a_fleet_with_a_unit_in_reserve_is_refused_movement_with_the_rule() -> None:
    run = play(costed(reserve=["fed-ca-kongo"]), TO_ORDERS)
    with pytest.raises(OrderRefused) as e:
        run.answer({"orders": {"fed-third": ["0507"]}})
    assert e.value.rule == RULE
    assert "Federation heavy cruiser" in str(e.value) or "Kongo" in str(e.value)
    assert "in Reserve" in str(e.value) and "does not move" in str(e.value)
    run.answer({"orders": {"fed-second": ["0707"]}})  # a fleet with no inactive unit still moves


@pytest.mark.parametrize("status", ["reserve", "mothballed"])
def test_an_inactive_unit_is_not_moved_and_a_reactivated_one_is(status: str) -> None:
    c = costed(**{status: ["fed-ff-1"]})
    state = StrategicState.compute(c, build_graph(c))
    third = next(f for f in c.fleets if f.id == "fed-third")
    chk = check_orders(state, third, [L("0507")])
    assert not chk.ok and chk.rule == RULE and ("mothballed" if status == "mothballed" else "in Reserve") in chk.reason
    power(c, "fed").economy.__dict__[status] = []
    assert check_orders(StrategicState.compute(c, build_graph(c)), third, [L("0507")]).ok


def test_standing_orders_of_a_fleet_whose_unit_went_to_reserve_are_cancelled_at_movement() -> None:
    c = costed(reserve=["fed-ca-kongo"])
    next(f for f in c.fleets if f.id == "fed-third").orders = [L("0507")]  # given before the status was assumed
    run = play(c, [*TO_ORDERS, "end_movement"])
    while run.campaign.phase is Phase.ORDERS:  # V13.16's questions about the Orions first
        run.answer(True)
    third = next(f for f in run.campaign.fleets if f.id == "fed-third")
    assert third.sector == L("0607")
    assert any("orders cancelled" in e.text and "in Reserve" in e.text for e in run.campaign.log)


def test_an_inactive_unit_must_take_part_in_an_encounter_in_its_sector() -> None:
    c = costed(mothballed=["fed-ncl-1"])
    assert "fed-ncl-1" in participants(c, L("0607"), "alliance", Scenario.DEEP_SPACE)
    assert "fed-dd-1" not in participants(c, L("0607"), "alliance", Scenario.DEEP_SPACE)
    assert "fed-ncl-1" not in participants(costed(), L("0607"), "alliance", Scenario.DEEP_SPACE)


@pytest.mark.parametrize("status, words", [("reserve", "is in Reserve"), ("mothballed", "is mothballed")])
def test_why_a_fleet_may_not_move_names_the_inactive_unit_in_the_seeds_words(status: str, words: str) -> None:
    from rules.strategic.movement import inactive

    c = costed(**{status: ["fed-ff-1"]})
    third = next(f for f in c.fleets if f.id == "fed-third")
    ff = next(u for u in third.units if u.id == "fed-ff-1")
    assert inactive(c, third) == f"{ff.name} {words}"
