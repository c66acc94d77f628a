"""Seed 004 Turn Orders and Construction Completion for purchases (issue 23): a power buys a unit
of its unit list at one of its planets (a repair: rules/turn/repairs_ordered.py; a planet's next
Productivity point and Intel Points: rules/turn/point_orders.py; a cancel: rules/turn/scrapping.py), paid at once from
its Point Pool, refused with the rule when illegal; the Construction Completion Phase completes
the projects in the order given, within each planet's construction capacity and dock spaces, and
places the units built.

Readings (docs/economy.md):

* An order is illegal, and refused, when: the class is not on the power's unit list; its
  in-service year is after the power's Tech Year; the planet is not the power's; the Point Pool
  cannot pay it (a power in debt buys nothing); or the planet's construction capacity (its
  output) or its dock spaces (its utilized Productivity, one a ship) are already taken by this
  turn's orders there.
* Capacity and docks are checked again at Construction Completion (the planet may have lost
  output since): a project that no longer fits is delayed to the next one, as the seed says.
* Ships and flights completed form one new fleet of the power at the planet's sector; bases,
  DEFSATs and other fixed units join the sector's garrison.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from hexmap import Label
from rules.battlehex.log import IllegalAnswer
from rules.battlehex.words import possessive
from rules.economy import construction as cons
from rules.economy.income import points
from rules.economy.planet import dock_spaces, output, utilized
from rules.errors import RuleError
from rules.model.campaign import Campaign, Fleet, Planet, Power, Sector
from rules.model.economy_model import PowerEconomy, Project
from rules.model.records import LogEntry
from rules.model.builds import BuildClass
from rules.model.turn_model import GroundUnit
from rules.model.units import Unit, UnitFate, UnitKind, base_levels, levels_words
from rules.turn.colonize import not_yet
from rules.turn.base_transport import ELSEWHERE_WORDS, LOST, base_place, not_in_place
from rules.turn.empire_facts import copy_at  # only the sectors with projects, and the fleets there, are copied

TURN_ORDERS = cons.TURN_ORDERS
CONSTRUCTION = cons.CONSTRUCTION
UPDATE_ASSET = cons.UPDATE_ASSET
INTEL = "004 Intel Phase"
_MOBILE = {UnitKind.SHIP: cons.Kind.SHIP, UnitKind.PF: cons.Kind.SHIP, UnitKind.FIGHTER: cons.Kind.FLIGHT,
           UnitKind.SHUTTLE: cons.Kind.FLIGHT}


def kind_of(unit_kind: UnitKind) -> cons.Kind:
    """What a unit is for construction: a ship (takes a dock), a flight, or a base or fixed unit."""
    return _MOBILE.get(unit_kind, cons.Kind.BASE)


def _planet(c: Campaign, at: Label, name: str) -> tuple[Sector, Planet] | None:
    s = c.sector_at(str(at))
    if s is None or s.star_system is None:
        return None
    pl = next((p for p in s.star_system.planets if p.name == name), None)
    return (s, pl) if pl is not None else None


def own_planet(c: Campaign, p: Power, raw: dict[str, Any], rule: str, verb: str) -> tuple[Sector, Planet]:
    """The planet ``raw`` names (``at``, ``planet``), which must be ``p``'s own: a malformed label is
    an IllegalAnswer, another's planet refused under ``rule`` ("{p.name} {verb} its own planets")."""
    try:
        at = Label.parse(raw["at"])
    except ValueError as e:
        raise IllegalAnswer(TURN_ORDERS, f"{raw['at']!r} is not a sector label: {e}") from None
    found = _planet(c, at, raw["planet"])
    if found is None or found[1].owner != p.id:
        raise RuleError(rule, f"{p.name} {verb} its own planets: {raw['planet']} at {raw['at']} is not one")
    not_yet(c, p.id, raw)  # a colony in its first turn builds nothing
    return found


