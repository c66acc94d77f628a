"""Seed 004: flights must land (issue 23), run at the end of Construction Completion.

The seed (Movement Phase): "Flights, such as fighters or shuttles, can be embarked on units or
transports and must eventually land." "Flights need to find a place to land, and a system can base
a certain number of squadrons based on its utilized Productivity statistic squared. Flights that
cannot find a place to land are removed from play." And (Construction Completion): "Crippled
units and planets with interdicted basing or suppressed productivity cannot base flights".

Readings (docs/economy.md, "Flights must land"):

* A flight is a unit of kind ``fighter`` or ``shuttle`` (one counter, one squadron), in play
  (``cargo_room.active``). One carried as cargo is aboard, not flying; one in a fleet between
  sectors is still under way: neither is judged this turn.
* A flight whose ``carrier_id`` names an active, uncrippled unit in the same sector is based on
  it. The record holds no carrier's basing number, so a carrier bases every flight the file puts
  on it (GM ruling, logged when a carrier bases any).
* Every other flight of a power standing in a sector needs a place on that power's planets
  there: the system's utilized Productivity is the sum of the power's planets' utilized
  Productivity in the sector (as a system's Census is for Intel), and the system bases that
  number squared. A sector without a planet of the power bases none.
* The seed names no one who chooses which flights land when there are too many (GM ruling,
  logged): the flights of the sector's garrison first, then the fleets in the file's order, each
  fleet's units in order; the rest are removed from play. A fleet left empty leaves the campaign
  (its escorts released).
"""
from __future__ import annotations

from dataclasses import dataclass

from rules.economy.planet import utilized
from rules.model.campaign import Campaign, Sector
from rules.model.records import LogEntry
from rules.model.units import Unit, UnitKind
from rules.turn.cargo_room import active
from rules.turn.civilian import release_escorts

RULE = "004 Movement Phase"
FLIGHTS = frozenset({UnitKind.FIGHTER, UnitKind.SHUTTLE})


@dataclass(frozen=True)
class Basing:
    """A power's basing at one system: its planets' utilized Productivity and the squadrons based."""

    parts: tuple[tuple[str, int], ...]  # (planet name, its utilized Productivity)

    @property
    def productivity(self) -> int:
        return sum(u for _, u in self.parts)

    @property
    def room(self) -> int:
        """The squadrons the system bases: its utilized Productivity squared."""
        return self.productivity ** 2

    def words(self) -> str:
        if not self.parts:
            return "no planet of its own here: it bases none"
        total = " + ".join(f"{u} ({name})" for name, u in self.parts)
        if len(self.parts) > 1:
            total = f"({total}) = {self.productivity}"
        return f"utilized Productivity {total}, squared: bases {self.room}"


def basing(s: Sector, power: str) -> Basing:
    """What ``power``'s planets in sector ``s`` can base."""
    if s.star_system is None:
        return Basing(())
    post = s.star_system.has_command_post
    return Basing(tuple((pl.name, utilized(pl.productivity, pl.census, pl.morale, post))
                        for pl in s.star_system.planets if pl.owner == power))


def is_flight(u: Unit) -> bool:
    return u.kind in FLIGHTS and active(u)


def _carriers(units: list[Unit]) -> set[str]:
    """The units here that base flights: active and not crippled."""
    return {u.id for u in units if active(u) and not u.crippled}


