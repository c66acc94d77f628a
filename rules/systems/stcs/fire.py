"""Seed 002 fire and damage helpers: to-hit modifiers, the extended D100 to-hit, damage in
5-point boxes with carried remainders."""
from __future__ import annotations

from dataclasses import dataclass

TO_HIT = "STCS To-Hit Modifiers"
CARRY = "STCS Carry Values From Hits"
NO_LOCK = -6
MISSILE = -1


def speed_modifier(speed: int) -> int:
    """To-Hit Modifier For Speed: 0-2 +1, 3-6 0, 7-10 -1, 11-15 -2."""
    if speed < 0:
        raise ValueError("a speed is 0 or more")
    return 1 if speed <= 2 else 0 if speed <= 6 else -1 if speed <= 10 else -2


def to_hit(base: int, speed: int, missile: bool, locked: bool) -> int:
    """The modified To-Hit value (hit on 1 to it on a D10): the chart's ``base`` with the target
    speed, missile (-1) and no-lock (-6) modifiers."""
    return base + speed_modifier(speed) + (MISSILE if missile else 0) + (0 if locked else NO_LOCK)


def extended(value: int) -> int | None:
    """At 1-10 or more, the D100 at most which hits (93, 95, 97, 99); ``None`` below 10 (the D10)."""
    if value < 10:
        return None
    return {10: 93, 11: 95, 12: 97}.get(value, 99)


def words(value: int) -> str:
    """A modified To-Hit value with its roll and exact chance."""
    top = extended(value)
    if top is not None:
        return f"To-Hit {value}: D100 1-{top} ({hit_chance(value):.0%})"
    return f"To-Hit {value}: D10 1-{value} ({hit_chance(value):.0%})" if value > 0 else f"To-Hit {value}: no hit"


def hit_chance(value: int) -> float:
    """The exact chance to hit at a modified To-Hit ``value``."""
    top = extended(value)
    return top / 100 if top is not None else max(0, value) / 10


@dataclass(frozen=True, slots=True)
class Boxes:
    """Damage boxes marked by a hit and the remainder carried after it."""

    marked: int
    carried: int


def boxes(points: int, carried: int) -> Boxes:
    """A hit of ``points`` on equipment already carrying ``carried``: each 5 marks a box."""
    if points < 0 or not 0 <= carried < 5:
        raise ValueError("points are 0 or more; a carry is 0-4")
    total = points + carried
    return Boxes(total // 5, total % 5)
