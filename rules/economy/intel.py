"""Seed 004, Intel Points in Turn Orders: buying them, assigning them to missions from a staging
system, and the Military Intel Pool.

The seed: "Intel points have a cost of 1 economic point to create and 1 economic point per 10
Intel points to maintain" (the upkeep is in :mod:`rules.economy.income`); "The total Intel points
spent on missions from a system cannot exceed the system's Census rating. Any unassigned Intel
points are placed in the Military Intel Pool." The seed's "maximum number of Intel points per
system is limited by the Census" is read as that same limit on what a system stages.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

INTEL_POINT_COST = 1


@dataclass(frozen=True)
class Mission:
    """An Intel mission or diplomatic use of points, staged from ``staging`` (a system's name)."""

    staging: str
    target: str
    what: str
    points: int


@dataclass(frozen=True)
class Assignment:
    """Intel Points as assigned: the missions kept and the Military Intel Pool."""

    missions: tuple[Mission, ...]
    pool: int


def buy_cost(points: int) -> int:
    """What ``points`` new Intel Points cost (1 each)."""
    if points < 0:
        raise ValueError(f"Intel Points bought are not negative ({points})")
    return INTEL_POINT_COST * points


def _points(n: int) -> str:
    return f"{n} Intel Point" + ("" if n == 1 else "s")


def assign(held: int, missions: Sequence[Mission], census: Mapping[str, int]) -> Assignment:
    """Assign ``held`` Intel Points to ``missions``; refused with the reason when a staging system
    is not the power's, stages more than its Census, or more points are assigned than held."""
    if held < 0:
        raise ValueError(f"Intel Points held are not negative ({held})")
    per: Counter[str] = Counter()
    for m in missions:
        if m.points < 1:
            raise ValueError(f"a mission from {m.staging} against {m.target} needs at least 1 Intel Point")
        if m.staging not in census:
            raise ValueError(f"{m.staging} is not one of the power's systems to stage a mission from")
        per[m.staging] += m.points
    for system, used in sorted(per.items()):
        if used > census[system]:
            raise ValueError(f"missions from {system} use {_points(used)}, over its Census ({census[system]})")
    total = sum(per.values())
    if total > held:
        raise ValueError(f"missions use {_points(total)}, more than the {held} held")
    return Assignment(tuple(missions), held - total)
