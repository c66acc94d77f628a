"""The Supply Phase of seed 004's Combat Phase and the effects of supply it names.

Seed 004 Supply Phase: "the Supply Phase focuses on checking the supply status of all units
... Being out of supply can result in negative effects, such as reduced combat values or the
inability to replenish units." Construction Completion Phase: "Military supply ships can
perform field repairs. Each point of supply rating allows the ship to provide 1 economic point
worth of repairs. Multiple supply ships in the same system can combine their ratings. Transport
fleets cannot perform field repairs." and "Newly purchased flights can be transported to a
fleet or planet to replace combat losses as long as they are in supply." V13.512 / V13.612:
"Unless constrained (perhaps by being Out of Supply [V2.40]), a unit may disengage [retreat] by
any of the methods outlined in C7.0. Constrained units may have one or more of these options
denied."

Supply itself (INTERPRETATIONS 18) is computed by ``rules.strategic`` (``unit_supply``); this
module only reads it.

Readings:
- A fleet is In Supply when every unit of it still on the map (not destroyed, not Lost) is; a
  fleet with no such unit is Out of Supply. Destroyed units are not reported. Fixed units
  (sector garrisons) are reported per sector, as their owner's; a garrison of an unowned
  sector has no supply status and is not reported.
- "Inability to replenish units": an Out of Supply unit receives no replacement flights and
  no field repairs; an Out of Supply supply ship performs no field repairs (its repair
  capabilities are restricted, V13.961 with V2.40). A crippled supply ship performs none either
  (it needs repairs itself).
- "Reduced combat values": the seed gives no amount, so BattleHex reduces no combat value; the
  effect is reported for the GM to rule at the table.
- V13.512 / V13.612: V2.40 is not in the seeds, so BattleHex denies no withdrawal method by
  itself; the effect tells the GM that the unit's acceleration [C7.1], separation [C7.2] and
  sub-light evasion [C7.3] may be denied.
- Movement: seed 004's Movement Phase states no effect of supply on movement: none.
- Field repairs combine the supply ships of military fleets in the sector of one power and
  its allies (those that may share stores); ships between sectors are not in the system.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from hexmap import Label
from rules.errors import RuleError
from rules.model.campaign import Campaign, Fleet
from rules.model.turn_model import FleetKind
from rules.model.units import Unit, UnitFate, UnitKind
from rules.strategic.state import StrategicState

RULE = "004 Supply Phase"
CONSTRUCTION = "004 Construction Completion Phase"
MOVEMENT = "004 Movement Phase"


@dataclass(frozen=True)
class Effect:
    """One effect of being Out of Supply, with the rule it comes from."""

    rule: str
    text: str


NO_REPLACEMENT_FLIGHTS = Effect(CONSTRUCTION, "receives no replacement flights (newly purchased flights replace "
                                              "combat losses only in supply)")
NO_FIELD_REPAIRS = Effect(CONSTRUCTION, "receives no field repairs while Out of Supply")
NO_REPAIRS_GIVEN = Effect(CONSTRUCTION, "as a supply ship Out of Supply, performs no field repairs")
COMBAT_VALUES = Effect(RULE, "combat values may be reduced: the seed gives no amount, so BattleHex applies no "
                             "reduction; the GM rules one at the table")
DISENGAGE = Effect("V13.512", "may be denied one or more disengagement methods (acceleration C7.1, separation "
                              "C7.2, sub-light evasion C7.3) by the GM; BattleHex denies none by itself (V2.40 is "
                              "not in the seeds)")
RETREAT = Effect("V13.612", "may be denied one or more retreat methods (acceleration C7.1, separation C7.2, "
                            "sub-light evasion C7.3) by the GM; BattleHex denies none by itself")
MOVEMENT_NONE = Effect(MOVEMENT, "movement: no effect (seed 004 states none)")


@dataclass(frozen=True)
class UnitSupply:
    """One unit's supply status and the effects that apply to it."""

    unit_id: str
    name: str
    in_supply: bool
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True)
class HoldingSupply:
    """A fleet (``fixed`` False) or a sector's fixed units (``fixed`` True) and their supply."""

    id: str
    name: str
    power: str
    at: Label
    fixed: bool
    in_supply: bool
    units: tuple[UnitSupply, ...]


@dataclass(frozen=True)
class SupplyReport:
    """The Supply Phase's finding for every fleet and every sector's fixed units."""

    fleets: tuple[HoldingSupply, ...]
    fixed: tuple[HoldingSupply, ...]

    def unit(self, unit_id: str) -> UnitSupply:
        """The entry of unit ``unit_id``.

        Raises:
            RuleError: the unit is not in the report.
        """
        for h in self.fleets + self.fixed:
            for u in h.units:
                if u.unit_id == unit_id:
                    return u
        raise RuleError(RULE, f"unit {unit_id!r} has no supply status in this report")

    def fleet(self, fleet_id: str) -> HoldingSupply:
        """The entry of fleet ``fleet_id``.

        Raises:
            RuleError: no such fleet.
        """
        for h in self.fleets:
            if h.id == fleet_id:
                return h
        raise RuleError(RULE, f"fleet {fleet_id!r} has no supply status in this report")


