"""Seed 002 "Creating Captains And Crews, Crew Efficiency": Crew Quality on 2D10 by nation, then
the Efficiency Roll of that quality; the replacement commander after a Bridge hit.

Where the seed's example and its table disagree (the example's Average crew adds 2D10 to 33, the
table says 2D10+45), the table is followed (docs/stcs.md); :data:`EXAMPLE_BASE` keeps the
example's figure so a test shows both.
"""
from __future__ import annotations

from dataclasses import dataclass

from rules.dice import DiceRoller
from rules.model.stcs import Nation, Quality

RULE = "STCS Crew Efficiency"
EXAMPLE_BASE = 33
"""The example's base for an Average crew (7+2 = 9 Average; 3+9 = 12 "added to 33" = 45)."""

BASE: dict[Quality, int] = {Quality.GREEN: 25, Quality.POOR: 35, Quality.AVERAGE: 45, Quality.GOOD: 55,
                            Quality.CRACK: 65}
"""The Efficiency Roll: 2D10 plus this."""

_ORDER = (Quality.GREEN, Quality.POOR, Quality.AVERAGE, Quality.GOOD, Quality.CRACK)
TABLES: dict[Nation, tuple[int, int, int, int, int]] = {
    Nation.FEDERATION: (4, 6, 13, 17, 20),
    Nation.KLINGON: (3, 8, 16, 19, 20),
    Nation.ROMULAN: (5, 6, 14, 18, 20),
}
"""Per nation, the highest 2D10 of Green, Poor, Average, Good, Crack (the tables' ranges)."""


def quality(nation: Nation, roll: int) -> Quality:
    """The Crew Quality a 2D10 total ``roll`` (2-20) gives on ``nation``'s table (other nations
    use the Federation's, "with a plus or minus modifier to the Efficiency Roll")."""
    if not 2 <= roll <= 20:
        raise ValueError(f"a 2D10 total is 2-20, not {roll}")
    tops = TABLES.get(nation, TABLES[Nation.FEDERATION])
    return next(q for q, top in zip(_ORDER, tops) if roll <= top)


def chance(nation: Nation, q: Quality) -> float:
    """The exact chance of Crew Quality ``q`` on ``nation``'s table (the "%" column, exact)."""
    ways = sum(1 for a in range(1, 11) for b in range(1, 11) if quality(nation, a + b) is q)
    return ways / 100


@dataclass(frozen=True, slots=True)
class Crew:
    """A generated crew: its quality and efficiency, and the dice."""

    quality: Quality
    efficiency: int
    quality_roll: int
    efficiency_roll: int


def generate(nation: Nation, dice: DiceRoller, who: str, modifier: int = 0) -> Crew:
    """Roll a ship's crew: 2D10 for quality, then 2D10 + the quality's base (+ ``modifier`` for
    other nations)."""
    qr = dice.roll("2d10", purpose="Crew Quality", rule=RULE, who=who).total
    q = quality(nation, qr)
    er = dice.roll("2d10", purpose=f"Crew Efficiency ({q.value})", rule=RULE, who=who).total
    return Crew(q, er + BASE[q] + modifier, qr, er)


def replacement_captain(rolls: tuple[int, int, int], minus: tuple[int, ...]) -> int:
    """A replacement commander: 3D10+45 less one D10 per replacement so far, never below 30."""
    return max(30, sum(rolls) + 45 - sum(minus))
