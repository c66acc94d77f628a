"""Undo anywhere in an AF/EF or a SIDCORS battle resumes from a checkpoint kept where the battle
stood, again and again (issue 21 part 1: undo flat in the force's size): every question an
engine can go on from is one (the few it cannot are listed here), an undo that takes the
checkpoint's engine has it kept again before the next answer, and each undo gives exactly what a
replay from the first round gives."""
from __future__ import annotations

import gc
import json
import weakref
from typing import Any

import pytest

from rules.battlehex import replay_points
from rules.model.campaign import Campaign
from rules.systems import start
from rules.systems.sidcors.battle import step_of
from tests.play.duel import AT, battle
from tests.play.random_battle import play_at_random
from tests.rules.battlehex.test_replay_points import counting, reference

NOT_RESUMABLE = {"flagship", "out", "cloak", "directed", "directed_fighters", "directed_more", "transfer", "end"}
"""The steps an engine cannot go on from (fleet composition, SIDCORS's cloak, Directed Damage,
fighter transfer, the GM's ending): an undo of the answer given there replays a few answers."""


def step(key: str) -> str:
    return step_of(key) if key.startswith("sidcors/") else key.rsplit("/", 1)[-1]


@pytest.fixture(params=[("afef", 1.0, 6), ("sidcors", 1.0, 6), ("sidcors", 0.8, 14)],
                ids=["afef", "sidcors", "sidcors-retreat"])
def played(request: pytest.FixtureRequest) -> tuple[str, Campaign, Any, list[Any]]:
    system, stubborn, seed = request.param
    c, g = battle(12, system)
    p = play_at_random(c, AT, system, seed, g, stubborn=stubborn)
    assert len(p.answers) >= 12, f"{system}: a battle too short to test ({len(p.answers)} answers)"
    return system, p.campaign, g, p.answers


def test_undo_after_every_answer_resumes_where_the_battle_stood_and_gives_a_full_replays_bytes(played, monkeypatch):
    """Each answer given, taken back, given again, taken back again: no answer replayed (but
    after the listed steps), the state of a replay from the first round each time."""
    system, c, g, answers = played
    replay_points.SHELF.clear()
    run = start(c, AT, g)
    given = counting(monkeypatch)
    replayed: dict[str, int] = {}
    seen: set[str] = set()
    for a in answers[:-1]:
        q = run.pending
        assert q is not None
        for _ in range(2):  # twice: the first undo takes the checkpoint, the second finds it kept again
            run.answer(a)
            given.clear()
            run.undo(1)
            if given:
                replayed[step(q.key)] = max(replayed.get(step(q.key), 0), len(given))
        seen.add(step(q.key))
        run.answer(a)
        if len(run.answers) % 7 == 0 or step(q.key) in ("retreat", "direction", "return", "bif"):
            ref = reference(c, g, run.answers)
            assert run.events_json() == ref.events_json() and run.saved() == ref.saved(), f"after {q.key}"
    assert not set(replayed) - NOT_RESUMABLE, f"{system}: undo replayed answers after {replayed}"
    assert all(n <= 4 for n in replayed.values()), f"{system}: undo replayed {replayed}"
    if system == "afef":
        assert {"modifiers", "screen", "declare", "return", "continue"} <= seen
    else:
        assert {"bif", "allocate", "retreat"} <= seen
    run.answer(answers[-1])
    end = reference(c, g, answers)
    assert run.state.resolved and run.events_json() == end.events_json() and run.saved() == end.saved()


def test_a_sidcors_battle_that_ends_in_a_retreat_is_undone_from_its_direction_without_a_replay(monkeypatch):
    """The retreat questions and the direction after them are checkpoints too (the bench's battle
    ends there): undoing the direction, and the retreat before it, replays nothing."""
    c, g = battle(12, "sidcors")
    p = play_at_random(c, AT, "sidcors", 14, g, stubborn=0.8)
    keys = [step(e.data["key"]) for e in p.run.log.events if e.kind == "question"]
    assert keys[-3:] == ["retreat", "retreat", "direction"], keys[-3:]
    replay_points.SHELF.clear()
    run = start(p.campaign, AT, g)
    for a in p.answers[:-1]:
        run.answer(a)
    assert run.pending is not None and step(run.pending.key) == "direction"
    given = counting(monkeypatch)
    for _ in range(2):
        given.clear()
        run.undo(1)
        assert not given, f"undo to {run.pending.key if run.pending else None} replayed {len(given)} answers"
        ref = reference(p.campaign, g, run.answers)
        assert run.events_json() == ref.events_json() and run.saved() == ref.saved()
    for a in p.answers[len(run.answers):]:
        run.answer(a)
    end = reference(p.campaign, g, p.answers)
    assert run.state.resolved and run.events_json() == end.events_json() and run.saved() == end.saved()


def test_an_undo_finds_its_checkpoint_without_comparing_answers_one_by_one(played, monkeypatch):
    """The checkpoints hold the run's own answer objects: an undo (and the answer after it) tell
    them by identity at C speed, not by a Python comparison per answer given (which grew with
    the battle's length); answers that are equal but not the same objects are still compared."""
    system, c, g, answers = played
    replay_points.SHELF.clear()
    run = start(c, AT, g)
    for a in answers[:-1]:
        run.answer(a)
    compared: list[int] = []
    real = replay_points.same
    monkeypatch.setattr(replay_points, "same", lambda a, b: compared.append(1) or real(a, b))
    run.undo(1)
    run.answer(answers[-2])
    assert not compared, f"{len(compared)} answers compared one by one"
    copied = json.loads(json.dumps(answers[:-2]))  # equal answers, other objects (a record read from a file)
    assert run._points is not None and run._points.best(copied) is not None and compared


def test_the_engine_an_undo_leaves_is_released_with_the_next_answer_not_during_the_undo(played):
    """Freeing a whole force's objects grew the undo with the force's size: the engine an undo
    leaves is released when the next answer is given (the undo's state is a full replay's)."""
    system, c, g, answers = played
    replay_points.SHELF.clear()
    run = start(c, AT, g)
    for a in answers[:-1]:
        run.answer(a)
    left = weakref.ref(run.engine)
    run.undo(1)
    assert left() is not None and left() is not run.engine, "the undo freed the engine it left"
    ref = reference(c, g, run.answers)
    assert run.events_json() == ref.events_json() and run.saved() == ref.saved()
    run.answer(answers[-2])
    gc.collect()
    assert left() is None, "the engine an undo left outlived the next answer"
