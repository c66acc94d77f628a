"""Seed 004 Construction Completion: replacement flights (issue 23).

The seed: "Newly purchased flights can be transported to a fleet or planet to replace combat
losses as long as they are in supply. They can be transported using the empire's logistical
network and do not require transport fleets." "Crippled units and planets with interdicted basing
or suppressed productivity cannot base flights but can replenish with newly built fighters once
capacity is restored or the vessel is repaired." Flights "are always constructed at planets and do
not occupy dock spaces"; their cost is the unit list's (the GM's figures, rules/turn/unit_lists.py).

Readings (docs/economy.md, "Replacement flights"):

* ``{"replace": {"power": id, "flight": unit id, "to": fleet id or sector label}}`` in Turn Orders.
  A flight is built at a Construction Completion (rules/turn/purchases.py forms a fleet "New
  construction at PLANET" of what it built); the first orders in which the power can send it on are
  the next Turn Orders, so the order is given there and done at once (the logistical network, no
  Transport Fleet, no movement).
* *Newly purchased*: a flight (kind ``fighter`` or ``shuttle``) in play, not aboard a carrier, still
  in the fleet its Construction Completion formed, at the sector it was built in.
* *To a fleet or planet*: one of the power's fleets, or the garrison of a sector the power owns
  with a planet of its own there.
* *In supply*: a fleet whose every unit on the map is In Supply (rules/turn/supply_phase.py
  ``replacement_flights_allowed``, the Supply Phase's reading); a garrison at its power's planet is
  in supply while that planet is not in rebellion (Morale above 0: "a colony in good order").
* *To replace combat losses*: the destination holds a flight of the same kind destroyed (a loss
  the battles left there, ``destroyed``). The new flight takes the first such loss's place: the lost
  record leaves the campaign and the new flight joins the destination, aboard the lost flight's
  carrier when it had one. That carrier must be in play there and uncrippled (a crippled one
  "can replenish ... once ... the vessel is repaired"); a loss whose carrier is gone has no place
  to be replaced. A loss not on a carrier is replaced beside it (it must land at Construction
  Completion, rules/turn/flights.py).

Reached in play (issue 23): in a campaign running the empire turn, a battle's write-back
(rules/battlehex/results.py) and the next turn's start (rules/strategic/turn.py ``staying``) keep a
destroyed flight in its fleet or garrison as its loss record, beside its carrier when that stays; an
Intel mission leaves one the same way (rules/turn/intel_missions.py). A loss whose carrier left, and
captured flights, leave with the other lost units.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hexmap import Label
from rules.battlehex.log import IllegalAnswer
from rules.battlehex.words import possessive
from rules.economy.construction import CONSTRUCTION, TURN_ORDERS
from rules.errors import RuleError
from rules.model.campaign import Campaign, Fleet, Power, Sector
from rules.model.records import LogEntry
from rules.model.units import Unit
from rules.strategic import build_graph
from rules.strategic.state import StrategicState
from rules.turn.cargo_room import active
from rules.turn.flights import FLIGHTS, is_flight
from rules.turn.supply_phase import replacement_flights_allowed

RULE = f"{CONSTRUCTION} (replacement flights)"
BUILT = "-built-t"
"""rules/turn/purchases.py ``complete``: the id of the fleet a Construction Completion forms,
``POWER-built-tTURN-SECTOR``."""


def new_flights(c: Campaign, power: str) -> list[tuple[Fleet, Unit]]:
    """The power's newly purchased flights: in play, on no carrier, in a fleet its Construction
    Completion formed, standing at the sector it was built in."""
    out = []
    for f in c.fleets:
        built_at = f.id.rsplit("-", 1)[-1] if f.id.startswith(f"{f.power}{BUILT}") else None
        if f.power == power and built_at == str(f.sector) and f.in_transit_to is None:
            out += [(f, u) for u in f.units if is_flight(u) and active(u) and u.carrier_id is None]
    return out


def candidates(c: Campaign, power: str) -> Iterator[dict[str, str | None]]:
    """The replacement orders worth asking :func:`order` about (bodies without the power), for the
    orders dialog (rules/turn/order_choices.py): each newly built flight to each other fleet of the
    power and each garrison of a system it owns, where a flight was lost (the rule's other checks are
    :func:`order`'s)."""
    homes = {f.id for f, _ in new_flights(c, power)}
    places = [(f.id, list(f.units)) for f in c.fleets if f.power == power] + [
        (str(s.at), list(s.garrison)) for s in c.map.sectors if s.owner == power and s.star_system is not None]
    for _, flight in new_flights(c, power):
        for to, units in places:
            if to not in homes and any(u.kind in FLIGHTS and u.destroyed for u in units):
                yield {"flight": flight.id, "to": to}


def _destination(c: Campaign, p: Power, to: str) -> tuple[Fleet | None, Sector | None]:
    fleet = next((f for f in c.fleets if f.id == to), None)
    if fleet is not None:
        if fleet.power != p.id:
            raise RuleError(RULE, f"{fleet.name} is not {possessive(p.name)}: replacement flights go to its own fleets")
        return fleet, None
    sec = next((s for s in c.map.sectors if str(s.at) == to), None)
    if sec is None:
        raise IllegalAnswer(TURN_ORDERS, f"{to!r} is neither a fleet nor a sector")
    mine = [pl for pl in (sec.star_system.planets if sec.star_system else []) if pl.owner == p.id]
    if sec.owner != p.id or not mine:
        raise RuleError(RULE, f"{to} is no system of {p.name} with a planet of its own: a flight replaces losses "
                              "at one of its fleets or planets")
    return None, sec


def _in_supply(c: Campaign, fleet: Fleet | None, sec: Sector | None) -> str | None:
    """Why the destination is not in supply, or ``None``."""
    if fleet is not None:
        state = StrategicState.compute(c, build_graph(c))
        return None if replacement_flights_allowed(c, state, fleet.id) else f"{fleet.name} is Out of Supply"
    assert sec is not None
    planets = sec.star_system.planets if sec.star_system else []
    good = [pl for pl in planets if pl.owner == sec.owner and pl.morale > 0]
    return None if good else f"every planet of its own at {sec.at} is in rebellion (Morale 0): out of supply"


def _loss(units: list[Unit], new: Unit) -> tuple[Unit | None, str]:
    """The first loss ``new`` may replace among ``units``, or why none."""
    here = {u.id: u for u in units}
    lost = [u for u in units if u.kind in FLIGHTS and u.destroyed and u.kind is new.kind]
    if not lost:
        return None, f"no {new.kind.value} of it was lost there: a replacement flight replaces combat losses"
    why = ""
    for u in lost:
        carrier = here.get(u.carrier_id) if u.carrier_id is not None else None
        if u.carrier_id is None:
            return u, ""
        if carrier is None or not active(carrier):
            why = why or f"{possessive(u.name)} carrier is no longer in play there"
        elif carrier.crippled:
            why = f"{possessive(u.name)} carrier {carrier.name} is crippled: it replenishes once it is repaired"
        else:
            return u, ""
    return None, why


def order(c: Campaign, raw: Any) -> Campaign:
    """``{"power": id, "flight": unit id, "to": fleet id or sector}``: the newly built flight taken to
    the destination in supply, replacing a flight lost there (a new campaign); an illegal order
    raises with the rule, changing nothing."""
    keys = {"power", "flight", "to"}
    if not (isinstance(raw, dict) and set(raw) == keys and all(isinstance(raw[k], str) for k in keys)):
        raise IllegalAnswer(TURN_ORDERS, "a replacement flight is {\"replace\": {\"power\": id, \"flight\": unit id, "
                                         f"\"to\": fleet id or sector}}}}, not {raw!r}")
    if c.settings.empire_turn != "seed004":
        raise RuleError(TURN_ORDERS, "replacement flights are kept by hand in this campaign (settings.empire_turn "
                                     "by_hand)")
    p = c.power(raw["power"])
    if p is None:
        raise IllegalAnswer(TURN_ORDERS, f"there is no power {raw['power']!r}")
    found = next(((f, u) for f, u in new_flights(c, p.id) if u.id == raw["flight"]), None)
    if found is None:
        raise RuleError(RULE, f"{raw['flight']} is no newly built flight of {p.name} (a fighter or shuttle completed "
                              "at its planet, still in the fleet its Construction Completion formed there)")
    home, flight = found
    fleet, sec = _destination(c, p, raw["to"])
    if fleet is not None and fleet.id == home.id:
        raise RuleError(RULE, f"{flight.name} is already in {fleet.name}")
    where = fleet.name if fleet is not None else f"the garrison at {raw['to']}"
    why = _in_supply(c, fleet, sec)
    if why is not None:
        raise RuleError(RULE, f"{flight.name} cannot reach {where}: {why} (flights replace losses only in supply)")
    lost, why = _loss(list(fleet.units if fleet is not None else sec.garrison if sec is not None else []), flight)
    if lost is None:
        raise RuleError(RULE, f"{flight.name} cannot go to {where}: {why}")
    return _apply(c, p, home.id, flight, fleet.id if fleet is not None else None, sec.at if sec else None, lost, where)


def _apply(c: Campaign, p: Power, home: str, flight: Unit, fleet: str | None, at: Label | None, lost: Unit,
           where: str) -> Campaign:
    new = c.model_copy(deep=True)
    joined = flight.model_copy(update={"carrier_id": lost.carrier_id})
    for f in new.fleets:
        if f.id == home:
            f.units[:] = [u for u in f.units if u.id != flight.id]
        if f.id == fleet:
            f.units[:] = [joined if u.id == lost.id else u for u in f.units]
    for s in new.map.sectors:
        if at is not None and s.at == at:
            s.garrison[:] = [joined if u.id == lost.id else u for u in s.garrison]
    emptied = [f.name for f in new.fleets if f.id == home and not f.units]
    new.fleets = [f for f in new.fleets if f.units]
    carriers = {u.id: u.name for f in new.fleets for u in f.units} | {u.id: u.name for s in new.map.sectors
                                                                       for u in s.garrison}
    aboard = f", aboard {carriers.get(lost.carrier_id, lost.carrier_id)}" if lost.carrier_id is not None else ""
    team = new.team_of_power(p.id)
    text = (f"{p.name}: {flight.name} taken through its logistical network to {where} (in supply), replacing "
            f"{lost.name} lost in combat{aboard}" + (f"; {emptied[0]} has no unit left and leaves" if emptied else ""))
    new.log.append(LogEntry(turn=c.turn, rule=RULE, secret_of=[team.id if team else "gm"], text=text))
    return new
