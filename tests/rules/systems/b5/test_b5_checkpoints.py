"""A b5 battle resumes from checkpoints like SIDCORS and AF/EF (issue 24, through the seam):
undo after any answer of the turns replays none (the bytes of a replay from the first answer),
a reopen in the same process and a cold reopen from the saved file replay only a few."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rules.battlehex import replay_points
from rules.model.io import load_campaign, save_campaign
from rules.systems import start
from rules.dice import DiceRoller
from tests.rules.battlehex.test_replay_points import counting
from tests.rules.battlehex.test_resume import WRITE_EVERY, new_process
from rules.battlehex.log import IllegalAnswer
from rules.systems.b5.engine import PLOT, RESULTS
from rules.systems.b5.firing import FIRE
from rules.systems.b5.movement import pulse_moves
from tests.rules.systems.b5.helpers import b5_campaign
from rules.systems.b5.compat import HELD
from tests.rules.systems.b5.test_random_b5 import answer_for
from tests.rules.systems.v13.helpers import AT

SEED = 3
TURNS = 5
"""An armed battle with plotted turns, fire, morale and results."""
SETUP = ("b5/commander/", "b5/flagship/", "b5/net/", "b5/reinforcements/blue/", "b5/reinforcements/red/")
"""The designations before the scenario and a reinforcing fleet's own squadrons and flagship
(``b5/reinforcements/{team}/...``): an undo there replays a few answers. (Before issue 24's last gaps the
scenario, situation, reinforcements, secret speeds and a jump-in's choices and patrols were here too.)"""


def reference(c: Any, _g: Any, answers: list[Any]) -> Any:
    """The battle replayed from the first answer (dice made by another callable: no checkpoints)."""
    cls = type(start(c, AT))
    run = cls(c, AT, None, dice=lambda seed: DiceRoller(seed))
    run.restart(answers)
    return run


def step(key: str) -> str:
    parts = key.split("/")
    return parts[2] if len(parts) > 2 and parts[1].isdigit() else "/".join(parts[:2])


SECONDARY = "r2 at 4040 A turn 2"
"""A jump-in's squadron r2 at a secondary jump point forming at the start of turn 2."""


def play(seed: int, turns: int = TURNS, scenario: str = "", secondary: str = "none",
         held: bool = False) -> tuple[Any, Any]:
    """Random answers, but the GM plots and moves the first turns and fires often (a jump-in:
    ``secondary`` the attacker's secondary jump point)."""
    import random

    rng = random.Random(seed)
    c = start(b5_campaign(4, armed=True), AT).saved()  # the record's seed drawn once, kept
    run = start(c, AT)
    while run.pending is not None:
        q = run.pending
        if q.key == "b5/scenario" and scenario:
            a: Any = scenario
        elif q.key == "b5/jump/secondary":
            a = secondary
        elif held and q.key.startswith("b5/reinforcements") and not q.data.get(HELD):
            a = "attacker" if q.key == "b5/reinforcements" else 4  # Red's, scheduled for turn 4
        elif q.data.get(HELD):  # the reinforcing fleet: none held (``held``: the first squadron offered), no stream used
            a = list(q.options[:1]) if held and q.key.endswith("/squadrons") else \
                q.options[0] if held and q.key.endswith("/entry/" + q.to) else [] if not held else None
            if a is None:
                a = answer_for(run, q, random.Random(q.key))
        elif q.key.endswith("/turn"):
            a = PLOT if run.engine.round <= turns else RESULTS
        elif "/fire/" in q.key:
            a = FIRE if rng.random() < 0.8 else q.options[0]
        else:
            a = answer_for(run, q, rng)
        try:
            run.answer(a)
        except IllegalAnswer:
            assert "plot" in q.data, f"{q.key} refused {a!r}"
            straight = " ".join("F" * n or "-" for n in pulse_moves(q.data["speed"]))
            run.answer({"gm_ruling": "at the board's edge", "answer": straight})
    return c, run


@pytest.fixture(scope="module", params=["meeting engagement", "jump-in", "jump-in, secondary",
                                                        "meeting engagement, held"])
def played(request: pytest.FixtureRequest) -> tuple[Any, list[Any]]:
    scenario, _, second = request.param.partition(", ")
    c, run = play(SEED, scenario=scenario, secondary=SECONDARY if second == "secondary" else "none",
                  held=second == "held")
    steps = {step(e.data["key"]) for e in run.log.events if e.kind == "question"}
    assert {"turn", "plot", "fire", "firer", "weapon", "target", "morale", "b5/place"} <= steps, steps
    assert request.param != "jump-in" or {"b5/vortex", "b5/arrive", "b5/jump"} <= steps, steps
    assert second != "held" or {"entry", "landing"} <= steps, steps  # a reinforcing fleet held off, brought on
    assert second != "secondary" or {"b5/2/arrive/r-m2", "b5/2/arrive/r-c2"} <= {e.data["key"] for e in run.log.events
                                                                       if e.kind == "question"}, steps
    return c, list(run.answers)


def test_undo_after_every_answer_of_the_turns_replays_none_and_gives_a_full_replays_bytes(played, monkeypatch):
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
            if given and not q.key.startswith(SETUP):
                replayed[q.key] = len(given)
        run.answer(a)
        if n % 9 == 0:
            ref = reference(c, None, run.answers)
            assert run.events_json() == ref.events_json() and run.saved() == ref.saved(), f"after {q.key}"
    assert not replayed, f"undo replayed answers after {replayed}"
    run.answer(answers[-1])
    end = reference(c, None, answers)
    assert run.state.resolved and run.events_json() == end.events_json() and run.saved() == end.saved()


def test_a_reopen_in_the_same_process_replays_a_few_answers(played, monkeypatch):
    c, answers = played
    replay_points.SHELF.clear()
    run = start(c, AT)
    for a in answers[:-3]:
        run.answer(a)
    given = counting(monkeypatch)
    again = start(run.saved(), AT)
    assert len(given) <= 4, f"a reopen gave {len(given)} of {len(answers) - 3} answers again"
    assert again.events_json() == run.events_json()


def test_a_cold_reopen_from_the_file_replays_a_few_answers_with_the_same_bytes(played, tmp_path: Path, monkeypatch):
    c, answers = played
    path = tmp_path / "camp.json"
    save_campaign(c, path)
    c = load_campaign(path)
    new_process()
    run = start(c, AT)
    for a in answers[:-1]:
        run.answer(a)
        run.adopt(run.saved())  # as the battle window stores every answer
    save_campaign(run.saved(), path)
    new_process()
    given = counting(monkeypatch)
    reopened = start(load_campaign(path), AT)
    assert len(given) <= WRITE_EVERY + 2, f"a cold reopen gave {len(given)} of {len(answers) - 1} answers again"
    full = reference(c, None, answers[:-1])
    assert reopened.answers == full.answers and reopened.events_json() == full.events_json()
    assert reopened.saved() == full.saved()
    for r in (reopened, full):
        r.answer(answers[-1])
    assert reopened.state.resolved and reopened.events_json() == full.events_json()
