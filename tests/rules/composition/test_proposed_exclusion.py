"""A legal answer to "which units stay out" for the question to open at (I8's Return play, session of 2026-11-28).

Whole turns of generated campaigns played by Return at every question (tests/play/return_player.py) met the
question with no answer to open at: Return gave "no unit stays out", which the rules refuse while the force is over
its capacity (campaign 502: "seed 004 Flexible Command: still 1 over the capacity 32"; 506, 509, 513, 517, 520:
"seed 004 Big Ships: still 1 over the capacity 2"), in every battle system. :func:`proposed_exclusion` gives a legal
one: the cheapest units out until the rest fits, then each that could come back brought back."""
from __future__ import annotations

import pytest

from rules.composition import check, flagship_candidates, legal_exclusion, members_in, must_exclude, proposed_exclusion
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from tests.strategies.campaigns import campaign_from_seed

SEEDS = (502, 506, 509, 513, 517, 520)


def _formed(seed: int):
    c = campaign_from_seed(seed, ("seed004", "v13"), ("v13", "table", "sidcors", "afef"))
    graph = build_graph(c)
    asked = end_movement(c, graph).questions
    out = end_movement(c, graph, {(q.at, q.team, q.other): False for q in asked}).campaign
    assert out is not None
    return out


@pytest.mark.parametrize("seed", SEEDS)
def test_every_side_over_its_capacity_gets_a_legal_minimal_answer(seed):
    c = _formed(seed)
    system, year = c.settings.fleet_composition, c.settings.year
    asked = 0
    for record in c.battle_hexes:
        for team in (record.attacker, record.defender):
            powers = next(t.powers for t in c.teams if t.id == team)
            fleet = members_in(c, str(record.at), powers)
            for flagship in flagship_candidates(fleet, system):
                ask = must_exclude(fleet, flagship, system, year)
                if ask is None or check(fleet, flagship, system, year, ask.choosable).over:
                    continue  # (over with every other unit out: not asked, they all stay out; compose.py)
                asked += 1
                answer = proposed_exclusion(fleet, flagship, system, ask.choosable, year)
                assert answer is not None, (record.at, team, flagship)
                assert set(answer) <= set(ask.choosable) and answer  # some unit stays out: [] was refused
                v = legal_exclusion(fleet, flagship, system, answer, year)
                assert v.ok, (record.at, team, flagship, v.problems)
    assert asked, f"campaign {seed} has no side over its capacity"


def test_none_when_no_answer_is_legal():
    from tests.rules.composition.test_mixed_convoy import _coalition, _coalition_with_romulan_transports

    c, _, at = _coalition_with_romulan_transports(3)
    fleet = _coalition(c, at)
    ask = must_exclude(fleet, "kli-d7-kumara", "bpv", c.settings.year)  # the flagship the Romulan convoy outweighs
    assert ask is not None
    assert proposed_exclusion(fleet, "kli-d7-kumara", "bpv", ask.choosable, c.settings.year) is None
