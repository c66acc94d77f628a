"""A reopen standing at a checkpoint goes on with the checkpoint's engine, lent (issue 21: the
file opened again in the running app copied a whole force's engine), and gives it back as a copy
before its next answer changes it; a run reopening meanwhile copies it, an undo never takes it.
Every path gives the bytes of a full replay."""
from __future__ import annotations

from typing import Any

import pytest

from rules.battlehex import replay_points
from rules.model.campaign import Campaign
from rules.systems import start
from tests.play.duel import AT, battle
from tests.play.random_battle import play_at_random
from tests.rules.battlehex.test_replay_points import reference


@pytest.fixture(params=["afef", "sidcors"])
def played(request: pytest.FixtureRequest) -> tuple[Campaign, Any, list[Any]]:
    c, g = battle(12, request.param)
    p = play_at_random(c, AT, request.param, 6, g, stubborn=1.0)
    assert len(p.answers) >= 12, f"{request.param}: a battle too short to test ({len(p.answers)} answers)"
    return p.campaign, g, p.answers


def cloning(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the engine copies made from now on."""
    made: list[int] = []
    real = replay_points.clone

    def clone(engine: Any, record: Any) -> Any:
        made.append(1)
        return real(engine, record)
    monkeypatch.setattr(replay_points, "clone", clone)
    return made


def session(c: Campaign, g: Any, answers: list[Any]) -> tuple[Campaign, list[Any]]:
    """Play the first two thirds as the battle window does; the campaign it saved."""
    replay_points.SHELF.clear()
    replay_points._KNOWN.clear()
    run = start(c, AT, g)
    half = answers[: len(answers) * 2 // 3]
    for a in half:
        run.answer(a)
        run.adopt(run.saved())
    return run.saved(), half


def shelf_engines(run: Any) -> list[Any]:
    return [p.engine for p in run._points.kept]


def test_a_reopen_at_a_checkpoint_copies_no_engine_and_gives_a_copy_back_before_its_next_answer(played, monkeypatch):
    c, g, answers = played
    saved, half = session(c, g, answers)
    made = cloning(monkeypatch)
    first = start(saved, AT, g)  # the file opened again in the running app
    assert not made, f"the reopen copied the engine {len(made)} times"
    assert any(e is first.engine for e in shelf_engines(first)), "the reopen resumed without the lent engine"
    second = start(saved, AT, g)  # another reopen meanwhile copies the lent engine
    assert len(made) == 1 and second.engine is not first.engine
    full = reference(saved, g, half)
    for run in (first, second):
        assert run.events_json() == full.events_json() and run.saved() == full.saved()
    rest = answers[len(half):]
    first.answer(rest[0])  # gives the point a copy first: the shelf never reaches the engine it changes
    assert all(e is not first.engine for e in shelf_engines(first))
    ref = reference(saved, g, half + rest[:1])
    assert first.events_json() == ref.events_json() and first.saved() == ref.saved()
    third = start(saved, AT, g)  # reopens from the copy given back: the state before the answer
    assert third.events_json() == full.events_json() and third.saved() == full.saved()
    for a in rest:
        second.answer(a)
    for a in rest[1:]:
        first.answer(a)
    end = reference(saved, g, answers)
    for run in (first, second):
        assert run.state.resolved and run.events_json() == end.events_json() and run.saved() == end.saved()


def test_an_undo_after_a_lent_reopen_and_an_undo_onto_a_lent_point_give_a_full_replays_bytes(played):
    c, g, answers = played
    saved, half = session(c, g, answers)
    lent = start(saved, AT, g)
    other = start(saved, AT, g)
    other.answer(answers[len(half)])
    other.undo(1)  # lands on the point lent to ``lent``: copies it, never takes it
    assert other.engine is not lent.engine and any(e is lent.engine for e in shelf_engines(lent))
    full = reference(saved, g, half)
    assert other.events_json() == full.events_json() and other.saved() == full.saved()
    lent.undo(1)  # leaves the lent engine to the point unchanged
    back = reference(saved, g, half[:-1])
    assert lent.events_json() == back.events_json() and lent.saved() == back.saved()
    lent.answer(half[-1])
    assert all(e is not lent.engine for e in shelf_engines(lent))
    assert lent.events_json() == full.events_json() and lent.saved() == full.saved()
    again = start(saved, AT, g)
    assert again.events_json() == full.events_json() and again.saved() == full.saved()
    for run in (lent, other, again):
        for a in answers[len(half):]:
            run.answer(a)
    end = reference(saved, g, answers)
    for run in (lent, other, again):
        assert run.events_json() == end.events_json() and run.saved() == end.saved()


def test_the_file_opened_again_compares_each_answer_once_at_c_speed(played, monkeypatch, tmp_path):
    from rules.model.io import load_campaign, save_campaign

    c, g, answers = played
    save_campaign(c, tmp_path / "battle.json")  # as a file the app saved and read back (the bench's battle)
    saved, half = session(load_campaign(tmp_path / "battle.json"), g, answers)
    save_campaign(saved, tmp_path / "battle.json")
    again = load_campaign(tmp_path / "battle.json")  # the answers are other objects than the run's
    compared: list[int] = []
    real = replay_points.same

    def same(a: Any, b: Any) -> bool:
        compared.append(1)
        return real(a, b)
    monkeypatch.setattr(replay_points, "same", same)
    run = start(again, AT, g)
    assert 0 < len(compared) <= len(half), f"{len(compared)} comparisons for {len(half)} answers"
    full = reference(saved, g, half)
    assert run.events_json() == full.events_json() and run.saved() == full.saved()


def test_answers_are_the_same_only_with_the_same_types_and_order_at_every_depth():
    same = replay_points.same
    assert same([{"a": [1, 2.5, True, None, "x"]}], [{"a": [1, 2.5, True, None, "x"]}])
    assert not same([{"a": 1}], [{"a": True}]) and not same([{"a": 1}], [{"a": 1.0}])
    assert not same([[1]], [(1,)]) and not same({1: 2}, {"1": 2}) and not same({True: 2}, {1: 2})
    assert not same([{"a": 1, "b": 2}], [{"b": 2, "a": 1}])  # order counts at every depth
    assert same([{(1, 2): "x"}], [{(1, 2): "x"}]) and not same([{(1, 2): 1}], [{(1, 2): True}])  # not JSON


def test_a_run_left_without_an_answer_gives_its_lent_engine_back_at_once(played, monkeypatch):
    import gc

    c, g, answers = played
    saved, half = session(c, g, answers)
    made = cloning(monkeypatch)
    collecting = gc.isenabled()
    gc.disable()  # no collection between: the left run must be freed by its last reference going
    try:
        start(saved, AT, g)  # the file opened again, the window closed without an answer
        reopened = start(saved, AT, g)  # and opened again: the engine is lent again, not copied
    finally:
        if collecting:
            gc.enable()
    assert not made, f"the second reopen copied the engine {len(made)} times"
    full = reference(saved, g, half)
    assert reopened.events_json() == full.events_json() and reopened.saved() == full.saved()