def project_id(eco: PowerEconomy, power: str, turn: int) -> str:
    """A new project's id: the power's next number this turn, counted over its own projects alone
    (a Team copy holds no other Team's: its orders name the ids the GM's file gives them)."""
    head = f"{power}-t{turn}-"
    n = max((int(j.id[len(head):]) for j in eco.projects if j.id.startswith(head) and j.id[len(head):].isdigit()),
            default=0)
    return f"{head}{n + 1}"


def room(c: Campaign, s: Sector, pl: Planet, turn: int | None = None) -> tuple[Fraction, int]:
    """A planet's construction capacity and dock spaces (less what ``turn``'s orders there take)."""
    post = s.star_system.has_command_post if s.star_system is not None else False
    u = utilized(pl.productivity, pl.census, pl.morale, post)
    cap, docks = Fraction(output(u, pl.raw)), dock_spaces(u)
    if turn is None:
        return cap, docks
    for p in c.powers:
        for j in p.economy.projects if p.economy is not None else []:
            if j.turn == turn and j.at == s.at and j.planet == pl.name:
                cap -= j.cost
                entry = next((b for b in p.unit_list if b.unit.class_designation == j.unit_class), None)
                docks -= 1 if entry is not None and not j.ground and kind_of(entry.unit.kind).dock else 0
        if p.economy is not None:  # a mothballed ship restored here takes a dock (rules/turn/reserve.py)
            docks -= sum(1 for v in p.economy.status_orders.values() if v == f"active@{s.at}/{pl.name}")
    return cap, docks


def order(c: Campaign, raw: Any) -> Campaign:
    """``{"power": id, "class": class_designation, "at": "0207", "planet": name}``: the unit bought,
    paid and recorded as a project (a new campaign); an illegal order raises and changes nothing."""
    keys = {"power", "class", "at", "planet"}
    if not (isinstance(raw, dict) and set(raw) - {"elsewhere"} == keys and all(isinstance(raw[k], str) for k in keys)):
        raise IllegalAnswer(TURN_ORDERS, "a purchase is {\"purchase\": {\"power\": id, \"class\": class, \"at\": "
                                         f"\"0207\", \"planet\": name}}}} (a base outside the planet's orbit: and "
                                         f"\"elsewhere\": {{\"at\": sector, \"transports\": [fleet ids]}}), not {raw!r}")
    if c.settings.empire_turn != "seed004":
        raise RuleError(TURN_ORDERS, "purchases are kept by hand in this campaign (settings.empire_turn by_hand)")
    p = c.power(raw["power"])
    if p is None:
        raise IllegalAnswer(TURN_ORDERS, f"there is no power {raw['power']!r}")
    entry = next((b for b in p.unit_list if b.unit.class_designation == raw["class"]), None)
    if entry is None:
        raise RuleError(TURN_ORDERS, f"{p.name} may not build a {raw['class']}: it is not on its unit list (powers "
                                     "purchase only units of their own racial origin or generic units)")
    eco = p.economy or PowerEconomy()
    if entry.in_service is not None and entry.in_service > eco.tech_year:
        raise RuleError(TURN_ORDERS, f"the {raw['class']} enters service in Y{entry.in_service}, after "
                                     f"{possessive(p.name)} Tech "
                                     f"Year {eco.tech_year}")
    s, pl = own_planet(c, p, raw, TURN_ORDERS, "builds only at")
    where, carriers = base_place(c, p, s, raw["class"], entry.cost, kind_of(entry.unit.kind) is cons.Kind.BASE,
                                 raw.get("elsewhere"))
    if eco.point_pool < entry.cost:
        debt = " (in debt: no purchases until the pool is paid back)" if eco.point_pool < 0 else ""
        raise RuleError(TURN_ORDERS, f"{possessive(p.name)} Point Pool {points(eco.point_pool)}{debt} cannot pay the "
                                     f"{possessive(raw['class'])} cost {points(entry.cost)}")
    cap, docks = room(c, s, pl, c.turn)
    if entry.cost > cap:
        raise RuleError(CONSTRUCTION, f"{possessive(pl.name)} construction capacity left this turn is "
                                      f"{points(cap)}, the "
                                      f"{raw['class']} costs {points(entry.cost)}")
    dock = kind_of(entry.unit.kind).dock
    if dock and docks < 1:
        raise RuleError(CONSTRUCTION, f"{pl.name} has no dock space left this turn (a ship takes one; it has "
                                      f"{room(c, s, pl)[1]})")
    new = c.model_copy(deep=True)
    q = new.power(p.id)
    assert q is not None
    project = Project(id=project_id(eco, p.id, c.turn), unit_class=raw["class"], at=s.at, planet=pl.name,
                      cost=entry.cost, turn=c.turn, elsewhere=where, transports=carriers)
    q.economy = eco.model_copy(update={"point_pool": eco.point_pool - entry.cost,
                                       "projects": [*eco.projects, project]})
    team = new.team_of_power(p.id)
    new.log.append(LogEntry(turn=c.turn, rule=TURN_ORDERS, secret_of=[team.id if team else "gm"],
                            text=f"{p.name} orders a {raw['class']} at {pl.name} ({s.at}) for {points(entry.cost)}: "
                                 f"Point Pool {points(eco.point_pool)} to {points(eco.point_pool - entry.cost)}; "
                                 f"capacity left {points(cap - entry.cost)}" + (f"; built at {where}, carried by "
                                 f"{', '.join(carriers)} ({ELSEWHERE_WORDS})" if where is not None else "")
                                 + (f", docks left {docks - 1}" if dock else "")))
    return new


