"""Random answers to try for the questions of the systems added through the registry's seam:
Babylon 5 (``b5``) and STCS (``stcs``), for the whole-campaign random player (issue 19's
:func:`tests.play.battle_player.fight`).

B5's come from its own random battle test (:func:`tests.rules.systems.b5.test_random_b5.answer_for`:
placements among the engine's legal hexes, plots, fighter orders and flight moves), then a straight
plot and, at the board's edge, the plot as a GM ruling, as that test does; a turn is mostly plotted and
moved (not fought at the table or its results entered), so the battle is played. STCS's: an accepted act
(ending the segment a third of the time, so the engine's
SEGMENT_LIMIT is reached within the player's bound; resolving only now and then), the power allocation the question proposes,
random parties and numbers in the question's bounds.
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from rules.battlehex.log import IllegalAnswer
from rules.battlehex.questions import QKind, Question

SEAM = ("b5", "stcs")
"""The systems whose answers this module proposes."""


def _b5(run: Any, q: Question, rng: random.Random) -> Iterator[Any]:
    from rules.systems.b5.engine import PLOT
    from rules.systems.b5.movement import pulse_moves
    from tests.rules.systems.b5.test_random_b5 import answer_for

    if q.kind is QKind.CHOOSE and PLOT in q.options and rng.random() < 0.85:  # mostly fought, not entered
        yield PLOT
    yield answer_for(run, q, rng)
    if "plot" in q.data:
        straight = " ".join("F" * n or "-" for n in pulse_moves(q.data["speed"]))
        yield straight
        yield {"gm_ruling": "random play: at the board's edge", "answer": straight}
    if q.kind is QKind.PLACE and "none" in q.options:
        yield "none"
    if "elint" in q.data:  # an ELINT ship's orders: none when the random one is refused (out of range)
        yield "none"
    if q.kind is QKind.CHOOSE:  # another option when the random one is refused (a jump-in none can make)
        yield from q.options
    if q.kind is QKind.CHOOSE_UNITS:
        yield []
        yield list(q.options)


def _accepted(q: Question, option: str) -> bool:
    try:
        q.check(option)
    except IllegalAnswer:
        return False
    return True


def _stcs(q: Question, rng: random.Random) -> Iterator[Any]:
    if q.kind is QKind.CHOOSE:
        acts = [o for o in q.options if _accepted(q, o)]
        fight_on = [o for o in acts if o not in ("resolve", "next")]
        if "next" in acts and (rng.random() < 0.3 or not fight_on):  # the segment ends: on to SEGMENT_LIMIT
            yield "next"
        if fight_on and rng.random() < 0.97:
            yield rng.choice(fight_on)
        yield from rng.sample(acts, len(acts))
    elif q.kind is QKind.CHOOSE_UNITS:
        yield [o for o in q.options if rng.random() < 0.3]
        yield []
    elif q.kind is QKind.TEXT:  # a power allocation: the proposal it opens at
        yield q.default
    elif q.kind in (QKind.NUMBER, QKind.OPTIONAL_NUMBER) and q.low is not None and q.high is not None:
        yield rng.randint(q.low, q.high)
        yield q.default if q.default is not None else q.low
    elif q.kind is QKind.YES_NO:
        first = rng.random() < 0.5
        yield first
        yield not first


def seam_candidates(system: str, run: Any, q: Question, rng: random.Random) -> Iterator[Any]:
    """Answers to try, most likely first, for ``q`` pending in ``run`` of ``system`` (b5 or stcs)."""
    if system == "b5":
        yield from _b5(run, q, rng)
    else:
        yield from _stcs(q, rng)