def _on_map(u: Unit) -> bool:
    return not u.destroyed and u.fate is not UnitFate.LOST


def out_of_supply_effects(u: Unit) -> tuple[Effect, ...]:
    """The effects that apply to unit ``u`` while it is Out of Supply."""
    out = [COMBAT_VALUES, NO_FIELD_REPAIRS, NO_REPLACEMENT_FLIGHTS]
    if u.kind is UnitKind.SUPPLY_SHIP:
        out.append(NO_REPAIRS_GIVEN)
    return (*out, DISENGAGE, RETREAT, MOVEMENT_NONE)


def _units(units: list[Unit], supply: dict[str, bool]) -> tuple[UnitSupply, ...]:
    out = []
    for u in units:
        if u.destroyed or u.id not in supply:
            continue
        ok = supply[u.id]
        out.append(UnitSupply(u.id, u.name, ok, () if ok else out_of_supply_effects(u)))
    return tuple(out)


def _fleet_ok(f: Fleet, supply: dict[str, bool]) -> bool:
    here = [u for u in f.units if _on_map(u)]
    return bool(here) and all(supply.get(u.id, False) for u in here)


def supply_report(campaign: Campaign, state: StrategicState) -> SupplyReport:
    """In or Out of Supply for every fleet and fixed unit, read from ``state.unit_supply``."""
    supply = state.unit_supply()
    fleets = tuple(HoldingSupply(f.id, f.name, f.power, f.sector, False, _fleet_ok(f, supply),
                                 _units(f.units, supply)) for f in campaign.fleets)
    fixed = []
    for s in campaign.map.sectors:
        if not s.garrison or s.owner is None:
            continue
        units = _units(s.garrison, supply)
        if units:
            fixed.append(HoldingSupply(f"fixed/{s.at}", s.name or f"fixed units at {s.at}", s.owner, s.at, True,
                                       all(u.in_supply for u in units), units))
    return SupplyReport(fleets, tuple(fixed))


def _repairer(u: Unit, supply: dict[str, bool]) -> bool:
    return (u.kind is UnitKind.SUPPLY_SHIP and _on_map(u) and not u.crippled and supply.get(u.id, False)
            and u.supply_rating > 0)


def field_repairs(campaign: Campaign, state: StrategicState, at: Label, power: str | None = None,
                  supply: dict[str, bool] | None = None) -> int:
    """Economic Points of field repairs the military supply ships in sector ``at`` provide
    together (1 per point of supply rating), for ``power`` and its allies.

    Raises:
        RuleError: ``power`` is not given and supply ships of non-allied powers are present.
    """
    supply = supply if supply is not None else state.unit_supply()
    ships = [(f.power, u) for f in campaign.fleets
             if f.kind is FleetKind.MILITARY and f.in_transit_to is None and f.sector == at
             for u in f.units if _repairer(u, supply)]
    if power is None:
        powers = sorted({p for p, _ in ships})
        if any(not state.dip.allied(a, b) for a in powers for b in powers):
            raise RuleError(CONSTRUCTION, f"supply ships of {', '.join(powers)} are at {at}: name the power "
                                          "whose field repairs are asked")
        return sum(u.supply_rating for _, u in ships)
    return sum(u.supply_rating for p, u in ships if state.dip.allied(power, p))


def replacement_flights_allowed(campaign: Campaign, state: StrategicState, fleet_id: str) -> bool:
    """Whether newly purchased flights may reach fleet ``fleet_id``: only while it is in supply.

    Raises:
        RuleError: no such fleet.
    """
    f = next((x for x in campaign.fleets if x.id == fleet_id), None)
    if f is None:
        raise RuleError(CONSTRUCTION, f"there is no fleet {fleet_id!r}")
    return _fleet_ok(f, state.unit_supply())


def report_lines(report: SupplyReport, power_names: Mapping[str, str] | None = None) -> list[tuple[str, str]]:
    """Campaign-log lines ``(rule, text)``: each holding's status, then each Out of Supply
    effect once per holding, naming the units it applies to. ``power_names`` names the powers
    (a power without one is shown by its id)."""
    out: list[tuple[str, str]] = []
    for h in report.fleets + report.fixed:
        power = (power_names or {}).get(h.power, h.power)
        what = f"{'Fixed units' if h.fixed else 'Fleet ' + h.name} ({power}) at {h.at}"
        if h.in_supply:
            out.append((RULE, f"{what}: In Supply"))
            continue
        outs = [u for u in h.units if not u.in_supply]
        out.append((RULE, f"{what}: Out of Supply ({', '.join(u.name for u in outs) or 'no unit on the map'})"))
        seen: dict[Effect, list[str]] = {}
        for u in outs:
            for e in u.effects:
                seen.setdefault(e, []).append(u.name)
        for e, names in seen.items():
            out.append((e.rule, f"{', '.join(names)}: {e.text}"))
    return out
