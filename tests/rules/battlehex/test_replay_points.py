"""Checkpoints of every dice battle system's replay (issue 21 part 1): undo and reopen resume from
the seam's checkpoints (:mod:`rules.battlehex.replay_points`) instead of replaying every answer,
give the same bytes as a replay from the first round, and the odds a question is shown with are
computed when shown, never carried by the question (nor, so, by the file)."""
from __future__ import annotations

import json
from typing import Any

import pytest

from rules.dice import DiceRoller
from rules.model.campaign import Campaign
from rules.systems import start, system_for
from rules.battlehex import replay_points
from rules.battlehex.replay_points import TAIL, same
from rules.battlehex.run import ReplayRun
from tests.play.duel import AT, battle
from tests.play.random_battle import play_at_random


def reference(c: Campaign, g: Any, answers: list[Any]) -> ReplayRun[Any]:
    """The battle replayed from the first round (dice made by another callable: no checkpoints)."""
    cls = type(start(c, AT, g))
    run: ReplayRun[Any] = cls(c, AT, g, dice=lambda seed: DiceRoller(seed))
    run.restart(answers)
    return run


def counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the answers every run gives its engine from now on."""
    given: list[int] = []
    real = ReplayRun._give

    def give(self: ReplayRun[Any], raw: Any, expected: int | None = None) -> set[str]:
        given.append(1)
        return real(self, raw, expected)
    monkeypatch.setattr(ReplayRun, "_give", give)
    return given


@pytest.fixture(params=["afef", "sidcors"])
def played(request: pytest.FixtureRequest) -> tuple[Campaign, Any, list[Any]]:
    c, g = battle(12, request.param)
    p = play_at_random(c, AT, request.param, 6, g, stubborn=1.0)  # nobody leaves: 64-89 answers
    assert len(p.answers) >= 12, f"{request.param}: a battle too short to test ({len(p.answers)} answers)"
    return p.campaign, g, p.answers


def test_undo_and_reopen_resume_from_checkpoints_and_give_the_bytes_of_a_full_replay(played, monkeypatch):
    c, g, answers = played
    replay_points.SHELF.clear()
    run = start(c, AT, g)
    half = answers[: len(answers) * 2 // 3]
    for a in half:
        run.answer(a)
    saved = run.saved()
    given = counting(monkeypatch)
    reopened = start(saved, AT, g)  # the window closed and opened again, or the file opened again
    assert len(given) <= TAIL, f"reopen gave {len(given)} of {len(half)} answers again"
    full = reference(saved, g, half)
    assert reopened.events_json() == full.events_json() and reopened.saved() == full.saved()
    for n in (1, 2, 5):
        given.clear()
        reopened.undo(1 if n != 5 else 3)
        back = reopened.answers
        assert len(given) < len(back) or len(back) < TAIL, f"undo gave {len(given)} answers again"
        ref = reference(saved, g, back)
        assert reopened.events_json() == ref.events_json() and reopened.saved() == ref.saved()
        assert reopened.pending is not None and ref.pending is not None and reopened.pending.key == ref.pending.key
    rest = answers[len(reopened.answers):]
    for a in rest:  # and the battle goes on to the same end
        reopened.answer(a)
    end = reference(saved, g, answers)
    assert reopened.state.resolved and reopened.events_json() == end.events_json()
    assert reopened.saved() == end.saved()


def test_undo_during_play_replays_a_bounded_number_of_answers(played, monkeypatch):
    c, g, answers = played
    replay_points.SHELF.clear()
    run = start(c, AT, g)
    for a in answers[:-1]:
        run.answer(a)
    given = counting(monkeypatch)
    run.undo(1)
    assert len(given) <= 2, f"undo of one answer gave {len(given)} answers again ({len(answers) - 2} before it)"


def test_a_question_carries_no_odds_they_are_computed_when_shown(played):
    c, g, answers = played
    run = start(c, AT, g)
    shown = 0
    for a in answers:
        q = run.pending
        assert q is not None and "odds" not in q.data, f"{q.key} carries odds"
        odds = run.question_odds()
        assert run.question_odds() is odds  # kept while the question is pending
        shown += bool(odds)
        run.answer(a)
    assert shown, "no question of the battle had odds to show"
    saved = json.dumps(run.saved().model_dump(mode="json"))
    assert "by_af" not in saved and "dealt" not in saved


def test_a_checkpoint_is_used_only_for_the_same_answers_types_and_order_included():
    assert same({"a": [1, {"b": True}]}, {"a": [1, {"b": True}]})
    assert not same(True, 1) and not same(1, 1.0) and not same([True], [1])
    assert not same({"a": 1, "b": 2}, {"b": 2, "a": 1})  # a plan's order is the order of its rolls


def test_a_record_whose_answers_differ_from_the_checkpoints_is_replayed_from_the_start(played):
    c, g, answers = played
    replay_points.SHELF.clear()
    run = start(c, AT, g)
    for a in answers[:8]:
        run.answer(a)
    other = run.saved()
    rec = other.battle_hexes[0]
    assert system_for(other, AT).key in ("afef", "sidcors")
    cut = other.model_copy(update={"battle_hexes": [rec.model_copy(update={"answers": answers[:3]})]})
    again = start(cut, AT, g)
    assert again.events_json() == reference(cut, g, answers[:3]).events_json()


def test_every_system_but_v13_runs_on_the_seam():
    """The table system too is a ReplayRun (issue 21): the same undo, replay and odds query."""
    c, g = battle(3, "table")
    run = start(c, AT, g)
    assert isinstance(run, ReplayRun) and run.question_odds() == {}
    run.answer(["a0"])
    run.undo(1)
    assert run.answers == [] and run.pending is not None and run.pending.key == "table/destroyed"
