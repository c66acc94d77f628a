"""The default campaign's Battle Hexes fought to the end by SIDCORS with random legal answers:
every battle resolves, every answer the engine offers is accepted, and the results go back
to a valid campaign (issue 12: a default-campaign Battle Hex resolved by SIDCORS)."""
from __future__ import annotations

import random
from typing import Any

import pytest

from rules.model.campaign import Campaign
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems.sidcors import SidcorsBattle
from tests.hand_kept import hand_kept


@pytest.fixture(scope="module")
def formed() -> Campaign:
    c = hand_kept()
    graph = build_graph(c)
    asked = end_movement(c, graph).questions
    out = end_movement(c, graph, {(q.at, q.team, q.other): True for q in asked}).campaign
    assert out is not None and out.battle_hexes
    return out


def _pick(b: SidcorsBattle, rng: random.Random) -> Any:
    q = b.pending
    assert q is not None
    kind = q.kind.value
    if kind == "choose":
        fighters = q.data.get("fighters") or {}
        if fighters and (not q.options or rng.random() < 0.3):
            uid = rng.choice(sorted(fighters))
            return {"unit": uid, "fighters": rng.randint(1, min(fighters[uid], q.data["points"]))}
        return rng.choice(q.options)
    if kind == "yes_no":
        return rng.random() < 0.15
    return rng.randint(q.low, q.high)


@pytest.mark.parametrize("seed", range(6))
def test_every_default_battle_hex_resolves_and_writes_back(formed, seed):
    for rec in formed.battle_hexes:
        rng = random.Random(seed)
        b = SidcorsBattle(formed, rec.at)
        while b.pending is not None:
            assert len(b.answers) < 400, "the battle does not end"
            b.answer(_pick(b, rng))
            if len(b.answers) == 7 and b.pending is not None:  # saved and reopened: the same battle
                assert SidcorsBattle(b.saved(), rec.at).events_json() == b.events_json()
        st = b.status()
        assert st.resolved and st.resolution.startswith("SIDCORS, ")
        c = b.saved()
        Campaign.model_validate_json(c.model_dump_json())  # still a valid campaign
        done = next(r for r in c.battle_hexes if r.at == rec.at)
        assert done.resolved and done.resolution == st.resolution
        left = {u.id for f in c.fleets for u in f.units} | {u.id for s in c.map.sectors for u in s.garrison}
        for side in b.sides:
            for u in b.units(side):
                assert (u.id in left) != u.destroyed
