"""Seed 004 Turn Orders: purchases (issue 23) - a unit of the power's list bought at its planet,
paid from its Point Pool, refused with the rule when illegal (not on the list, not in service,
not its planet, the pool cannot pay, no capacity or dock space left); completed at Construction
Completion where it fits, placed at the planet's sector."""
from __future__ import annotations

from fractions import Fraction

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.errors import RuleError
from rules.model import dumps, parse_campaign
from rules.model.builds import BuildClass
from rules.model.campaign import Campaign
from rules.model.records import Phase
from rules.turn.run import TurnRun, play
from tests.rules.turn.test_empire import EXAMPLE, power, scenario

TO_ORDERS = ["confirm", "end_phase", 10, 19, 0, 14, 1, "end_phase"]


def with_list() -> Campaign:
    """The economy scenario, the Federation's unit list drawn from its own counters."""
    c = scenario()
    fed = power(c, "fed")
    second = next(f for f in c.fleets if f.id == "fed-second")
    ff = next(u for u in second.units if u.class_designation == "FF")
    cl = next(u for u in second.units if u.class_designation == "CL")
    ca = next(u for f in c.fleets for u in f.units if u.class_designation == "CA" and f.power == "fed")
    defsat = next(u for u in c.sector_at("0509").garrison if u.class_designation == "DEFSAT")
    fed.unit_list = [BuildClass(unit=ff, cost=3, in_service=150), BuildClass(unit=cl, cost=Fraction(1, 2)),
                     BuildClass(unit=ca, cost=12, in_service=180), BuildClass(unit=defsat, cost=1)]
    return parse_campaign(dumps(c))


def buy(cls: str, at: str = "0207", planet: str = "Vanguard II", who: str = "fed") -> dict:
    return {"purchase": {"power": who, "class": cls, "at": at, "planet": planet}}


def orders() -> TurnRun:
    run = play(with_list(), TO_ORDERS)
    assert run.campaign.phase is Phase.ORDERS and "purchase" in run.pending.text
    return run


def test_a_purchase_is_paid_at_once_and_logged_for_its_team():
    run = orders()
    run.answer(buy("FF"))
    eco = power(run.campaign, "fed").economy
    assert eco.point_pool == Fraction(59, 5) - 3 and [(j.unit_class, j.planet) for j in eco.projects] == \
        [("FF", "Vanguard II")]
    line = run.campaign.log[-1]
    assert line.rule == "004 Turn Orders Phase" and line.secret_of == ["alliance"]
    assert "orders a FF at Vanguard II (0207) for 3: Point Pool 11 4/5 to 8 4/5; capacity left 15, docks left 5" \
        in line.text


@pytest.mark.parametrize(("answer", "rule", "words"), [
    (buy("D7"), "004 Turn Orders Phase", "may not build a D7: it is not on its unit list"),
    (buy("CA"), "004 Turn Orders Phase", "the CA enters service in Y180, after United Federation of Planets' Tech "
                                         "Year 171"),
    (buy("FF", "0203", "Kzin Prime"), "004 Turn Orders Phase", "builds only at its own planets"),
    (buy("FF", "0509", "Tau Ceti IV"), "004 Construction Completion Phase", "construction capacity left this turn "
                                                                            "is 2, the FF costs 3"),
    (buy("FF", who="kzinti"), "004 Turn Orders Phase", "may not build a FF"),
])
def test_an_illegal_purchase_is_refused_with_its_rule_and_changes_nothing(answer, rule, words):
    run = orders()
    before = run.campaign
    with pytest.raises(RuleError) as e:
        run.answer(answer)
    assert e.value.rule == rule and words in str(e.value)
    assert run.campaign is before


def test_the_pool_and_the_docks_limit_purchases():
    run = orders()
    for _ in range(2):  # Tau Ceti IV: utilized Productivity 2, two docks, capacity 2
        run.answer(buy("CL", "0509", "Tau Ceti IV"))
    with pytest.raises(RuleError, match="Tau Ceti IV has no dock space left this turn"):
        run.answer(buy("CL", "0509", "Tau Ceti IV"))
    for _ in range(3):
        run.answer(buy("FF"))  # 11 4/5 - 1/2 - 1/2 - 3 x 3 = 1 4/5
    with pytest.raises(RuleError, match=r"Point Pool 1 4/5 cannot pay the FF's cost 3"):
        run.answer(buy("FF"))
    with pytest.raises(IllegalAnswer):
        run.answer({"purchase": {"power": "fed", "class": "FF"}})


