"""Seed 002 "Warp Movement Rules": warping out of and into a sub-light battle, with exact odds."""
from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

from rules.battlehex.words import plural
from rules.model.stcs import STCSData

OUT = "STCS Warping Out Of Battles"
IN = "STCS Warping Into Battles"
MIN_WARP = 2
"""A ship must use a minimum of Warp 2."""


class Mode(str, Enum):
    """Combat at sub-light speeds (warping in and out allowed) or at warp speeds (not)."""

    SUBLIGHT = "sublight"
    WARP = "warp"


def warp_power(speed: int, d: STCSData) -> int:
    """Power for warp ``speed``: speed / cruising warp x total warp power, rounded up."""
    if d.cruising_warp < 1:
        raise ValueError("a ship without a cruising warp speed has no warp power")
    return math.ceil(speed * sum(d.warp_engines) / d.cruising_warp)


def activation_target(d: STCSData) -> int:
    """The engine activation target: current / total warp power x 100 - 10, 10 less for a
    two-engine ship that has completely lost one engine (-10 to 90)."""
    total, now = sum(d.warp_engines), sum(d.warp_now)
    target = math.floor(now * 100 / total) - 10 if total else -10
    if len(d.warp_engines) == 2 and 0 in d.warp_now:
        target -= 10
    return target


def d100_chance(target: int) -> float:
    """The chance a D100 (1-100) is at most ``target``."""
    return max(0, min(100, target)) / 100


@dataclass(frozen=True, slots=True)
class ShipCondition:
    """What of a ship's state bars a warp out."""

    bridge_phases: int = 0
    superstructure_lost: int = 0
    crew_left: int = 1
    engines_off: bool = False


def warp_out_bars(d: STCSData, cond: ShipCondition, mode: Mode, speed: int = MIN_WARP) -> list[str]:
    """Everything that bars a warp out at ``speed`` (empty: the activation roll may be made)."""
    bars = []
    if mode is Mode.WARP:
        bars.append("the battle is fought at warp speeds: a ship may only move away (Warp Speed Combat)")
    if d.monitor:
        bars.append("a monitor cannot warp out of a battle")
    if speed < MIN_WARP:
        bars.append(f"a ship must use a minimum of Warp {MIN_WARP}")
    elif d.warp_engines and warp_power(speed, d) > sum(d.warp_now):
        bars.append(f"Warp {speed} needs {warp_power(speed, d)} power; the warp engines have {sum(d.warp_now)}")
    if cond.bridge_phases > 0:
        bars.append(f"Bridge hits in effect ({plural(cond.bridge_phases, 'repair phase')} left)")
    if cond.superstructure_lost * 10 >= d.superstructure * 7:
        bars.append("70% or more superstructure lost: the navigational deflector is down")
    if cond.crew_left <= 0:
        bars.append("no crew onboard")
    if cond.engines_off:
        bars.append("its engines are shut down (Activating Shut Down Engines: it may take no action)")
    if not bars and activation_target(d) <= 0:
        bars.append(f"activation target {activation_target(d)}: the ship cannot achieve warp speed")
    return bars


STRIKE: dict[str, int] = {"planet": 90, "moon": 50, "asteroid": 25}
"""The Striking Table: D100 at most this strikes the object in the warp path."""

MINOR = {1: -4, 2: -4, 3: -2, 4: -2, 5: 0, 6: 0, 7: 1, 8: 1, 9: 2, 10: 2}
MAJOR = {1: 3, 2: 4, 3: 5, 4: 6, 5: 7, 6: 8, 7: 9, 8: 10, 9: 11, 10: 12}
"""The Warp Dispersion Table by D10 (a face of 10 is the table's 0)."""


def dispersion(major: bool, d10: int, warp: int) -> int:
    """Hexes from the target hex: the table's value plus the entering warp speed, at least 0."""
    return max(0, (MAJOR if major else MINOR)[d10] + warp)


def bearing(d4: int, tens: int, ones: int) -> int | None:
    """Degrees clockwise from the arrival direction: (D4-1) hundreds, the 2D10 tens and ones (a
    face of 10 reads 0); ``None`` at 360 or more (roll again)."""
    value = (d4 - 1) * 100 + (tens % 10) * 10 + ones % 10
    return value if value < 360 else None
