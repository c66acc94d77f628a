"""What seed 004's empire phases read from the campaign (issue 23): a power's Income ledger and a
system's Morale Check Chart facts, computed by the pure rules of :mod:`rules.economy`.

Readings (docs/economy.md, "The empire's turn in the tool"):

* Every planet a power owns produces (its utilized Productivity x RAW); a planet in rebellion
  produces nothing, nor one whose system was raided in the turn before this Income Phase
  (``Planet.raided_turn``, docs/combat_phase.md "Raids on cargo carriers").
* A Trade Fleet earns when it still has a unit in play and visited a system of its route in the
  previous Movement Phase: its path then touched (where it started or a sector it entered;
  ``Fleet.visited``, kept by End Movement for that turn, ``visited_turn``) a sector of its route.
  A fleet with no record (a file older than the record, turn 1, a fleet formed since) is read as
  before: it visited its route when it stands on it now. Its route's output is every planet's
  output in the route's sectors.
* Maintenance: the power's units in play (its fleets' and the garrisons of its sectors), counted
  per ``class_designation``, at the economy record's figure for the class; an unlisted class costs
  nothing.
* Morale facts: "more than 3 jumps away from a friendly colony" counts jumps along open lanes to the
  nearest other sector with a planet of the same power; "cut off from homeworld" traces open lanes
  through sectors owned by the power or a power of its Team (not checked without a homeworld); the
  homeworld is "attacked" when a Battle Hex was fought there this turn. The seizure row is asked in
  Troop Combat, in the turn of the seizure (rules/turn/invasion.py), so it is not checked again.
"""
from __future__ import annotations

from collections import Counter, deque
from fractions import Fraction

from hexmap import Label, LaneGraph
from rules.economy.income import Ledger, TradeRoute, ledger
from rules.economy.planet import SystemFacts, output, utilized
from rules.model.campaign import Campaign, Fleet, Planet, Sector
from rules.model.economy_model import PowerEconomy
from rules.model.turn_model import EncounterState, FleetKind
from rules.model.units import UnitFate


def economy(c: Campaign, power: str) -> PowerEconomy:
    """The power's economy record (all at 0 when the file has none)."""
    p = c.power(power)
    return p.economy if p is not None and p.economy is not None else PowerEconomy()


def raided_last_turn(c: Campaign, pl: Planet) -> bool:
    """Seed 004 raids: "When a system is raided, it temporarily stops producing income" - a planet
    raided in the turn before this Income Phase (``Planet.raided_turn``, rules/turn/raids.py)."""
    return pl.raided_turn is not None and pl.raided_turn == c.turn - 1


def planet_output(c: Campaign, s: Sector, pl: Planet) -> int:
    """A planet's output this turn (nothing the turn after its system was raided)."""
    if raided_last_turn(c, pl):
        return 0
    post = s.star_system.has_command_post if s.star_system is not None else False
    return output(utilized(pl.productivity, pl.census, pl.morale, post), pl.raw)


def _named(c: Campaign, s: Sector, pl: Planet) -> str:
    raid = f", raided on turn {pl.raided_turn}: no output" if raided_last_turn(c, pl) else ""
    return f"{pl.name} ({s.at}{raid})"


def owned_planets(c: Campaign, power: str) -> list[tuple[Sector, Planet]]:
    """The power's planets, in map order."""
    return [(s, pl) for s in c.map.sectors for pl in (s.star_system.planets if s.star_system else [])
            if pl.owner == power]


def power_ledger(c: Campaign, power: str) -> Ledger:
    """The power's Income Phase, every part named."""
    return power_ledgers(c, [power])[power]


def power_ledgers(c: Campaign, powers: list[str]) -> dict[str, Ledger]:
    """The Income Phase of each of ``powers``, computed in one pass over the map."""
    planets: dict[str, list[tuple[Sector, Planet]]] = {p: [] for p in powers}
    for s in c.map.sectors:
        for pl in s.star_system.planets if s.star_system else []:
            if pl.owner in planets:
                planets[pl.owner].append((s, pl))
    trade = any(f.kind is FleetKind.TRADE for f in c.fleets)  # a route's output: every planet's there
    by_sector = {str(s.at): sum(planet_output(c, s, pl) for pl in s.star_system.planets)
                 for s in c.map.sectors if s.star_system is not None} if trade else {}
    return {p: _ledger(c, p, planets[p], by_sector) for p in powers}


