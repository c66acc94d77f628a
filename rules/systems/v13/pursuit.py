"""Pursuit (V13.70-V13.754) and the fate of a disorganized withdrawal (V13.82x-V13.835)."""
from __future__ import annotations

import math
from dataclasses import dataclass

from hexmap import Facing
from rules.systems.v13.sublight import root
from rules.dice import DiceRoller, Modifier, Roll
from rules.model.units import Unit


@dataclass(frozen=True)
class PursuitResult:
    automatic: bool
    roll: Roll | None
    intercepted: bool
    rule: str
    text: str


def pursuit_automatic(delay: int | None) -> bool:
    """V13.834: a pursuer leaving within 64 impulses of the pursued unit catches it without a roll."""
    return delay is not None and delay <= 64


def pursuit_modifiers(*, pursuers: int, defenders: int, sensors: bool = False, rear_guard_turns: int = 0,
                      pursuer_captain: int = 0, defender_captain: int = 0,
                      delay: int | None = None) -> list[Modifier]:
    """The Pursuit Roll's modifiers (V13.742-V13.746, and V13.834 after a disorganized withdrawal)."""
    mods = []
    if pursuers > defenders:
        mods.append(Modifier(f"Pursuit Force outnumbers the defenders {pursuers} to {defenders}",
                             -(pursuers - defenders), "V13.742"))
    if sensors:
        mods.append(Modifier("undamaged Special Sensors in the Pursuit Force", -2, "V13.743"))
    if rear_guard_turns:
        mods.append(Modifier(f"{rear_guard_turns} turns fighting the Rear Guard", rear_guard_turns, "V13.744"))
    if pursuer_captain:
        mods.append(Modifier(f"best pursuing Captain {pursuer_captain}", -pursuer_captain, "V13.745"))
    if defender_captain:
        mods.append(Modifier(f"best defending Captain {defender_captain}", defender_captain, "V13.746"))
    if delay is not None:
        late = max(0, (delay - 96) // 32)
        if late:
            mods.append(Modifier(f"the pursuer left {delay} impulses later", late, "V13.834"))
    return mods


def pursuit_intercepts(total: int) -> bool:
    """V13.747 / V13.748: an adjusted Pursuit Roll of 6 or less intercepts."""
    return total <= 6


def pursuit_roll(dice: DiceRoller, *, pursuers: int, defenders: int, sensors: bool = False, rear_guard_turns: int = 0,
                 pursuer_captain: int = 0, defender_captain: int = 0, delay: int | None = None,
                 who: str = "Pursuit Force") -> PursuitResult:
    """The Pursuit Roll (V13.741-V13.748; Table T5): 2d6 and its modifiers; 6 or less intercepts.

    ``delay`` (impulses between the pursued unit's exit and the pursuer's, V13.834) makes it a
    pursuit after a disorganized withdrawal: 64 or less succeeds without a roll; beyond, the
    roll gets +max(0, floor((delay - 96) / 32)).
    """
    if pursuit_automatic(delay):
        return PursuitResult(True, None, True, "V13.834",
                             f"the pursuer left {delay} impulses after the pursued unit (64 or less): it catches it")
    mods = pursuit_modifiers(pursuers=pursuers, defenders=defenders, sensors=sensors,
                             rear_guard_turns=rear_guard_turns, pursuer_captain=pursuer_captain,
                             defender_captain=defender_captain, delay=delay)
    roll = dice.roll("2d6", purpose="Pursuit Roll", rule="V13.741", who=who, modifiers=mods)
    caught = pursuit_intercepts(roll.total)
    return PursuitResult(False, roll, caught, "V13.748" if caught else "V13.747",
                         f"adjusted {roll.total}: " + ("interception, a new battle" if caught else
                                                       "the pursuit fails and the hex is resolved"))


def pursuit_force_count(units: list[Unit], crippled_count: bool = False) -> int:
    """A-37: ships count; fighters and PFs count with their carrier or tender; crippled
    pursuers are out (V13.754), while crippled units being pursued still count."""
    return sum(1 for u in units if u.carrier_id is None and not u.destroyed and (crippled_count or not u.crippled))


@dataclass(frozen=True)
class RearGuardFate:
    rejoins: bool
    lost_turns: int = 0
    hexes: int = 0
    direction: Facing | None = None
    internal_hits: int = 0
    crew_lost: int = 0
    same_hex: bool = False


def rear_guard_modifiers(unit: Unit) -> list[Modifier]:
    """V13.753: the crippled Rear Guard roll's modifier, minus root(Navigator)."""
    nav = unit.officers.navigator
    return [Modifier(f"square root of the Navigator's Rating {nav}", -root(nav), "V13.753")]


def rear_guard_rejoins(total: int) -> bool:
    """V13.753: an adjusted roll of 3 or less rejoins the original force."""
    return total <= 3


def rear_guard_moves(unit: Unit) -> bool:
    """V13.753 / A-63: a warp unit reappears 1d3 hexes away; a non-warp unit stays in the hex."""
    return unit.strategic_movement_capable and not (unit.native_sublight or unit.warp_engines_dropped)


def rear_guard_crew_lost(unit: Unit) -> int:
    """V13.753: 20% of the normal crew complement, rounded up."""
    return math.ceil(0.2 * unit.crew_units_normal)


def crippled_rear_guard(unit: Unit, dice: DiceRoller) -> RearGuardFate:
    """V13.753 (Table T6): 1d6 - root(Navigator); 3 or less rejoins. Otherwise lost 1d6
    Strategic Turns, then it reappears 1d3 hexes away in a random direction (1d6 -> A-F; a
    non-warp unit in the same hex), with 3d6 internal hits and ceil(20%) of its crew lost."""
    r = dice.roll("1d6", purpose="crippled Rear Guard", rule="V13.753", who=unit.name,
                  modifiers=rear_guard_modifiers(unit))
    if rear_guard_rejoins(r.total):
        return RearGuardFate(True)
    turns = dice.roll("1d6", purpose="Strategic Turns lost", rule="V13.753", who=unit.name).total
    warp = rear_guard_moves(unit)
    hexes = direction = None
    if warp:
        hexes = dice.roll("1d3", purpose="hexes away", rule="V13.753 / A-63", who=unit.name).total
        direction = Facing(dice.roll("1d6", purpose="direction", rule="V13.753 / A-63", who=unit.name).total - 1)
    hits = dice.roll("3d6", purpose="internal hits", rule="V13.753", who=unit.name).total
    return RearGuardFate(False, turns, hexes or 0, direction, hits, rear_guard_crew_lost(unit), same_hex=not warp)


# -- V13.82x: where a disorganized withdrawal ends up (Table T7) -------------------------------------------
@dataclass(frozen=True)
class Destination:
    at: str | None
    stance: str
    hostile_force: bool
    encounter_next_phase: bool
    rendezvous: bool
    in_supply: bool
    repairs: bool
    rule: str


def disorganized_destination(stance: str, hostile_force: bool, at: str | None) -> Destination:
    """Table T7 from the sector beyond the exit facing, as the unit's team sees it (A-46/A-47)."""
    if at is None or stance == "off map":
        return Destination(None, "off map", False, False, False, False, False, "A-49")
    if stance == "friendly":
        rule = "V13.824" if hostile_force else "V13.822"
        return Destination(at, stance, hostile_force, hostile_force, True, True, True, rule)
    if stance == "hostile":
        return Destination(at, stance, hostile_force, hostile_force, False, False, False, "V13.826")
    rule = "V13.825" if hostile_force else "V13.823"
    return Destination(at, stance, hostile_force, hostile_force, False, False, False, rule)