def test_a_power_in_debt_buys_nothing():
    c = with_list()
    fed = power(c, "fed")
    fed.economy = fed.economy.model_copy(update={"point_pool": Fraction(-30)})
    run = play(c, ["confirm", "end_phase", 0, 0, 0, 0, "end_phase"])  # the Federation, in debt, is not asked
    with pytest.raises(RuleError, match=r"Point Pool -8 1/5 \(in debt: no purchases until the pool is paid back\)"):
        run.answer(buy("DEFSAT"))


def test_construction_completion_builds_what_fits_and_keeps_the_rest():
    answers = [*EXAMPLE[:8], buy("FF"), buy("DEFSAT"), buy("CL", "0509", "Tau Ceti IV"), *EXAMPLE[8:]]
    run = play(with_list(), answers[:answers.index("roll")])  # to the Update Asset Phase
    c = run.campaign
    assert c.phase is Phase.UPDATE
    built = next(f for f in c.fleets if f.id == "fed-built-t1-0207")
    assert [u.class_designation for u in built.units] == ["FF"] and str(built.sector) == "0207"
    assert [u.class_designation for u in c.sector_at("0207").garrison] == ["SB", "DEFSAT"]
    waiting = power(c, "fed").economy.projects  # Tau Ceti IV passed to the Klingons this turn
    assert [(j.unit_class, j.planet) for j in waiting] == [("CL", "Tau Ceti IV")]
    texts = [e.text for e in c.log if e.rule == "004 Construction Completion Phase"]
    assert any("at Vanguard II (0207): FF (ship) completed: 3 of capacity" in t for t in texts)
    assert any("the projects at Tau Ceti IV (0509) wait: the planet is no longer" in t for t in texts)
    assert dumps(parse_campaign(dumps(c))) == dumps(c)
    assert play(with_list(), answers).log == play(with_list(), answers).log


def improve(at: str = "0207", planet: str = "Vanguard II", who: str = "fed") -> dict:
    return {"productivity": {"power": who, "at": at, "planet": planet}}


def test_productivity_costs_ten_times_the_new_value_once_a_turn_and_comes_at_update_asset():
    c = with_list()
    fed = power(c, "fed")
    fed.economy = fed.economy.model_copy(update={"point_pool": Fraction(60)})
    run = play(c, TO_ORDERS)  # 60 + 21 4/5 - 10 = 71 4/5
    run.answer(improve())  # Vanguard II: Productivity 6 -> 7 costs 70
    eco = power(run.campaign, "fed").economy
    assert eco.point_pool == Fraction(359, 5) - 70 and eco.productivity_orders == ["0207/Vanguard II"]
    assert "buys Productivity 7 at Vanguard II (0207): 10 x 7 = 70" in run.campaign.log[-1].text
    before = run.campaign
    with pytest.raises(RuleError, match="already gains a Productivity point this turn") as e:
        run.answer(improve())
    assert e.value.rule == "004 Update Asset Phase" and run.campaign is before
    with pytest.raises(RuleError, match=r"cannot pay Productivity 3 at Tau Ceti IV: 10 x 3 = 30"):
        run.answer(improve("0509", "Tau Ceti IV"))  # 1 4/5 left
    with pytest.raises(RuleError, match="improves only its own planets"):
        run.answer(improve("0203", "Kzin Prime"))
    rest = EXAMPLE[8:EXAMPLE.index("roll") + 1]  # to the Update Asset roll
    for a in rest:
        run.answer(a)
    vanguard = next(p for p in run.campaign.sector_at("0207").star_system.planets if p.name == "Vanguard II")
    assert vanguard.productivity == 7 and power(run.campaign, "fed").economy.productivity_orders == []
    assert "Vanguard II (0207): Productivity 6 to 7 (bought by United Federation of Planets)" in \
        [e.text for e in run.campaign.log]


def repair(unit: str, planet: str = "Vanguard II") -> dict:
    return {"repair": {"power": "fed", "unit": unit, "planet": planet}}


def crippled(c: Campaign, *ids_costs: tuple[str, int]) -> Campaign:
    for uid, cost in ids_costs:
        u = next(u for f in c.fleets for u in f.units if u.id == uid) if any(
            u.id == uid for f in c.fleets for u in f.units) else next(
            u for s in c.map.sectors for u in s.garrison if u.id == uid)
        u.crippled, u.cost = True, Fraction(cost)
    return parse_campaign(dumps(c))


