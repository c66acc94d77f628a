"""An STCS battle resumes from checkpoints like SIDCORS, AF/EF and B5 (issue 25, through the seam):
undo after any answer of the segments replays none and gives the bytes of a full replay; a reopen in
the same process replays a few."""
from __future__ import annotations

import random
from typing import Any

import pytest

from rules.battlehex import replay_points
from rules.battlehex.questions import QKind
from rules.dice import DiceRoller
from rules.systems import start
from tests.rules.battlehex.test_replay_points import counting
from tests.rules.systems.stcs.helpers import legal, stcs_campaign
from tests.rules.systems.v13.helpers import AT

SETUP = ("stcs/mode", "stcs/arrivals")


def reference(c: Any, answers: list[Any]) -> Any:
    """The battle replayed from the first answer (dice made by another callable: no checkpoints)."""
    cls = type(start(c, AT))
    run = cls(c, AT, None, dice=lambda seed: DiceRoller(seed))
    run.restart(answers)
    return run


@pytest.fixture(scope="module")
def played() -> tuple[Any, list[Any]]:
    rng = random.Random(5)
    c = start(stcs_campaign(), AT).saved()  # the record's seed drawn once, kept
    run = start(c, AT)
    while run.pending is not None:
        q = run.pending
        if q.kind is QKind.CHOOSE:
            options = [o for o in q.options if o != "resolve" and legal(q, o)] if run.engine.round < 8 else ["resolve"]
            run.answer(rng.choice(options or list(q.options)))
        elif q.kind is QKind.CHOOSE_UNITS:
            run.answer([o for o in q.options if rng.random() < 0.3])
        elif q.kind is QKind.TEXT:  # a power allocation: the proposal it opens at
            run.answer(q.default)
        else:
            assert q.low is not None and q.high is not None
            run.answer(rng.randint(q.low, q.high))
    assert len(run.answers) >= 20
    return c, list(run.answers)


def test_undo_after_every_answer_replays_none_and_gives_a_full_replays_bytes(played, monkeypatch) -> None:
    c, answers = played
    replay_points.SHELF.clear()
    run = start(c, AT)
    given = counting(monkeypatch)
    replayed: dict[str, int] = {}
    for n, a in enumerate(answers[:-1]):
        q = run.pending
        assert q is not None
        for _ in range(2):  # the first undo takes the checkpoint, the second finds it kept again
            run.answer(a)
            given.clear()
            run.undo(1)
            if given and q.key.endswith("/act"):
                replayed[q.key] = len(given)
        run.answer(a)
        ref = reference(c, run.answers)
        assert run.events_json() == ref.events_json() and run.saved() == ref.saved(), f"after {q.key}"
        assert run.events_json("blue") == ref.events_json("blue")
    assert not replayed, f"undo replayed answers after {replayed}"
    run.answer(answers[-1])
    end = reference(c, answers)
    assert run.state.resolved and run.events_json() == end.events_json() and run.saved() == end.saved()


def test_a_reopen_in_the_same_process_replays_a_few_answers(played, monkeypatch) -> None:
    c, answers = played
    replay_points.SHELF.clear()
    run = start(c, AT)
    for a in answers[:-3]:
        run.answer(a)
    given = counting(monkeypatch)
    again = start(run.saved(), AT)
    assert len(given) <= 4, f"a reopen gave {len(given)} of {len(answers) - 3} answers again"
    assert again.events_json() == run.events_json()
