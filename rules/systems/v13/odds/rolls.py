"""Exact odds of the V13 rolls of a battle: Weapon Status (V13.413-V13.415), the Pursuit Roll
(V13.741-V13.748, V13.834 after a disorganized withdrawal) and a crippled Rear Guard unit's fate
(V13.753).

Every function reads the rule functions the engine rolls with (``rules/systems/v13/weapon_status.py``,
``rules/systems/v13/pursuit.py``), so the odds and the rolls cannot drift apart.
"""
from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from hexmap import Facing
from rules.systems.v13.pursuit import (
    RearGuardFate,
    pursuit_automatic,
    pursuit_intercepts,
    pursuit_modifiers,
    rear_guard_crew_lost,
    rear_guard_modifiers,
    rear_guard_moves,
    rear_guard_rejoins,
)
from rules.systems.v13.ws_table import ws_from_total, ws_name, ws_reduced
from rules.dice import Modifier
from rules.model.units import Unit
from rules.systems.v13.odds.dist import Dist
from rules.systems.v13.odds.text import breakdown, modifier_text, percent


# -- V13.413-V13.415 ---------------------------------------------------------------------------------------
def weapon_status_odds(mods: Iterable[Modifier], down: int = 0) -> Dist[int]:
    """Weapon Status levels (0-3) from 2d6 + ``mods`` through Table V13.415, lowest first,
    then ``down`` levels less (the enemy's Stealth, seed 004 / B-15), never below 0."""
    return Dist.dice("2d6").shift(list(mods)).map(lambda t: ws_reduced(ws_from_total(t), down)).sorted()


def weapon_status_text(mods: Iterable[Modifier], down: int = 0) -> str:
    """``"2d6 +3: Weapon Status 0 <1%, I 17%, II 58%, III 25%"``; with ``down``, the levels lost
    are named before the odds (``"2d6, one level less for the enemy's Stealth: ..."``)."""
    mods = list(mods)
    less = f", {('one', 'two', 'three')[down - 1]} level{'s' * (down > 1)} less for the enemy's Stealth" \
        if down else ""
    return f"{modifier_text(mods)}{less}: Weapon Status " + breakdown(weapon_status_odds(mods, down), ws_name)


# -- V13.741-V13.748, V13.834 ------------------------------------------------------------------------------
def pursuit_total_odds(*, pursuers: int, defenders: int, sensors: bool = False, rear_guard_turns: int = 0,
                       pursuer_captain: int = 0, defender_captain: int = 0, delay: int | None = None) -> Dist[int]:
    """The adjusted Pursuit Roll (2d6 + V13.742-V13.746 and V13.834 modifiers), lowest first."""
    mods = pursuit_modifiers(pursuers=pursuers, defenders=defenders, sensors=sensors,
                             rear_guard_turns=rear_guard_turns, pursuer_captain=pursuer_captain,
                             defender_captain=defender_captain, delay=delay)
    return Dist.dice("2d6").shift(mods)


def pursuit_odds(*, pursuers: int, defenders: int, sensors: bool = False, rear_guard_turns: int = 0,
                 pursuer_captain: int = 0, defender_captain: int = 0, delay: int | None = None) -> Dist[bool]:
    """Whether the Pursuit Force intercepts (``True``, V13.748) or loses them (``False``, V13.747).

    A ``delay`` of 64 impulses or less intercepts for certain (V13.834).
    """
    if pursuit_automatic(delay):
        return Dist.certain(True)
    return pursuit_total_odds(pursuers=pursuers, defenders=defenders, sensors=sensors,
                              rear_guard_turns=rear_guard_turns, pursuer_captain=pursuer_captain,
                              defender_captain=defender_captain, delay=delay).map(pursuit_intercepts)


def pursuit_text(*, pursuers: int, defenders: int, sensors: bool = False, rear_guard_turns: int = 0,
                 pursuer_captain: int = 0, defender_captain: int = 0, delay: int | None = None) -> str:
    """``"interception 58%, escape 42% (2d6 -1; 6 or less intercepts)"``."""
    if pursuit_automatic(delay):
        return "interception 100% (within 64 impulses, V13.834: no roll)"
    mods = pursuit_modifiers(pursuers=pursuers, defenders=defenders, sensors=sensors,
                             rear_guard_turns=rear_guard_turns, pursuer_captain=pursuer_captain,
                             defender_captain=defender_captain, delay=delay)
    p = pursuit_odds(pursuers=pursuers, defenders=defenders, sensors=sensors, rear_guard_turns=rear_guard_turns,
                     pursuer_captain=pursuer_captain, defender_captain=defender_captain, delay=delay).p(True)
    return f"interception {percent(p)}, escape {percent(1 - p)} ({modifier_text(mods)}; 6 or less intercepts)"


# -- V13.753 -----------------------------------------------------------------------------------------------
def rear_guard_rejoin_odds(unit: Unit) -> Fraction:
    """The chance that ``unit``, crippled in the Rear Guard, rejoins its force (V13.753)."""
    return Dist.dice("1d6").shift(rear_guard_modifiers(unit)).map(rear_guard_rejoins).p(True)


def crippled_rear_guard_odds(unit: Unit) -> Dist[RearGuardFate]:
    """Every fate :func:`rules.systems.v13.pursuit.crippled_rear_guard` can give ``unit``, exactly."""
    warp, crew = rear_guard_moves(unit), rear_guard_crew_lost(unit)
    hits = Dist.dice("3d6")
    where: Dist[tuple[int, Facing | None]] = (
        Dist.dice("1d3").bind(lambda h: Dist.die(6).map(lambda d: (h, Facing(d - 1)))) if warp
        else Dist.certain((0, None)))

    def then(rejoins: bool) -> Dist[RearGuardFate]:
        if rejoins:
            return Dist.certain(RearGuardFate(True))
        return Dist.dice("1d6").bind(lambda turns: where.bind(lambda hd: hits.map(
            lambda x: RearGuardFate(False, turns, hd[0], hd[1], x, crew, same_hex=not warp))))
    return Dist.dice("1d6").shift(rear_guard_modifiers(unit)).map(rear_guard_rejoins).bind(then)


def rear_guard_text(unit: Unit) -> str:
    """``"rejoins 50%, else lost 1d6 Strategic Turns (avg 3.5) with 3d6 internal hits"``."""
    p = rear_guard_rejoin_odds(unit)
    if p == 1:
        return "rejoins 100% (V13.753)"
    return (f"rejoins {percent(p)}; lost {percent(1 - p)}: 1d6 Strategic Turns, 3d6 internal hits (avg 10.5), "
            f"{rear_guard_crew_lost(unit)} crew units")
