"""The built-in campaign has what the Foundation issue promises a GM."""
from __future__ import annotations

from collections import defaultdict

import pytest

from rules.model import load_campaign
from rules.model.types import Terrain
from rules.model.units import OrionStatus, UnitKind
from tests.conftest import DEFAULT


@pytest.fixture(scope="module")
def campaign():
    return load_campaign(DEFAULT)


def _units(c):
    for s in c.map.sectors:
        yield from s.garrison
    for f in c.fleets:
        yield from f.units


def test_size_teams_and_neutral_zone(campaign):
    c = campaign
    assert c.map.cols >= 12 and c.map.rows >= 10
    assert len(c.map.sectors) == c.map.cols * c.map.rows
    names = {t.id for t in c.teams}
    assert {"alliance", "coalition", "orions"} <= names
    assert next(t for t in c.teams if t.id == "orions").is_orion_pirates
    assert len(next(t for t in c.teams if t.id == "alliance").powers) >= 2
    assert len(next(t for t in c.teams if t.id == "coalition").powers) >= 2
    assert any(s.neutral_zone for s in c.map.sectors)


def test_every_v13_95x_terrain_is_somewhere(campaign):
    present = {s.terrain for s in campaign.map.sectors}
    assert set(Terrain) - {Terrain.NONE} <= present


def test_bases_and_incidental_units(campaign):
    kinds = {u.kind for u in _units(campaign)}
    assert {UnitKind.STARBASE, UnitKind.BATTLE_STATION} <= kinds
    assert any(s.star_system and any(u.is_incidental for u in s.garrison) for s in campaign.map.sectors)


def test_fleet_variety(campaign):
    fleets = campaign.fleets
    assert len(fleets) >= 8
    assert any(any(u.is_carrier for u in f.units) and any(u.kind is UnitKind.FIGHTER for u in f.units) for f in fleets)
    assert any(all(u.is_cloaked for u in f.units) for f in fleets)
    assert any(u.native_sublight and u.kind is UnitKind.SHIP for f in fleets for u in f.units)
    assert any(u.kind is UnitKind.MONSTER for f in fleets for u in f.units)
    assert any(u.orion_status is OrionStatus.INDEPENDENT for f in fleets for u in f.units)


def test_orders_bring_several_kinds_of_battle_hex(campaign):
    """Where the fleets stand once their orders are carried out: sectors holding two or more teams.

    This reads the data only (orders as written); the movement rules that may stop a fleet
    early are the Strategic issue's.
    """
    c = campaign
    teams_at: dict[str, set[str]] = defaultdict(set)
    for f in c.fleets:
        end = str(f.orders[-1]) if f.orders else str(f.sector)
        teams_at[end].add(c.team_of_power(f.power).id)
    for s in c.map.sectors:
        if s.garrison:
            teams_at[str(s.at)].add(c.team_of_power(s.owner).id)
    battles = {lab for lab, teams in teams_at.items() if len(teams) >= 2}
    assert len(battles) >= 4
    at_base = [b for b in battles if any(u.kind.is_base for u in c.sector_at(b).garrison)]
    with_orion = [b for b in battles if "orions" in teams_at[b]]
    open_space = [b for b in battles if not c.sector_at(b).garrison and c.sector_at(b).terrain is Terrain.NONE
                  and "orions" not in teams_at[b]]
    assert at_base and with_orion and open_space
