"""Every question random games ask, with the run that asked it (issue 22).

:func:`battle_questions` plays each open Battle Hex of the default campaign and of a few
generated campaigns with each battle system (V13, the table, SIDCORS, AF/EF) at random, then
replays the answers afresh and yields each question as it was pending, with the run.
:func:`seam_questions` does the same for the systems added through the registry's seam (B5 and
STCS, on their own test scenarios). :func:`phase_questions` does it for whole turns of the
default campaign's seed-004 Combat Phase (:class:`tests.play.turn_player.TurnPlayer`), and
:func:`empire_questions` for whole turns of ``scenarios/default_campaign.json`` (the empire phases:
Income, Tech, Turn Orders' purchases, Update Asset, End of Turn).
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
from tests.conftest import ROOT
from tests.hand_kept import hand_kept
from tests.play.battle_player import fight
from tests.play.random_battle import play_at_random
from tests.play.turn_player import TurnPlayer
from tests.strategies.campaigns import campaign_from_seed

SYSTEMS = ("v13", "table", "sidcors", "afef")


@lru_cache(maxsize=None)
def formed(source: int) -> tuple[Campaign, LaneGraph]:
    """The campaign after End Movement: ``-1`` the default one (its empire turn kept by hand, from its
    Turn Orders: tests/hand_kept.py), else the generated one of that seed."""
    c = hand_kept() if source < 0 else campaign_from_seed(source)
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
    campaign (seed-004 Combat Phase, battles fought with each system in turn; its empire turn kept by hand:
    :func:`empire_questions` plays the shipped one's)."""
    for seed in seeds:
        c = hand_kept()
        c = choose_for_campaign(c.model_copy(update={"dice_seed": seed}), SYSTEMS[seed % len(SYSTEMS)])
        player = TurnPlayer(c, seed, check_saves=False)
        player.play_turns(turns)
        run = TurnRun(c)
        for a in player.run.answers:
            yield "combat phase", run, run.pending, a
            run.answer(a)


def seam_questions(seeds: tuple[int, ...] = (0, 1)) -> Iterator[tuple[str, Any, Any, Any]]:
    """``(system, run, question, answer)`` for every question of random B5 and STCS battles (their
    random players, :mod:`tests.rules.systems.b5.test_random_b5` and the STCS one), replayed afresh."""
    from rules.battlehex.questions import QKind
    from tests.rules.systems.b5.helpers import b5_campaign
    from tests.rules.systems.b5.test_random_b5 import play as play_b5
    from tests.rules.systems.stcs.helpers import legal, stcs_campaign
    from tests.rules.systems.v13.helpers import AT

    def stcs_answers(seed: int) -> list[Any]:
        rng, run = random.Random(seed), start(stcs_campaign(), AT)
        while run.pending is not None and len(run.answers) < 2000:
            q = run.pending
            if q.kind is QKind.CHOOSE:  # (acts a hidden state or a power allocation bars are listed, refused)
                run.answer(rng.choice([o for o in q.options if o != "resolve" and legal(q, o)] or list(q.options)))
            elif q.kind is QKind.CHOOSE_UNITS:
                run.answer([o for o in q.options if rng.random() < 0.3])
            elif q.kind is QKind.TEXT:  # a power allocation: the proposal it opens at
                run.answer(q.default)
            else:
                run.answer(rng.randint(q.low, q.high))
        return list(run.answers)

    for seed in seeds:
        games = [("b5", b5_campaign(4, armed=seed % 2 == 1), play_b5(seed).answers),
                 ("stcs", stcs_campaign(), stcs_answers(seed))]
        for system, c, answers in games:
            run = start(c, AT)
            for a in answers:
                if run.pending is None:
                    break
                yield system, run, run.pending, a
                run.answer(a)


def empire_questions(seeds: tuple[int, ...] = (1, 2), turns: int = 2) -> Iterator[tuple[str, Any, Any, Any]]:
    """``("empire turn", run, question, answer)`` for every question of random whole turns of the
    seed-004 economy scenario, from turn 6 or 12 (Tech rolls, census growth), each power given a
    Point Pool and a unit list to buy from (:func:`tests.test_campaign_property._economy`)."""
    from tests.test_campaign_property import _economy

    for seed in seeds:
        c = load_campaign(ROOT / "scenarios" / "default_campaign.json").model_copy(update={"dice_seed": seed})
        c = _economy(c, seed, (6, 12)[seed % 2])
        player = TurnPlayer(c, seed, ruling=1.0, check_saves=False)
        player.play_turns(turns)
        run = TurnRun(c)
        for a in player.run.answers:
            yield "empire turn", run, run.pending, a
            run.answer(a)
