"""Checkpoints and undo keep giving a full replay's bytes with the fire-and-damage acts of issue 25
(shields absorbing, weapon boxes, shut-down engines and restarts, sensor shadows, mines locked on and
fired at, the Striking Table, Shield Control): a random battle leaning on those acts, undone after every answer, gives
the bytes of a replay from the first answer, for the GM and for Blue."""
from __future__ import annotations

import random
from typing import Any

import pytest

from rules.battlehex import replay_points
from rules.battlehex.questions import QKind
from rules.systems import start
from tests.rules.systems.stcs.helpers import legal, stcs_campaign
from tests.rules.systems.stcs.test_stcs_checkpoints import reference
from tests.rules.systems.v13.helpers import AT

MINE = ("fire", "hit", "struck", "shutdown", "restart", "shadow", "unshadow", "mine", "minelock", "minefire", "warpout",
        "warppath", "repair", "move", "shields", "power", "lock", "heading")


def play(seed: int) -> tuple[Any, list[Any], set[str]]:
    rng = random.Random(seed)
    c = start(stcs_campaign(), AT).saved()
    run = start(c, AT)
    verbs: set[str] = set()
    while run.pending is not None:
        q = run.pending
        if q.kind is QKind.CHOOSE:
            options = [o for o in q.options if o != "resolve" and legal(q, o)] if run.engine.round < 9 else ["resolve"]
            mine = [o for o in options if o.partition(":")[0] in MINE]
            powers = [o for o in mine if o.startswith("power:")]  # the phase is open until another act
            if q.key.endswith("/act") and mine:  # a verb first, then one of its acts: each act met, not only
                verb = rng.choice(sorted({o.partition(":")[0] for o in mine}))  # those listed for every ship
                mine = [o for o in mine if o.partition(":")[0] == verb]
            pick = rng.choice(powers if powers and rng.random() < 0.3 else mine if mine and rng.random() < 0.8
                              else options or list(q.options))
            if q.key.endswith("/act"):
                verbs.add(pick.partition(":")[0])
            run.answer(pick)
        elif q.kind is QKind.CHOOSE_UNITS:
            run.answer([o for o in q.options if rng.random() < 0.3])
        elif q.kind is QKind.TEXT:  # a power allocation: warp movement set at times, else the proposal
            run.answer("warp 2, movement 1, weapons 1" if rng.random() < 0.4 and legal(q, "warp 2, movement 1, "
                                                                                     "weapons 1") else q.default)
        elif q.kind is QKind.YES_NO:  # the Not Firing box's ruling
            run.answer(rng.random() < 0.5)
        else:
            assert q.low is not None and q.high is not None
            run.answer(rng.randint(q.low, min(q.high, 30)))
    return c, list(run.answers), verbs


ACTS = {"shutdown", "restart", "shadow", "minelock", "struck", "warppath", "fire", "shields", "power", "mine", "heading"}


@pytest.mark.parametrize(("seed", "unmet"), [(1, {"warppath"}), (72, {"fire", "power"})])
def test_undo_after_every_answer_gives_a_full_replays_bytes(seed: int, unmet: set[str]) -> None:
    """Between them the two battles meet every act of :data:`ACTS` (re-searched when a mine came to need a free,
    powered tractor beam: no seed of 0-130 met them all in one battle; the player picks a verb first; again when
    the Emergency Heading Change came, with moves in reverse: 0-64 searched; and when a cloaked ship's came: 0-99;
    seed 72 no longer fires once a hit on the Maneuver Engineering Grid asks its points, one number drawn more: seed
    1 meets fire and power)."""
    c, answers, verbs = play(seed)
    assert ACTS - verbs == unmet
    replay_points.SHELF.clear()
    run = start(c, AT)
    for a in answers[:-1]:
        run.answer(a)
        run.undo(1)
        run.answer(a)
    run.answer(answers[-1])
    end = reference(c, answers)
    assert run.state.resolved and run.events_json() == end.events_json() and run.saved() == end.saved()
    assert run.events_json("blue") == end.events_json("blue")
