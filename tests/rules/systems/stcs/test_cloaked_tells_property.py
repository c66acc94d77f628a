"""Issue 25's tells of a cloaked ship as a property: random STCS battles in which the GM enters damage on the
cloaked Bird of Prey now and then (a hit through its shields, on a shield, Bridge hits, casualties: its side's and
the GM's) read the same to Blue - its screen at every question it may read and its log - as the same battles
without that damage, until the Bird of Prey uncloaks (forced at 70% lost, its place then everyone's). It found
the GM's act question asked again in Blue's log, and the power allocation acts leaving the list."""
from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from rules.battlehex.questions import QKind
from rules.systems import start
from tests.rules.systems.stcs.helpers import legal, stcs_campaign
from tests.rules.systems.stcs.test_leaks import BLUE, screen
from tests.rules.systems.v13.helpers import AT

HIDDEN = ("hit:bop", "struck:bop", "bridge:bop", "crew:bop")
TELLS = ("scan:", "uncloak:", "explode", "resolve", "repair:bop", "selfdestruct:bop", "shadow:bop", "heading:bop")
"""Left out of the random choice: acts that rightly tell (a scan's finding, uncloaking), or whose legality the
damage changes (the battle without it could not take them; the Emergency Heading Change's own property is
test_cloaked_heading_property.py)."""


def play(c: Any, seed: int, most: int = 100) -> list[tuple[list[Any], bool]]:
    """A random battle's answers in groups, an act question's answer and those after it; True: damage entered on
    the cloaked Bird of Prey."""

    def choose(q: Any, rng: random.Random, options: list[str]) -> Any:
        hidden = [o for o in HIDDEN if o in q.options and legal(q, o)]
        return rng.choice(hidden if hidden and rng.random() < 0.35 else ["none"] if "/cloakout/" in q.key else options)
    return grouped(c, seed, most, TELLS, choose, lambda a: a in HIDDEN)


def grouped(c: Any, seed: int, most: int, left_out: tuple[str, ...],
            choose: Callable[[Any, random.Random, list[str]], Any],
            marked: Callable[[Any], bool]) -> list[tuple[list[Any], bool]]:
    """A random battle's answers, while the Bird of Prey is cloaked, in groups (an act question's answer and those
    after it, marked when ``marked(that answer)``): a choice of one act by ``choose(question, rng, its legal options
    not starting with ``left_out`` (all, when none is))``, any other question by :func:`random_answer`."""
    rng = random.Random(seed)
    run = start(c, AT)
    groups: list[tuple[list[Any], bool]] = [([], False)]
    while run.pending is not None and len(run.answers) < most and run.engine.cloaked["bop"]:
        q = run.pending
        if q.kind is QKind.CHOOSE:
            a = choose(q, rng, [o for o in q.options if not o.startswith(left_out) and legal(q, o)] or list(q.options))
        else:
            a = random_answer(q, rng)
        if q.key.endswith("/act"):
            groups.append(([], marked(a)))
        groups[-1][0].append(a)
        run.answer(a)
    return groups


def blue_view(c: Any, answers: list[Any], asked: list[bool]) -> tuple[list[str], list[Any]]:
    """Blue's screen at each question ``asked`` marks, and Blue's log, until the Bird of Prey uncloaks."""
    run = start(c, AT)
    seen = []
    for a, mark in zip(answers, asked):
        if not run.engine.cloaked["bop"]:
            break
        if mark:
            seen.append(json.dumps(screen(run, BLUE), sort_keys=True, default=str))
        run.answer(a)
    log = [(e["kind"], e["text"], e.get("data", {}).get("faces")) for e in json.loads(run.events_json(BLUE))]
    shown = next((i for i, e in enumerate(log) if "Bird of Prey uncloaks" in e[1]), len(log))
    return seen, log[:shown]


def random_answer(q: Any, rng: random.Random) -> Any:
    """A random answer to a question that is not a choice of one act: some of the units (each at 30%), a power
    allocation's proposal (the one it opens at), a number up to 30."""
    if q.kind is QKind.CHOOSE_UNITS:
        return [o for o in q.options if rng.random() < 0.3]
    if q.kind is QKind.TEXT:
        return q.default
    return rng.randint(q.low or 0, min(q.high or 0, 30))


def same_to_blue(c: Any, groups: list[tuple[list[Any], bool]]) -> None:
    """Blue's screen at every question it may read and its log, until the Bird of Prey uncloaks, are the same in the
    battle of all ``groups`` as in the battle without the groups marked True (more than 20 of each compared)."""
    full = [a for g, _ in groups for a in g]
    clean = [a for g, marked in groups if not marked for a in g]
    seen, log = blue_view(c, full, [not marked for g, marked in groups for _ in g])
    seen_clean, log_clean = blue_view(c, clean, [True] * len(clean))
    n = min(len(seen), len(seen_clean))
    assert n > 20 and seen[:n] == seen_clean[:n]
    m = min(len(log), len(log_clean))
    assert m > 20 and log[:m] == log_clean[:m]


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 6])
def test_blue_reads_the_same_whatever_the_gm_entered_on_the_cloaked_ship(seed: int) -> None:
    c = start(stcs_campaign(), AT).saved()
    groups = play(c, seed)
    assert sum(hidden for _, hidden in groups) >= 5
    same_to_blue(c, groups)
