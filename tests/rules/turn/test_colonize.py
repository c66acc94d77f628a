"""Seed 004 colonization (issue 23): a Colony Fleet "can move one Census from the current system to
the fleet, making it a loaded Colony Fleet"; "On the next Update Assets Phase, the Census from the
fleet is moved to the planet, establishing the colony"; "The colony starts with Morale equal to
its Census, and both Intel and Productivity are initially set to 0, unless there is pre-existing
infrastructure on the planet." """
from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.model import dumps, parse_campaign
from rules.model.campaign import Campaign, Fleet, Planet
from rules.model.turn_model import FleetKind
from rules.turn.run import play
from tests.rules.turn.test_empire import EXAMPLE, power
from tests.rules.turn.test_purchases import TO_ORDERS, with_list


def with_colony_fleet() -> Campaign:
    c = with_list()
    vanguard = c.sector_at("0207")
    vanguard.star_system.planets.append(Planet(name="Vanguard III", productivity=1, raw=2))
    vanguard.star_system.planets.append(Planet(name="Vanguard Outpost", owner="fed", census=1, morale=1))
    trade = next(f for f in c.fleets if f.id == "fed-trade-vanguard")
    c.fleets.append(Fleet(id="fed-colony", name="Colony Fleet Mayflower", power="fed", sector=vanguard.at,
                          kind=FleetKind.COLONY, units=[trade.units[0].model_copy(update={"id": "fed-colony-1", "class_designation": "F-LS"})]))
    return parse_campaign(dumps(c))


def colonize(planet: str = "Vanguard II", fleet: str = "fed-colony") -> dict:
    return {"colonize": {"power": "fed", "fleet": fleet, "planet": planet}}


def planet(c: Campaign, name: str) -> Planet:
    return next(p for s in c.map.sectors for p in (s.star_system.planets if s.star_system else []) if p.name == name)


def test_a_colony_fleet_loads_one_census_and_settles_the_empty_planet_at_update_asset():
    c = with_colony_fleet()
    answers = [*EXAMPLE[:8], colonize(), *EXAMPLE[8:]]
    run = play(c, answers[:9])
    assert planet(run.campaign, "Vanguard II").census == 7
    fleet = next(f for f in run.campaign.fleets if f.id == "fed-colony")
    assert [(x.kind.value, x.amount) for x in fleet.cargo] == [("census", 1)]
    assert "loads 1 Census from Vanguard II (0207): Census 8 to 7" in run.campaign.log[-1].text
    with pytest.raises(RuleError, match="is already loaded: a Colony Fleet moves one Census"):
        run.answer(colonize())
    for a in answers[9:]:
        run.answer(a)
    new = planet(run.campaign, "Vanguard III")
    assert (new.owner, new.census, new.morale, new.productivity) == ("fed", 1, 1, 1)
    assert next(f for f in run.campaign.fleets if f.id == "fed-colony").cargo == []
    line = next(e for e in run.campaign.log if e.rule == "004 Update Asset Phase (colonization)")
    assert "United Federation of Planets settles Vanguard III (0207) from Colony Fleet Mayflower: Census 1, Morale 1, " \
           "Productivity 1" in line.text


@pytest.mark.parametrize(("campaign", "answer", "words"), [
    (with_colony_fleet(), colonize("Vanguard Outpost"), r"Vanguard Outpost's Census is 1: it keeps at least 1"),
    (with_colony_fleet(), colonize(fleet="fed-trade-vanguard"), "is not a Colony Fleet of United Federation of "
                                                                "Planets"),
    (with_colony_fleet(), colonize("Tau Ceti IV"), r"loads Census only from a planet of United Federation of "
                                                   r"Planets in its system \(0207\): Tau Ceti IV is not one"),
])
def test_loading_census_is_refused_with_the_rule(campaign, answer, words):
    run = play(campaign, TO_ORDERS)
    before = run.campaign
    with pytest.raises(RuleError, match=words) as e:
        run.answer(answer)
    assert e.value.rule == "004 Turn Orders Phase (colonization)" and run.campaign is before
    assert power(run.campaign, "fed").economy is not None