def complete(c: Campaign, said: dict[str, list[str]] | None = None,
             crowded: dict[tuple[str, str, str], list[Project]] | None = None) -> Campaign:
    """Construction Completion: every power's projects in the order given, within each planet's
    capacity and docks; the units built placed, the rest kept for the next one (a new campaign).
    ``said``: each power's lines (by power id) are added to it too, for the GM's question;
    ``crowded``: each (power, sector, planet) where some of several projects are delayed, with them."""
    new = copy_at(c, {x for p in c.powers for j in (p.economy.projects if p.economy is not None else [])
                      for x in (j.at, j.elsewhere) if x is not None})
    ids = {u.id for f in new.fleets for u in f.units} | {u.id for s in new.map.sectors for u in s.garrison}
    for p in new.powers:
        eco = p.economy
        if eco is None or not eco.projects:
            continue
        secret = [t.id if (t := new.team_of_power(p.id)) is not None else "gm"]  # its secret orders: its Team's lines

        def say(text: str, rule: str = CONSTRUCTION, power: str = p.id) -> None:
            new.log.append(LogEntry(turn=new.turn, rule=rule, secret_of=secret, text=text))
            if said is not None:
                said.setdefault(power, []).append(text)

        waiting: list[Project] = []
        by_planet: dict[tuple[str, str], list[Project]] = {}
        for j in eco.projects:
            by_planet.setdefault((str(j.at), j.planet), []).append(j)
        for (at, name), projects in by_planet.items():
            found = _planet(new, projects[0].at, name)
            entries = {b.unit.class_designation: b for b in p.unit_list}
            grounds = {g.unit.name for g in p.ground_list}
            if found is None or found[1].owner != p.id or any(j.unit_class not in (grounds if j.ground else entries)
                                                               and j.repair_of is None for j in projects):
                waiting.extend(projects)
                say(f"{p.name}: the projects at {name} ({at}) wait: the planet is no longer {possessive(p.name)} "
                    f"({', '.join(f'{project_name(new, j)}, {points(j.cost)} EP paid' for j in projects)})")
                continue
            s, pl = found
            cap, docks = room(new, s, pl)
            repaired = {j.id: _repaired(new, p.id, s, j) for j in projects if j.repair_of is not None}
            here = [j for j in projects if j.repair_of is None or repaired[j.id] is not None]
            for j in projects:
                if j.repair_of is not None and repaired[j.id] is None and not _in_play(new, p.id, j.repair_of):
                    say(f"{p.name} at {name} ({at}): the {j.unit_class} whose repair was ordered on turn {j.turn} is "
                        f"no longer in play (destroyed or captured): the repair is cancelled, its {points(j.cost)} "
                        "EP paid are lost", TURN_ORDERS)  # "illegal orders will be canceled", paid all the same
                elif j.repair_of is not None and repaired[j.id] is None:
                    waiting.append(j)
                    say(f"{p.name} at {name} ({at}): the repair of {project_name(new, j)} waits ({points(j.cost)} EP "
                        f"paid): the unit is not at {at}, crippled")
            projects = here
            for j in [j for j in projects if not_in_place(new, p.id, j)]:  # a base elsewhere: its fleets there?
                projects.remove(j)
                say(f"{p.name}: the {j.unit_class} ordered at {name} ({at}) to be built at {j.elsewhere} is lost with "
                    f"the {points(j.cost)} EP spent: {not_in_place(new, p.id, j)} (the points carried by Transport "
                    "Fleets not in place are lost)", LOST)
            done = cons.complete([cons.Project(j.id, _kind(entries, j, repaired), j.cost) for j in projects],
                                 int(cap), docks, pl.census)
            finished = {d.name for d in done.done}
            if crowded is not None and done.delayed and len(projects) > 1:  # the player may choose (seed 004)
                crowded[(p.id, at, name)] = list(projects)
            waiting.extend(j for j in projects if j.id not in finished)
            built: list[Unit] = []  # the ships and flights completed: one new fleet at the planet's sector
            for j, line in zip(projects, done.lines):  # one line a project, in order
                line = line.replace(j.id, project_name(new, j))
                if j.id not in finished:
                    say(f"{p.name} at {name} ({at}): {line} ({points(j.cost)} EP paid; it waits for the next "
                        "Construction Completion)")
                    continue
                say(f"{p.name} at {name} ({at}): {line}; {_deliver(new, p, s, pl, j, repaired.get(j.id), built, ids)}")
            if built:
                new.fleets.append(Fleet(id=f"{p.id}-built-t{new.turn}-{at}", name=f"New construction at {name}",
                                        power=p.id, sector=s.at, units=built))
        p.economy = eco.model_copy(update={"projects": waiting})
    return new


