"""Every question random games ask, with the run that asked it (issue 22).

:func:`battle_questions` plays each open Battle Hex of the default campaign and of a few
generated campaigns with each battle system (V13, the table, SIDCORS, AF/EF) at random, then
replays the answers afresh and yields each question as it was pending, with the run.
:func:`seam_questions` does the same for the systems added through the registry's seam (B5 and
STCS, on their own test scenarios; then :func:`session_games`, which reach the newest rules' questions).
:func:`phase_questions` does it for whole turns of the
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


def seam_questions(seeds: tuple[int, ...] = (0, 1), session: bool = True) -> Iterator[tuple[str, Any, Any, Any]]:
    """``(system, run, question, answer)`` for every question of random B5 and STCS battles (their
    random players, :mod:`tests.rules.systems.b5.test_random_b5` and the STCS one), replayed afresh;
    ``session``: then the games of :func:`session_games` (the questions of issues 24 and 25's latest rules)."""
    from tests.rules.systems.b5.test_random_b5 import campaign, play as play_b5
    from tests.rules.systems.stcs.helpers import stcs_campaign

    for seed in seeds:
        yield from _replayed([("b5", _starting(campaign(seed)), play_b5(seed).answers),
                              ("stcs", _starting(stcs_campaign()), stcs_answers(stcs_campaign(), seed))])
    if session:
        yield from _replayed(session_games())


def _starting(c: Campaign) -> Any:
    """A fresh run of the battle at the test scenarios' hex in ``c``."""
    from tests.rules.systems.v13.helpers import AT

    return lambda: start(c, AT)


def _replayed(games: list[tuple[str, Any, list[Any]]]) -> Iterator[tuple[str, Any, Any, Any]]:
    """Each game ``(system, a fresh run's maker, answers)`` replayed, each question yielded as it is pending."""
    for system, make, answers in games:
        run = make()
        for a in answers:
            if run.pending is None:
                break
            yield system, run, run.pending, a
            run.answer(a)


def stcs_answers(c: Campaign, seed: int, board: str = "") -> list[Any]:
    """A random STCS battle's answers (acts a hidden state or a power allocation bars are listed, refused:
    the accepted ones picked); ``board``: that ship's power is allocated at its first two chances, with boarding
    parties (its crew off their stations: seed 002's Casualty Modifier Track moves)."""
    from rules.battlehex.questions import QKind
    from tests.rules.systems.stcs.helpers import legal
    from tests.rules.systems.v13.helpers import AT

    rng, run, boarded = random.Random(seed), start(c, AT), 0
    while run.pending is not None and len(run.answers) < 2000:
        q = run.pending
        if q.kind is QKind.CHOOSE:
            options = [o for o in q.options if o != "resolve" and legal(q, o)] or list(q.options)
            run.answer(f"power:{board}" if board and boarded < 2 and f"power:{board}" in options
                       else rng.choice(options))
        elif q.kind is QKind.CHOOSE_UNITS:
            run.answer([o for o in q.options if rng.random() < 0.3])
        elif q.kind is QKind.TEXT:  # a power allocation: the proposal it opens at (with boarding parties)
            a = q.default
            if board and q.key.endswith(f"/{board}"):
                boarded += 1
                parties = f"{a}, boarding {rng.randint(20, 60)}"
                a = parties if legal(q, parties) else a
            run.answer(a)
        else:
            run.answer(rng.randint(q.low, q.high))
    return list(run.answers)


LEADERLESS_SEED = 4
"""The random play of :func:`leaderless_b5` that reaches the Ex-Fighter Ops Commander's change and declared fire."""
TRACK_ANSWERS = 400
"""The STCS boarding game's answers replayed: its track has moved twice by then (the whole game is 800)."""


@lru_cache(maxsize=None)
def session_games() -> list[tuple[str, Any, list[Any]]]:
    """Games reaching the questions and lines of this session's rules: a B5 side with no flagship and a
    squadron with no command ship in the battle (``b5/commander``, ``b5/flagship`` tied, ``b5/net``), an
    Ex-Fighter Ops Commander changing fighter orders on an even turn, declared fire (:func:`leaderless_b5`);
    ELINT, energy mines and flights with declared fire (test_random_b5's seed 11); energy mines hitting a
    flight (test_emines' scripted game); an STCS ship's boarding parties moving its Casualty Modifier Track."""
    from rules.dice import ScriptedDice
    from rules.systems.b5.battle import B5Battle
    from tests.rules.systems.b5.test_emines import flight_fight
    from tests.rules.systems.b5.test_random_b5 import campaign, play as play_b5
    from tests.rules.systems.stcs.test_casualty_track import MODS, campaign as stcs_track
    from tests.rules.systems.v13.helpers import AT

    faces = [6, 9, 3, 7, 9, 3] + [1] * 10
    mined = flight_fight(faces)
    track = stcs_track(casualty_modifiers=MODS)
    return [("b5", _starting(leaderless_b5()), play_b5(LEADERLESS_SEED, leaderless_b5()).answers),
            ("b5", _starting(campaign(11)), play_b5(11).answers),
            ("b5", lambda: B5Battle(mined.campaign, AT, dice=lambda _seed: ScriptedDice(list(faces))), mined.answers),
            ("stcs", _starting(track), stcs_answers(track, 0, board="lexington")[:TRACK_ANSWERS])]


def leaderless_b5() -> Campaign:
    """A B5 battle (declared fire) where Blue's flagship is not in the Battle Hex: three squadron
    commanders of command rating 1, 1 and 0, and squadron b5 of two ships, none its command ship (one is
    designated: rating 1, a three-way tie for the flagship, which commands one squadron besides its
    own); Red's flagship is an Ex-Fighter Ops Commander carrying a flight, R-C2 carries another."""
    import json

    from rules.model import io
    from rules.strategic.turn import end_movement
    from tests.rules.systems.b5.helpers import ARRAY, PULSE, b5, flight
    from tests.rules.systems.b5.test_flights import fast
    from tests.rules.systems.v13.helpers import duel

    arms = {"weapons": [ARRAY, PULSE]}
    blue = [b5("b-c2", "b2", command=True, command_rating=1, **arms),
            b5("b-c3", "b3", command=True, command_rating=1, **arms),
            b5("b-c4", "b4", command=True, command_rating=0, **arms),
            b5("b-s5", "b5", command_rating=1, **arms), b5("b-t5", "b5", command_rating=1, **arms)]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True, fighter_flights=1, jump_engine=True,
              abilities=["ex-fighter ops commander"], **arms),
           b5("r-f2", "rflag", **arms), b5("r-c2", "r2", command=True, fighter_flights=1, jump_engine=True, **arms),
           flight("r-fl"), flight("r-fl3")]
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "b5"
    c = type(c).model_validate(data)
    formed_ = end_movement(c, build_graph(c)).campaign
    assert formed_ is not None
    return fast(formed_)


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
