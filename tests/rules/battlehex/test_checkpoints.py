"""Undo from a checkpoint (issue 10): the same bytes as a replay from formation, whatever the
undo crosses, and the same battle when the answers are given again."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexmap import Label
from rules.systems.v13.procedure import BattleProcedure
from rules.systems.v13.autoplay import play
from rules.battlehex.checkpoints import MOST
from rules.dice import DiceRoller
from rules.model import dumps
from tests.rules.systems.v13.helpers import AT, unit
from tests.rules.systems.v13.test_combat import fight
from tests.rules.systems.v13.test_procedure import _formed_cache

HEXES = ["0509", "0604", "0703", "0707", "0907"]


def _same(a: BattleProcedure, b: BattleProcedure) -> None:
    assert a.events_json() == b.events_json()
    for team in a.state.teams:
        assert a.events_json(team) == b.events_json(team)
    assert dumps(a.saved()) == dumps(b.saved())
    assert (a.pending and a.pending.to_dict()) == (b.pending and b.pending.to_dict())
    assert a.answers == b.answers


def _no_full_replay(b: BattleProcedure, monkeypatch) -> None:
    def refuse(_answers):
        raise AssertionError("replayed from formation")
    monkeypatch.setattr(b, "restart", refuse)


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(HEXES), st.sampled_from([1, 9, 40, 75, 130]))
def test_undo_from_a_checkpoint_is_a_replay_from_formation(seed, at, n):
    c, g = _formed_cache()
    b = BattleProcedure(c, Label.parse(at), seed=seed, graph=g)
    answers = play(b, seed, through_combat=True, combat_actions=160, limit=1000)
    n = min(n, len(answers))
    combat = next((i for i, e in enumerate(b.log.events) if e.data.get("key") == "combat/1"), None)
    first = None if combat is None else sum(e.kind in ("answer", "ruling") for e in b.log.events[:combat])
    reopened = BattleProcedure(c, Label.parse(at), seed=seed, answers=answers, graph=g)
    with pytest.MonkeyPatch.context() as mp:
        if first is not None and len(answers) - n >= first:  # else the undo reaches into the set-up
            _no_full_replay(reopened, mp)
        reopened.undo(n)
    _same(reopened, BattleProcedure(c, Label.parse(at), seed=seed, answers=answers[:-n], graph=g))
    for a in answers[-n:]:  # giving them again continues identically
        reopened.answer(a)
    _same(reopened, b)


def test_scripted_dice_keep_their_checkpoints(monkeypatch):
    b = fight(red=[unit("r1"), unit("r2")], red_at=("2140", "2141"))
    for i in range(150):
        b.answer({"clock": 1 + i % 5} if i % 3 else {"move": "r2", "to": "2139" if i % 2 else "2140"})
    answers = list(b.answers)
    _no_full_replay(b, monkeypatch)
    b.undo(70)
    fresh = BattleProcedure(b.campaign, AT, seed=5, answers=answers[:-70], dice=b._dice)
    _same(b, fresh)


def test_a_roller_of_another_kind_falls_back_to_a_full_replay():
    class Loaded(DiceRoller):
        """A roller the checkpoints do not know how to set back."""

    b = fight(scripted=False)
    fresh = BattleProcedure(b.campaign, AT, seed=7, answers=b.answers, dice=Loaded)
    for _ in range(80):
        fresh.answer({"clock": 2})
    answers = list(fresh.answers)
    calls = []
    restart = fresh.restart
    fresh.restart = lambda a: (calls.append(len(a)), restart(a))  # type: ignore[method-assign]
    fresh.undo(3)
    assert calls == [len(answers) - 3]
    _same(fresh, BattleProcedure(b.campaign, AT, seed=7, answers=answers[:-3], dice=Loaded))


def test_a_long_battle_keeps_a_bounded_number_of_checkpoints(monkeypatch):
    b = fight(scripted=False)
    for i in range(3000):
        b.answer({"clock": 1} if i % 50 else {"float": "A" if i % 100 else "D", "hexes": 1})
    answers = list(b.answers)
    assert len(b._checkpoints.kept) <= MOST + 1 and b._checkpoints.spacing > 32
    reopened = BattleProcedure(b.campaign, AT, seed=5, answers=answers)
    assert len(reopened._checkpoints.kept) <= MOST // 2 + 1
    _no_full_replay(reopened, monkeypatch)
    for n in (1, 10, 700):
        reopened.undo(n)
        answers = answers[:-n]
        _same(reopened, BattleProcedure(b.campaign, AT, seed=5, answers=answers))


def test_restart_and_adopt_still_replay_exactly(monkeypatch):
    b = fight(scripted=False)
    for i in range(120):
        b.answer({"clock": 1 + i % 3})
    answers = list(b.answers)
    b.restart(answers[:-40])
    _same(b, BattleProcedure(b.campaign, AT, seed=5, answers=answers[:-40]))
    for a in answers[-40:]:
        b.answer(a)
    saved = b.saved()
    b.adopt(saved)  # the record now holds the answers: an undo from a checkpoint uses it
    _no_full_replay(b, monkeypatch)
    b.undo(5)
    _same(b, BattleProcedure(saved, AT, answers=answers[:-5]))


def test_a_checkpoint_keeps_its_own_v13_632_counter(monkeypatch):
    """A unit's mutable parts (the retreat counter) are copied, not shared with later play."""
    b = fight(blue=[unit("b1"), unit("b2")], blue_at=("2105", "2106"), red_at=("2140",))
    for a in ({"move": "r1", "to": "2102", "facing": "A"}, {"declare": "b1"}, True, "acceleration",
              {"move": "b1", "to": "2125"}):
        b.answer(a)
    for _ in range(45):
        b.answer({"clock": 1})
    assert b.state.units["b1"].present and b.state.units["b1"].counter.count == 45  # V13.632: a move completes it
    answers = list(b.answers)
    _no_full_replay(b, monkeypatch)
    b.undo(15)  # back to the 30th impulse, from the checkpoint after 27 (the counter then at 27)
    assert b.state.units["b1"].present and b.state.units["b1"].counter.count == 30
    _same(b, BattleProcedure(b.campaign, AT, seed=5, answers=answers[:-15], dice=b._dice))
    for a in answers[-15:]:
        b.answer(a)
    _same(b, BattleProcedure(b.campaign, AT, seed=5, answers=answers, dice=b._dice))


def test_copying_a_checkpoints_state_sets_off_no_collection_of_the_process():
    """A state copy makes hundreds of objects; each collection they set off visits what the whole process holds, so
    an undo of one answer after a cold reopen grew with the battle (issue 21, bench/replay.py: 0.3 ms CPU at 100
    answers, 0.9 at 5,000; flat with the collector off). The copy runs with the collector waiting."""
    import gc

    from rules.battlehex.checkpoints import copy_state, shared

    b = fight(scripted=False)
    st = b.ctx.state
    made: list[int] = []
    memo = shared(st)

    def note(phase: str, info: dict) -> None:
        if phase == "start":
            made.append(info["generation"])
    threshold = gc.get_threshold()
    gc.callbacks.append(note)
    gc.set_threshold(1)  # a collection at every new object while collecting
    try:
        copy = copy_state(st, memo)
    finally:
        gc.set_threshold(*threshold)
        gc.callbacks.remove(note)
    assert len(made) <= 1, f"{len(made)} collections while copying (one, of the young objects, may follow it)"
    assert copy.units.keys() == st.units.keys() and copy.units[next(iter(st.units))] is not st.units[next(iter(st.units))]
    assert gc.isenabled()
