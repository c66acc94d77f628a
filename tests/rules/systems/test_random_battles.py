"""Random legal play of every battle system but V13 (issue 19): the table, SIDCORS and AF/EF fight
the default campaign's Battle Hexes and generated campaigns' (tests/strategies/campaigns.py:
monsters, Orions, carriers, bases, convoys) with answers chosen at random among those each
question's check accepts (:func:`tests.play.random_battle.play_at_random`), sides that never
leave included. Asserted: the battle ends, within the engine's bound of rounds; no exception
escapes; the campaign with its results passes ``--check``'s validation; the same seed and
answers give the same bytes (log and saved campaign), in this process and in fresh ones under
two ``PYTHONHASHSEED`` values.

Profiles: the default one (CI) takes a few seconds; ``BATTLEHEX_LONG=1`` plays thousands::

    BATTLEHEX_LONG=1 .venv/bin/python -m pytest tests/rules/systems/test_random_battles.py -q
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from hexmap import Label, LaneGraph
from rules.model.campaign import Campaign
from rules.model.io import dumps, parse_campaign
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems import start
from tests.conftest import ROOT
from tests.play.random_battle import BOUNDS, Played, play_at_random
from tests.strategies.campaigns import campaign_from_seed
from tests.hand_kept import hand_kept

LONG = os.environ.get("BATTLEHEX_LONG") == "1"
EXAMPLES = 2000 if LONG else 40
GENERATED = 200 if LONG else 12
"""Generated campaigns drawn from (by seed)."""
SYSTEMS = ("table", "sidcors", "afef")


@lru_cache(maxsize=None)
def formed(source: int) -> tuple[Campaign, LaneGraph]:
    """The campaign after End Movement (its Battle Hexes formed): ``-1`` the default campaign,
    else the generated campaign of that seed (every V13.16/V13.18 question: pay attention)."""
    c = hand_kept() if source < 0 else campaign_from_seed(source)
    graph = build_graph(c)
    asked = end_movement(c, graph).questions
    out = end_movement(c, graph, {(q.at, q.team, q.other): False for q in asked}).campaign
    assert out is not None
    return out, build_graph(out)


def _bytes(p: Played, graph: LaneGraph) -> tuple[str, str]:
    """The log (GM's view) and the saved campaign after replaying ``p``'s answers afresh."""
    at = p.run.record.at
    run = start(p.campaign, at, graph)  # the record holds no answers yet: the battle from its start
    for a in p.answers:
        run.answer(a)
    log = json.dumps([e.to_dict() for e in run.log.events], sort_keys=True)
    return log, dumps(run.saved())


def _check(p: Played, system: str, graph: LaneGraph) -> None:
    run = p.run
    assert run.pending is None and run.status().resolved, run.status()
    if BOUNDS[system]:  # the engine's bound of rounds (the table has no rounds: its three questions)
        assert 0 <= getattr(run, "round", -1) <= BOUNDS[system], (run.status(), BOUNDS[system])
    else:
        assert sum(1 for a in run.log.events if a.kind == "answer" and a.data["key"].startswith("table/")) == 3
    first = _bytes(p, graph)
    assert first == _bytes(p, graph)  # same seed and answers, same bytes
    parse_campaign(first[1])  # the campaign with the battle's results passes what --check reads
    assert first[0] == json.dumps([e.to_dict() for e in run.log.events], sort_keys=True)


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(case=st.integers(0, 2**32 - 1))
def test_random_legal_play_ends_within_the_bound_and_replays_to_the_same_bytes(case):
    """One battle per case: the campaign (default or generated), its Battle Hex, the system, the
    dice and answers' seed and how stubborn the sides are all drawn from ``case``."""
    draw = random.Random(case)
    source = draw.randrange(-1, GENERATED)
    pick, system, seed = draw.randrange(10**6), draw.choice(SYSTEMS), draw.randrange(2**31)
    stubborn = draw.choice((0.0, 0.2, 0.8, 1.0))
    campaign, graph = formed(source)
    open_hexes = [r.at for r in campaign.battle_hexes if not r.resolved]
    if not open_hexes:
        event("no Battle Hex formed")
        return
    at = open_hexes[pick % len(open_hexes)]
    p = play_at_random(campaign, at, system, seed, graph, stubborn=stubborn)
    _check(p, system, graph)
    rounds = getattr(p.run, "round", 0)
    event(f"{system}: " + ("GM ruling" if "GM ruling" in p.run.status().resolution else
                           "the bound" if BOUNDS[system] and rounds == BOUNDS[system] else "ended by play"))


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_amoeba_and_every_default_battle_end_even_when_nobody_leaves(system):
    """Sides that never retreat nor break off: the engine's bound (or the GM's ruling when
    nobody can hurt anybody, at 0707) still ends every default Battle Hex."""
    campaign, graph = formed(-1)
    for rec in campaign.battle_hexes:
        p = play_at_random(campaign, rec.at, system, 7, graph, stubborn=1.0)
        _check(p, system, graph)
        if system == "sidcors" and rec.at == Label.parse("0707"):
            assert p.run.round == 0 and "GM ruling" in p.run.status().resolution


def test_the_same_battle_prints_the_same_bytes_in_fresh_processes(tmp_path):
    """``main.py battle`` with a random play's answers, under PYTHONHASHSEED 1 and 2."""
    campaign, graph = formed(-1)
    at = Label.parse("0604")
    systems = SYSTEMS if LONG else ("sidcors",)
    for system in systems:
        p = play_at_random(campaign, at, system, 11, graph, stubborn=0.8)
        f, a = tmp_path / f"{system}.json", tmp_path / f"{system}-answers.json"
        f.write_text(dumps(p.campaign), encoding="utf-8")
        a.write_text(json.dumps(p.answers), encoding="utf-8")
        outs = []
        for hashseed in ("1", "2"):
            env = dict(os.environ, PYTHONHASHSEED=hashseed, QT_QPA_PLATFORM="offscreen")
            r = subprocess.run([sys.executable, "main.py", "battle", str(f), "--hex", str(at), "--answers", str(a),
                                "--viewer", "gm"], cwd=ROOT, capture_output=True, text=True, env=env, timeout=120)
            assert r.returncode == 0, r.stderr
            outs.append(r.stdout)
        assert outs[0] == outs[1]
        assert json.loads(outs[0])["state"]["resolved"] and json.loads(outs[0])["answers_used"] == len(p.answers)
