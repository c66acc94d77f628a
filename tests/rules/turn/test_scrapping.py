"""Seed 004 Turn Orders: scrapping (issue 23) - "Units can be scrapped to recover 50% of their
original economic cost. Scrapping can be done where the unit could be constructed, and it does
not count against the construction capacity." Reached as the GM's Turn Orders answer and as a
power's own order."""
from __future__ import annotations

from fractions import Fraction

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.errors import RuleError
from rules.turn.run import play
from tests.rules.turn.test_empire import power
from tests.rules.turn.test_purchases import TO_ORDERS, buy, crippled, repair, with_list


def scrap(unit: str, planet: str = "Vanguard II") -> dict:
    return {"scrap": {"power": "fed", "unit": unit, "planet": planet}}


def test_scrapping_returns_half_the_cost_at_once_and_leaves_the_capacity_alone():
    c = crippled(with_list(), ("fed-sb-11", 41))  # 50% of 41 = 20 1/2
    run = play(c, TO_ORDERS)
    run.answer(scrap("fed-sb-11"))
    assert power(run.campaign, "fed").economy.point_pool == Fraction(59, 5) + Fraction(41, 2)
    assert all(u.id != "fed-sb-11" for u in run.campaign.sector_at("0207").garrison)
    line = run.campaign.log[-1]
    assert line.rule == "004 Construction Completion Phase (scrapping)" and line.secret_of == ["alliance"]
    assert "scraps Starbase" in line.text and "50% of 41 = 20 1/2 back; Point Pool 11 4/5 to 32 3/10" in line.text
    run.answer(buy("FF"))  # Vanguard II's whole capacity (18) is still there: "capacity left 15"
    assert "capacity left 15" in run.campaign.log[-1].text


def test_scrapping_the_last_unit_of_an_escorted_fleet_releases_its_escort():
    c = crippled(with_list(), *((f"fed-trade-vanguard-{i}", 2) for i in range(1, 5)))
    run = play(c, TO_ORDERS)
    for i in range(1, 5):
        run.answer(scrap(f"fed-trade-vanguard-{i}"))
    ids = {f.id: f for f in run.campaign.fleets}
    assert "fed-trade-vanguard" not in ids and ids["fed-trade-escort"].escort_of is None
    assert power(run.campaign, "fed").economy.point_pool == Fraction(59, 5) + 4


@pytest.mark.parametrize(("answer", "words"), [
    (scrap("fed-sb-11", "Tau Ceti IV"), "is not a unit of United Federation of Planets standing at Tau Ceti IV"),
    (scrap("fed-sb-11", "Nowhere"), "scraps only where it could build, at its own planets: Nowhere is not one"),
    (scrap("fed-ff-burke"), r"has no cost in the file \(units\[\]\.cost\): 50% of it cannot be counted"),
    ({"scrap": {"power": "kli", "unit": "fed-sb-11", "planet": "Vanguard II"}}, "there is no power|scraps only"),
])
def test_scrapping_is_refused_with_the_rule(answer, words):
    run = play(crippled(with_list(), ("fed-sb-11", 40)), TO_ORDERS)
    before = run.campaign
    with pytest.raises((RuleError, IllegalAnswer), match=words):
        run.answer(answer)
    assert run.campaign is before


def test_a_unit_with_a_repair_ordered_is_not_scrapped():
    run = play(crippled(with_list(), ("fed-sb-11", 40)), TO_ORDERS)
    run.answer(repair("fed-sb-11"))
    with pytest.raises(RuleError, match="repair is ordered: cancel it before scrapping") as e:
        run.answer(scrap("fed-sb-11"))
    assert e.value.rule == "004 Construction Completion Phase (scrapping)"