def test_a_repair_costs_a_quarter_of_the_cost_and_is_done_at_construction_completion():
    c = crippled(with_list(), ("fed-sb-11", 40))
    answers = [*EXAMPLE[:8], repair("fed-sb-11"), *EXAMPLE[8:]]
    run = play(c, answers[:9])
    eco = power(run.campaign, "fed").economy
    assert eco.point_pool == Fraction(59, 5) - 10 and eco.projects[0].repair_of == "fed-sb-11"
    assert "orders" in run.campaign.log[-1].text and "25% of 40 = 10" in run.campaign.log[-1].text
    with pytest.raises(RuleError, match="repair is already ordered"):
        run.answer(repair("fed-sb-11"))
    with pytest.raises(RuleError, match="is not crippled: nothing to repair"):
        run.answer(repair(next(u.id for f in run.campaign.fleets if f.id == "fed-trade-escort" for u in f.units)))
    with pytest.raises(RuleError, match="is not a unit of United Federation of Planets standing at Tau Ceti IV"):
        run.answer(repair("fed-sb-11", "Tau Ceti IV"))
    for a in answers[9:answers.index("roll")]:
        run.answer(a)
    sb = next(u for u in run.campaign.sector_at("0207").garrison if u.id == "fed-sb-11")
    assert not sb.crippled and power(run.campaign, "fed").economy.projects == []
    assert any("repair of a base or fixed defence) completed: 10 of capacity" in e.text for e in run.campaign.log)


def test_a_repair_needs_the_unit_s_cost_and_the_pool():
    c = crippled(with_list(), ("fed-sb-11", 400))
    run = play(c, TO_ORDERS)
    with pytest.raises(RuleError, match=r"cannot pay Starbase .*repair: 25% of 400 = 100|cannot pay .* = 100"):
        run.answer(repair("fed-sb-11"))


def test_intel_points_cost_one_each_and_their_upkeep_comes_next_income():
    run = orders()  # the Federation's pool 11 4/5
    run.answer({"intel": {"power": "fed", "points": 11}})
    eco = power(run.campaign, "fed").economy
    assert (eco.intel_points, eco.point_pool) == (11, Fraction(4, 5))
    assert "buys 11 Intel Points for 11: 11 held; Point Pool 11 4/5 to 4/5" in run.campaign.log[-1].text
    with pytest.raises(RuleError, match=r"Point Pool 4/5 cannot pay 1 Intel Points") as e:
        run.answer({"intel": {"power": "fed", "points": 1}})
    assert e.value.rule == "004 Intel Phase"
    for bad in (0, -2, True, "3"):
        with pytest.raises(IllegalAnswer):
            run.answer({"intel": {"power": "fed", "points": bad}})


def test_cancelling_a_project_returns_half_of_what_was_spent():
    run = orders()
    run.answer(buy("FF"))  # 11 4/5 -> 8 4/5
    project = power(run.campaign, "fed").economy.projects[0].id
    run.answer({"cancel": {"power": "fed", "project": project}})
    eco = power(run.campaign, "fed").economy
    assert eco.projects == [] and eco.point_pool == Fraction(44, 5) + Fraction(3, 2)
    assert "cancels the FF at Vanguard II (0207): 50% of 3 = 1 1/2 back" in run.campaign.log[-1].text
    with pytest.raises(RuleError, match="has no project") as e:
        run.answer({"cancel": {"power": "fed", "project": project}})
    assert e.value.rule == "004 Construction Completion Phase"


def test_construction_completion_lines_are_the_builders_teams():
    """What a power completes, delays and keeps waiting tells its secret Turn Orders (the class, its cost,
    the capacity left): its Team's and the GM's lines, as the purchase's; a Team copy of another Team holds none."""
    from rules.model.visibility import readable_log

    answers = [*EXAMPLE[:8], buy("FF"), buy("DEFSAT"), buy("CL", "0509", "Tau Ceti IV"), *EXAMPLE[8:]]
    c = play(with_list(), answers[:answers.index("roll")]).campaign
    lines = [e for e in c.log if e.rule == "004 Construction Completion Phase" and "United Federation" in e.text]
    assert len(lines) >= 3 and all(e.secret_of == ["alliance"] for e in lines), [(e.text, e.secret_of) for e in lines]
    seen = [e.text for e in readable_log(c, "coalition")]
    assert not any("completed:" in t or "delayed:" in t or " wait: " in t for t in seen)
