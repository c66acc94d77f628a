"""The replay's step states (issue 22, rules/battlehex/replay_steps.py): the battle after answer k,
for every system, is what a run replayed to k answers gives; stepping touches neither the live
run nor the campaign; a resolved battle steps through to its end."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hexmap import Label
from rules.systems.v13.procedure import BattleProcedure
from rules.systems.v13.autoplay import play
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems import BattleRun, start
from rules.battlehex.replay_steps import Snapshots, Steps
from tests.play.duel import AT, battle
from tests.play.random_battle import play_at_random
from tests.hand_kept import hand_kept

ROOT = Path(__file__).resolve().parents[3]
V13_AT = Label.parse("0604")
QUIET = {(Label.parse("0703"), "alliance", "orions"): False, (Label.parse("0703"), "coalition", "orions"): False,
         (Label.parse("0907"), "alliance", "coalition"): False}
"""The default campaign's first End Movement with nobody ignoring anybody (as bench/replay.py)."""


def _replayed(campaign: Any, answers: list[Any], graph: Any, system: str) -> BattleRun:
    """A run of the battle given ``answers`` one by one (the oracle: no frames)."""
    run = start(campaign, AT, graph)
    for a in answers:
        run.answer(a)
    return run


def _same(view: BattleRun, oracle: BattleRun) -> None:
    assert view.events_json() == oracle.events_json()  # type: ignore[attr-defined]
    assert view.status() == oracle.status()
    assert (view.pending.key if view.pending else None) == (oracle.pending.key if oracle.pending else None)
    assert view.answers == oracle.answers
    st_v, st_o = view.state, oracle.state  # type: ignore[attr-defined]
    assert st_v.marks() == st_o.marks()


@pytest.mark.parametrize("system", ["sidcors", "afef", "table"])
def test_every_step_is_the_replay_to_it(system: str) -> None:
    c, g = battle(4, system)
    played = play_at_random(c, AT, system, 3, g, stubborn=0.5)
    live = _replayed(played.campaign, played.answers[:-1], g, system)  # open at its last question
    before = (live.saved().model_dump_json(), list(live.answers), live.events_json())  # type: ignore[attr-defined]
    steps = Steps(live, g)
    assert len(steps) == len(played.answers) - 1 and len(steps.frames) == 1  # frames made as stepped to
    order = list(range(len(steps), -1, -1)) + [0, len(steps) // 2, 1, len(steps)]
    for k in order:  # back from the end, then jumps
        _same(steps.at(k), _replayed(played.campaign, played.answers[:k], g, system))
    assert (live.saved().model_dump_json(), list(live.answers), live.events_json()) == before  # type: ignore[attr-defined]


def test_v13_steps_follow_the_map() -> None:
    c0 = hand_kept()
    g = build_graph(c0)
    c = end_movement(c0, g, QUIET).campaign
    live = BattleProcedure(c, V13_AT, seed=8, graph=g)
    play(live, 8, through_combat=True, combat_actions=30)
    steps = Steps(live, g)
    assert len(steps) == len(live.answers) > 20
    for k in (len(steps), 0, 5, len(steps) - 1, 12, len(steps)):
        oracle = BattleProcedure(c, V13_AT, seed=8, graph=g, answers=live.answers[:k])
        _same(steps.at(k), oracle)
        assert steps.view.ctx.current_window() == oracle.ctx.current_window()  # type: ignore[attr-defined]
    moved = [k for k in range(1, len(steps) + 1) if steps.change(k - 1, k).units]
    assert moved, "no answer moved a counter"
    k = moved[-1]
    change = steps.change(k - 1, k)
    back = steps.change(k, k - 1)
    assert back.rewound and back.units == change.units
    pos = {u: steps.at(k).state.units[u].pos for u in change.units}  # type: ignore[attr-defined]
    assert pos != {u: steps.at(k - 1).state.units[u].pos for u in change.units} or \
        any(steps.at(k).state.marks()[u] != steps.at(k - 1).state.marks()[u] for u in change.units)  # type: ignore[attr-defined]


def test_a_resolved_battle_steps_to_its_end() -> None:
    c, g = battle(3, "sidcors")
    played = play_at_random(c, AT, "sidcors", 7, g, stubborn=0.2)
    run = played.run
    assert run.pending is None
    steps = Steps(run, g)
    assert steps.at(len(steps)).status().resolved
    assert not steps.at(len(steps) - 1).status().resolved
    assert steps.at(len(steps)).events_json() == run.events_json()  # type: ignore[attr-defined]


def test_an_event_is_shown_by_the_first_step_that_logs_it() -> None:
    c, g = battle(3, "afef")
    played = play_at_random(c, AT, "afef", 2, g, stubborn=0.5)
    steps = Steps(played.run, g)
    assert steps.answer_at(0) == 0 and len(steps.frames) == 1  # nothing replayed to find the first event
    steps.at(len(steps))
    for i in range(len(steps.events)):
        k = steps.answer_at(i)
        assert steps.frames[k].events > i
        assert k == 0 or steps.frames[k - 1].events <= i


def test_snapshots_share_what_did_not_change() -> None:
    live: dict[str, Any] = {"a": [1, 2], "b": {"x": [3]}}
    snaps = Snapshots()
    one = snaps.take(live, {})
    live["a"].append(4)
    two = snaps.take(live, {})
    assert one == {"a": [1, 2], "b": {"x": [3]}} and two["a"] == [1, 2, 4]
    assert two["b"] is one["b"] and two["a"] is not one["a"] and two is not one


def test_snapshots_copy_a_set_and_a_slotted_object() -> None:
    """A set (B5's ships out of command) is copied as a set, not as the in-progress marker (seen on
    the real screen: a B5 replay's first step failed, "argument of type 'object' is not iterable")."""
    live: dict[str, Any] = {"out": {"b-flag"}, "frozen": Label.parse("0304")}
    one = Snapshots().take(live, {})
    assert one == live and isinstance(one["out"], set) and one["out"] is not live["out"]


def test_a_b5_battle_steps_from_its_first_answer() -> None:
    from tests.rules.systems.b5.helpers import b5_campaign
    from tests.rules.systems.b5.test_random_b5 import play as play_b5
    from tests.rules.systems.v13.helpers import AT as B5_AT

    played = play_b5(1)
    steps = Steps(played)
    for k in (0, len(steps) // 2, len(steps)):
        view = steps.at(k)
        oracle = start(b5_campaign(4, armed=True), B5_AT)
        for a in played.answers[:k]:
            oracle.answer(a)
        assert view.events_json() == oracle.events_json()  # type: ignore[attr-defined]
        assert view.engine.out_of_command == oracle.engine.out_of_command  # type: ignore[attr-defined]
