"""Seed 004 colonization (issue 23): "On the next "Update Assets Phase," the Census from the fleet is
moved to the planet, establishing the colony. During this turn, the colony cannot build or perform
any actions as they are focused on establishing their presence." Settled at turn 1's Update Asset,
Vanguard III is refused every order at it in turn 2 (read as its first turn, docs/economy.md), with
the rule, and acts again in turn 3."""
from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.model.records import Phase
from rules.turn import colonize as col
from rules.turn import orders, purchases
from rules.turn.run import TurnRun, play
from tests.rules.turn.test_colonize import colonize, with_colony_fleet
from tests.rules.turn.test_empire import EXAMPLE, economy, power

RULE = "004 Update Asset Phase (colonization)"
TURN_2_ORDERS = ["end_phase", 0, 0, 0, 0, 0, "end_phase"]


def second_turn() -> TurnRun:
    run = play(with_colony_fleet(), [*EXAMPLE[:8], colonize(), *EXAMPLE[8:], *TURN_2_ORDERS])
    assert (run.campaign.turn, run.campaign.phase) == (2, Phase.ORDERS)
    assert power(run.campaign, "fed").economy.founded == {"0207/Vanguard III": 1}
    economy(run.campaign, "fed", point_pool=50)
    return run


AT_THE_COLONY = {"at": "0207", "planet": "Vanguard III"}


@pytest.mark.parametrize(("kind", "body"), [
    ("purchase", {"class": "CL", **AT_THE_COLONY}),
    ("productivity", AT_THE_COLONY),
    ("repair", {"unit": "fed-trade-vanguard-1", "planet": "Vanguard III"}),
    ("scrap", {"unit": "fed-colony-1", "planet": "Vanguard III"}),
    ("mothball", {"unit": "fed-colony-1", "planet": "Vanguard III"}),
])
def test_a_new_colony_acts_in_no_order_in_its_first_turn(kind, body):
    run = second_turn()
    c = run.campaign
    with pytest.raises(RuleError) as e:
        orders.KINDS[kind](c, {**body, "power": "fed"})
    assert e.value.rule == RULE
    assert str(e.value).endswith("Vanguard III (0207) became a colony at turn 1's Update Asset: \"During this turn, "
                                 "the colony cannot build or perform any actions as they are focused on establishing "
                                 "their presence\" - it builds nothing and acts in no order until turn 2 ends")
    with pytest.raises(RuleError) as e:
        run.answer({kind: {**body, "power": "fed"}})  # the GM's answer in the turn: the same refusal
    assert e.value.rule == RULE and run.campaign is c


def test_the_gm_s_buy_a_unit_is_refused_too_and_the_older_planet_still_builds():
    c = second_turn().campaign
    with pytest.raises(RuleError) as e:
        purchases.order(c, {"power": "fed", "class": "CL", **AT_THE_COLONY})  # Turn > Buy a Unit... calls it
    assert e.value.rule == RULE
    new = orders.KINDS["purchase"](c, {"power": "fed", "class": "CL", "at": "0207", "planet": "Vanguard II"})
    assert power(new, "fed").economy.projects[-1].planet == "Vanguard II"


@pytest.mark.parametrize(("turn", "refused"), [(1, True), (2, True), (3, False)])
def test_the_first_turn_ends_with_turn_two(turn, refused):
    c = second_turn().campaign.model_copy(update={"turn": turn})
    order = {"power": "fed", "class": "CL", **AT_THE_COLONY}
    if refused:
        with pytest.raises(RuleError, match="became a colony at turn 1"):
            orders.KINDS["purchase"](c, order)
    else:
        assert power(orders.KINDS["purchase"](c, order), "fed").economy.projects[-1].planet == "Vanguard III"


def test_the_next_update_asset_forgets_the_colony_s_first_turn():
    c = second_turn().campaign
    later = c.model_copy(deep=True, update={"turn": 2})
    col.settle(later)
    assert power(later, "fed").economy.founded == {}
    same = c.model_copy(deep=True, update={"turn": 1})
    col.settle(same)
    assert power(same, "fed").economy.founded == {"0207/Vanguard III": 1}


def test_an_intel_mission_is_not_staged_from_a_system_of_new_colonies_alone():
    c = second_turn().campaign
    body = {"power": "fed", "mission": "espionage", "staging": "0207", "target": "0203", "intel": 1}
    col.not_yet(c, "fed", body)  # Vanguard II and the Outpost are older: 0207 stages missions
    economy(c, "fed", founded={"0207/Vanguard III": 1, "0207/Vanguard II": 1, "0207/Vanguard Outpost": 1})
    with pytest.raises(RuleError) as e:
        orders.KINDS["mission"](c, body)
    assert e.value.rule == RULE and "became a colony at turn 1's Update Asset" in str(e.value)
