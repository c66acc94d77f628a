"""A replay gives runs of clock answers without the generator (rules.systems.v13.clock_run, issue
10): the same bytes as the answers given one at a time, whatever the clock answers look like
and whatever lies between them."""
from __future__ import annotations

from dataclasses import FrozenInstanceError
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.systems.v13.procedure import BattleProcedure
from rules.systems.v13.clock_run import plain_clock
from rules.battlehex.log import IllegalAnswer, new_event
from rules.battlehex.questions import QKind
from rules.dice import ScriptedDice
from tests.rules.systems.v13.helpers import AT, place, unit
from tests.rules.battlehex.test_checkpoints import _same
from tests.rules.systems.v13.test_combat import fight

ACTIONS: list[Any] = [
    {"clock": 1}, {"clock": 2}, {"clock": 31}, {"clock": 32}, {"clock": 33}, {"clock": 1280},
    {"clock": 3, "by": "blue"}, {"clock": 2, "float": "A"}, {"clock": 1, "end": "not an end"},
    {"clock": 0}, {"clock": True}, {"clock": 1281}, {"clock": 2.0}, {"clock": "2"},  # refused
    {"gm_ruling": "the table agrees", "answer": {"clock": 2}}, {"gm_ruling": "", "answer": {"clock": 1}},
    {"float": "A", "hexes": 1}, {"float": "D", "hexes": 1}, {"mark": "r1", "status": "crippled"},
    {"mark": "r1", "status": "active"}, {"move": "r1", "to": "2102", "facing": "A"},
    {"move": "b1", "to": "2125"}, {"move": "b1", "to": "2104"}, {"declare": "b1"}, {"declare": "r1"},
]


def _answer(b: BattleProcedure, action: Any, flip: bool) -> None:
    """Give ``action`` to a combat question, anything legal to another; refused ones are skipped."""
    q = b.pending
    assert q is not None
    if q.kind is QKind.ACTION:
        a = action
    elif q.kind is QKind.YES_NO:
        a = flip
    elif q.kind is QKind.CHOOSE:
        a = q.options[0]
    else:
        a = []
    try:
        b.answer(a)
    except IllegalAnswer:
        pass


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(ACTIONS), st.booleans()), max_size=80), st.integers(1, 20))
def test_a_replay_with_clock_runs_is_the_answers_given_one_at_a_time(actions, n):
    b = fight(blue=[unit("b1"), unit("b2")], blue_at=("2105", "2106"), red_at=("2140",), scripted=False)
    for action, flip in actions:
        if b.done:
            break
        _answer(b, action, flip)
    answers = list(b.answers)
    reopened = BattleProcedure(b.campaign, AT, seed=5, answers=answers)  # b.saved() once b is resolved
    _same(reopened, b)
    n = min(n, len(answers))
    reopened.undo(n)
    _same(reopened, BattleProcedure(b.campaign, AT, seed=5, answers=answers[:-n]))
    for a in answers[-n:]:
        reopened.answer(a)
    _same(reopened, b)


def test_clock_runs_skip_the_generator_but_not_the_checkpoints(monkeypatch):
    monkeypatch.setattr("rules.systems.v13.procedure.resume_cold", lambda *_a: False)  # each reopen replays (not from disk)
    b = fight(scripted=False)
    setup = len(b.answers)
    for i in range(1500):
        b.answer({"clock": 1 + i % 4} if i % 100 != 50 else {"move": "r1", "to": "2139" if i % 200 else "2140"})
    gives: list[Any] = []
    give = BattleProcedure._give
    monkeypatch.setattr(BattleProcedure, "_give", lambda self, raw: (gives.append(raw), give(self, raw)))
    fast = BattleProcedure(b.saved(), AT)
    assert len(gives) == setup + 15  # the set-up and the moves
    monkeypatch.setattr(BattleProcedure, "_clocks", lambda self, answers, start: start)
    slow = BattleProcedure(b.saved(), AT)
    assert len(gives) == 2 * setup + 15 + 1500
    _same(fast, b)
    _same(fast, slow)
    kept = [[(c.answers, c.n, c.rolls, c.events, c.dice) for c in p._checkpoints.kept] for p in (fast, slow)]
    assert kept[0] == kept[1] and len(kept[0]) > 10


def test_the_clock_goes_the_generator_s_way_while_a_v13_632_counter_counts():
    b = fight(blue=[unit("b1"), unit("b2")], blue_at=("2105", "2106"), red_at=("2140",), scripted=False)
    for a in ({"clock": 3}, {"move": "r1", "to": "2102", "facing": "A"}, {"declare": "b1"}, True, "acceleration",
              {"move": "b1", "to": "2125"}):
        b.answer(a)
    for _ in range(40):
        b.answer({"clock": 1})
    b.answer({"move": "b1", "to": "(21,-15)", "facing": "A"})  # V13.632: 32 impulses kept, the move completes it
    assert b.state.units["b1"].status.value == "retreated"
    _same(BattleProcedure(b.saved(), AT), b)


def test_a_rear_guard_battle_ends_after_ten_turns_in_a_replay_too():
    b = fight(red=[unit("r1"), unit("r2"), unit("r3")], red_at=("2140", "2141", "2142"))
    for r in ("r1", "r2", "r3"):
        b.answer({"declare": r})
        b.answer(False)
    for a in (True, ["b1"], ["r1"]):
        b.answer(a)
    setup = [30, 30, place("r1", "2103", "D", speed=27), place("b1", "2140", "A", speed=5), "2115"]
    saved = b.saved()

    def dice(_seed: int) -> ScriptedDice:
        return ScriptedDice([3, 3, 3, 3])

    for clocks in ((100, 100, 100, 18, 1, 1), (100, 100, 100, 30)):  # impulse 1 + 319 = 320 still fights
        live = BattleProcedure(saved, AT, answers=setup, dice=dice)
        for k in clocks:
            assert not live.state.ended
            live.answer({"clock": k})
        assert live.state.ended and "ten tactical turns" in live.state.end_reason
        _same(BattleProcedure(saved, AT, answers=live.answers, dice=dice), live)


def test_plain_clock_reads_what_the_combat_check_accepts():
    assert [plain_clock(a) for a in ({"clock": 5}, {"clock": 2, "by": "blue"}, {"clock": 1280})] == [5, 2, 1280]
    for a in ({"clock": 0}, {"clock": True}, {"clock": 1281}, {"clock": 2.0}, {"clock": 1, "move": "r1"},
              {"gm_ruling": "why", "clock": 1}, [("clock", 1)], "clock", None):
        assert plain_clock(a) == 0


def test_new_event_is_the_event():
    from rules.battlehex.log import Event
    e = new_event(3, "info", "V13.480", "now turn 1, impulse 2", {"a": 1}, ("blue", "gm"))
    assert e == Event(3, "info", "V13.480", "now turn 1, impulse 2", {"a": 1}, ("blue", "gm"))
    assert type(e) is Event and e.to_dict()["visible_to"] == ["blue", "gm"]
    with pytest.raises(FrozenInstanceError):
        e.text = "changed"  # type: ignore[misc]
