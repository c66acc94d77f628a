"""Seed 004 bases and DEFSATs built outside the building planet's orbit (issue 23): "Planets can use
their construction capacity to build bases in orbit around them [...]. Building bases elsewhere in
the system requires the use of Transport Fleets, with one fleet needed for every 10 economic points
spent on base construction. If a planet contributes to base construction in another system,
Transport Fleets must be present in each system involved in the construction. In case Transport
Fleets are not in place during the Construction Completion Phase, the points spent and carried by
those fleets are lost."

Readings (docs/economy.md, "Bases outside the planet's orbit"):

* A purchase of a base (any unit that is neither a ship nor a flight) may name ``"elsewhere": {"at":
  sector, "transports": [fleet ids]}``: the base is built in that sector, which has a star system
  and is the power's; the planet's own sector is "elsewhere in the system" (a system is one sector:
  another body of it), another sector is "another system". It still takes the building planet's
  construction capacity.
* The Transport Fleets named are the power's, of kind transport, standing (not in transit) at the
  building planet's sector when ordered (they load the points there), carrying nothing else and named
  by no other project; exactly ``ceil(cost / 10)`` of them (construction.transport_fleets_for_base).
* From the order to Construction Completion a Transport Fleet named carries the base's points: it is
  given no other cargo (an embarkation or a seizure onto it is refused with :data:`CARRYING`, naming
  the fleet and the base), as a fleet already carrying cargo is not named (Supply rating 10 each).
* At Construction Completion every one of them must stand (not in transit) in the base's sector,
  and that sector must still be the power's: then the base joins its garrison. Otherwise the points
  carried by the fleets not in place are lost, and the base with them: the model keeps no part-paid
  base, so the project is dropped and its whole cost is lost (logged with what each fleet carried).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from hexmap import Label
from rules.battlehex.log import IllegalAnswer
from rules.economy import construction as cons
from rules.economy.income import points
from rules.errors import RuleError
from rules.model.campaign import Campaign, Power, Sector
from rules.model.economy_model import Project
from rules.model.turn_model import FleetKind

RULE = f"{cons.TURN_ORDERS} (bases outside the planet's orbit)"
LOST = f"{cons.CONSTRUCTION} (bases outside the planet's orbit)"
CARRYING = LOST
"""The rule a cargo order onto a Transport Fleet carrying a base's points is refused with."""
ELSEWHERE_WORDS = "one Transport Fleet per 10 EP of a base built outside the planet's orbit"


def base_place(c: Campaign, p: Power, s: Sector, cls: str, cost: Fraction, is_base: bool,
               raw: Any) -> tuple[Label | None, list[str]]:
    """Where a purchase is built (``None``: in the planet's orbit) and the Transport Fleets that
    carry its points there; an illegal placement raises with the rule."""
    if raw is None:
        return None, []
    if not (isinstance(raw, dict) and set(raw) == {"at", "transports"} and isinstance(raw["at"], str)
            and isinstance(raw["transports"], list) and all(isinstance(x, str) for x in raw["transports"])):
        raise IllegalAnswer(cons.TURN_ORDERS, "a base built elsewhere is \"elsewhere\": {\"at\": \"0207\", "
                                              f"\"transports\": [fleet ids]}}, not {raw!r}")
    if not is_base:
        raise RuleError(RULE, f"a {cls} is not a base, DEFSAT or mine: only bases are built outside the planet's "
                              "orbit (ships and flights leave the yard on their own)")
    try:
        at = Label.parse(raw["at"])
    except ValueError as e:
        raise IllegalAnswer(cons.TURN_ORDERS, f"{raw['at']!r} is not a sector label: {e}") from None
    there = c.sector_at(str(at))
    if there is None or there.star_system is None or there.owner != p.id:
        raise RuleError(RULE, f"{p.name} builds bases only in its own systems: {raw['at']} is not one")
    need = cons.transport_fleets_for_base(cost, in_orbit=False)
    names: list[str] = raw["transports"]
    if len(names) != need or len(set(names)) != len(names):
        raise RuleError(RULE, f"the {cls} costs {cost} EP: building it outside the planet's orbit needs {need} "
                              f"Transport Fleet{'s' if need != 1 else ''} ({ELSEWHERE_WORDS}), not "
                              f"{len(set(names))} named")
    taken = {t for q in c.powers for j in (q.economy.projects if q.economy else []) for t in j.transports}
    for name in names:
        f = next((x for x in c.fleets if x.id == name), None)
        if f is None or f.power != p.id or f.kind is not FleetKind.TRANSPORT:
            raise RuleError(RULE, f"{name} is not a Transport Fleet of {p.name} ({ELSEWHERE_WORDS})")
        if f.sector != s.at or f.in_transit_to is not None:
            raise RuleError(RULE, f"{f.name} is not standing at {s.at}, where the building planet is: it loads the "
                                  "points there")
        if f.cargo or name in taken:
            raise RuleError(RULE, f"{f.name} already carries {'cargo' if f.cargo else 'the points of another base'}: a "
                                  "Transport Fleet carries 10 EP (Supply rating 10)")
    return at, list(names)


def not_in_place(c: Campaign, power: str, j: Project) -> str:
    """Why project ``j``'s base cannot be built at Construction Completion ("" when its Transport
    Fleets stand in its sector, still the power's): the fleets missing and what they carried."""
    if j.elsewhere is None:
        return ""
    there = c.sector_at(str(j.elsewhere))
    if there is None or there.owner != power:
        return f"{j.elsewhere} is no longer the power's"
    carried = [min(Fraction(cons.POINTS_PER_TRANSPORT), j.cost - cons.POINTS_PER_TRANSPORT * k)
               for k in range(len(j.transports))]
    away = []
    for name, load in zip(j.transports, carried):
        f = next((x for x in c.fleets if x.id == name), None)
        if f is None or f.power != power or f.sector != j.elsewhere or f.in_transit_to is not None:
            where = "lost" if f is None or f.power != power else f"at {f.sector}" + (
                f", bound for {f.in_transit_to}" if f.in_transit_to is not None else "")
            away.append(f"{name} ({where}; it carried {load} EP)")
    return "" if not away else (f"Transport Fleet{'s' if len(away) > 1 else ''} not in place at {j.elsewhere}: "
                                + ", ".join(away))


def carrying(c: Campaign, fleet_id: str) -> str | None:
    """Why fleet ``fleet_id`` takes no other cargo now: it is one of the Transport Fleets named to carry
    the points of a base built outside the planet's orbit, ordered and not yet completed (``None``
    when it is not). The words name the fleet and the base, for :data:`CARRYING`."""
    for p in c.powers:
        for j in p.economy.projects if p.economy is not None else []:
            if fleet_id in j.transports:
                f = next((x for x in c.fleets if x.id == fleet_id), None)
                load = min(Fraction(cons.POINTS_PER_TRANSPORT),
                           j.cost - cons.POINTS_PER_TRANSPORT * j.transports.index(fleet_id))
                name = f.name if f is not None else fleet_id
                return (f"{name} carries {points(load)} EP of the {j.unit_class} ordered at "
                        f"{j.planet} ({j.at}) to be built at {j.elsewhere} until Construction Completion: a Transport "
                        "Fleet carries 10 EP (Supply rating 10) and takes no other cargo")
    return None
