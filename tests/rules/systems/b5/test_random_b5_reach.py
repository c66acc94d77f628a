"""b5 played at random to the corners test_random_b5's player never reached: the GM seldom enters the
results early (the battles run to the 30-turn bound), both sides expect reinforcements on turns 4-6 with
a squadron held off the board (so they arrive: rules/systems/b5/reinforcing.py), the GM marks grey boxes
at the table (so squadrons fail morale and withdraw), and a withdrawing squadron plots at random among
turns, slips and "jump" (its ships leave off the board or jump out: withdrawal.py, jumpout.py); when none
of those is allowed, every plot of the chart's hexes with a speed change, one maneuver and either formation
is tried (:func:`legal_plot`). Every battle ends within its bound with no plot question left without a
legal answer (no wall: a withdrawing squadron charging the enemy turns away in relative formation), replays
to the same bytes, and the chosen seeds reach the arrival of reinforcements, a withdrawal off the board
and a jump out."""
from __future__ import annotations

import json
import random

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.battlehex.questions import QKind
from rules.model import io
from rules.systems import start
from rules.systems.b5.compat import HELD
from rules.systems.b5.movement import pulse_moves
from tests.rules.systems.b5.test_random_b5 import answer_for
from tests.rules.systems.b5.test_random_b5 import campaign as base
from tests.rules.systems.b5.test_random_b5 import replays_and_reopens
from tests.rules.systems.v13.helpers import AT

BOUND = 3000
"""Answers: a battle of 30 turns with fighters and fire takes some 1,400 (seed 23)."""
JUMPERS = ("b-flag", "b-c2", "r-flag", "r-c2")


def campaign(seed: int):
    """test_random_b5's campaign of ``seed``, a ship of each side's first two squadrons with a jump engine."""
    c = base(seed)
    data = json.loads(io.dumps(c))
    for f in data["fleets"]:
        for u in f["units"]:
            if u.get("b5") and u["id"] in JUMPERS:
                u["b5"]["jump_engine"] = True
    return type(c).model_validate(data)


def random_plot(speed: int, rng: random.Random) -> str:
    """A plot at ``speed``: each pulse's hexes ahead, maybe after a turn or two, or one a slip."""
    out = []
    for n in pulse_moves(speed):
        turn = rng.choice(["", "", "L", "R", "LL", "RR", "l", "r"])
        if not n:
            out.append("-")
        elif turn in ("l", "r"):
            out.append(turn + "F" * (n - 1))
        else:
            out.append(turn + "F" * n)
    return " ".join(out)


TURNS = ("L", "R", "LL", "RR", "LLL", "RRR", "LR", "RL")


def _plots(speed: int):
    """Every plot at ``speed`` with at most one speed change and one pulse's turns (or one slip)."""
    for d, at in [(0, 1)] + [(d, at) for at in (1, 2, 3) for d in range(-speed, 13) if d]:
        moves = [pulse_moves(speed + d if p >= at else speed)[p - 1] for p in (1, 2, 3)]
        base, tail = ["F" * n for n in moves], f" {d:+d}@{at}" if d else ""
        yield " ".join(x or "-" for x in base) + tail
        for p, n in enumerate(moves):
            steps = [*(("F" * i + t + "F" * (n - i)) for t in TURNS for i in range(n + 1)),
                     *(("F" * i + s + "F" * (n - i - 1)) for s in "lr" for i in range(n))]
            for one in steps:
                yield " ".join(x or "-" for x in (*base[:p], one, *base[p + 1:])) + tail


def legal_plot(q) -> str | None:
    """The first plot ``q`` takes among :func:`_plots`, absolute or relative formation; None: no plot."""
    seen: set[str] = set()
    for relative in ("", " relative"):
        for a in _plots(q.data["speed"]):
            if a + relative not in seen:
                seen.add(a + relative)
                try:
                    q.check(a + relative)
                    return a + relative
                except IllegalAnswer:
                    pass
    return None


def answer(run, q, rng: random.Random):
    if q.key == f"b5/{run.engine.round}/turn":
        if len(q.options) == 1:
            return q.options[0]
        r = rng.random()
        return "results" if r < 0.03 else "at the table" if r < 0.1 else "plot and move"
    if q.key == "b5/reinforcements":
        return rng.choice(["attacker", "defender", "both", "both"])
    if q.key.startswith("b5/reinforcements/") and q.kind in (QKind.NUMBER, QKind.OPTIONAL_NUMBER):
        return rng.randint(4, 6)
    if q.data.get(HELD) and q.key.endswith("/squadrons"):
        return [rng.choice(q.options)]
    if q.kind is QKind.CHOOSE_UNITS and q.key == f"b5/{run.engine.round}/morale":
        return [o for o in q.options if rng.random() < 0.5]
    if q.kind is QKind.NUMBER and "/morale/" in q.key:
        return q.high
    return answer_for(run, q, rng)


def play(seed: int):
    rng = random.Random(seed)
    run = start(campaign(seed), AT)
    ruled = 0
    while run.pending is not None:
        assert len(run.answers) < BOUND, f"seed {seed}: no end after {BOUND} answers"
        q = run.pending
        if "plot" in q.data:
            tries = (["jump"] if "withdrawing" in q.text and rng.random() < 0.4 else []) + \
                [random_plot(q.data["speed"], rng) for _ in range(10)] + \
                [" ".join("F" * n or "-" for n in pulse_moves(q.data["speed"]))]
            for a in tries:
                try:
                    run.answer(a)
                    break
                except IllegalAnswer:
                    pass
            else:  # none allowed: any plot the rules allow, else the GM rules it (a wall: counted)
                found = legal_plot(q)
                if found is None:
                    ruled += 1
                run.answer(found or {"gm_ruling": "no plot is allowed", "answer": tries[-1]})
            continue
        a = answer(run, q, rng)
        try:
            run.answer(a)
        except IllegalAnswer:
            assert "elint" in q.data, f"seed {seed}: {q.key} refused {a!r}"  # a jammed ship's ELINT lost: none
            run.answer("none")
    return run, ruled


def reached(run) -> set[str]:
    texts = [e.text for e in run.log.events]
    return ({"off the board"} if any(" leaves the board from " in t for t in texts) else set()) | \
        ({"jumped out"} if any(" jump out through the vortex at " in t for t in texts) else set()) | \
        ({"arrived"} if any(g.status == "arrived" for g in run.engine.groups.values()) else set())


ALL_THREE = (0, 2, 6, 8, 18)
"""Seeds reaching the arrival of reinforcements, a withdrawal off the board and a jump out."""


@pytest.mark.parametrize("seed", [*ALL_THREE, 21, 29, 107])
def test_random_b5_battles_reach_reinforcements_and_withdrawal_and_end(seed):
    """Seeds 21 and 29 met a withdrawing squadron no plot kept away (a capital ship charging at speed 7, one
    at speed 0 facing the enemy), seed 107 a squadron at the board's edge (R-C2 at 8360 facing D, speed 8)
    no plot kept on the board: each refused every plot before withdrawal.held_to, only a GM ruling went on."""
    run, ruled = play(seed)
    assert run.state.resolved and run.engine.round <= 31
    assert not ruled, f"seed {seed}: {ruled} plot questions with no legal answer"
    if seed in ALL_THREE:
        assert reached(run) == {"off the board", "jumped out", "arrived"}
        assert "retreated: " in run.state.resolution and "jumped out: " in run.state.resolution
    replays_and_reopens(run, campaign(seed))
