"""b5 weapon and ship specials of seed 003 that are pure rules: the Plasma Accelerator's damage by its
last shot (Plasma Weapons), the Guardian Array's levels left ('G' boxes), and the Minbari tractor
beam's conditions, power cost and breaking free (Specialized Minbari Equipment). The Guardian
Array's question is rules/systems/b5/guardian.py; docs/b5.md says how the seed is read.

- Plasma Accelerator: "If fired in the previous pulse, the weapon's damage will be reduced by two
  levels. If fired two pulses ago it will be reduced by one level. If fired three or more pulses ago
  it does damage normally. Thus, for example, if the weapon were being fired at short range and had
  fired in the last pulse it would do 2d8 damage instead of the normal d12 of that range."
  **Reading**: a level is one of a plasma weapon's four damage ratings (short, medium, long,
  extreme): two levels down at short range is its long range rating (the example's weapon: d12 at
  short, 2d8 at long), never past extreme's. Pulses are counted across turns (three a turn).
- Guardian Array: "Each time a 'G' is marked as destroyed on the structure, one level of Guardian
  ability is lost": the 'G' boxes are on the structure track, marked from the right like the grey
  boxes (rules/systems/b5/damage.py), spread evenly when the data does not place them.
- Tractor beam: the tractoring ship "in the hex next to the intended target", "traveling at the same
  speed and in the same direction"; the target has lost all accel or all decel, or at least 75% of
  its structure, or is willing; else it breaks free. The power by the target's size; breaking free
  from 75% damage costs a point of damage for each point of accel or decel it can do, each point's
  die even: structure, odd: maneuvering (accel or decel, the owner's choice); it breaks away if any
  accel or decel is left.
"""
from __future__ import annotations

import math
from fractions import Fraction

from rules.model.b5 import B5Data, B5Weapon, Category
from rules.systems.b5 import damage

PLASMA_RULE = "B5 Plasma Accelerator"
GUARDIAN_RULE = "B5 Guardian Array"
TRACTOR_RULE = "B5 Tractor Beam"
PULSES = 3
"""Pulses a turn."""


def pulses_since(fired: list[tuple[int, int]], turn: int, pulse: int) -> int | None:
    """How many pulses before (``turn``, ``pulse``) the last of ``fired`` (turn, pulse) was; None: never."""
    if not fired:
        return None
    t, p = max(fired)
    return (turn * PULSES + pulse) - (t * PULSES + p)


def accelerator_levels(w: B5Weapon, fired: list[tuple[int, int]], turn: int, pulse: int) -> int:
    """The levels a Plasma Accelerator's damage is reduced by now: 2 after a shot in the previous
    pulse, 1 two pulses ago, else (three or more, or never fired, or another weapon) 0."""
    if not w.accelerator:
        return 0
    gap = pulses_since(fired, turn, pulse)
    return {1: 2, 2: 1}.get(gap, 0) if gap is not None else 0


def damage_band(w: B5Weapon, band: int, fired: list[tuple[int, int]], turn: int, pulse: int) -> int:
    """The range band whose damage rating a shot of ``w`` at ``band`` uses (the Accelerator's reduced
    levels; never past extreme)."""
    return min(len(w.damage) - 1, band + accelerator_levels(w, fired, turn, pulse)) if w.accelerator else band


def guardian_boxes(data: B5Data) -> list[int]:
    """The structure track's 'G' boxes: the data's, else one a level spread evenly."""
    if data.guardian_boxes:
        return sorted(data.guardian_boxes)
    return sorted(set(damage.grey_boxes(data.structure, min(data.guardian, data.structure))))


def guardian_left(data: B5Data, lost: int) -> int:
    """Guardian levels left with ``lost`` structure marked (from the right): one lost a 'G' box marked."""
    left = data.structure - lost
    return max(0, data.guardian - sum(1 for b in guardian_boxes(data) if b > left))


TRACTOR_WHY = ("it has lost all ability to accelerate or decelerate", "it has taken at least 75% structural damage",
               "it accepts being tractored")


def tractor_reach(distance: int, speeds: tuple[int, int], facings: tuple[int, int]) -> str:
    """Why a tractor beam cannot reach a target ("" when it may): ``distance`` in hexes, the two ships'
    speeds and facings (tractoring ship first)."""
    if distance != 1:
        return f"the target must be in the hex next to it, not {distance} hexes away"
    if speeds[0] != speeds[1]:
        return f"it must travel at the target's speed, {speeds[1]}, not {speeds[0]}"
    if facings[0] != facings[1]:
        return "it must travel in the target's direction"
    return ""


def tractor_hold(data: B5Data, now: B5Data, lost: int, willing: bool) -> int:
    """Which of the seed's three cases holds the target (index into :data:`TRACTOR_WHY`), -1: none
    (it breaks free). ``data``: its datacard, ``now``: as damaged, ``lost``: structure lost."""
    if now.accel <= 0 or now.decel <= 0:
        return 0
    if 4 * lost >= 3 * data.structure:
        return 1
    return 2 if willing else -1


def tractor_cost(category: Category) -> str:
    """What holding a target of ``category`` costs the tractoring ship."""
    return {Category.FIGHTER: "nothing", Category.MEDIUM: "one weapon system of its choice powered down",
            Category.HEAVY: "all its weapon systems powered down"}.get(
        category, "all its weapon systems powered down and all its maneuvering halved (round up)")


def halved(rating: int) -> int:
    """A maneuvering rating cut in half, any fraction rounded up (a capital target's cost)."""
    return math.ceil(rating / 2)


def break_free_points(now: B5Data) -> int:
    """Points of damage a target held at 75% damage takes fighting the tractor: one for each point
    of acceleration or deceleration it is capable of."""
    return max(0, now.accel) + max(0, now.decel)


def break_free_place(roll: int) -> str:
    """Where one point of breaking free goes: an even die the structure, an odd one maneuvering."""
    return "structure" if roll % 2 == 0 else "maneuvering"


def break_free_odds(accel: int, decel: int) -> Fraction:
    """The exact chance a target held at 75% damage with ``accel``/``decel`` breaks away: it takes
    accel + decel points, each on a die (odd: maneuvering, the owner's choice of accel or decel). It
    breaks away when it keeps some accel and some decel (**reading**: with either at 0 the first case,
    "lost all ability to either accelerate or decelerate", holds it), so the owner spends the odd
    points keeping one of each: free when the odd dice are at most accel + decel - 2."""
    points = accel + decel
    if accel <= 0 or decel <= 0:
        return Fraction(0)
    return sum((Fraction(math.comb(points, k), 2 ** points) for k in range(0, points - 1)), Fraction(0))


def break_free(accel: int, decel: int, odd: int) -> tuple[int, int]:
    """The accel and decel left after ``odd`` maneuvering points, the owner keeping one of each as long
    as it can (taking the larger rating first)."""
    for _ in range(odd):
        if accel >= decel and accel > 0:
            accel -= 1
        elif decel > 0:
            decel -= 1
    return accel, decel
