"""What every fleet composition system shares: the fleet's members, the verdict, unit traits.

Seed 004, Combat Phase: "At the time that the combat is set up, use the rules for fleet
composition ... to determine which ships participate."
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from rules.errors import RuleError
from rules.model.units import Unit, UnitKind

System = Literal["bpv", "big_ships", "flexible", "none"]
"""The campaign setting ``fleet_composition``."""

R_SETUP = "seed 004 Combat Phase (fleet composition)"
R_BPV = "seed 004 BPV Capacity"
R_BPV_BONUS = "seed 004 BPV Capacity (+50 per different size-class 4+ base hull type)"
R_BPV_MIXED = "seed 004 BPV Capacity (mixed-empire fleets: 50% of the BPV)"
R_BIG = "seed 004 Big Ships"
R_FLEX = "seed 004 Flexible Command"
R_FLEX_DUP = "seed 004 Flexible Command (DUPLICATE CLASSES)"
R_FLEX_LEADER = "seed 004 Flexible Command (leaders and squadrons)"
R_FLEX_MIXED = "seed 004 Flexible Command (mixed-Empire fleets: 50% by FCR cost)"
R_FIXED = "seed 004 BPV Capacity (fixed units that cannot fit are made inactive)"
R_CONVOY = "seed 004 Combat Phase (trade, colony and transport fleets are included)"
R_FIGHTERS = "seed 004 BPV Capacity (fighters stay with their carrier; PF flotillas may fight alone)"

_CIVILIAN_KINDS = {UnitKind.FREIGHTER, UnitKind.CONVOY_SHIP, UnitKind.SUPPLY_SHIP}
_ATTRITION = {UnitKind.FIGHTER, UnitKind.PF, UnitKind.SHUTTLE}


@dataclass(frozen=True)
class Member:
    """One unit of a side's fleet and the power (empire) it belongs to.

    Attributes:
        unit: The unit.
        power: The power id (mixed-empire fleets are measured by it).
        race_flags: The unit's and its power's race flags (``lyran``, ``hydran``, ``wyn`` ...).
    """

    unit: Unit
    power: str
    race_flags: frozenset[str] = frozenset()

    @property
    def id(self) -> str:
        return self.unit.id

    def race(self, flag: str) -> bool:
        """Whether the unit or its power carries race flag ``flag``."""
        return flag in self.race_flags or flag in self.unit.race_flags


@dataclass(frozen=True)
class Line:
    """One line of the reckoning: what a unit (or the fleet, ``unit == ""``) adds, by which rule."""

    unit: str
    amount: Fraction
    rule: str
    text: str = ""


@dataclass(frozen=True)
class Verdict:
    """A side's fleet measured by one composition system.

    Attributes:
        system: The composition system.
        flagship: The flagship's unit id.
        cap: The capacity (BPV, FCR or command rating); ``None`` under ``none``.
        used: What the units taking part use of it.
        cap_lines: How the capacity is made up.
        lines: What each unit taking part costs (or counts).
        excluded: Units that stay out of the battle.
        inactive: Fixed units present but inactive (no chance of activation).
        forced: Of the excluded, those no choice could bring in (with ``lines`` giving why).
        problems: The rules the composition breaks (empty when it is legal).
    """

    system: System
    flagship: str
    cap: int | None
    used: Fraction
    cap_lines: tuple[Line, ...] = ()
    lines: tuple[Line, ...] = ()
    excluded: tuple[str, ...] = ()
    inactive: tuple[str, ...] = ()
    forced: tuple[str, ...] = ()
    problems: tuple[str, ...] = field(default=())

    @property
    def over(self) -> Fraction:
        """How far the units taking part exceed the capacity (0 when they fit)."""
        return Fraction(0) if self.cap is None else max(Fraction(0), self.used - self.cap)

    @property
    def ok(self) -> bool:
        """The composition is legal: the units fit and no rule is broken."""
        return not self.problems and self.over == 0


def members(units: Iterable[Unit], power: str, race_flags: Iterable[str] = ()) -> list[Member]:
    """Members of one power, for callers that hold bare units."""
    flags = frozenset(race_flags)
    return [Member(u, power, flags) for u in units]


def is_fixed(u: Unit) -> bool:
    """A fixed unit: one that cannot move itself on the campaign map (bases, DefSats, ground bases)."""
    if u.kind is UnitKind.MOBILE_BASE:
        return not u.strategic_movement_capable
    return u.kind.is_base or u.kind is UnitKind.FRD and not u.strategic_movement_capable


def is_civilian(u: Unit) -> bool:
    """A civilian ship: freighters, convoy ships, auxiliaries (seed 004: "FT, Freighters, Auxilliaries")."""
    return u.is_civilian or u.is_auxiliary or u.kind in _CIVILIAN_KINDS


def is_attrition(u: Unit) -> bool:
    """An attrition unit: fighters, PFs, shuttles."""
    return u.kind in _ATTRITION


def must_fight(u: Unit) -> bool:
    """Ships of a trade, colony or transport fleet, which may not stay out (seed 004 Combat Phase)."""
    return u.kind is UnitKind.CONVOY_SHIP or (u.kind is UnitKind.FREIGHTER and u.is_civilian)


def craft(u: Unit) -> int:
    """How many craft (fighters, PFs, DefSats, ground bases) a counter stands for."""
    return u.craft or 1


def find(fleet: Sequence[Member], unit_id: str) -> Member:
    """The member ``unit_id``.

    Raises:
        RuleError: no such unit in the fleet.
    """
    for m in fleet:
        if m.id == unit_id:
            return m
    raise RuleError(R_SETUP, f"unit {unit_id!r} is not in the fleet")


def rounded_up_half(x: Fraction) -> Fraction:
    """Half of ``x``, rounded up to a whole number."""
    return Fraction(-((-x.numerator) // (2 * x.denominator)))


def same_power_share(fleet: Sequence[Member], costs: dict[str, Fraction], flagship: Member, rule: str) -> list[str]:
    """The mixed-empire rule: the flagship's power must hold at least half of ``costs``."""
    total = sum(costs.values(), Fraction(0))
    own = sum((c for uid, c in costs.items() if find(fleet, uid).power == flagship.power), Fraction(0))
    if len({m.power for m in fleet if m.id in costs}) > 1 and 2 * own < total:
        return [f"{rule}: {flagship.power} provides the flagship but only {own} of {total}"]
    return []
