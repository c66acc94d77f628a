"""Seed 004: cargo seized under a Declaration of Hostilities (issue 23). "Declaration of Hostilities:
This is a statement that allows hostile actions between ships of two governments. Ships can cross
borders, seize cargo, and engage in hostile activities short of conquering systems." "Declaration of
War: [...] includes all the effects of a declaration of hostilities". No other state lets a power's
ships seize another's cargo.

``{"cargo": {"fleet": F, "verb": "seize", "cargo": C}}`` in the cargo step (the Troop Combat Phase,
where "other cargo [...] are embarked, disembarked or deployed", rules/turn/logistics.py): fleet
``F`` takes cargo item ``C`` from the fleet carrying it.

Readings (docs/economy.md): the seed gives no procedure, so seizing is a transfer, refused with the
rule unless all of these hold -

* the two powers are under a Declaration of Hostilities or War (``004 Intel Phase (Declaration of
  Hostilities: seize cargo)``);
* both fleets stand in one sector (not on a lane), the seizing one active (not in reserve, no unit in
  Reserve or mothballed) with at least one active military (not civilian) unit;
* no active military unit of the carrier's power or a power friendly to it stands in that sector
  (the Space Combat Phase is over: the carrier is unguarded);
* the item is not troops (ground units and marines fight back: a boarding is the GM's);
* it fits the seizing fleet's room (rules/turn/cargo_room.py).

The item then rides in the seizing fleet as embarked this turn (it may not be unloaded before the next
turn, as any cargo embarked), logged with the rule.
"""
from __future__ import annotations

from rules.battlehex.words import possessive
from rules.errors import RuleError
from rules.model.campaign import Campaign, Fleet
from rules.model.records import LogEntry
from rules.model.types import DiplomaticState as D
from rules.model.units import UnitFate
from rules.strategic.diplomacy import Diplomacy
from rules.strategic.movement import inactive
from rules.turn.base_transport import CARRYING, carrying
from rules.turn.cargo_room import GROUND, fits

RULE = "004 Intel Phase (Declaration of Hostilities: seize cargo)"
INVASION = "004 Invasion Phase"


def _armed(f: Fleet) -> bool:
    return any(u.fate is UnitFate.ACTIVE and not u.destroyed and not u.is_civilian for u in f.units)


def _name(c: Campaign, power: str) -> str:
    p = c.power(power)
    return p.name if p is not None else power


def seize(c: Campaign, fleet_id: str, cargo_id: str, turn: int) -> Campaign:
    """A new campaign with cargo ``cargo_id`` taken by fleet ``fleet_id`` (see the module's readings);
    a refused seizure raises with its rule and changes nothing."""
    f = next((x for x in c.fleets if x.id == fleet_id), None)
    if f is None:
        raise RuleError(INVASION, f"there is no fleet {fleet_id!r}")
    holder = next((x for x in c.fleets if any(k.id == cargo_id for k in x.cargo)), None)
    if holder is None:
        raise RuleError(INVASION, f"no fleet carries a cargo {cargo_id!r}")
    item = next(k for k in holder.cargo if k.id == cargo_id)
    if holder.power == f.power:
        raise RuleError(RULE, f"{holder.name} is {possessive(_name(c, f.power))} own: cargo is seized from another power")
    dip = Diplomacy(c)
    state = dip.state(f.power, holder.power)
    if state not in (D.HOSTILITIES, D.WAR):
        raise RuleError(RULE, f"{_name(c, f.power)} and {_name(c, holder.power)} are at "
                              f"{state.value.replace('_', ' ')}: only a Declaration of Hostilities (or of War) lets "
                              f"ships seize cargo")
    idle = inactive(c, f)
    if idle is not None:
        raise RuleError(RULE, f"{f.name} cannot seize cargo: {idle}")
    if f.in_transit_to is not None or holder.in_transit_to is not None or f.sector != holder.sector:
        raise RuleError(RULE, f"{f.name} and {holder.name} do not stand in one sector: cargo is seized in a sector")
    if not _armed(f):
        raise RuleError(RULE, f"{f.name} has no active military unit to seize cargo with")
    guard = next((g for g in c.fleets if g.sector == holder.sector and g.in_transit_to is None and _armed(g)
                  and dip.friendly(holder.power, g.power)), None)
    if guard is not None:
        raise RuleError(RULE, f"{guard.name} still guards {holder.name} in {holder.sector}: cargo is seized from "
                              "unguarded carriers")
    if item.kind in GROUND:
        raise RuleError(RULE, f"{item.id} is troops aboard {holder.name}, not cargo to seize (a boarding is the GM's)")
    base = carrying(c, f.id)  # a Transport Fleet carrying a base's points takes no other cargo
    if base is not None:
        raise RuleError(CARRYING, base)
    taken = item.model_copy(update={"embarked_turn": turn})
    why = fits(f, [taken])
    if why is not None:
        raise RuleError(RULE, f"{f.name} has no room for it: {why}")
    new = c.model_copy(deep=True)
    for x in new.fleets:
        if x.id == holder.id:
            x.cargo = [k for k in x.cargo if k.id != cargo_id]
        elif x.id == f.id:
            x.cargo = [*x.cargo, taken]
    what = item.unit.name if item.unit is not None else f"{item.amount} {item.kind.value.replace('_', ' ')}"
    new.log.append(LogEntry(turn=turn, rule=RULE, text=f"{f.name} ({_name(c, f.power)}) seizes {what} from "
                            f"{holder.name} ({_name(c, holder.power)}) in {f.sector}"))
    return new
