"""The Big Ships system (seed 004).

"Ships have a command-rating equal to their size-class. Ships may not lead ships of a larger
size-class than themselves." A size-class 2 dreadnought commands itself and two other ships;
a size-class 4 war destroyer itself and four others. "Civilian" ships and fixed installations
count half (round up).

Readings: the flagship itself does not count; each fighter squadron or PF flotilla counter
counts one (the seed's Hive Ship "could still have a single other ship in the battle (though,
not one with fighters or PFs)"); the civilian and fixed units' halves are summed, then rounded
up; a unit of a larger size class (a smaller number) than the flagship stays out.
"""
from __future__ import annotations

from collections.abc import Collection, Sequence
from fractions import Fraction

from rules.composition.common import R_BIG, Line, Member, is_civilian, is_fixed, rounded_up_half


def capacity(flagship: Member) -> tuple[int, tuple[Line, ...]]:
    """The flagship's command rating: its size class."""
    sc = flagship.unit.size_class
    return sc, (Line(flagship.id, Fraction(sc), R_BIG, f"command rating = size class {sc}"),)


def too_large(fleet: Sequence[Member], flagship: Member) -> dict[str, str]:
    """Units the flagship may not lead: a larger size class (a smaller number) than its own."""
    sc = flagship.unit.size_class
    return {m.id: f"{R_BIG}: size class {m.unit.size_class} is larger than the flagship's {sc}"
            for m in fleet if m.id != flagship.id and m.unit.size_class < sc}


def costs(fleet: Sequence[Member], flagship: Member, present: Collection[str]) -> tuple[Line, ...]:
    """One for each other unit present; civilian ships and fixed installations half, rounded up."""
    lines: list[Line] = []
    halves: list[str] = []
    for m in fleet:
        if m.id not in present or m.id == flagship.id:
            continue
        if is_civilian(m.unit) or is_fixed(m.unit):
            halves.append(m.id)
            lines.append(Line(m.id, Fraction(0), R_BIG, "civilian or fixed: half, summed below"))
        else:
            lines.append(Line(m.id, Fraction(1), R_BIG, "one unit"))
    if halves:
        lines.append(Line("", rounded_up_half(Fraction(len(halves))), R_BIG,
                          f"{len(halves)} civilian or fixed units count half, rounded up"))
    return tuple(lines)
