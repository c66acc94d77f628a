"""Seed 004, raids: "When a system is raided, it temporarily stops producing income" - a planet
whose ``raided_turn`` is the turn before an Income Phase produces nothing in it (rules/turn/raids.py
records the raid; docs/combat_phase.md), and produces again the turn after."""
from __future__ import annotations

import pytest

from tests.rules.turn.test_empire import scenario

from rules.turn.run import TurnRun


def _vanguard(c):
    return next(pl for s in c.map.sectors for pl in (s.star_system.planets if s.star_system else [])
                if pl.name == "Vanguard II")


@pytest.mark.parametrize("raided, tdp", [(None, 20), ("last", 2), ("this", 20), ("two ago", 20)])
def test_a_system_raided_last_turn_produces_nothing_in_this_income_phase(raided, tdp):
    c = scenario()
    c.turn = 5
    turn = {None: None, "last": 4, "this": 5, "two ago": 3}[raided]
    _vanguard(c).raided_turn = turn
    run = TurnRun(c)
    q = run.pending
    assert q.key == "income/confirm"
    fed = next(line for line in q.text.splitlines() if "Total Domestic Product" in line and "Vanguard II" in line)
    assert fed.rstrip().endswith(f": {tdp}") or f"): {tdp}" in fed, fed
    if raided == "last":
        assert "raided on turn 4: no output" in fed