def visited_route(c: Campaign, f: Fleet) -> bool:
    """Seed 004 Income: whether the Trade Fleet ``f`` "visited systems on their route in the previous
    Movement Phase" - its path in the last turn's Movement Phase touched a sector of its route; without
    a record (an older file, turn 1, a fleet formed since), whether it stands on its route now."""
    if f.visited_turn is None:
        return f.sector in f.trade_route
    return f.visited_turn == c.turn - 1 and any(v in f.trade_route for v in f.visited)


def _ledger(c: Campaign, power: str, planets: list[tuple[Sector, Planet]], by_sector: dict[str, int]) -> Ledger:
    eco = economy(c, power)
    outs = [(_named(c, s, pl), planet_output(c, s, pl)) for s, pl in planets]
    routes = []
    for f in c.fleets:
        if f.power != power or f.kind is not FleetKind.TRADE:
            continue
        alive = any(u.fate is UnitFate.ACTIVE for u in f.units)
        routes.append(TradeRoute(f.name, tuple(by_sector.get(str(at), 0) for at in f.trade_route), alive,
                                 visited_route(c, f)))
    count: Counter[str] = Counter()
    held: Counter[str] = Counter()  # in Reserve (rules/turn/reserve.py); mothballed ones cost nothing
    off = set(eco.mothballed) | set(eco.reserve)
    for f in c.fleets:
        if f.power == power and f.interned_by is None:  # a fleet held by another power: the holder pays
            count.update(u.class_designation for u in f.units if u.fate is UnitFate.ACTIVE and u.id not in off)
            held.update(u.class_designation for u in f.units if u.fate is UnitFate.ACTIVE and u.id in eco.reserve)
    for s in c.map.sectors:
        if s.owner == power:
            count.update(u.class_designation for u in s.garrison if u.fate is UnitFate.ACTIVE and u.id not in off)
            held.update(u.class_designation for u in s.garrison if u.fate is UnitFate.ACTIVE and u.id in eco.reserve)
    upkeep = [(f"{n} {k} at {eco.maintenance[k]}", eco.maintenance[k] * n) for k, n in sorted(count.items())
              if k in eco.maintenance and eco.maintenance[k] and n]
    upkeep += [(f"{n} {k} in Reserve at {eco.reserve_share} of {eco.maintenance[k]}",
                eco.maintenance[k] * eco.reserve_share * n) for k, n in sorted(held.items())
               if k in eco.maintenance and eco.maintenance[k] and n]
    upkeep += _internment(c, power)
    misc = [(f"Miscellaneous: {m.text}", Fraction(m.amount)) for m in eco.misc]
    return ledger(outs, routes, misc, upkeep, eco.intel_points, eco.point_pool)


def _internment(c: Campaign, power: str) -> list[tuple[str, Fraction]]:
    """The maintenance of the fleets ``power`` holds interned, at their own power's figures ("The internment
    costs are covered by the nation holding the units", rules/turn/internment.py)."""
    out: list[tuple[str, Fraction]] = []
    for f in c.fleets:
        if f.interned_by != power:
            continue
        eco = economy(c, f.power)
        off = set(eco.mothballed) | set(eco.reserve)
        cost = sum((Fraction(eco.maintenance.get(u.class_designation or "", 0)) for u in f.units
                    if u.fate is UnitFate.ACTIVE and u.id not in off), Fraction(0))
        if cost:
            p = c.power(f.power)
            out.append((f"{f.name} of {p.name if p is not None else f.power}, interned", cost))
    return out


def _distances(graph: LaneGraph, start: Label, through: set[Label]) -> dict[Label, int]:
    """Jumps from ``start`` along open lanes through ``through``."""
    seen = {start: 0}
    todo = deque([start])
    while todo:
        at = todo.popleft()
        for nxt in graph.neighbours(at):  # breadth-first: the jumps do not depend on the order
            if nxt in seen or nxt not in through:
                continue
            seen[nxt] = seen[at] + 1
            todo.append(nxt)
    return seen


FAR = 4
"""Jumps to the nearest friendly colony are counted up to here: the chart asks only "more than 3"."""