def land(c: Campaign, said: dict[str, list[str]] | None = None) -> Campaign:
    """Every flight not based on a carrier lands on its power's planets in its sector, within the
    system's utilized Productivity squared; the rest are removed from play (a new campaign, or
    ``c`` itself when no flight needs a place). ``said``: each power's lines, by power id, added
    to it too (for the GM's Construction Completion question)."""
    sectors = {str(s.at): s for s in c.map.sectors}
    standing = [f for f in c.fleets if f.in_transit_to is None]
    units_at: dict[str, list[Unit]] = {}  # every unit standing in a sector, garrison and fleets
    for f in standing:
        units_at.setdefault(str(f.sector), []).extend(f.units)
    here = {at: _carriers([*sectors[at].garrison, *units]) for at, units in units_at.items()}
    need: dict[tuple[str, str], list[tuple[str, Unit]]] = {}  # (sector, power) -> (where, flight)
    carried: dict[tuple[str, str], int] = {}  # (power, carrier) -> flights based on it
    for s in c.map.sectors:
        flying = [u for u in s.garrison if is_flight(u)] if s.owner is not None else []
        based = here[str(s.at)] if str(s.at) in here else _carriers(s.garrison)
        for u in flying:
            if u.carrier_id is not None and u.carrier_id in based:
                key = (str(s.owner), u.carrier_id)
                carried[key] = carried.get(key, 0) + 1
            else:
                need.setdefault((str(s.at), str(s.owner)), []).append((f"the garrison at {s.at}", u))
    for f in standing:
        for u in f.units:
            if not is_flight(u):
                continue
            if u.carrier_id is not None and u.carrier_id in here[str(f.sector)]:
                carried[(f.power, u.carrier_id)] = carried.get((f.power, u.carrier_id), 0) + 1
            else:
                need.setdefault((str(f.sector), f.power), []).append((f.name, u))
    if not need and not carried:
        return c
    lines: list[LogEntry] = []
    gone: set[str] = set()
    names = {p.id: p.name for p in c.powers}
    for (at, power), flights in need.items():
        b = basing(sectors[at], power)
        name = names.get(power, power)
        landed, removed = flights[:b.room], flights[b.room:]
        gone.update(u.id for _, u in removed)
        text = (f"{name} at {at}: {len(flights)} flight{'s' if len(flights) != 1 else ''} not based on a carrier "
                f"must land; {b.words()}; {len(landed)} land")
        if removed:
            text += (", removed from play (no place to land; the file's order, garrison first - GM ruling): "
                     + ", ".join(f"{u.name} ({where})" for where, u in removed))
        lines.append(LogEntry(turn=c.turn, rule=RULE, text=text))
        if said is not None:
            said.setdefault(power, []).append(text)
    if carried:
        ids = {k for _, k in carried}
        units = {u.id: u.name for at in units_at for u in units_at[at] if u.id in ids}
        units.update({u.id: u.name for s in c.map.sectors for u in s.garrison if u.id in ids})
        for power in sorted({p for p, _ in carried}, key=lambda p: [x.id for x in c.powers].index(p)
                            if c.power(p) is not None else len(c.powers)):
            text = (f"{names.get(power, power)}: flights based on their carriers (the record holds no carrier's "
                    "basing number: each bases the flights the file puts on it - GM ruling): "
                    + ", ".join(f"{units.get(k, k)} ({n} flight{'s' if n != 1 else ''})"
                                for (p, k), n in sorted(carried.items()) if p == power))
            lines.append(LogEntry(turn=c.turn, rule=RULE, text=text))
            if said is not None:
                said.setdefault(power, []).append(text)
    return _without(c, gone, lines, said)


def _without(c: Campaign, gone: set[str], lines: list[LogEntry], said: dict[str, list[str]] | None = None) -> Campaign:
    """``c`` less the units ``gone`` (a fleet emptied leaves, its escorts released), ``lines`` logged."""
    if not gone:
        return c.model_copy(update={"log": [*c.log, *lines]})
    fleets = []
    for f in c.fleets:
        if not any(u.id in gone for u in f.units):
            fleets.append(f)
            continue
        kept = [u for u in f.units if u.id not in gone]
        if kept:
            fleets.append(f.model_copy(update={"units": kept}))
        else:
            lines.append(LogEntry(turn=c.turn, rule=RULE, text=f"{f.name} has no unit left and leaves the campaign"))
            if said is not None:
                said.setdefault(f.power, []).append(lines[-1].text)
    sectors = [s if not any(u.id in gone for u in s.garrison) else
               s.model_copy(update={"garrison": [u for u in s.garrison if u.id not in gone]}) for s in c.map.sectors]
    new = c.model_copy(update={"fleets": fleets, "map": c.map.model_copy(update={"sectors": sectors}),
                               "log": [*c.log, *lines]})
    return release_escorts(new)
