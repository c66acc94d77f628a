"""Seed 004's empire phases in the campaign turn (issue 23): Income, Tech, Update Asset and End
of Turn as questions and answers, each number logged with its parts, refused answers changing
nothing, the whole turn replayed byte for byte."""
from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.model import dumps, load_campaign, parse_campaign
from rules.model.campaign import Campaign
from rules.model.economy_model import PowerEconomy
from rules.model.records import Phase
from rules.turn.run import TurnRun, play
from rules.turn.sequence import StepState, sequence
from tests.conftest import DEFAULT
from tests.hand_kept import EMPIRE_SENTENCE, HOMEWORLDS, hand_kept, hand_kept_data

ECONOMY = DEFAULT  # the shipped default campaign runs the empire turn (issue 23)

EXAMPLE = json.loads(re.findall(r"```json\n(.*?)```", (ECONOMY.parents[1] / "docs" / "turn_answers.md")
                                .read_text(encoding="utf-8"), re.S)[0])


def scenario(**changes) -> Campaign:
    c = load_campaign(ECONOMY).model_copy(deep=True)
    for k, v in changes.items():
        setattr(c, k, v)
    return c


def power(c: Campaign, pid: str):
    p = c.power(pid)
    assert p is not None
    return p


def economy(c: Campaign, pid: str, **fields) -> None:
    p = power(c, pid)
    p.economy = PowerEconomy.model_validate({**(p.economy or PowerEconomy()).model_dump(), **fields})


def logs(run: TurnRun) -> list[str]:
    return [f"{e.rule} | {e.text}" for e in run.log if e.kind == "log"]


def test_the_default_campaign_runs_the_empire_turn_from_turn_1s_income_phase():
    c = load_campaign(DEFAULT)
    assert (c.settings.empire_turn, c.settings.combat_phase, c.phase, c.turn) == ("seed004", "seed004", Phase.INCOME, 1)
    records = {p.id: p.economy for p in c.powers if p.economy is not None}
    assert {k: (e.tech_year, e.homeworld and str(e.homeworld)) for k, e in records.items()} == \
        {p.id: (171, HOMEWORLDS.get(p.id)) for p in c.powers}  # every power, Tech Year the campaign's year
    assert "Income Phase" in c.description and "the whole campaign turn for every power" in c.description
    assert "settings." not in c.description  # words for people: no file keys (issue 22)


def test_the_hand_kept_variant_is_the_default_campaign_without_its_empire_turn():
    c, data = hand_kept(), hand_kept_data()
    assert (c.settings.empire_turn, c.phase) == ("by_hand", Phase.ORDERS) and all(p.economy is None for p in c.powers)
    assert "empire turn kept by hand" in c.name and EMPIRE_SENTENCE not in c.description
    default = json.loads(DEFAULT.read_text(encoding="utf-8"))
    same = ("map", "fleets", "teams", "battle_hexes", "turn")
    assert [data.get(k) for k in same] == [default.get(k) for k in same]


def test_income_logs_every_ledger_with_its_parts_and_updates_the_point_pools():
    c = scenario()
    economy(c, "fed", point_pool=Fraction(5, 2), maintenance={"CA": Fraction(1, 2)}, intel_points=15,
            misc=[{"text": "a raid's ransom", "amount": 3}])
    run = TurnRun(c)
    q = run.pending
    assert (q.key, q.to, q.rule) == ("income/confirm", "gm", "004 Income Phase")
    assert "Total Domestic Product (Vanguard II (0207) 18, Tau Ceti IV (0509) 2): 20" in q.text
    run.answer("confirm")
    fed = power(run.campaign, "fed").economy
    # 5/2 carried + 20 TDP + 9/5 commerce + 3 misc - 1/2 (one CA) - 3/2 (15 intel points)
    assert fed.point_pool == Fraction(5, 2) + 20 + Fraction(9, 5) + 3 - Fraction(1, 2) - Fraction(3, 2)
    assert fed.last_tdp == 20 and fed.misc == []
    line = next(t for t in logs(run) if t.startswith("004 Income Phase | United Federation"))
    for part in ("Commerce (Vanguard Trade Fleet 1 4/5)", "Miscellaneous: a raid's ransom: 3",
                 "Maintenance: 1 CA at 1/2: -1/2", "Intel upkeep (15 points, 1 per 10): -1 1/2",
                 "Point Pool 2 1/2 to 25 3/10"):
        assert part in line
    assert power(run.campaign, "kzinti").economy.point_pool == 38
    assert run.pending.key == "turn/1/income/end"