def _nearest(graph: LaneGraph, start: Label, targets: set[Label]) -> int | None:
    """Jumps from ``start`` along open lanes to the nearest of ``targets`` other than ``start``:
    :data:`FAR` when none is nearer (``None`` when there is no other target at all). A breadth-first
    walk meets the nearest first, whatever the order it takes a sector's lanes in."""
    if not targets - {start}:
        return None
    seen = {start}
    layer = [start]
    for jumps in range(1, FAR + 1):
        nxt_layer = []
        for at in layer:
            for nxt in graph.neighbours(at):
                if nxt in seen:
                    continue
                if nxt in targets:
                    return jumps
                seen.add(nxt)
                nxt_layer.append(nxt)
        layer = nxt_layer
    return FAR


def morale_facts(c: Campaign, graph: LaneGraph, s: Sector, pl: Planet,
                 memo: dict[str, tuple[set[Label], set[Label] | None]] | None = None,
                 near_memo: dict[tuple[str, Label], int | None] | None = None) -> SystemFacts:
    """The Morale Check Chart's facts of a planet's system this turn. ``memo`` (one dict for the
    whole phase) keeps each power's colonies and the sectors its homeworld reaches, computed once;
    ``near_memo`` the jumps from a sector to its power's nearest other colony, counted up to
    :data:`FAR` (more is the same row), once for all its planets."""
    power = pl.owner or ""
    eco = economy(c, power)
    memo = {} if memo is None else memo
    if not memo:  # every power's at once: one pass over the map, not two a power
        memo.update(_all_power_facts(c, graph))
    if power not in memo:
        memo[power] = _power_facts(c, graph, power)
    colonies, from_home = memo[power]
    near_memo = {} if near_memo is None else near_memo
    if (power, s.at) not in near_memo:
        near_memo[(power, s.at)] = _nearest(graph, s.at, colonies)
    near = near_memo[(power, s.at)]
    home = eco.homeworld
    cut = home is not None and (from_home is None or s.at not in from_home)
    attacked = home is not None and any(r.at == home and r.turn == c.turn and r.encounter in (
        EncounterState.V13, EncounterState.SCENARIO) for r in c.battle_hexes)
    post = s.star_system.has_command_post if s.star_system is not None else False
    return SystemFacts(pl.census, pl.productivity, near, cut, False,
                       sum(1 for g in pl.ground_units if g.power == power), attacked, post)


def _all_power_facts(c: Campaign, graph: LaneGraph) -> dict[str, tuple[set[Label], set[Label] | None]]:
    """:func:`_power_facts` of every power that owns a planet."""
    colonies: dict[str, set[Label]] = {}
    held_by: dict[str, set[Label]] = {}
    for s in c.map.sectors:
        if s.owner is not None:
            held_by.setdefault(s.owner, set()).add(s.at)
        for pl in s.star_system.planets if s.star_system else []:
            if pl.owner is not None:
                colonies.setdefault(pl.owner, set()).add(s.at)
    return {p: _power_facts(c, graph, p, (at, held_by)) for p, at in colonies.items()}


def _power_facts(c: Campaign, graph: LaneGraph, power: str,
                 known: tuple[set[Label], dict[str, set[Label]]] | None = None) -> tuple[set[Label], set[Label] | None]:
    """The sectors of the power's planets, and the sectors its homeworld reaches along open lanes
    through its Team's sectors (``None``: no homeworld, or one neither held nor its own).
    ``known``: the power's planets' sectors and every power's sectors, when already gathered."""
    colonies = known[0] if known is not None else {ss.at for ss, _ in owned_planets(c, power)}
    home = economy(c, power).homeworld
    if home is None:
        return colonies, None
    team = c.team_of_power(power)
    friends = set(team.powers) if team is not None else {power}
    held = set().union(*(known[1].get(f, set()) for f in friends)) if known is not None else \
        {x.at for x in c.map.sectors if x.owner in friends}
    if home not in held:
        return colonies, {home}  # only the homeworld's own system is not cut off from it
    return colonies, set(_distances(graph, home, held | {home}))


def copy_at(c: Campaign, at: set[Label]) -> Campaign:
    """A copy of ``c`` for a step that changes the powers, the log, and only the sectors ``at``
    and the fleets there (Construction Completion): those are copied, the rest of the map and the
    other fleets shared (a campaign is never changed once made)."""
    sectors = [s.model_copy(deep=True) if s.at in at else s for s in c.map.sectors]
    fleets = [f.model_copy(deep=True) if f.sector in at else f for f in c.fleets]
    return c.model_copy(update={"powers": [p.model_copy(deep=True) for p in c.powers], "log": list(c.log),
                                "fleets": fleets, "map": c.map.model_copy(update={"sectors": sectors})})
