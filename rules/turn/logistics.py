"""Cargo in the campaign turn (seed 004 Invasion Phase; issue 13): when a fleet may embark,
land or deploy, what it may do where it stands, and a landing that makes a planet's ground
combat part of this turn's Troop Combat.

Seed 004: "Other cargo (including units that may be carried as cargo) are embarked,
disembarked or deployed in this step" - the Troop Combat step of the Combat Phase. A campaign
whose ``settings.combat_phase`` is ``v13`` keeps the rest of the Combat Phase by hand, so its
cargo moves in the Battle Hexes' phase, after movement.
"""
from __future__ import annotations

from dataclasses import dataclass

from hexmap import LaneGraph
from rules.errors import RuleError
from rules.model.campaign import Campaign
from rules.model.records import Phase
from rules.strategic.state import StrategicState
from rules.model.units import unit_secret
from rules.model.turn_model import Cargo
from rules.model.types import DiplomaticState
from rules.strategic.diplomacy import Diplomacy
from rules.turn.cargo import GOODS, GROUND, INVASION, CensusItem, GroundItem, UnitItem, deploy, disembark, embark

_WHEN = {"seed004": Phase.TROOPS, "v13": Phase.BATTLES}


@dataclass(frozen=True)
class CargoAction:
    """One thing a fleet may try with its cargo where it stands (the engine judges it when done).

    Attributes:
        verb: ``embark``, ``land``, ``deploy`` or ``seize`` (another power's cargo item ``cargo``).
        text: how a menu names it.
        cargo: the cargo's id (land, deploy), or the id of the ground unit or garrison unit to
            embark (``""`` for census).
        planet: the planet it comes from or lands on (``""`` for deploy and for a garrison unit).
    """

    verb: str
    text: str
    cargo: str
    planet: str = ""


def when_refused(c: Campaign) -> str | None:
    """Why cargo may not move in the phase the campaign stands in, or ``None``."""
    phase = _WHEN[c.settings.combat_phase]
    if c.phase is phase:
        return None
    return f"cargo is embarked, disembarked or deployed in the {phase.title} phase (now: {c.phase.title})"


def actions(c: Campaign, fleet_id: str) -> list[CargoAction]:
    """What fleet ``fleet_id`` could do with cargo in its sector: land what it carries on each
    planet there, deploy its goods, embark its power's ground units or Census from the planets, or
    units of its power's garrison there (seed 004: "units that may be carried as cargo"), or seize
    another power's cargo there under Hostilities or War (not troops)."""
    f = next((x for x in c.fleets if x.id == fleet_id), None)
    sec = c.sector_at(str(f.sector)) if f is not None else None
    if f is None or sec is None or f.in_transit_to is not None:
        return []
    planets = sec.star_system.planets if sec.star_system else []
    out: list[CargoAction] = []
    for item in f.cargo:
        what = _what(item)
        if item.kind in GOODS:
            out.append(CargoAction("deploy", f"Deploy {what} in {f.sector}", item.id))
        else:
            out.extend(CargoAction("land", f"Land {what} on {p.name}", item.id, p.name) for p in planets)
    for p in planets:
        out.extend(CargoAction("embark", f"Embark {g.name} from {p.name}", g.id, p.name)
                   for g in p.ground_units if g.power == f.power)
        if p.owner == f.power and p.census > 1:
            out.append(CargoAction("embark", f"Embark 1 Census from {p.name}", "", p.name))
    if sec.owner == f.power:
        out.extend(CargoAction("embark", f"Embark {u.name} from the garrison of {f.sector}", u.id)
                   for u in sec.garrison if not unit_secret(u) and not u.crippled)
    dip = Diplomacy(c)  # another power's cargo here, under Hostilities or War (rules/turn/seizure.py judges the rest)
    for g in c.fleets:
        if g.power != f.power and g.sector == f.sector and g.in_transit_to is None and g.cargo and \
                dip.state(f.power, g.power) in (DiplomaticState.HOSTILITIES, DiplomaticState.WAR):
            out.extend(CargoAction("seize", f"Seize {_what(k)} from {g.name}", k.id) for k in g.cargo
                       if k.kind not in GROUND)
    return out


def refusal(c: Campaign, graph: LaneGraph, fleet_id: str, action: CargoAction) -> str | None:
    """Why :func:`do` would refuse ``action`` now (its rule and words), or ``None`` when it would do it;
    ``c`` is left as it was (:func:`actions` lists what a fleet could try, not what it may do now)."""
    try:
        do(c, graph, fleet_id, action)
    except RuleError as e:
        return str(e)
    return None


def _what(item: Cargo) -> str:
    return item.ground_unit.name if item.ground_unit else item.unit.name if item.unit else \
        f"{item.amount} {item.kind.value.replace('_', ' ')}"


def do(c: Campaign, graph: LaneGraph, fleet_id: str, action: CargoAction) -> Campaign:
    """Carry out ``action`` (refused with the rule when the phase or the cargo rules forbid it);
    a landing in the Troop Combat Phase adds the planet's ground combat to this turn's."""
    why = when_refused(c)
    if why is not None:
        raise RuleError(INVASION, why)
    if action.verb == "deploy":
        return deploy(c, fleet_id, action.cargo, c.turn)
    if action.verb == "seize":  # another power's cargo, under Hostilities or War (rules/turn/seizure.py)
        from rules.turn.seizure import seize

        return seize(c, fleet_id, action.cargo, c.turn)
    if action.verb == "embark":
        if action.cargo and not action.planet:
            return embark(c, fleet_id, None, UnitItem(action.cargo), c.turn)
        item = GroundItem(action.cargo) if action.cargo else CensusItem(1)
        return embark(c, fleet_id, action.planet, item, c.turn)
    if action.verb != "land":
        raise RuleError(INVASION, f"no cargo action {action.verb!r}")
    new = disembark(c, fleet_id, action.cargo, action.planet, c.turn)
    if new.phase is Phase.TROOPS:
        from rules.turn.combat_phase import contested_planets  # the phase module imports this one's callers

        known = {(g.at, g.planet) for g in new.ground_combats}
        new.ground_combats.extend(g for g in contested_planets(new, StrategicState.compute(new, graph))
                                  if (g.at, g.planet) not in known)
    return new

