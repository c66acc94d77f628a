"""Seed 004 Turn Orders: ground units (issue 23) - "The number of ground units that can be raised
each turn is limited by the Census of the planet"; "Ground units cannot be partially
constructed." Raised from the power's ground_list at its own planet, paid at once, placed on the
planet at Construction Completion."""
from __future__ import annotations

from fractions import Fraction

import pytest

from rules.errors import RuleError
from rules.model import dumps, parse_campaign
from rules.model.builds import GroundClass
from rules.model.campaign import Campaign
from rules.model.turn_model import GroundUnit
from rules.turn.run import play
from tests.rules.turn.test_empire import EXAMPLE, power
from tests.rules.turn.test_purchases import TO_ORDERS, with_list


def with_ground(cost: Fraction = Fraction(1, 2), in_service: int | None = None) -> Campaign:
    c = with_list()
    power(c, "fed").ground_list = [GroundClass(unit=GroundUnit(id="fed-army", name="Army", power="fed", attrition=2),
                                               cost=cost, in_service=in_service)]
    return parse_campaign(dumps(c))


def ground(at: str = "0509", planet: str = "Tau Ceti IV", cls: str = "Army") -> dict:
    return {"ground": {"power": "fed", "class": cls, "at": at, "planet": planet}}


def test_a_planet_raises_at_most_its_census_of_ground_units_a_turn():
    run = play(with_ground(), TO_ORDERS)  # Tau Ceti IV: Census 3, capacity 2 x 1 = 2
    for n in (1, 2, 3):
        run.answer(ground())
        assert f"orders a Army (ground unit {n} of at most 3) at Tau Ceti IV (0509) for 1/2" in run.campaign.log[-1].text
    before = run.campaign
    with pytest.raises(RuleError, match=r"Tau Ceti IV raises at most its Census \(3\) ground units a turn; 3 are "
                                        "ordered there this turn") as e:
        run.answer(ground())
    assert e.value.rule == "004 Construction Completion Phase (ground units)" and run.campaign is before
    assert power(run.campaign, "fed").economy.point_pool == Fraction(59, 5) - Fraction(3, 2)
    run.answer(ground("0207", "Vanguard II"))  # another planet has its own Census


def test_ground_units_ordered_are_raised_on_the_planet_at_construction_completion():
    c = with_ground()
    vg = ground("0207", "Vanguard II")  # (Tau Ceti IV falls to the Klingons in this turn)
    answers = [*EXAMPLE[:8], vg, vg, *EXAMPLE[8:]]
    run = play(c, answers[:answers.index("roll")])
    vanguard = next(p for p in run.campaign.sector_at("0207").star_system.planets if p.name == "Vanguard II")
    armies = [g for g in vanguard.ground_units if g.name == "Army"]
    assert [(g.power, g.attrition) for g in armies] == [("fed", 2), ("fed", 2)] and len({g.id for g in armies}) == 2
    assert power(run.campaign, "fed").economy.projects == []
    assert sum("Army (ground unit) completed" in e.text for e in run.campaign.log) == 2


@pytest.mark.parametrize(("campaign", "answer", "words"), [
    (with_ground(), ground(cls="Legion"), "may not raise a Legion: it is not on its ground_list"),
    (with_ground(in_service=999), ground(), "enters service in Y999, after"),
    (with_ground(), ground("0207", "Tau Ceti IV"), "raises ground units only at its own planets"),
    (with_ground(cost=Fraction(3)), ground(), "Tau Ceti IV's construction capacity left this turn is 2, the Army "
                                              "costs 3"),
    (with_ground(cost=Fraction(12)), ground("0207", "Vanguard II"), r"Point Pool 11 4/5 cannot pay the Army's cost 12"),
])
def test_a_ground_order_is_refused_with_the_rule(campaign, answer, words):
    run = play(campaign, TO_ORDERS)
    before = run.campaign
    with pytest.raises(RuleError, match=words):
        run.answer(answer)
    assert run.campaign is before
