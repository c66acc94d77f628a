"""Cargo: capacity, embarking, disembarking and deploying (seed 004 Movement Phase, Invasion Phase).

Seed 004: "The size of non-marine ground units is 10. Transport Fleets have a Supply rating of
10, allowing them to carry one ground unit. Assault ships or military transports can carry a
ground unit if multiple ships are involved. Marines ... have a size of 5 for carrying capacity.
... Cargo carrying units have a supply rating indicating their cargo capacity. ... Small ships
can combine their supply ratings to carry larger items, but if any carrying ship is lost, the
entire cargo is lost. Census, with a size of 10, can be carried on a single Transport Fleet or
a combination of other supply ships. Census can only be disembarked in systems that already
have Census." Invasion Phase: "Other cargo ... are embarked, disembarked or deployed in this
step. Cargo cannot be embarked and disembarked or deployed on the same turn. Ships in reserve
may not embark, disembark, or deploy units."

Readings:

* A fleet's capacity is the sum of the ``supply_rating`` of its carrying units: not destroyed,
  not captured, not Lost or otherwise gone (``fate`` active). A crippled ship still carries.
* Ground units and marines (size 10 and 5) ride only in a Transport Fleet or on units with the
  Assault trait. Seed 004 Units: an Assault unit "can carry a number of ground units equal to the
  unit's cost (rounded down)": with a ``cost``, its ground room is floor(cost) x 10 (a ground
  unit's size), for ground units only, beside its Supply rating; an Assault unit without a
  ``cost`` (older files) carries ground units on its Supply rating. Census, supply and other
  cargo ride on any Supply rating. Rooms combine, so a load fits exactly when ground cargo <=
  ground room + shared room, other cargo <= shared room + other room, and all cargo <= all room.
* A unit carried as cargo (a DefSat, a mine, a flight; kind ``other``) takes its ``size`` or,
  without one, ceil(defense / 2) ("Units without a specified size have a size equal to their
  defense value divided by two, rounded up"). It is embarked from the garrison of the fleet's
  sector, where its power is the sector's owner, and deployed into the garrison of a sector the
  fleet's power owns. A hidden unit is not moved as cargo (its secret would stand in the open
  cargo list): the GM moves it by hand.
* Embarking happens in a sector (not on a lane), from a planet there. A ground unit must be
  the fleet's power's. Census comes only from a planet of the fleet's power and must leave it
  at least 1 Census (census > amount): emptying a colony is not moving its people.
  Supply and other cargo are loaded at a supply point of the fleet's power.
* Disembarking is onto a planet of the fleet's sector. Ground units land on a planet that is
  unowned, owned by the fleet's power or an ally, or owned by a power it is at War with
  ("Declaration of War ... allows the commitment of ground troops"). Census lands only on a
  planet of the fleet's power that already has Census (the seed's "systems that already have
  Census": the planet itself must be a colony). Supply and other cargo are not disembarked
  but *deployed*: delivered in the fleet's sector, which leaves the fleet and is written in
  the campaign log (the campaign has no store of loose cargo).
* "Cargo cannot be embarked and disembarked or deployed on the same turn": an item embarked
  this turn is not unloaded this turn, and a ground unit landed this turn is not embarked
  again this turn (found by the log line :func:`disembark` writes, ``[cargo <id>]``).
* "If any carrying ship is lost, the entire cargo is lost": BattleHex does not record which
  ship holds which item, so every carrying unit shares the whole load; losing any unit with a
  Supply rating loses all the fleet's cargo, losing a unit without one loses none.
* A supply depot landed on a planet makes it a supply point of its power
  (rules/strategic/control.py ``supply_points`` reads ``Planet.ground_units``).
"""
from __future__ import annotations

from dataclasses import dataclass

from rules.battlehex.words import possessive
from rules.errors import RuleError
from rules.model.campaign import Campaign, Fleet, Planet
from rules.model.records import LogEntry
from rules.model.turn_model import Cargo, CargoKind
from rules.model.units import unit_secret
from rules.strategic.control import supply_points
from rules.strategic.diplomacy import Diplomacy
from rules.turn.base_transport import CARRYING, carrying as carrying_base
from rules.turn.invasion import ground_war_why, landing_treaty_refusal
from rules.turn.cargo_room import (  # the capacity rules are cargo's, kept apart for length
    GROUND,
    MOVEMENT,
    Rooms,
    active,
    after_losses,
    assault_room,
    capacity,
    carrying,
    fits,
    ground_capacity,
    rooms,
    used,
)

INVASION = "004 Invasion Phase"
GOODS = (CargoKind.SUPPLY, CargoKind.OTHER)


