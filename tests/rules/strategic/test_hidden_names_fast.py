"""visibility.hidden_names looks each power's Team up once (issue 23: a 10,000-sector turn through
TurnRun spent most of its CPU time in it scanning every Team for every sector): the same names,
owners and order as the way it was, kept here as the reference, on the default campaign and on
generated maps where every Team (and no Team) hides units in fleets and garrisons."""
from __future__ import annotations

import random
from typing import Any

import pytest

from rules.model.campaign import Campaign
from rules.model.io import load_campaign
from rules.model.units import unit_secret
from rules.model.visibility import GM, hidden_names
from tests.conftest import DEFAULT
from tests.rules.strategic.builder import campaign

POWERS = ("fed", "kzinti", "klingon", "lyran", "orion", "monsters")


def reference(c: Campaign) -> dict[str, str]:
    """hidden_names as it was before issue 23 (Campaign.team_of_power for every fleet and sector)."""
    out: dict[str, str] = {}

    def add(name: str, owner: str) -> None:
        if name.strip():
            out[name] = owner if out.get(name, owner) == owner else GM

    for f in c.fleets:
        team = c.team_of_power(f.power)
        owner = team.id if team else GM
        hidden = [u for u in f.units if unit_secret(u)]
        if f.units and len(hidden) == len(f.units):
            add(f.name, owner)
            add(f.id, owner)
        for u in hidden:
            add(u.name, owner)
            add(u.id, owner)
    for s in c.map.sectors:
        team = c.team_of_power(s.owner)
        for u in s.garrison:
            if unit_secret(u):
                add(u.name, team.id if team else GM)
                add(u.id, team.id if team else GM)
    return out


def _same(c: Campaign) -> dict[str, str]:
    new, old = hidden_names(c), reference(c)
    assert list(new.items()) == list(old.items())
    return new


def _hiding(c: Campaign, powers: list[str], how: str) -> Campaign:
    """``c`` with every unit of ``powers`` (fleets and garrisons) made ``how`` (cloaked or incidental)."""
    def units(us: list[Any]) -> list[Any]:
        return [u.model_copy(update={how: True}) for u in us]

    fleets = [f.model_copy(update={"units": units(f.units)}) if f.power in powers else f for f in c.fleets]
    sectors = [s.model_copy(update={"garrison": units(s.garrison)}) if s.owner in powers else s
               for s in c.map.sectors]
    return c.model_copy(update={"fleets": fleets, "map": c.map.model_copy(update={"sectors": sectors})})


def test_the_default_campaign_hides_the_same_names():
    c = load_campaign(DEFAULT)
    assert {"alliance", "coalition"} <= set(_same(c).values())  # its cloaked Romulans and hidden bases


@pytest.mark.parametrize("how", ["is_cloaked", "is_incidental"])
def test_the_default_campaign_with_each_teams_units_hidden_hides_the_same_names(how):
    c = load_campaign(DEFAULT)
    for t in c.teams:
        names = _same(_hiding(c, list(t.powers), how))
        assert t.id in names.values(), t.id
    everyone = _same(_hiding(c, [p.id for p in c.powers], how))
    assert {t.id for t in c.teams} <= set(everyone.values())


def generated(seed: int) -> Campaign:
    """A 12 x 10 map: each sector owned by a random power or none, one in three with a garrison,
    a fleet in one in four, units cloaked, incidental or neither, names drawn from a small pool
    (so Teams share some: the GM's) and some blank."""
    rng = random.Random(seed)
    pool = [f"N{i}" for i in range(40)] + [" "]
    n = 0

    def units(k: int) -> list[dict[str, Any]]:
        nonlocal n
        out = []
        for _ in range(k):
            n += 1
            flag = rng.choice(["is_cloaked", "is_incidental", None, None])
            out.append({"id": f"u{n}", "name": rng.choice(pool), **({flag: True} if flag else {})})
        return out

    sectors: dict[str, dict[str, Any]] = {}
    fleets: list[dict[str, Any]] = []
    for col in range(1, 13):
        for row in range(1, 11):
            at = f"{col:02d}{row:02d}"
            owner = rng.choice([*POWERS, None])
            sectors[at] = {"owner": owner} if owner else {}
            if rng.random() < 1 / 3:
                sectors[at]["garrison"] = units(rng.randint(1, 3))
            if rng.random() < 1 / 4:
                fid = rng.choice([f"f{len(fleets)}", rng.choice(pool[:40])])
                fleets.append({"id": fid, "name": rng.choice(pool), "power": rng.choice(POWERS), "sector": at,
                               "orders": [], "units": units(rng.randint(1, 3))})
    return campaign(12, 10, sectors=sectors, fleets=fleets)


@pytest.mark.parametrize("seed", range(8))
def test_a_generated_map_hides_the_same_names_for_every_team(seed):
    c = generated(seed)
    owners = set(_same(c).values())
    assert {t.id for t in c.teams} | {GM} <= owners  # every Team's secrets, and names shared by Teams


def test_a_power_of_no_team_and_a_power_listed_by_two_teams():
    """A unit of a power no Team lists is the GM's; a power two Teams list is the first one's."""
    teams = [{"id": "blue", "name": "Blue", "powers": ["fed", "kzinti"]},
             {"id": "red", "name": "Red", "powers": ["klingon", "fed"]}]
    hidden = [{"id": "c1", "name": "Cloaked One", "is_cloaked": True}]
    c = campaign(4, 3, teams=teams, sectors={"0101": {"owner": "fed", "garrison": hidden},
                                             "0201": {"owner": "orion", "garrison": [
                                                 {"id": "c2", "name": "Cloaked Two", "is_cloaked": True}]}},
                 fleets=[{"id": "f1", "name": "F One", "power": "fed", "sector": "0301", "orders": [],
                          "units": [{"id": "c3", "name": "C3", "is_incidental": True}]},
                         {"id": "f2", "name": "F Two", "power": "lyran", "sector": "0302", "orders": [],
                          "units": [{"id": "c4", "name": "C4", "is_cloaked": True}, {"id": "v", "name": "V"}]}])
    assert _same(c) == {"F One": "blue", "f1": "blue", "C3": "blue", "c3": "blue", "C4": GM, "c4": GM,
                        "Cloaked One": "blue", "c1": "blue", "Cloaked Two": GM, "c2": GM}