def project_name(c: Campaign, j: Project) -> str:
    """A project as the GM's lines name it: its class, the unit repaired, or where a base is built."""
    if j.repair_of is not None:
        u = next((u for f in c.fleets for u in f.units if u.id == j.repair_of), None) or next(
            (u for s in c.map.sectors for u in s.garrison if u.id == j.repair_of), None)
        return f"{j.unit_class} {u.name if u is not None else j.repair_of}"
    return f"{j.unit_class} built at {j.elsewhere}" if j.elsewhere is not None else j.unit_class


def _deliver(new: Campaign, p: Power, s: Sector, pl: Planet, j: Project, fixed: Unit | None, built: list[Unit],
             ids: set[str]) -> str:
    """Project ``j``'s work done (in place): the unit repaired, the ground unit raised on the planet,
    a base put in its sector's garrison, a ship or flight into ``built`` (the planet's new fleet); where, in words."""
    if fixed is not None:
        left = max(0, base_levels(fixed) - j.levels) if fixed.kind.is_base else 0
        fixed.crippled, fixed.damage_levels = left > 0, left
        return f"{fixed.name} is whole again at {s.at}" if not left else (
            f"{fixed.name}: {levels_words(j.levels)} repaired at {s.at}, {levels_words(left)} left (still crippled)")
    if j.ground:  # a ground unit raised (ground_orders.py)
        pl.ground_units.append(ground_unit(new, p, j))
        return f"raised on {pl.name}"
    unit_id = j.id if j.id not in ids else f"{j.id}-{len(ids)}"
    ids.add(unit_id)
    template = next(b for b in p.unit_list if b.unit.class_designation == j.unit_class).unit
    number = j.id.rsplit("-", 1)[-1]  # the project's number this turn: a name for people, not the id
    unit = template.model_copy(update={"id": unit_id, "name": f"New {j.unit_class} {number} (turn {j.turn})",
                                       "towing": [],
                                       "carrier_id": None, "internal_hits": 0, "crippled": False, "damage_levels": 0,
                                       "fate": UnitFate.ACTIVE})  # new: whole, free, in play
    if kind_of(template.kind) is cons.Kind.BASE:
        there = (new.sector_at(str(j.elsewhere)) if j.elsewhere is not None else None) or s
        there.garrison.append(unit)
        return f"{unit.name} joins the garrison at {there.at}"
    built.append(unit)
    return f"{unit.name} placed in the fleet New construction at {pl.name} ({s.at})"


