"""Issue 25, cloaked movement as a property: in random STCS battles where the Romulans move their cloaked
Bird of Prey in secret at random, Blue reads the same log and sees the same screen at every question as
in the same battle where it always held still. The acts that rightly tell where a cloaked ship is (an
area scan's finding, uncloaking, explosions catching it) are left out of the random choice; everything
else - moves, locks, fire, mines, tractors, transporters, repairs, warping - is open to it. Once the
Bird of Prey is uncloaked (forced at 70% superstructure loss) its place and speed are everyone's: the
comparison stops there."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

from rules.battlehex.questions import QKind
from rules.systems import start
from tests.rules.systems.stcs.helpers import legal, stcs_campaign
from tests.rules.systems.stcs.test_leaks import BLUE, screen
from tests.rules.systems.v13.helpers import AT

TELLS = ("scan:", "uncloak:", "explode", "resolve")


def play(c: Any, seed: int) -> list[Any]:
    """A random battle's answers, the Bird of Prey's secret moves random too."""
    rng = random.Random(seed)
    run = start(c, AT)
    while run.pending is not None and len(run.answers) < 60:
        q = run.pending
        if q.kind is QKind.CHOOSE:
            options = [o for o in q.options if not o.startswith(TELLS) and legal(q, o)] or list(q.options)
            if "/cloakout/" in q.key:
                options = ["none"]  # the Bird of Prey stays to move in secret
            run.answer("move:bop" if "move:bop" in options and rng.random() < 0.5 else rng.choice(options))
        elif q.kind is QKind.CHOOSE_UNITS:
            run.answer([o for o in q.options if o != "bop" and rng.random() < 0.3])
        elif q.kind is QKind.TEXT:  # a power allocation: the proposal it opens at
            run.answer(q.default)
        else:
            run.answer(rng.randint(q.low or 0, min(q.high or 0, 30)))
    return list(run.answers)


def blue_view(c: Any, answers: list[Any], still: bool) -> list[str]:
    """Blue's screen at each question and its log at the end; ``still``: every secret move holds still."""
    run = start(c, AT)
    seen = []
    for a in answers:
        if not run.engine.cloaked["bop"]:  # uncloaked (forced at 70% loss): its place is rightly everyone's
            break
        q = run.pending
        seen.append(json.dumps(screen(run, BLUE), sort_keys=True, default=str))
        if still and q.key.endswith("/move/bop/points"):
            a = "0"
        elif still and q.key.endswith("/move/bop/path"):
            a = q.options[0]  # 0 points: its heading kept, no hex ahead
        run.answer(a)
    log = json.loads(run.events_json(BLUE))
    shown = next((i for i, ev in enumerate(log) if "Bird of Prey uncloaks" in ev["text"]), len(log))
    return seen + [json.dumps(log[:shown])]  # the log up to its uncloaking


@pytest.mark.parametrize("seed", [*range(6), 28])  # 28: a Repair Team offered to the cloaked ship
def test_blue_reads_the_same_whatever_the_cloaked_ship_did(seed: int) -> None:
    c = start(stcs_campaign(), AT).saved()  # the record's seed drawn once, kept
    answers = play(c, seed)
    assert "move:bop" in answers  # the Bird of Prey moved in secret
    moved, held = blue_view(c, answers, still=False), blue_view(c, answers, still=True)
    for i, (a, b) in enumerate(zip(moved, held)):
        assert a == b, f"seed {seed}, step {i}: Blue sees a difference"