def test_a_power_that_cannot_pay_goes_into_debt():
    c = scenario()
    economy(c, "romulan", point_pool=-10)
    run = play(c, ["confirm"])
    assert power(run.campaign, "romulan").economy.point_pool == -8
    assert any("Point Pool -10 to -8 (in debt: no purchases until it is paid back)" in t for t in logs(run))
    run.answer("end_phase")
    assert all(q != "tech/invest/romulan" for q in [run.pending.key])  # nothing to invest from a debt


def test_a_refused_answer_changes_nothing():
    c = scenario()
    run = TurnRun(c)
    with pytest.raises(IllegalAnswer):
        run.answer("maybe")
    assert run.campaign is c and run.log == [] and run.answers == []
    run = play(c, ["confirm", "end_phase"])
    before = run.campaign
    with pytest.raises(IllegalAnswer):
        run.answer(22)  # the Federation may invest at most 20 (200% of 10 ... and its Point Pool 21 4/5)
    assert run.campaign is before


def test_the_investment_is_asked_of_the_power_s_team_in_secret():
    run = play(scenario(), ["confirm", "end_phase"])
    q = run.pending
    assert (q.key, q.to, q.low, q.high) == ("tech/invest/fed", "alliance", 0, 20)
    assert "required 10 (half the last TDP 20)" in q.text
    run.answer(7)
    fed = power(run.campaign, "fed").economy
    assert (fed.tech_pool, fed.point_pool) == (7, Fraction(109, 5) - 7)
    assert all(e.visible_to == ("alliance",) for e in run.log[-3:])  # question, answer, log line
    assert run.campaign.log[-1].secret_of == ["alliance"]


def _tech_at(turn: int, last_tdp: int, pool: int, advances: int = 0) -> TurnRun:
    c = scenario(turn=turn, phase=Phase.TECH)
    for p in c.powers:
        economy(c, p.id, point_pool=0)
    economy(c, "fed", last_tdp=last_tdp, tech_pool=pool, advances_this_year=advances, tech_year=171)
    return TurnRun(c)


def test_the_roll_shows_the_seed_s_odds_first_and_rolls_the_campaign_s_dice():
    run = _tech_at(12, 214, 52)
    q = run.pending
    assert (q.key, q.to) == ("tech/roll/fed", "gm") and "52 / 107 = 48%" in q.text
    run.answer("roll")
    line = next(t for t in logs(run) if "United Federation" in t)
    roll = int(re.search(r"d100 (\d+) against 52 / 107 = 48%", line).group(1))
    fed = power(run.campaign, "fed").economy
    assert (fed.tech_year, fed.tech_pool) == ((172, 0) if roll <= 48 else (171, 52))
    assert play(_tech_at(12, 214, 52).campaign, ["roll"]).log == run.log  # the same dice


def test_overpaying_gives_a_certain_advance_and_a_second_at_half_the_rest():
    run = _tech_at(6, 44, 30)  # required 22
    assert "30 / 22 = 100%; a second advance 8 / 22, halved = 18%" in run.pending.text
    run.answer("roll")
    fed = power(run.campaign, "fed").economy
    line = next(t for t in logs(run) if "United Federation" in t)
    second = int(re.search(r"second advance: d100 (\d+)|no second advance: d100 (\d+)", line).group(0).split()[-1])
    assert (fed.tech_year, fed.tech_pool, fed.advances_this_year) == \
        ((173, 0, 2) if second <= 18 else (172, 8, 1))


def test_the_calendar_rolls_on_turns_6_and_12_only_and_at_most_twice_a_year():
    assert _tech_at(5, 214, 52).pending.key == "turn/5/tech/end"
    run = _tech_at(12, 214, 52, advances=2)
    assert run.pending.key == "turn/12/tech/end"  # two advances this year: no roll
    run.answer("end_phase")
    assert power(run.campaign, "fed").economy.advances_this_year == 0  # a new year begins
    assert run.campaign.phase is Phase.ORDERS


