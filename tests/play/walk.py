"""Every question random games ask, with the run that asked it (issue 22).

:func:`battle_questions` plays each open Battle Hex of the default campaign and of a few
generated campaigns with each battle system (V13, the table, SIDCORS, AF/EF) at random, then
replays the answers afresh and yields each question as it was pending, with the run.
:func:`phase_questions` does the same for whole turns of the default campaign's seed-004
Combat Phase (:class:`tests.play.turn_player.TurnPlayer`).
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from hexmap import LaneGraph
from rules.model import load_campaign
from rules.model.campaign import Campaign
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems import choose_for_campaign, start
from rules.battlehex.headless_systems import with_system
from rules.turn.run import TurnRun
from tests.conftest import DEFAULT
from tests.play.battle_player import fight
from tests.play.random_battle import play_at_random
from tests.play.turn_player import TurnPlayer
from tests.strategies.campaigns import campaign_from_seed

SYSTEMS = ("v13", "table", "sidcors", "afef")


@lru_cache(maxsize=None)
def formed(source: int) -> tuple[Campaign, LaneGraph]:
    """The campaign after End Movement: ``-1`` the default one, else the generated one of that seed."""
    c = load_campaign(DEFAULT) if source < 0 else campaign_from_seed(source)
    graph = build_graph(c)
    asked = end_movement(c, graph).questions
    out = end_movement(c, graph, {(q.at, q.team, q.other): False for q in asked}).campaign
    assert out is not None
    return out, build_graph(out)


def battle_questions(sources: tuple[int, ...] = (-1, 3, 5), seed: int = 7) -> Iterator[tuple[str, Any, Any, Any]]:
    """``(system, run, question, answer)`` for every question of random battles, each as it was
    pending (the answer is given to the run after the yield)."""
    for source in sources:
        c, graph = formed(source)
        for rec in c.battle_hexes:
            if rec.resolved:
                continue
            for system in SYSTEMS:
                if system == "v13":
                    fought = with_system(c, rec.at, system, seed)
                    answers = fight(fought, rec.at, graph, random.Random(seed)).answers
                else:
                    played = play_at_random(c, rec.at, system, seed, graph)
                    fought, answers = played.campaign, played.answers
                run = start(fought, rec.at, graph)
                for a in answers:
                    if run.pending is None:
                        break
                    yield system, run, run.pending, a
                    run.answer(a)


def phase_questions(seeds: tuple[int, ...] = (1, 2), turns: int = 2) -> Iterator[tuple[str, Any, Any, Any]]:
    """``("combat phase", run, question, answer)`` for every question of random whole turns of the default
    campaign (seed-004 Combat Phase, battles fought with each system in turn)."""
    for seed in seeds:
        c = load_campaign(DEFAULT)
        c = choose_for_campaign(c.model_copy(update={"dice_seed": seed}), SYSTEMS[seed % len(SYSTEMS)])
        player = TurnPlayer(c, seed, check_saves=False)
        player.play_turns(turns)
        run = TurnRun(c)
        for a in player.run.answers:
            yield "combat phase", run, run.pending, a
            run.answer(a)