@dataclass(frozen=True)
class GroundItem:
    """A ground unit (or marines) standing on the source planet, by id."""

    unit_id: str


@dataclass(frozen=True)
class CensusItem:
    """Census points taken from the source planet."""

    amount: int = 1


@dataclass(frozen=True)
class GoodsItem:
    """Supply or other cargo loaded at a supply point: ``size`` is the rating it takes."""

    kind: CargoKind
    size: int
    amount: int = 1


@dataclass(frozen=True)
class UnitItem:
    """A unit of the fleet sector's garrison (a DefSat, a mine, a flight), by id."""

    unit_id: str


Item = GroundItem | CensusItem | GoodsItem | UnitItem


# -- look-ups ---------------------------------------------------------------------------------
def _fleet(campaign: Campaign, fleet_id: str) -> Fleet:
    hit = next((f for f in campaign.fleets if f.id == fleet_id), None)
    if hit is None:
        raise RuleError(INVASION, f"there is no fleet {fleet_id!r}")
    return hit


def _named(campaign: Campaign, power: str | None) -> str:
    """A power's name for a refusal (its id if the campaign knows no power by it)."""
    p = campaign.power(power) if power else None
    return p.name if p is not None else str(power)


def _whose(campaign: Campaign, power: str | None) -> str:
    """A power's name as a possessive: "Orion Pirates'", "Klingon Empire's"."""
    return possessive(_named(campaign, power))


def _ready(fleet: Fleet, verb: str) -> None:
    if fleet.reserve:
        raise RuleError(INVASION, f"ships in reserve may not {verb}: {fleet.name} is in reserve")
    if fleet.in_transit_to is not None:
        raise RuleError(INVASION, f"{fleet.name} is between sectors; it may {verb} only in a sector")


def _planet(campaign: Campaign, fleet: Fleet, name: str) -> Planet:
    sec = campaign.sector_at(str(fleet.sector))
    planets = sec.star_system.planets if sec is not None and sec.star_system is not None else []
    hit = next((p for p in planets if p.name == name), None)
    if hit is None:
        raise RuleError(INVASION, f"there is no planet {name!r} in {possessive(fleet.name)} sector {fleet.sector}")
    return hit


def _new_id(campaign: Campaign, base: str) -> str:
    taken = {c.id for f in campaign.fleets for c in f.cargo}
    out, n = base, 1
    while out in taken:
        n += 1
        out = f"{base}-{n}"
    return out


def _tag(cargo_id: str) -> str:
    return f"[cargo {cargo_id}]"


def _landed_this_turn(campaign: Campaign, cargo_id: str, turn: int) -> bool:
    tag = _tag(cargo_id)
    return any(e.turn == turn and e.rule == INVASION and tag in e.text for e in campaign.log)


# -- embark -----------------------------------------------------------------------------------
def embark(campaign: Campaign, fleet_id: str, source: str | None, item: Item, turn: int) -> Campaign:
    """A new campaign with ``item`` embarked on fleet ``fleet_id`` this ``turn``.

    Args:
        campaign: the campaign (not changed).
        fleet_id: the carrying fleet.
        source: the planet of the fleet's sector the item comes from (``None`` for goods).
        item: a ground unit, census points or goods.
        turn: the campaign turn (recorded: the item may not be unloaded this turn).

    Raises:
        RuleError: reserve, between sectors, item not there, not the fleet's, over capacity, a
            Transport Fleet carrying a base's points (rules/turn/base_transport.py).
    """
    fleet = _fleet(campaign, fleet_id)
    _ready(fleet, "embark units")
    base = carrying_base(campaign, fleet_id)
    if base is not None:
        raise RuleError(CARRYING, base)
    out = campaign.model_copy(deep=True)
    f = next(x for x in out.fleets if x.id == fleet_id)
    if isinstance(item, GoodsItem):
        cargo = _goods(campaign, fleet, source, item, turn)
    elif isinstance(item, UnitItem):
        cargo = _take_unit(out, f, source, item, turn)
    else:
        if source is None:
            raise RuleError(INVASION, "ground units and census are embarked from a planet: name it")
        planet = _planet(out, f, source)
        if isinstance(item, GroundItem):
            cargo = _take_ground(campaign, planet, f, item, turn)
        else:
            cargo = _take_census(out, planet, f, item, turn)
    why = fits(f, [cargo])
    if why is not None:
        raise RuleError(MOVEMENT, why)
    f.cargo.append(cargo)
    return out


