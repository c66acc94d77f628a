"""Seed 004 Turn Orders: Reserve, mothballs and reactivation (issue 23) - "Reserve status allows
units to be deactivated, reducing their maintenance cost. Activating a reserve unit requires an
order and incurs full maintenance cost." "Mothballed units do not incur maintenance costs. To
restore a mothballed ship, the full maintenance cost must be paid, and it requires dock space."
The new status is assumed at Construction Completion, its effect from the next Income Phase."""
from __future__ import annotations

from fractions import Fraction

import pytest

from rules.errors import RuleError
from rules.model import dumps, parse_campaign
from rules.model.campaign import Campaign
from rules.turn.empire_facts import power_ledger
from rules.turn.run import play
from tests.rules.turn.test_empire import EXAMPLE, power
from tests.rules.turn.test_purchases import TO_ORDERS, buy, with_list

RULE = "004 Construction Completion Phase (reserve and mothballs)"


def costed(**status) -> Campaign:
    c = with_list()
    eco = power(c, "fed").economy
    eco.maintenance = {"FF": Fraction(1), "CA": Fraction(3)}
    for k, v in status.items():
        setattr(eco, k, v)
    return parse_campaign(dumps(c))


def order(kind: str, unit: str, planet: str | None = "Vanguard II") -> dict:
    return {kind: {"power": "fed", "unit": unit, **({"planet": planet} if planet else {})}}


def upkeep(c: Campaign) -> dict[str, Fraction]:
    return {i.text: i.amount for i in power_ledger(c, "fed").items if i.text.startswith("Maintenance")}


def test_reserve_halves_and_mothballs_end_the_maintenance_from_construction_completion():
    answers = [*EXAMPLE[:8], order("reserve", "fed-ca-kongo", None), order("mothball", "fed-ff-burke"),
               *EXAMPLE[8:]]
    c = costed()
    assert upkeep(c) == {"Maintenance: 3 FF at 1": -3, "Maintenance: 1 CA at 3": -3}
    run = play(c, answers[:10])
    assert "is mothballed at Construction Completion" in run.campaign.log[-1].text
    assert run.campaign.log[-1].rule == RULE and run.campaign.log[-1].secret_of == ["alliance"]
    assert upkeep(run.campaign) == {"Maintenance: 3 FF at 1": -3, "Maintenance: 1 CA at 3": -3}  # not yet
    for a in answers[10:answers.index("roll")]:
        run.answer(a)
    eco = power(run.campaign, "fed").economy
    assert (eco.reserve, eco.mothballed, eco.status_orders) == (["fed-ca-kongo"], ["fed-ff-burke"], {})
    assert upkeep(run.campaign) == {"Maintenance: 2 FF at 1": -2,
                                    "Maintenance: 1 CA in Reserve at 1/2 of 3": Fraction(-3, 2)}


def test_reactivation_pays_the_full_maintenance_and_a_mothballed_ship_takes_a_dock():
    run = play(costed(reserve=["fed-ca-kongo"], mothballed=["fed-ff-burke"]), TO_ORDERS)
    pool = power(run.campaign, "fed").economy.point_pool
    run.answer(order("reactivate", "fed-ca-kongo", None))  # in Reserve: no dock needed
    assert power(run.campaign, "fed").economy.point_pool == pool - 3
    assert "is reactivated at Construction Completion; full maintenance 3 paid" in run.campaign.log[-1].text
    for _ in range(5):  # Vanguard II has 6 docks: 5 frigates and the restored ship fill them
        run.answer(buy("CL"))
    run.answer(order("reactivate", "fed-ff-burke"))
    with pytest.raises(RuleError, match="no dock space left"):
        run.answer(buy("CL"))


@pytest.mark.parametrize(("status", "answer", "words"), [
    ({}, order("mothball", "fed-ca-kongo"), "is not standing at Vanguard II"),
    ({"mothballed": ["fed-ca-kongo"]}, order("reactivate", "fed-ca-kongo", None), "is not standing at"),
    ({}, order("reserve", "kli-d7-1", None), "is not a unit of United Federation of Planets in play"),
    ({"reserve": ["fed-ff-burke"]}, order("mothball", "fed-ff-burke"), "is already in Reserve"),
    ({}, order("reactivate", "fed-ff-burke"), "is active: only a unit in Reserve or mothballed is reactivated"),
    ({"mothballed": ["fed-ff-burke"], "point_pool": Fraction(1, 2)}, order("reactivate", "fed-ff-burke"),
     r"cannot pay .* full maintenance 1"),
])
def test_a_status_order_is_refused_with_the_rule(status, answer, words):
    c = costed(**{k: v for k, v in status.items() if k != "point_pool"})
    run = play(c, TO_ORDERS)
    if "point_pool" in status:
        eco = power(run.campaign, "fed").economy
        run = play(parse_campaign(dumps(run.campaign.model_copy(update={"powers": [
            p.model_copy(update={"economy": eco.model_copy(update={"point_pool": status["point_pool"]})})
            if p.id == "fed" else p for p in run.campaign.powers]}))), [])
    before = run.campaign
    with pytest.raises(RuleError, match=words) as e:
        run.answer(answer)
    assert e.value.rule == RULE and run.campaign is before
