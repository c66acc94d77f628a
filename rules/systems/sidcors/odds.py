"""Exact SIDCORS odds (issue 12, "Exact odds"): the distribution of the Damage Points a force
scores, computed from the die's six faces (not simulated).

A force's die may carry a fixed shift (scouts, EW) and, in the first round against an
all-cloaked force that used its cloak, a random one (2d6: 5 or less -1, 11-12 +1); both are
given as a distribution of the combined shift. :func:`bif_matrix` gives, for each own BIF
against each opposing BIF, the distribution and its expected value.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rules.systems.sidcors.tables import BIF_HIGH, BIF_LOW, CLOAK_HIGH, CLOAK_LOW, SHOCK, coefficient, damage_points, shifted

SIXTH = Fraction(1, 6)


@dataclass(frozen=True, slots=True)
class Distribution:
    """Damage Points -> probability (exact); the probabilities sum to 1."""

    points: tuple[tuple[int, Fraction], ...]

    @property
    def expected(self) -> Fraction:
        return sum((p * n for n, p in self.points), Fraction(0))

    def chance(self, at_least: int) -> Fraction:
        """The probability of scoring ``at_least`` Damage Points."""
        return sum((p for n, p in self.points if n >= at_least), Fraction(0))

    def to_dict(self) -> dict[str, str]:
        """``{"10": "1/3", ...}`` (JSON: points as text keys, probabilities as fractions)."""
        return {str(n): str(p) for n, p in self.points}


def cloak_shifts() -> dict[int, Fraction]:
    """The enemy's shift after an all-cloaked force's 2d6 (CLOAKED SHIPS): -1 on 2-5, +1 on 11-12."""
    low = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b <= CLOAK_LOW)
    high = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= CLOAK_HIGH)
    return {-1: Fraction(low, 36), 0: Fraction(36 - low - high, 36), 1: Fraction(high, 36)}


def _pct(p: Fraction) -> str:
    """A probability as a whole percent, ``<1%`` / ``>99%`` when it rounds to 0 / 100 but is not."""
    n = round(p * 100)
    return "<1%" if n == 0 < p else ">99%" if n == 100 and p < 1 else f"{n}%"


def cloak_text() -> str:
    """The odds of the offensive cloak roll (CLOAKED SHIPS: 2d6, 5 or less the enemy -1 in the first
    round, 11 or 12 the enemy +1, any other result normal combat)."""
    odds = cloak_shifts()
    return (f"2d6: the enemy -1 in the first round {_pct(odds[-1])} (5 or less), normal combat {_pct(odds[0])} "
            f"(6-10), the enemy +1 in the first round {_pct(odds[1])} (11-12)")


def shock_odds() -> dict[bool, Fraction]:
    """Whether a mauler used for Directed Damage is crippled by its shock roll (MAULERS: one die, 5-6)."""
    hit = Fraction(sum(1 for face in range(1, 7) if face >= SHOCK), 6)
    return {True: hit, False: 1 - hit}


def shock_text() -> str:
    """The odds of a mauler's shock roll, as shown before it."""
    odds = shock_odds()
    return f"1d6: crippled {_pct(odds[True])} ({SHOCK}-6), unharmed {_pct(odds[False])} (1-{SHOCK - 1})"


def combine(fixed: int, random_shift: Mapping[int, Fraction] | None = None) -> dict[int, Fraction]:
    """A fixed shift plus a random one, as one distribution of the combined shift."""
    out: dict[int, Fraction] = {}
    for s, p in (random_shift or {0: Fraction(1)}).items():
        out[fixed + s] = out.get(fixed + s, Fraction(0)) + p
    return out


def damage_distribution(potential: Fraction | int, bir: int, shifts: Mapping[int, Fraction] | int = 0) -> Distribution:
    """The Damage Points of a force of Combat Potential ``potential`` at Battle Intensity Rating
    ``bir`` with die shift(s) ``shifts`` (an int, or a distribution of the combined shift)."""
    dist = {shifts: Fraction(1)} if isinstance(shifts, int) else dict(shifts)
    out: dict[int, Fraction] = {}
    for s, ps in dist.items():
        for die in range(1, 7):
            n = damage_points(potential, coefficient(bir, shifted(die, s)))
            out[n] = out.get(n, Fraction(0)) + ps * SIXTH
    return Distribution(tuple(sorted((n, p) for n, p in out.items() if p)))


def bif_matrix(potential: Fraction | int, shifts: Mapping[int, Fraction] | int = 0
               ) -> dict[tuple[int, int], Distribution]:
    """For each (own BIF, opposing BIF) 1-4, the distribution of Damage Points scored."""
    return {(own, other): damage_distribution(potential, own + other, shifts)
            for own in range(BIF_LOW, BIF_HIGH + 1) for other in range(BIF_LOW, BIF_HIGH + 1)}


def by_bir(potential: Fraction | int, shifts: Mapping[int, Fraction] | int = 0) -> dict[str, Any]:
    """A JSON summary per Battle Intensity Rating 2-8 (one side picks both numbers): ``expected["5"]``
    and ``points["5"]``."""
    d = {bir: damage_distribution(potential, bir, shifts) for bir in range(2 * BIF_LOW, 2 * BIF_HIGH + 1)}
    return {"expected": {str(b): round(float(x.expected), 2) for b, x in d.items()},
            "points": {str(b): x.to_dict() for b, x in d.items()}}


def summary(potential: Fraction | int, shifts: Mapping[int, Fraction] | int = 0) -> dict[str, Any]:
    """A JSON summary of :func:`bif_matrix` for a question's data: ``expected[own-1][other-1]``
    (2 decimals) and ``points["own-other"]`` the distribution."""
    m = bif_matrix(potential, shifts)
    return {"expected": [[round(float(m[(a, b)].expected), 2) for b in range(BIF_LOW, BIF_HIGH + 1)]
                         for a in range(BIF_LOW, BIF_HIGH + 1)],
            "points": {f"{a}-{b}": d.to_dict() for (a, b), d in m.items()}}
