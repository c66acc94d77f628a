"""Seed 004: flights must land (issue 23), run at the end of Construction Completion.

The seed (Movement Phase): "Flights, such as fighters or shuttles, can be embarked on units or
transports and must eventually land." "Flights need to find a place to land, and a system can base
a certain number of squadrons based on its utilized Productivity statistic squared. Flights that
cannot find a place to land are removed from play." "Some flights cannot base on planets and can
only be based on other units or specific system locations lacking atmosphere." (Construction
Completion): "Crippled units and planets with interdicted basing or suppressed productivity cannot
base flights". (Unit Abilities, Carrier): "The basing number given for them are a number of "LF"
units they can carry. Units with this ability may carry "MF" fighter units, but those units take
twice as many spaces of Basing."

Readings (docs/economy.md, "Flights must land"):

* A flight is a unit of kind ``fighter`` or ``shuttle`` (one counter, one squadron), in play
  (``cargo_room.active``). One carried as cargo is aboard, not flying; one in a fleet between
  sectors is still under way: neither is judged this turn.
* A flight whose ``carrier_id`` names an active, uncrippled unit in the same sector is based on
  it, within the carrier's ``basing`` (its LF spaces; a flight takes one space a craft, two for
  ``medium_fighters``), its flights taken in the file's order; those over it must land as any
  other (logged under the Carrier ability, naming the carrier and the flights). A carrier with no
  ``basing`` bases every flight the file puts on it (GM ruling, logged).
* A flight marked ``no_planet_basing`` that no carrier bases is removed from play: the map has no
  airless place to base it (the seed's "specific system locations lacking atmosphere").
* Every other flight of a power standing in a sector needs a place on that power's planets
  there: the system's utilized Productivity is the sum of the power's planets' utilized
  Productivity in the sector (as a system's Census is for Intel), and the system bases that
  number squared. A sector without a planet of the power bases none.
* When more flights need a place than the system bases (and it bases some), the power chooses
  which land (rules/turn/construction_phase.py asks its Team): those it names land first, in its
  order, then the others in the file's order (the garrison's first, then the fleets in the file's
  order, each fleet's units in order); the rest are removed from play. A fleet left empty leaves
  the campaign (its escorts released).
* Atmospheric ships are judged by rules/turn/atmospheric.py, logged with the flights.
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
CARRIER = "004 Unit Abilities (Carrier)"
FLIGHTS = frozenset({UnitKind.FIGHTER, UnitKind.SHUTTLE})
Place = tuple[str, str]  # (sector, power)
Crowd = dict[Place, tuple[int, list[tuple[str, Unit]]]]  # the system's room and its flights (where, flight) in order


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


def spaces(u: Unit) -> int:
    """The carrier spaces flight ``u`` takes: one a craft (a counter of no count is one), two for MF fighters."""
    return max(u.craft, 1) * (2 if u.medium_fighters else 1)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _carriers(units: list[Unit]) -> dict[str, Unit]:
    """The units here that base flights: active and not crippled."""
    return {u.id: u for u in units if active(u) and not u.crippled}


def _flying(c: Campaign) -> list[tuple[str, str, str, Unit]]:
    """Every flight judged this turn, (sector, power, where, flight), garrisons first, then the fleets in order."""
    out = [(str(s.at), str(s.owner), f"the garrison at {s.at}", u) for s in c.map.sectors if s.owner is not None
           for u in s.garrison if is_flight(u)]
    return out + [(str(f.sector), f.power, f.name, u) for f in c.fleets if f.in_transit_to is None
                  for u in f.units if is_flight(u)]


def _on_carriers(c: Campaign, flying: list[tuple[str, str, str, Unit]],
                 lines: list[tuple[str, str, str]]) -> set[str]:
    """The flights based on their carriers (ids); each carrier with a basing number logged under the Carrier
    ability in ``lines`` (power, rule, text), those over its number named; the others in one GM-ruling line."""
    here: dict[str, dict[str, Unit]] = {}
    for s in c.map.sectors:
        here[str(s.at)] = _carriers(s.garrison)
    for f in c.fleets:
        if f.in_transit_to is None:
            here[str(f.sector)].update(_carriers(f.units))
    aboard: dict[tuple[str, str], list[Unit]] = {}  # (power, carrier) -> its flights in order
    for at, power, _, u in flying:
        if u.carrier_id is not None and u.carrier_id in here[at]:
            aboard.setdefault((power, u.carrier_id), []).append(u)
    based: set[str] = set()
    unruled: dict[str, list[str]] = {}
    carriers = {k: v for d in here.values() for k, v in d.items()}
    for (power, cid), flights in aboard.items():
        carrier = carriers[cid]
        if carrier.basing is None:
            based.update(u.id for u in flights)
            unruled.setdefault(power, []).append(f"{carrier.name} ({_plural(len(flights), 'flight')})")
            continue
        used, over = 0, []
        for u in flights:
            if used + spaces(u) <= carrier.basing:
                used += spaces(u)
                based.add(u.id)
            else:
                over.append(u)
        text = (f"{carrier.name} bases {used} of its {carrier.basing} LF spaces (an MF fighter takes two): "
                + (", ".join(f"{u.name} ({_plural(spaces(u), 'space')})" for u in flights if u.id in based) or "none"))
        if over:
            text += ("; over its basing number, not based on it (they must land elsewhere): "
                     + ", ".join(f"{u.name} ({_plural(spaces(u), 'space')})" for u in over))
        lines.append((power, CARRIER, text))
    names = {p.id: p.name for p in c.powers}
    for power, words in unruled.items():
        lines.append((power, RULE, f"{names.get(power, power)}: flights based on their carriers (the record holds no "
                                   "carrier's basing number: each bases the flights the file puts on it - GM "
                                   "ruling): " + ", ".join(words)))
    return based


def land(c: Campaign, said: dict[str, list[str]] | None = None, chosen: dict[Place, list[str]] | None = None,
         crowd: Crowd | None = None) -> Campaign:
    """Every flight not based on a carrier lands on its power's planets in its sector, within the
    system's utilized Productivity squared; the rest are removed from play (a new campaign, or
    ``c`` itself when nothing is judged). ``said``: each power's lines, by power id, added to it too
    (for the GM's Construction Completion question). ``chosen``: the flights (ids) a power chose to
    land first at a system; ``crowd``: filled with each system where the power has a choice."""
    from rules.turn.atmospheric import judge

    flying = _flying(c)
    ruled: list[tuple[str, str, str]] = []  # (power, rule, text)
    aboard: list[tuple[str, str, str]] = []  # the carriers' lines, after the landings'
    based = _on_carriers(c, flying, aboard)
    need: dict[Place, list[tuple[str, Unit]]] = {}
    nowhere: dict[Place, list[tuple[str, Unit]]] = {}
    for at, power, where, u in flying:
        if u.id not in based:
            (nowhere if u.no_planet_basing else need).setdefault((at, power), []).append((where, u))
    sectors = {str(s.at): s for s in c.map.sectors}
    names = {p.id: p.name for p in c.powers}
    gone: set[str] = set()
    for (at, power), flights in nowhere.items():
        gone.update(u.id for _, u in flights)
        ruled.append((power, RULE, f"{names.get(power, power)} at {at}: "
                      + ", ".join(f"{u.name} ({where})" for where, u in flights)
                      + " cannot base on planets (only on other units) and no carrier bases "
                      + ("it" if len(flights) == 1 else "them") + " here: removed from play"))
    for (at, power), flights in need.items():
        b = basing(sectors[at], power)
        first = (chosen or {}).get((at, power), [])
        if first:
            order = {k: i for i, k in enumerate(first)}
            flights = sorted(flights, key=lambda x: (x[1].id not in order, order.get(x[1].id, 0)))  # stable
        if crowd is not None and 0 < b.room < len(flights):
            crowd[(at, power)] = (b.room, flights)
        landed, removed = flights[:b.room], flights[b.room:]
        gone.update(u.id for _, u in removed)
        text = (f"{names.get(power, power)} at {at}: {_plural(len(flights), 'flight')} not based on a carrier "
                f"must land; {b.words()}; {len(landed)} land")
        if removed:
            why = "its choice first, then the file's order" if first else "the file's order, garrison first"
            text += (f", removed from play (no place to land; {why}): "
                     + ", ".join(f"{u.name} ({where})" for where, u in removed))
        ruled.append((power, RULE, text))
    ruled += aboard + judge(c)
    if not ruled:
        return c
    lines: list[LogEntry] = []
    order = {p.id: i for i, p in enumerate(c.powers)}
    for power, rule, text in sorted(ruled, key=lambda x: order.get(x[0], len(order))):  # stable: by power
        lines.append(LogEntry(turn=c.turn, rule=rule, text=text))
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