def _take_ground(campaign: Campaign, planet: Planet, fleet: Fleet, item: GroundItem, turn: int) -> Cargo:
    g = next((x for x in planet.ground_units if x.id == item.unit_id), None)
    if g is None:
        raise RuleError(INVASION, f"there is no ground unit {item.unit_id!r} on {planet.name}")
    if g.power != fleet.power:
        raise RuleError(INVASION, f"{g.name} is {_whose(campaign, g.power)}; {fleet.name} may embark only "
                                  f"{_whose(campaign, fleet.power)}")
    if _landed_this_turn(campaign, g.id, turn):
        raise RuleError(INVASION, f"{g.name} was disembarked this turn: cargo cannot be embarked and "
                        "disembarked on the same turn")
    planet.ground_units = [x for x in planet.ground_units if x.id != g.id]
    kind = CargoKind.MARINES if g.marines else CargoKind.GROUND_UNIT
    return Cargo(id=g.id, kind=kind, ground_unit=g, embarked_turn=turn)


def _take_census(campaign: Campaign, planet: Planet, fleet: Fleet, item: CensusItem, turn: int) -> Cargo:
    if item.amount < 1:
        raise RuleError(INVASION, f"census is embarked a point at a time, not {item.amount}")
    if planet.owner != fleet.power:
        raise RuleError(INVASION, f"{planet.name} is not {_whose(campaign, fleet.power)}: its Census is not "
                                  f"{possessive(fleet.name)} to move")
    if planet.census <= item.amount:
        raise RuleError(INVASION, f"{planet.name} has Census {planet.census}: embarking {item.amount} would "
                        "leave it none")
    planet.census -= item.amount
    return Cargo(id=_new_id(campaign, f"{fleet.id}-census-{turn}"), kind=CargoKind.CENSUS, amount=item.amount,
                 embarked_turn=turn)


def _take_unit(campaign: Campaign, fleet: Fleet, source: str | None, item: UnitItem, turn: int) -> Cargo:
    if source is not None:
        raise RuleError(INVASION, "a unit is embarked from the sector's garrison, not from a planet")
    sec = campaign.sector_at(str(fleet.sector))
    u = next((x for x in sec.garrison if x.id == item.unit_id), None) if sec is not None else None
    if sec is None or u is None:
        raise RuleError(INVASION, f"there is no unit {item.unit_id!r} in the garrison of {fleet.sector}")
    if sec.owner != fleet.power:
        raise RuleError(INVASION, f"the garrison of {fleet.sector} is {_whose(campaign, sec.owner)}; {fleet.name} may "
                        f"embark only {_whose(campaign, fleet.power)} units")
    if unit_secret(u):
        raise RuleError(INVASION, f"{u.name} is hidden: a hidden unit is not moved as cargo (the GM moves it)")
    if not active(u) or u.crippled:
        raise RuleError(INVASION, f"{u.name} is crippled or out of play: it is not embarked")
    if _landed_this_turn(campaign, u.id, turn):
        raise RuleError(INVASION, f"{u.name} was deployed this turn: cargo cannot be embarked and deployed on the "
                        "same turn")
    sec.garrison = [x for x in sec.garrison if x.id != u.id]
    return Cargo(id=u.id, kind=CargoKind.OTHER, unit=u, embarked_turn=turn)


def _goods(campaign: Campaign, fleet: Fleet, source: str | None, item: GoodsItem, turn: int) -> Cargo:
    if item.kind not in GOODS:
        raise RuleError(INVASION, f"{item.kind.value} is not goods: embark it from a planet")
    if source is not None:
        raise RuleError(INVASION, "supply and other cargo are loaded in the sector, not from a planet")
    if item.size < 1 or item.amount < 1:
        raise RuleError(MOVEMENT, "cargo has a size and an amount of at least 1")
    if fleet.power not in supply_points(campaign).get(fleet.sector, set()):
        raise RuleError(INVASION, f"{fleet.sector} is not a supply point of {fleet.power}: no cargo to load there")
    return Cargo(id=_new_id(campaign, f"{fleet.id}-{item.kind.value}-{turn}"), kind=item.kind, size=item.size,
                 amount=item.amount, embarked_turn=turn)


# -- disembark and deploy ---------------------------------------------------------------------
def _unload(campaign: Campaign, fleet_id: str, cargo_id: str, turn: int, verb: str) -> tuple[Campaign, Fleet, Cargo]:
    fleet = _fleet(campaign, fleet_id)
    _ready(fleet, verb)
    cargo = next((c for c in fleet.cargo if c.id == cargo_id), None)
    if cargo is None:
        raise RuleError(INVASION, f"{fleet.name} carries no cargo {cargo_id!r}")
    if cargo.embarked_turn == turn:
        raise RuleError(INVASION, f"{cargo_id} was embarked this turn: cargo cannot be embarked and "
                        f"disembarked or deployed on the same turn")
    out = campaign.model_copy(deep=True)
    f = next(x for x in out.fleets if x.id == fleet_id)
    f.cargo = [c for c in f.cargo if c.id != cargo_id]
    return out, f, cargo


