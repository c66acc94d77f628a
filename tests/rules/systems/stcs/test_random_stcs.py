"""Random play: any legal answers end an STCS battle within its bound (after SEGMENT_LIMIT
segments only resolving is offered), and its answers replay to the same bytes."""
from __future__ import annotations

import random

import pytest

from rules.battlehex.questions import QKind
from rules.systems import start
from rules.systems.stcs.engine import SEGMENT_LIMIT
from tests.rules.systems.stcs.helpers import legal, stcs_campaign
from tests.rules.systems.v13.helpers import AT


@pytest.mark.parametrize("seed", range(6))
def test_random_answers_end_within_the_bound_and_replay(seed: int) -> None:
    rng = random.Random(seed)
    run = start(stcs_campaign(), AT)
    for _ in range(5000):  # (more acts since mines and explosions: more answers a segment)
        q = run.pending
        if q is None:
            break
        if q.kind is QKind.CHOOSE:
            options = [o for o in q.options if o != "resolve" and legal(q, o)] or list(q.options)
            run.answer(rng.choice(options))
        elif q.kind is QKind.CHOOSE_UNITS:
            run.answer([o for o in q.options if rng.random() < 0.3])
        elif q.kind is QKind.TEXT:  # a power allocation: the proposal it opens at
            run.answer(q.default)
        elif q.kind is QKind.YES_NO:  # the Not Firing box's ruling (met once the cloaked ship's Emergency Heading
            run.answer(rng.random() < 0.5)  # Change shifted the random battles)
        else:
            assert q.low is not None and q.high is not None
            run.answer(rng.randint(q.low, q.high))
    assert run.state.resolved and run.engine.round <= SEGMENT_LIMIT + 1
    again = start(stcs_campaign(), AT)
    for a in run.answers:
        again.answer(a)
    assert again.events_json() == run.events_json() and again.events_json("blue") == run.events_json("blue")
