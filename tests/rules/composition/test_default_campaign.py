"""The default campaign carries the data fleet composition and the battle systems read, and
each side of each of its Battle Hexes can be measured by every composition system."""
from __future__ import annotations

import pytest

from rules.composition import check, flagship_candidates, members_in, must_exclude
from rules.composition.common import is_attrition, is_civilian, is_fixed
from rules.composition.flexible import row
from rules.model.campaign import Campaign
from rules.model.units import UnitKind
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from tests.hand_kept import hand_kept


@pytest.fixture(scope="module")
def formed() -> Campaign:
    c = hand_kept()
    graph = build_graph(c)
    asked = end_movement(c, graph).questions
    out = end_movement(c, graph, {(q.at, q.team, q.other): True for q in asked}).campaign
    assert out is not None and out.battle_hexes
    return out


def _units(c):
    for s in c.map.sectors:
        yield from s.garrison
    for f in c.fleets:
        yield from f.units


def test_settings_year_and_system(formed):
    assert formed.settings.year == 171 and formed.settings.fleet_composition == "bpv"


def test_every_unit_has_afef_and_every_warship_the_composition_data(formed):
    for u in _units(formed):
        assert u.afef is not None and u.afef.damaged_af <= u.afef.af, u.id
        if u.kind is UnitKind.MONSTER or is_attrition(u) or is_civilian(u):
            continue
        if not is_fixed(u):
            assert u.hull_type and u.fe_command_rating > 0, u.id
        if u.kind is UnitKind.SHIP:
            assert row(u), u.id


def test_the_seed_example_values(formed):
    """Seed 004's SIDCORS example: "a D7C (9 attack factors), three D7s (each 8 ...), and an F5 (5 ...)"."""
    by_class = {u.class_designation: u for u in _units(formed)}
    assert (by_class["D7C"].fe.attack, by_class["D6"].fe.attack, by_class["F5"].fe.attack) == (9, 8, 5)


@pytest.mark.parametrize("system", ["bpv", "big_ships", "flexible", "none"])
def test_every_side_of_every_battle_hex_is_measured(formed, system):
    for rec in formed.battle_hexes:
        for team_id in (rec.attacker, rec.defender):
            team = next(t for t in formed.teams if t.id == team_id)
            fleet = members_in(formed, str(rec.at), team.powers)
            assert fleet, (rec.at, team_id)
            best = flagship_candidates(fleet, system)
            if not best:
                assert all(m.unit.kind is UnitKind.MONSTER for m in fleet)
                continue
            v = check(fleet, best[0], system, formed.settings.year)
            q = must_exclude(fleet, best[0], system, formed.settings.year)
            assert (q is None) == v.ok
            if system == "bpv":
                assert v.ok, (rec.at, team_id, v.problems, v.over)
