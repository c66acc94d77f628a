"""Play one Battle Hex of a given battle system at random (issue 19), to its end.

:func:`play_at_random` fights the open Battle Hex at ``at`` with ``system`` (``table``,
``sidcors`` or ``afef``; V13 is played by :mod:`rules.systems.v13.autoplay`) from ``seed``: at each
question it tries candidate answers (:func:`tests.play.battle_player.candidates` knows the
systems' question forms) until the question's own check passes, gives it, and goes on until no
question is left. ``stubborn`` is the chance a side declines a way out (a SIDCORS retreat, an
AF/EF break-off) when it is offered: 1.0 never leaves, so only the engine's bound
(:data:`BOUNDS`) ends a battle nobody can win. Exceptions escape (a property test wants them);
a question no candidate answers, or more than ``max_answers`` answers, raise ``AssertionError``.
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from hexmap import Label, LaneGraph
from rules.battlehex.log import IllegalAnswer
from rules.battlehex.questions import QKind, Question
from rules.model.campaign import Campaign
from rules.systems import BattleRun, start
from rules.systems.afef.asking import ROUND_LIMIT as AFEF_ROUNDS
from rules.battlehex.headless_systems import with_system
from rules.systems.sidcors.ending import ROUND_LIMIT as SIDCORS_ROUNDS
from tests.play.battle_player import candidates

BOUNDS = {"table": 0, "sidcors": SIDCORS_ROUNDS, "afef": AFEF_ROUNDS}
"""The engine's bound on rounds per system (the table has none: three GM questions)."""


@dataclass
class Played:
    """A battle played at random: its run (resolved) and the answers that replay it."""

    run: BattleRun
    campaign: Campaign
    """The campaign it was fought in (the system and seed set on its record)."""
    answers: list[Any]


def _tries(q: Question, rng: random.Random, stubborn: float) -> Iterator[Any]:
    if q.kind is QKind.YES_NO:  # SIDCORS retreat / Directed Damage on: yes is the way out
        first = rng.random() >= stubborn
        yield first
        yield not first
        return
    if q.key.startswith("afef/") and q.key.endswith("/continue"):
        if rng.random() < stubborn:
            yield "fight"
        yield {"break_off": rng.choice(["attacker", "defender", "both"]), "reason": "random play"}
        return
    if q.key.startswith("composition/") and q.key.endswith("/out"):
        yield from _exclusions(q.options, rng)
        return
    if q.key.startswith("sidcors/") and q.key.endswith("/end") and rng.random() < 0.3:
        yield {"gm_ruling": "random play", "answer": rng.choice(q.options)}  # the GM's answer as a ruling
    yield from candidates(q, rng)


def _exclusions(options: tuple[str, ...], rng: random.Random) -> Iterator[list[str]]:
    """Units to keep out of a battle until the rest fits: growing random sets first, then (for a
    small force) every set, in random order, so a force with a legal answer always finds one."""
    order = rng.sample(list(options), len(options))
    for n in range(len(order) + 1):
        yield order[:n]
    if len(options) <= 12:
        masks = rng.sample(range(2 ** len(options)), 2 ** len(options))
        for m in masks:
            yield [o for i, o in enumerate(options) if m >> i & 1]


def play_at_random(campaign: Campaign, at: Label, system: str, seed: int, graph: LaneGraph | None = None,
                   stubborn: float = 0.0, max_answers: int = 5000) -> Played:
    """Fight the open Battle Hex at ``at`` of ``campaign`` with ``system`` and dice ``seed``,
    answering at random (seeded by ``seed``) until it is resolved."""
    c = with_system(campaign, at, system, seed)
    run = start(c, at, graph)
    rng = random.Random(seed)
    while run.pending is not None:
        q = run.pending
        assert len(run.answers) < max_answers, f"{system} at {at}: {max_answers} answers and still {q.key}"
        for a in _tries(q, rng, stubborn):
            try:
                run.answer(a)
            except IllegalAnswer:
                continue
            break
        else:
            raise AssertionError(f"{system} at {at}: no candidate answer to {q.key} passes its check: {q.text}")
    return Played(run, c, list(run.answers))