def _update(turn: int, **planet) -> TurnRun:
    c = scenario(turn=turn, phase=Phase.UPDATE)
    pl = next(p for s in c.map.sectors if s.star_system for p in s.star_system.planets if p.name == "Rrawl")
    for k, v in planet.items():
        setattr(pl, k, v)
    return play(c, ["roll"])


def _rrawl(run: TurnRun):
    return next(p for s in run.campaign.map.sectors if s.star_system for p in s.star_system.planets
                if p.name == "Rrawl")


def test_update_asset_applies_the_chart_and_names_rebellion():
    run = _update(3, census=4, productivity=0, morale=1)
    assert _rrawl(run).morale == 0
    assert ("004 Morale Check Chart | Rrawl (0402): Productivity is at 0 and Census is greater than 3: automatic: "
            "-1 Morale; Morale 1 to 0 - in rebellion: no output") in logs(run)
    run = _update(3, census=4, productivity=3, morale=2)  # 2 is not below half of 4
    assert "Morale stays 2" in next(t for t in logs(run) if "Rrawl" in t)
    run = _update(3, census=5, productivity=3, morale=2)
    assert "below half its Census: utilized Productivity halved to 1" in next(t for t in logs(run) if "Rrawl" in t)


def test_census_grows_on_turn_12_up_to_the_carrying_capacity():
    assert "census growth" not in " ".join(logs(_update(11, census=14)))
    run = _update(12, census=14, productivity=3, census_bonus=2, carrying_capacity=20)
    assert (_rrawl(run).census, _rrawl(run).census_bonus) == (15, 0)  # any d10 + 14 + 2 is over 15
    run = _update(12, census=10, productivity=3, carrying_capacity=10)
    assert _rrawl(run).census == 10 and "at its Carrying Capacity (10)" in " ".join(logs(run))
    run = _update(12, census=1, productivity=1, census_bonus=0)  # d10 + 1 is never over 15
    assert (_rrawl(run).census, _rrawl(run).census_bonus) == (1, 1)


def test_the_whole_turn_plays_replays_and_saves_alike():
    run = play(scenario(), EXAMPLE)
    c = run.campaign
    assert (c.turn, c.phase) == (2, Phase.INCOME)
    rules = [e.rule for e in run.log if e.kind == "log"]
    for rule in ("004 Income Phase", "004 Tech Phase", "004 Construction Completion Phase", "004 Morale Check Chart",
                 "004 End of Turn Phase"):
        assert rule in rules
    again = play(scenario(), EXAMPLE)
    assert [e.to_dict() for e in again.log] == [e.to_dict() for e in run.log]
    assert dumps(parse_campaign(dumps(c))) == dumps(c) == dumps(again.campaign)


def test_a_v13_combat_phase_goes_on_to_construction_completion_then_update_asset():
    c = scenario(phase=Phase.ORDERS)
    c.settings = c.settings.model_copy(update={"combat_phase": "v13"})
    run = TurnRun(c)
    run.answer("end_movement")
    while run.pending.key.split("/")[2:3] == ["ignore"]:
        run.answer(False)
    while run.pending.key.split("/")[2:3] == ["battle"]:
        run.answer({"battle": run.pending.options[0], "ruling": "fought at the table"})
    run.answer("end_phase")
    assert run.campaign.phase is Phase.CONSTRUCTION and run.pending.key == "construction/confirm"
    run.answer("confirm")
    run.answer("end_phase")
    assert run.campaign.phase is Phase.UPDATE and run.pending.key == "update/roll"


def test_the_phase_bar_shows_the_empire_phases_as_run():
    steps = {s.key: s.state for s in sequence(scenario())}
    assert steps["income"] is StepState.NOW
    assert [steps[k] for k in ("tech", "orders", "update", "end")] == [StepState.NEXT] * 4
    assert steps["intel"] is StepState.IN_ORDERS and steps["construction"] is StepState.NEXT  # issue 23
    assert [s.key for s in sequence(scenario())][:3] == ["income", "tech", "orders"]
    old = {s.key: s.state for s in sequence(hand_kept())}
    assert all(old[k] is StepState.BY_HAND for k in ("income", "tech", "intel", "update", "end"))