def improvements(new: Campaign) -> None:
    """Update Asset: each Productivity point bought this turn added to its planet, logged (in place)."""
    for p in new.powers:
        eco = p.economy
        if eco is None or not eco.productivity_orders:
            continue
        for key in eco.productivity_orders:
            at, name = key.split("/", 1)
            found = _planet(new, Label.parse(at), name)
            if found is None or found[1].owner != p.id:
                new.log.append(LogEntry(turn=new.turn, rule=UPDATE_ASSET, text=f"{p.name}: the Productivity bought "
                                        f"at {name} ({at}) is lost: the planet is no longer {possessive(p.name)}"))
                continue
            pl = found[1]
            pl.productivity += 1
            new.log.append(LogEntry(turn=new.turn, rule=UPDATE_ASSET, text=f"{pl.name} ({at}): Productivity "
                                    f"{pl.productivity - 1} to {pl.productivity} (bought by {p.name})"))
        p.economy = eco.model_copy(update={"productivity_orders": []})


def _where(c: Campaign, power: str, s: Sector, unit_id: str) -> Unit | None:
    """The power's unit ``unit_id`` standing in sector ``s`` (in a fleet there, or its garrison)."""
    units = [u for f in c.fleets if f.power == power and f.sector == s.at and f.in_transit_to is None
             for u in f.units] + (list(s.garrison) if s.owner == power else [])
    return next((u for u in units if u.id == unit_id), None)


def _in_play(c: Campaign, power: str, unit_id: str) -> bool:
    """Whether the power's unit ``unit_id`` is still in play anywhere (a fleet of its, its garrison)."""
    units = [u for f in c.fleets if f.power == power for u in f.units] + [
        u for s in c.map.sectors if s.owner == power for u in s.garrison]
    return any(u.id == unit_id and u.fate is UnitFate.ACTIVE for u in units)


def _repaired(c: Campaign, power: str, s: Sector, j: Project) -> Unit | None:
    u = _where(c, power, s, j.repair_of or "")
    return u if u is not None and u.crippled and u.fate is UnitFate.ACTIVE else None


def _kind(entries: dict[str, BuildClass], j: Project, repaired: dict[str, Unit | None]) -> cons.Kind:
    fixed = repaired.get(j.id)
    if fixed is not None:
        return cons.Kind.REPAIR if kind_of(fixed.kind).dock else cons.Kind.BASE_REPAIR
    if j.ground:
        return cons.Kind.GROUND
    return kind_of(entries[j.unit_class].unit.kind)


def ground_unit(c: Campaign, p: Power, j: Project) -> GroundUnit:
    """The ground unit project ``j`` raises: its class's unit, the power's, with an id not used yet."""
    entry = next(g for g in p.ground_list if g.unit.name == j.unit_class)
    used = {g.id for s in c.map.sectors for pl in (s.star_system.planets if s.star_system else [])
            for g in pl.ground_units} | {x.ground_unit.id for f in c.fleets for x in f.cargo if x.ground_unit}
    gid = j.id if j.id not in used else next(f"{j.id}-{k}" for k in range(2, len(used) + 3)
                                             if f"{j.id}-{k}" not in used)
    return entry.unit.model_copy(update={"id": gid, "power": p.id})
