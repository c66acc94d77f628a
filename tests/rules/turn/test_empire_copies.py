"""The empire turn's steps copy only what they change (issue 23, bench/economy.py): Update
Asset copies the systems with owned planets, Construction Completion the sectors with projects
and the fleets there, next_turn the fleets with lost, destroyed or captured units, and
refresh_resolution the Battle Hex records; the rest is shared with the campaign before, which
is left exactly as it was - also when an answer is refused."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rules.errors import RuleError
from rules.model import dumps
from rules.model.records import Phase
from rules.model.units import UnitFate
from rules.strategic import build_graph
from rules.strategic.turn import next_turn, refresh_resolution
from rules.turn import empire
from tests.rules.turn.test_purchases import buy, orders

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))
from economy import generated  # noqa: E402


def _owned(s) -> bool:
    return s.star_system is not None and any(pl.owner is not None for pl in s.star_system.planets)


def test_update_asset_copies_the_owned_systems_and_shares_the_rest():
    c = generated(20, 10, 3)
    c.phase = Phase.UPDATE
    c.map.sectors[0].star_system = None  # a sector with no system, shared
    before = dumps(c)
    new = empire.answer(c, "roll", build_graph(c))
    assert dumps(c) == before
    assert any(a.morale != b.morale for s, t in zip(new.map.sectors, c.map.sectors) if _owned(s)
               for a, b in zip(s.star_system.planets, t.star_system.planets))
    for s, t in zip(new.map.sectors, c.map.sectors):
        assert (s is t) is not _owned(t), s.at
    assert all(f is g for f, g in zip(new.fleets, c.fleets)) and new.map is not c.map and new.log is not c.log


@pytest.mark.parametrize(("phase", "raw"), [(Phase.UPDATE, "bogus"), (Phase.INCOME, "roll"), (Phase.TECH, 10_000)])
def test_a_refused_answer_changes_nothing_shared_or_not(phase, raw):
    c = generated(20, 10, 3)
    c.phase = phase
    before = dumps(c)
    with pytest.raises(RuleError):
        empire.answer(c, raw, build_graph(c))
    assert dumps(c) == before


def test_construction_completion_copies_only_the_sectors_with_projects():
    run = orders()
    run.answer(buy("FF"))
    c = run.campaign.model_copy(update={"phase": Phase.TROOPS})
    before = dumps(c)
    new = empire.answer(empire.close_combat(c, build_graph(c)), "confirm")
    assert dumps(c) == before
    assert len(new.fleets) == len(c.fleets) + 1 and new.fleets[-1].sector == new.sector_at("0207").at
    for s, t in zip(new.map.sectors, c.map.sectors):
        assert (s is t) is (str(t.at) != "0207"), s.at
    for f, g in zip(new.fleets, c.fleets):
        assert (f is g) is (str(g.sector) != "0207"), f.id


def test_next_turn_copies_only_the_fleets_it_changes():
    c = generated(20, 10, 3)
    lost = c.fleets[0].units[0]
    lost.fate, lost.lost_turns_remaining, lost.lost_by = UnitFate.LOST, 1, "V13.91x"
    before = dumps(c)
    graph = build_graph(c)
    new = next_turn(refresh_resolution(c, graph), graph)
    assert dumps(c) == before
    assert new.fleets[0].units[0].fate is UnitFate.LOCATABLE and c.fleets[0].units[0].fate is UnitFate.LOST
    assert new.fleets[0] is not c.fleets[0] and all(f is g for f, g in zip(new.fleets[1:], c.fleets[1:]))
    assert new.map is c.map and new.turn == c.turn + 1


def test_a_tech_answer_copies_only_its_power_s_record():
    c = empire.answer(generated(20, 10, 3), "confirm")
    c = empire.advance(c, build_graph(c))
    before = dumps(c)
    q = empire.pending(c)
    assert q is not None and q.key == "tech/invest/p00"
    new = empire.answer(c, 1)
    assert dumps(c) == before and new.powers[0].economy.tech_pool == c.powers[0].economy.tech_pool + 1
    assert new.powers[0] is not c.powers[0] and all(p is o for p, o in zip(new.powers[1:], c.powers[1:]))
