"""Checkpoints in a B5 battle's set-up (issue 24): an undo at the scenario, the situation, the reinforcements (which
sides, each side's turn), the secret speeds, a jump-in's gate, its use, the openers, the aim, a secondary jump point,
the defender's speed, the patrols and their speed replays no answer, and the battle goes on with a full replay's
bytes. Before, the engine could not resume there, so each undo replayed the answers before it (from the start)."""
from __future__ import annotations

import random
from typing import Any

import pytest

from rules.battlehex import replay_points
from rules.systems import start
from rules.systems.b5.compat import HELD
from tests.rules.battlehex.test_replay_points import counting
from tests.rules.systems.b5.helpers import b5_campaign
from tests.rules.systems.b5.test_b5_checkpoints import SECONDARY, reference
from tests.rules.systems.b5.test_random_b5 import answer_for
from tests.rules.systems.v13.helpers import AT

RESUMED = ("b5/scenario", "b5/situation", "b5/reinforcements", "b5/speed/", "b5/jump/")


def _set_up(seed: int, scenario: str, gate: bool, secondary: str) -> tuple[Any, list[Any], list[str]]:
    """The battle's answers up to its first placement (both sides reinforced, their groups none), and their keys."""
    rng = random.Random(seed)
    c = start(b5_campaign(8 if scenario == "jump-in" else 4, armed=True), AT).saved()
    run = start(c, AT)
    answers, keys = [], []
    while not run.pending.key.startswith(("b5/place/", "b5/vortex/")):
        q = run.pending
        a: Any = {"b5/scenario": scenario, "b5/reinforcements": "both", "b5/jump/secondary": secondary,
                  "b5/jump/use_gate": True}.get(q.key)
        if q.key == "b5/jump/gate":
            a = {"at": "4040", "facing": "B"} if gate else "none"
        elif q.data.get(HELD):
            a = []
        elif a is None:
            a = answer_for(run, q, rng)
        run.answer(a)
        answers.append(a)
        keys.append(q.key)
    return c, answers, keys


@pytest.mark.parametrize("scenario, gate, secondary", [("meeting engagement", False, "none"),
                                                       ("jump-in", True, "none"), ("jump-in", False, SECONDARY)])
def test_an_undo_at_each_set_up_question_replays_none_with_a_full_replays_bytes(scenario, gate, secondary,
                                                                                monkeypatch):
    c, answers, keys = _set_up(1, scenario, gate, secondary)
    asked = {k.rsplit("/", 1)[0] if k.startswith("b5/speed/") else k for k in keys}
    want = {"b5/scenario", "b5/situation", "b5/reinforcements"} | (
        {"b5/jump/gate", "b5/jump/openers", "b5/jump/aim", "b5/jump/secondary", "b5/jump/patrols",
         "b5/speed/blue"} | ({"b5/jump/use_gate"} if gate else set()) if scenario == "jump-in" else {"b5/speed"})
    assert want <= asked | {"b5/speed"}, sorted(asked)
    replay_points.SHELF.clear()
    run = start(c, AT)
    given = counting(monkeypatch)
    replayed: dict[str, int] = {}
    for a, key in zip(answers, keys):
        assert run.pending.key == key
        run.answer(a)
        given.clear()
        run.undo(1)
        if key.startswith(RESUMED) and not (key.count("/") == 3 and key.startswith("b5/reinforcements/")):
            if given:
                replayed[key] = len(given)
            ref = reference(c, None, run.answers)
            assert run.pending.key == key and run.events_json() == ref.events_json() and run.saved() == ref.saved()
        run.answer(a)
    assert not replayed, f"undo replayed answers at {replayed}"
    ref = reference(c, None, answers)
    assert run.events_json() == ref.events_json() and run.saved() == ref.saved()
