"""A cloaked ship's Emergency Heading Change as a property (issue 25's hidden information, as
test_cloaked_tells_property.py and test_hidden_table_property.py write it): random STCS battles in which the GM makes
the cloaked Bird of Prey's Emergency Heading Change now and then (its way, new heading and damage its side's and the
GM's) read the same to Blue - its screen at every question it may read and its log - as the same battles without those
changes, until the Bird of Prey uncloaks. The Bird of Prey's own moves are left out of the random choice (a path is
named by its heading, which the change turns), as are the acts that rightly tell (a scan's finding, uncloaking)."""
from __future__ import annotations

import random
from typing import Any

import pytest

from rules.systems import start
from tests.rules.systems.stcs.helpers import legal, stcs_campaign
from tests.rules.systems.stcs.test_cloaked_tells_property import TELLS, grouped, same_to_blue
from tests.rules.systems.v13.helpers import AT

CHANGE = "heading:bop"
LEFT_OUT = (*TELLS, "move:bop", "hit:bop", "struck:bop", "bridge:bop", "crew:bop")
"""Not chosen at random: the tells, the Bird of Prey's moves, and damage whose legality the changes' damage alters."""


def play(c: Any, seed: int, most: int = 250) -> list[tuple[list[Any], bool]]:
    """A random battle's answers in groups (an act question's answer and those after it); True: the Bird of Prey's
    Emergency Heading Change."""

    def choose(q: Any, rng: random.Random, options: list[str]) -> Any:
        change = CHANGE in q.options and legal(q, CHANGE) and rng.random() < 0.5
        return CHANGE if change else "none" if "/cloakout/" in q.key else rng.choice(options)
    return grouped(c, seed, most, LEFT_OUT, choose, lambda a: a == CHANGE)


@pytest.mark.parametrize("seed", [0, 1, 2, 5])
def test_blue_reads_the_same_whether_the_cloaked_ship_made_its_changes_or_not(seed: int) -> None:
    c = start(stcs_campaign(), AT).saved()
    groups = play(c, seed)
    assert sum(changed for _, changed in groups) >= 3
    same_to_blue(c, groups)
