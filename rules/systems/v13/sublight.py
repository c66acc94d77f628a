"""Consequences of sub-light evasion (V13.90, Tables T8-T17 of RULES_MATRIX §1.2).

:func:`evasion_fate` runs the routing of T8 for one unit that evaded after dropping its warp
engines: classify the hex, roll the terrain table (T9, T12, T13), then the empty-space table
(T14a/T14b, rolled by ``rules/strategic/lost.py``) on an escape. A unit lost in a nebula
(V13.953 / V13.963) stays Lost for its 1d3 Strategic Turns: its empty-space step comes when the
campaign turn ends that time (or V13.914 finds it), not at the end of the battle. The
exceptions (native sub-light units V13.921, units towed by an unopposed withdrawer V13.924, a
surviving friendly Base or Star System V13.923) are decided
by :func:`routing` before any roll. Every roll comes from the dice passed in and is logged
with its rule; "square root of the Rating" is floor(sqrt(max(R, 0))) (INTERPRETATIONS 13).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from rules.dice import DiceRoller, Modifier
from rules.model.types import Terrain
from rules.model.units import Unit
from rules.strategic.lost import NEBULA_THEN, EvasionLoss, empty_space_table, root

__all__ = ["Fate", "HexClass", "Outcome", "classify", "evasion_fate", "rendezvous", "root", "routing",
           "scrap_value", "warp_engines_replaceable"]


class HexClass(str, Enum):
    """V13.941 / V13.951 / V13.961."""

    FRIENDLY = "friendly"
    FRIENDLY_TERRAIN = "friendly terrain"
    NEUTRAL = "neutral"
    HOSTILE = "hostile"


class Outcome(str, Enum):
    FRIENDLY_HEX = "in a friendly hex (V13.940)"
    LOCATABLE = "locatable"
    LOST = "lost"
    PLANETOID_CREW = "ship destroyed, crew on a small planetoid"
    CRASHED = "ship destroyed, crew stranded on a barely habitable world"
    ASTEROID_CREW = "ship destroyed, crew on a large asteroid"
    STORM_PLANETOID = "ship destroyed, crew on a planetoid in the ion storm"
    DESTROYED = "destroyed with all hands"
    CAPTURED = "captured by an incidental force of the opposing Team"
    SELF_DESTRUCT = "self-destructs rather than be captured (Orion)"
    AT_BASE = "withdrew to the friendly Base or Star System (V13.923)"
    AWAITING_RENDEZVOUS = "awaits a friendly warp-capable unit (V13.921)"
    SHARES_TOWER = "shares the fate of the unit towing it (V13.924)"


@dataclass
class Fate:
    """What happened to one evader: the outcome, and the numbers that go with it."""

    unit: str
    outcome: Outcome
    rule: str
    lost_turns: int = 0
    extra_damage: int = 0
    supplies_turns: int = 0
    lost_by: EvasionLoss | None = None
    """When Lost: the rule that made it so (V13.953 / V13.963: its empty-space step is still to
    come; V13.91x: locatable once the lost time is over)."""
    steps: list[str] = field(default_factory=list)

    @property
    def destroyed(self) -> bool:
        return self.outcome in (Outcome.DESTROYED, Outcome.PLANETOID_CREW, Outcome.CRASHED, Outcome.ASTEROID_CREW,
                                Outcome.STORM_PLANETOID, Outcome.SELF_DESTRUCT)


def classify(own_team: bool, owned: bool, terrain: Terrain) -> HexClass:
    """V13.941/951/961 (A-47 decides before this who counts as owner: pass the unit's stance)."""
    if own_team:
        return HexClass.FRIENDLY if terrain is Terrain.NONE else HexClass.FRIENDLY_TERRAIN
    return HexClass.HOSTILE if owned else HexClass.NEUTRAL


def routing(native_sublight: bool, towed_by_unopposed: bool, friendly_base_survives: bool) -> Outcome | None:
    """T8 step 1: the exceptions that skip the rolls (V13.921, V13.924, V13.923), or ``None``."""
    if native_sublight:
        return Outcome.AWAITING_RENDEZVOUS
    if towed_by_unopposed:
        return Outcome.SHARES_TOWER
    if friendly_base_survives:
        return Outcome.AT_BASE
    return None


# T9: terrain -> (officer, {hex class: [(highest adjusted roll, result), ...]}), "escape" goes on to
# the empty-space step; a tuple names a result with a die roll for its duration.
_TERRAIN: dict[Terrain, tuple[str, dict[str, Any]]] = {
    Terrain.BLACK_HOLE: ("captain", {"neutral": [(3, "escape"), (99, "destroyed")], "rule_n": "V13.952",
                                     "hostile": [(2, "escape"), (99, "destroyed")], "rule_h": "V13.962"}),
    Terrain.NEBULA: ("navigator", {"neutral": [(3, "escape"), (4, ("lost", "1d3")), (99, "destroyed")],
                                   "rule_n": "V13.953",
                                   "hostile": [(2, "escape"), (4, ("lost", "1d3")), (99, "destroyed")],
                                   "rule_h": "V13.963"}),
    Terrain.RINGED_GAS_GIANT: ("captain", {"neutral": [(5, "escape"), (99, "destroyed")], "rule_n": "V13.955",
                                           "hostile": [(4, "escape"), (99, "destroyed")], "rule_h": "V13.965"}),
    Terrain.VARIABLE_PULSAR: ("captain", {"neutral": [(3, "escape"), (99, "destroyed")], "rule_n": "V13.956",
                                          "hostile": [(2, "escape"), (99, "destroyed")], "rule_h": "V13.966"}),
}
# T12 / T13: officer, damage multiplier by Size Class (A-42 clamps it at 0), the damage dice by
# adjusted roll (neutral, hostile), what row 5 leaves, and the rule numbers (neutral, hostile).
_DAMAGE: dict[Terrain, tuple[str, Callable[[int], int], dict[int, tuple[str, str]], Outcome, tuple[str, str]]] = {
    Terrain.ASTEROID_FIELD: ("helmsman", lambda sc: 5 - sc, {3: ("1d6", "2d6"), 4: ("3d6", "4d6")},
                             Outcome.ASTEROID_CREW, ("V13.9540", "V13.9640")),
    Terrain.ION_STORM: ("chief_engineer", lambda sc: sc - 1, {2: ("1d6", "1d6"), 3: ("3d6", "3d6"),
                                                              4: ("7d6", "7d6")},
                        Outcome.STORM_PLANETOID, ("V13.9570", "V13.9670")),
}
_OFFICER_NAME = {"captain": "Captain", "navigator": "Navigator", "helmsman": "Helmsman",
                 "chief_engineer": "Chief Engineer"}


def _roll(dice: DiceRoller, unit: Unit, officer: str, purpose: str, rule: str) -> int:
    rating = getattr(unit.officers, officer)
    mods = [Modifier(f"square root of the {_OFFICER_NAME[officer]}'s Rating {rating}", -root(rating), rule)]
    return dice.roll("1d6", purpose=purpose, rule=rule, who=unit.name, modifiers=mods).total


def _damage(dice: DiceRoller, unit: Unit, fate: Fate, mult: int, expr: str, rule: str) -> bool:
    """Extra damage ``mult`` x ``expr`` (A-42 clamps the multiplier at 0); True if it survives."""
    mult = max(0, mult)
    hits = mult * dice.roll(expr, purpose="extra damage", rule=rule, who=unit.name).total if mult else 0
    fate.extra_damage += hits
    left = unit.boxes_total - unit.internal_hits
    fate.steps.append(f"{rule}: {mult} x {expr} = {hits} extra damage")
    if unit.boxes_total and hits >= left:
        fate.steps.append(f"{rule}: {hits} extra damage is more than the {left} boxes left: destroyed")
        return False
    if not unit.boxes_total:
        fate.steps.append(f"{rule}: the unit has no box count: whether {hits} damage destroys it is a GM ruling")
    return True


def evasion_fate(unit: Unit, hex_class: HexClass, terrain: Terrain, dice: DiceRoller, orion: bool = False) -> Fate:
    """The fate of one unit that evaded at sub-light after dropping its warp engines (V13.911)."""
    if hex_class is HexClass.FRIENDLY:
        return Fate(unit.id, Outcome.FRIENDLY_HEX, "V13.942",
                    steps=["V13.942: friendly empty hex: rendezvous and Campaign Damage Repairs, warp engines not "
                           "restored; it stays unless towed, or may be abandoned or scuttled"])
    fate = Fate(unit.id, Outcome.LOCATABLE, "V13.95x" if hex_class is not HexClass.HOSTILE else "V13.96x")
    hostile = hex_class is HexClass.HOSTILE
    if terrain in _TERRAIN:
        officer, table = _TERRAIN[terrain]
        rule = table["rule_h" if hostile else "rule_n"]
        adj = _roll(dice, unit, officer, f"{terrain.title}", rule)
        result = next(res for top, res in table["hostile" if hostile else "neutral"] if adj <= top)
        word = result if isinstance(result, str) else result[0]
        fate.steps.append(f"{rule}: {terrain.title}: adjusted roll {adj}: {word}")
        if result == "destroyed":
            return _end(fate, Outcome.DESTROYED, rule)
        if isinstance(result, tuple):  # V13.953 / V13.963: lost now; the empty-space step only after it
            fate.lost_turns += dice.roll(result[1], purpose="Strategic Turns lost", rule=rule, who=unit.name).total
            fate.steps.append(f"{rule}: lost for {fate.lost_turns} Strategic Turns; after that (or when its "
                              "Helmsman finds the way, V13.914) it is treated as if it had evaded in Empty Space "
                              f"({NEBULA_THEN[rule]}), rolled at the start of that Strategic Turn, not now")
            fate.lost_by = "V13.963" if hostile else "V13.953"
            return _end(fate, Outcome.LOST, rule)
    elif terrain in _DAMAGE:
        officer, multiplier, rows, stranded, rules = _DAMAGE[terrain]
        rule = rules[1] if hostile else rules[0]
        adj = _roll(dice, unit, officer, terrain.title, rule)
        fate.steps.append(f"{rule}: {terrain.title}: adjusted {adj}")
        if adj >= 6:
            return _end(fate, Outcome.DESTROYED, rule)
        if adj == 5:
            fate.supplies_turns = dice.roll("1d6", purpose="Strategic Turns of supplies", rule=rule,
                                            who=unit.name).total
            return _end(fate, stranded, rule)
        if adj in rows and not _damage(dice, unit, fate, multiplier(unit.size_class), rows[adj][hostile], rule):
            return _end(fate, Outcome.DESTROYED, rule)
    return _empty_space(unit, hex_class, dice, fate, orion)


def _empty_space(unit: Unit, hex_class: HexClass, dice: DiceRoller, fate: Fate, orion: bool) -> Fate:
    """V13.958 / V13.968: after an escape (or with no terrain), the empty-space step."""
    if hex_class is HexClass.FRIENDLY_TERRAIN:
        fate.steps.append("V13.958: escaped in a friendly hex: V13.940 applies, no roll")
        return _end(fate, Outcome.FRIENDLY_HEX, "V13.958")
    r = empty_space_table(unit, hex_class is HexClass.HOSTILE, dice, orion)
    fate.steps.append(f"{r.rule}: Empty Space: adjusted {r.adjusted}")
    fate.lost_turns += r.lost_turns
    if r.lost_turns:
        fate.lost_by = "V13.91x"
    return _end(fate, Outcome[r.row.name], r.rule)


def _end(fate: Fate, outcome: Outcome, rule: str) -> Fate:
    fate.outcome, fate.rule = outcome, rule
    return fate


# -- after the hex resolves -------------------------------------------------------------------------
def rendezvous(units: list[Unit], dice: DiceRoller) -> list[str]:
    """V13.932 / A-65: each rolls 1d6 - max(Captain, Helmsman); all with <= 1 form one group
    (only if there are at least two of them). Returns the group's unit ids."""
    low = []
    for u in units:
        best = max(u.officers.captain, u.officers.helmsman)
        r = dice.roll("1d6", purpose="rendezvous", rule="V13.932", who=u.name,
                      modifiers=[Modifier(f"best of Captain and Helmsman {best}", -best, "V13.932")])
        if r.total <= 1:
            low.append(u.id)
    return low if len(low) >= 2 else []


def scrap_value(unit: Unit) -> int:
    """V13.943 / A-66: floor(3/4 x BPV x boxes remaining / boxes), before the V4.953 cap."""
    if not unit.boxes_total:
        return (3 * unit.economic_bpv) // 4
    remaining = max(0, unit.boxes_total - unit.internal_hits)
    return (3 * unit.economic_bpv * remaining) // (4 * unit.boxes_total)


def warp_engines_replaceable(unit: Unit, base_kinds: list[str], base_owner_team: str | None,
                             original_team: str | None, captured: bool = False) -> tuple[bool, str]:
    """V13.912: dropped Warp Engines are replaced only at a Starbase or FRD of the original
    owning Team; a captured unit may only serve as a sub-light unit."""
    if not unit.warp_engines_dropped:
        return False, "its warp engines are in place"
    if captured or unit.captured:
        return False, "V13.912: a captured unit may only be pressed into service as a sub-light unit [V4.39]"
    if not any(k in ("starbase", "frd") for k in base_kinds):
        return False, "V13.912: warp engines are replaced only at a Starbase or FRD"
    if base_owner_team is None or base_owner_team != original_team:
        return False, "V13.912: the Starbase or FRD must belong to the unit's original Team"
    return True, "V13.912: a Starbase or FRD of its own Team can replace the warp engines"
