"""The Update Asset Phase's morale facts at scale (issue 23, bench/economy.py): each planet's
lanes are walked a bounded number of jumps and each power's colonies and homeworld reach are
computed once, so the phase is linear in the map, not quadratic; the chart rows that apply are
the same as an unbounded walk gives."""
from __future__ import annotations

import sys
from collections import deque
from pathlib import Path

from hexmap import Label, LaneGraph
from rules.economy import planet as pe
from rules.strategic import build_graph
from rules.turn import empire
from rules.turn.empire_facts import economy, morale_facts

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))
from economy import generated  # noqa: E402


def _walk(graph: LaneGraph, start: Label, through: set[Label] | None = None) -> dict[Label, int]:
    seen = {start: 0}
    todo = deque([start])
    while todo:
        at = todo.popleft()
        for nxt in graph.neighbours(at):
            if nxt not in seen and (through is None or nxt in through):
                seen[nxt] = seen[at] + 1
                todo.append(nxt)
    return seen


def test_update_asset_walks_the_lanes_a_bounded_number_of_times(monkeypatch):
    c = generated(40, 20, 4)
    c.phase = empire.Phase.UPDATE
    planets = sum(len(s.star_system.planets) for s in c.map.sectors if s.star_system is not None)
    calls = [0]
    real = LaneGraph.neighbours

    def counted(self, at):
        calls[0] += 1
        return real(self, at)

    monkeypatch.setattr(LaneGraph, "neighbours", counted)
    empire.answer(c, "roll")
    # a walk of 4 jumps reaches at most 61 hexes; plus one walk from each homeworld
    assert calls[0] <= planets * 61 + len(c.powers) * len(c.map.sectors), (calls[0], planets)


def test_bounded_facts_give_the_rows_an_unbounded_walk_gives():
    c = generated(30, 12, 3)
    for s in c.map.sectors[::7]:  # some sectors change hands: homeworlds cut off, colonies far apart
        s.owner = None
    graph = build_graph(c)
    memo: dict = {}
    checked = 0
    for s in c.map.sectors:
        for pl in s.star_system.planets if s.star_system is not None else []:
            power = pl.owner or ""
            got = morale_facts(c, graph, s, pl, memo)
            dist = _walk(graph, s.at)
            colonies = {x.at for x in c.map.sectors if x.star_system is not None
                        and any(p.owner == power for p in x.star_system.planets)} - {s.at}
            near = min((dist[at] for at in colonies if at in dist), default=None)
            home = economy(c, power).homeworld
            team = c.team_of_power(power)
            held = {x.at for x in c.map.sectors if x.owner in set(team.powers)}
            cut = home is not None and (s.at not in _walk(graph, home, held | {home})
                                        if home in held or home == s.at else True)
            want = pe.SystemFacts(pl.census, pl.productivity, near, cut, False, 0, False, False)
            assert got.cut_off == want.cut_off
            for ch in pe.Check:
                assert pe.applies(ch, got) == pe.applies(ch, want), (s.at, ch)
            checked += 1
    assert checked > 50


def test_income_and_tech_answers_copy_only_what_they_change():
    """An Income or Tech answer changes the powers' records, the log and the questions asked: the
    map and the fleets are shared with the campaign before it (never changed once made), which is
    left as it was (bench/economy.py: the whole map was copied for every power's tech roll)."""
    from rules.model import dumps
    from rules.strategic import build_graph

    c = generated(20, 10, 3)
    before = dumps(c)
    after = empire.answer(c, "confirm")
    assert after.map is c.map and after.fleets is c.fleets
    assert after.powers[0] is not c.powers[0] and after.log is not c.log and after.turn_asked is not c.turn_asked
    assert dumps(c) == before and after.powers[0].economy.last_tdp != c.powers[0].economy.last_tdp
    tech = empire.advance(after, build_graph(after))
    assert tech.map is c.map and tech.phase is not after.phase
    while (q := empire.pending(tech)) is not None:  # each power's investment, then the rolls of turn 6
        tech = empire.answer(tech, "roll" if q.key.startswith("tech/roll/") else 1)
        assert tech.map is c.map
    assert "tech/roll/p00" in tech.turn_asked and dumps(c) == before
