"""Seed 002's Casualty Modifier Track: the box a ship's crew is in, which modifies its Crew Efficiency for the crew
casualties roll ("equal to or less than the Crew Efficiency as modified by the Casualties Modifiers track").

The seed names the boxes by the percent of the crew left ("the 60-69% box") and a "Not Firing" box worse than it,
but does not print the track: each box's modifier (and which box stops the ship's fire) is the base game's chart,
the ship's control panel. A record that gives ``casualty_modifiers`` (one modifier a box, 90-100% first) has them
applied by the engine; without them the efficiency is read unmodified and the GM rules the rest at the table, as for
the other base-game charts not in the seed (docs/stcs.md).

What moves the ship down the track, as the seed states it:
- its crew at their stations (the Percent Casualties Track: hits, and the crew off their stations in boarding
  parties or a melee - Boarding Operations: "the Percent Casualties Track and the Casualty Modifier Track must
  immediately (during the Power Allocation Phase) be reduced ... added back to these tables during the Power
  Allocation Phase of the turn after they return"), read in the boxes of ten percent;
- Stasis troops active and onboard (revived before the battle): "reduced by one box for each 25% or part thereof of
  the total troops", never making an undamaged ship (its crew in the 90-100% box) worse than the 60-69% box;
- troops carried for the battle by a ship that does not normally carry them (10% of its crew): one box.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from rules.battlehex.words import possessive
from rules.model.stcs import Carry
from rules.systems.stcs import troops

if TYPE_CHECKING:
    from rules.systems.stcs.engine import STCSEngine

RULE = "STCS Casualty Modifier Track"
BOXES = ("90-100%", "80-89%", "70-79%", "60-69%", "50-59%", "40-49%", "30-39%", "20-29%", "10-19%", "0-9%")
"""The track's boxes by the percent of the crew at their stations, best first."""
CROWDED_MOST = BOXES.index("60-69%")
"""Crowding never makes an undamaged ship worse than the 60-69% box."""
FLOOR = 10
"""A modified Crew Efficiency is never below 10 while crew remain."""


def band(left: int) -> int:
    """The box of a crew with ``left`` percent at their stations (90-100%: 0 ... 0-9%: 9)."""
    if not 0 <= left <= 100:
        raise ValueError(f"a percent of the crew is 0-100, not {left}")
    return 0 if left >= 90 else (99 - left) // 10


def crowding(active: int, troops_total: int) -> int:
    """Boxes lost to ``active`` Stasis troops aboard of ``troops_total``: one for each 25% or part thereof."""
    return -(-active * 4 // troops_total) if active > 0 and troops_total > 0 else 0


def box(left: int, crowded: int = 0, temporary: bool = False) -> int:
    """The box of a ship with ``left`` percent of its crew at their stations, ``crowded`` boxes lost to its Stasis
    troops (never worse than 60-69% for an undamaged ship) and one more carrying troops for the battle."""
    b = band(left)
    at = min(b + crowded, CROWDED_MOST) if b == 0 else b + crowded
    return min(len(BOXES) - 1, at + (1 if temporary else 0))


def modifier(modifiers: list[int] | None, b: int) -> int:
    """Box ``b``'s Crew Efficiency modifier: the record's (a box beyond those given reads the last); none: 0."""
    return modifiers[min(b, len(modifiers) - 1)] if modifiers else 0


def of(e: STCSEngine, x: str) -> int:
    """``x``'s box now."""
    d = e.data(x)
    left = 0 if d.crew <= 0 else max(0, 100 - e.casualties.get(x, 0))
    stasis = d.marines_carry is Carry.STASIS and d.stasis_revived
    crowded = crowding(troops.aboard(e, x, troops.MARINES), d.marines) if stasis else 0
    return box(left, crowded, d.temporary_troops > 0 and troops.aboard(e, x, troops.MARINES) > 0)


def efficiency(e: STCSEngine, x: str) -> int:
    """``x``'s Crew Efficiency as modified by its box (never below 10)."""
    d = e.data(x)
    return max(FLOOR, d.crew_efficiency + modifier(d.casualty_modifiers, of(e, x)))


def kept(e: STCSEngine, x: str) -> bool:
    """Whether ``x``'s record gives the track's modifiers: then its crew hits' outcomes are its side's and the GM's
    (they would tell its box, which counts its secret boarding parties)."""
    return bool(e.data(x).casualty_modifiers)


def words(e: STCSEngine, x: str) -> str:
    """``x``'s box and modified efficiency in words."""
    b, d = of(e, x), e.data(x)
    return (f"{possessive(e.ship(x))} Casualty Modifier Track: the {BOXES[b]} box (Crew Efficiency "
            f"{d.crew_efficiency} {modifier(d.casualty_modifiers, b):+d}: {efficiency(e, x)})")