def disembark(campaign: Campaign, fleet_id: str, cargo_id: str, planet_name: str, turn: int) -> Campaign:
    """A new campaign with cargo ``cargo_id`` (ground unit, marines or census) landed on a planet.

    Raises:
        RuleError: reserve, between sectors, embarked this turn, no such cargo or planet, a
            landing the diplomacy or the Census rule forbids.
    """
    out, f, cargo = _unload(campaign, fleet_id, cargo_id, turn, "disembark units")
    planet = _planet(out, f, planet_name)
    note = ""
    if cargo.kind in GROUND:
        g = cargo.ground_unit
        if g is None:
            raise RuleError(INVASION, f"cargo {cargo_id} names no ground unit")
        sec = out.sector_at(str(f.sector))
        dip = Diplomacy(campaign)
        treaty = landing_treaty_refusal(campaign, dip, sec, f.power, planet) if sec is not None else None
        if treaty is not None:
            raise RuleError("004 Intel Phase", treaty)
        if planet.owner is not None and sec is not None:
            if not dip.allied(f.power, planet.owner):
                why = ground_war_why(campaign, dip, sec, f.power, planet.owner)
                if why is None:
                    raise RuleError(INVASION, f"only a Declaration of War (or, at Normal Relations, a system "
                                    f"{_named(campaign, f.power)} controls or controlled, or an attack by "
                                    f"{_named(campaign, planet.owner)} on {_whose(campaign, f.power)} forces this "
                                    f"turn or last) allows the commitment of ground troops on {planet.name} of "
                                    f"{_named(campaign, planet.owner)}")
                if why.startswith("Normal Relations"):
                    note = f" ({why})"
        planet.ground_units.append(g)
        what = g.name
    elif cargo.kind is CargoKind.CENSUS:
        if planet.census < 1:
            raise RuleError(MOVEMENT, f"Census can only be disembarked in systems that already have Census; "
                            f"{planet.name} has none")
        if planet.owner != f.power:
            raise RuleError(MOVEMENT, f"{planet.name} is not {_whose(campaign, f.power)}: its Census cannot be added to")
        planet.census += cargo.amount
        what = f"{cargo.amount} Census"
    else:
        raise RuleError(INVASION, f"{cargo.kind.value} cargo is deployed, not disembarked")
    out.log.append(LogEntry(turn=turn, rule=INVASION, text=f"{f.name} disembarked {what} on {planet.name}{note} "
                            f"{_tag(cargo.id)}"))
    return out


def deploy(campaign: Campaign, fleet_id: str, cargo_id: str, turn: int) -> Campaign:
    """A new campaign with supply or other cargo ``cargo_id`` delivered in the fleet's sector.

    Raises:
        RuleError: reserve, between sectors, embarked this turn, no such cargo, or cargo that
            is disembarked instead (ground units, marines, census).
    """
    out, f, cargo = _unload(campaign, fleet_id, cargo_id, turn, "deploy units")
    if cargo.kind not in GOODS:
        raise RuleError(INVASION, f"{cargo.kind.value} cargo is disembarked on a planet, not deployed")
    if cargo.unit is not None:
        sec = out.sector_at(str(f.sector))
        if sec is None or sec.owner != f.power:
            raise RuleError(INVASION, f"{f.sector} is not {_whose(campaign, f.power)}: {cargo.unit.name} is deployed only into a "
                            "garrison of its power")
        sec.garrison.append(cargo.unit)
        out.log.append(LogEntry(turn=turn, rule=INVASION, text=f"{f.name} deployed {cargo.unit.name} in {f.sector} "
                                f"{_tag(cargo.id)}"))
        return out
    out.log.append(LogEntry(turn=turn, rule=INVASION, text=f"{f.name} deployed {cargo.kind.value} "
                            f"({cargo.amount}) in {f.sector} {_tag(cargo.id)}"))
    return out


__all__ = ["GOODS", "GROUND", "INVASION", "MOVEMENT", "CensusItem", "GoodsItem", "GroundItem", "Item", "Rooms",
           "UnitItem", "active", "after_losses", "assault_room", "capacity", "carrying", "deploy", "disembark",
           "embark", "fits", "ground_capacity", "rooms", "used"]
