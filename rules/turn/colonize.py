"""Seed 004 colonization (issue 23): "The Colony Fleet, along with any assigned escorts, can move
one Census from the current system to the fleet, making it a loaded Colony Fleet. The Colony
Fleet then moves to its destination. On the next "Update Assets Phase," the Census from the fleet
is moved to the planet, establishing the colony. [...] The colony starts with Morale equal to its
Census, and both Intel and Productivity are initially set to 0, unless there is pre-existing
infrastructure on the planet."

Readings (docs/economy.md):

* ``{"colonize": {"power": id, "fleet": id, "planet": name}}`` in Turn Orders: the power's Colony
  Fleet, standing (not in transit) at the sector of the power's planet ``planet``, loads 1 Census
  from it (Census cargo, amount 1); the planet keeps at least 1 Census (emptying a colony is not
  moving its people) and a fleet carries one Census at a time.
* ``{"settle": {"power": id, "fleet": id, "at": label, "planet": name}}`` in Turn Orders: the
  power chooses the planet its loaded Colony Fleet settles (the seed says "the Census from the fleet
  is moved to the planet" and names no one to choose, so the fleet's power does), an unowned planet
  of Census 0 in a system no other power owns; kept on the fleet's Census (``Cargo.settle_at``,
  ``settle_planet``) until it settles; a later order replaces it (:func:`choose`).
* At Update Asset (:func:`settle`), a loaded Colony Fleet with a chosen planet settles it when it
  stands in that system and the planet is still free; elsewhere it waits for it (logged), and when
  the planet was taken meanwhile it keeps its Census (logged). Without a choice it settles the first
  free planet in the system's list (the log says so when there were several). Settling: the power
  owns it, its Census is the fleet's, its Morale equals its Census, its Productivity stays as the
  file gives it (pre-existing infrastructure, else 0); an unowned sector becomes the power's. In a
  system another power owns, or with no such planet, the fleet keeps its Census and waits (logged).
* "During this turn, the colony cannot build or perform any actions as they are focused on
  establishing their presence": the colony is settled at turn N's Update Asset, after every order
  of turn N, so "this turn" is read as its first turn as a colony, N + 1 (``PowerEconomy.founded``):
  every Turn Order at the colony that turn (a purchase, Productivity, a repair, a ground unit, a
  scrap, mothball or reactivation at it, Census loaded from it, an Intel mission staged from a system
  where all the power's planets are such colonies) is refused with the rule (:func:`not_yet`).
"""
from __future__ import annotations

from typing import Any

from rules.battlehex.log import IllegalAnswer
from rules.battlehex.words import possessive
from rules.economy.construction import TURN_ORDERS, UPDATE_ASSET
from rules.errors import RuleError
from rules.model.campaign import Campaign, Fleet, Planet, Power, Sector
from rules.model.records import LogEntry
from rules.model.turn_model import Cargo, CargoKind, FleetKind

LOAD = f"{TURN_ORDERS} (colonization)"
SETTLE = f"{UPDATE_ASSET} (colonization)"
FIRST_TURN = ("\"During this turn, the colony cannot build or perform any actions as they are focused on establishing "
              "their presence\"")


def founded(c: Campaign, power: str, s: Sector, pl: Planet) -> int | None:
    """The turn whose Update Asset settled ``pl`` as ``power``'s colony, when the colony is still in
    its first turn (``c.turn`` is that turn or the next), else ``None``."""
    p = c.power(power)
    t = p.economy.founded.get(f"{s.at}/{pl.name}") if p is not None and p.economy is not None else None
    return t if t is not None and pl.owner == power and c.turn <= t + 1 else None


def not_yet(c: Campaign, power: str, body: Any) -> None:
    """Refuse, with the rule, a Turn Order of ``power`` (``body``: its fields) acting at a colony in
    its first turn: the planet it names (``at`` and ``planet``, or ``planet`` alone among the power's
    planets), or the staging system of an Intel mission."""
    p = c.power(power)
    if not isinstance(body, dict) or p is None or p.economy is None or not p.economy.founded:
        return  # no colony of the power in its first turn (the usual case: nothing to look up)
    spots: list[tuple[Sector, Planet]] = []
    for s in c.map.sectors:
        mine = [pl for pl in (s.star_system.planets if s.star_system else []) if pl.owner == power]
        if isinstance(body.get("planet"), str) and str(body.get("at", s.at)) == str(s.at):
            spots += [(s, pl) for pl in mine if pl.name == body["planet"]]
        if isinstance(body.get("staging"), str) and str(s.at) == body["staging"] and mine and all(
                founded(c, power, s, pl) is not None for pl in mine):
            spots.append((s, mine[0]))
    for s, pl in spots:
        t = founded(c, power, s, pl)
        if t is not None:
            raise RuleError(SETTLE, f"{pl.name} ({s.at}) became a colony at {possessive(f'turn {t}')} Update Asset: "
                                    f"{FIRST_TURN} - it builds nothing and acts in no order until turn {t + 1} ends")


def _colony_fleet(c: Campaign, raw: Any, keys: set[str], rule: str, form: str, why: str = "") -> tuple[Power, Fleet]:
    """The power and its Colony Fleet a colonization order (``load``) or a settle order (``choose``)
    names: the order's ``keys`` all text (else ``form`` is said), a campaign with seed 004's Empire
    Turn, a power, and a Colony Fleet of it (else refused under ``rule``, ``why`` added)."""
    if not (isinstance(raw, dict) and set(raw) == keys and all(isinstance(raw[k], str) for k in keys)):
        raise IllegalAnswer(TURN_ORDERS, f"{form}, not {raw!r}")
    if c.settings.empire_turn != "seed004":
        raise RuleError(TURN_ORDERS, "colonization is kept by hand in this campaign (settings.empire_turn by_hand)")
    p = c.power(raw["power"])
    if p is None:
        raise IllegalAnswer(TURN_ORDERS, f"there is no power {raw['power']!r}")
    f = next((x for x in c.fleets if x.id == raw["fleet"]), None)
    if f is None or f.power != p.id or f.kind is not FleetKind.COLONY:
        raise RuleError(rule, f"{raw['fleet']} is not a Colony Fleet of {p.name}{why}")
    return p, f


def load(c: Campaign, raw: Any) -> Campaign:
    """The Colony Fleet loads 1 Census from the power's planet where it stands (a new campaign);
    an illegal order raises and changes nothing."""
    p, f = _colony_fleet(c, raw, {"power", "fleet", "planet"}, LOAD,
                         'a colonization is {"colonize": {"power": id, "fleet": id, "planet": name}}',
                         ": only a Colony Fleet loads Census to colonize")
    if f.in_transit_to is not None:
        raise RuleError(LOAD, f"{f.name} is in transit: it loads Census only where it stands")
    if any(x.kind is CargoKind.CENSUS for x in f.cargo):
        raise RuleError(LOAD, f"{f.name} is already loaded: a Colony Fleet moves one Census")
    s = c.sector_at(str(f.sector))
    pl = next((x for x in (s.star_system.planets if s is not None and s.star_system else [])
               if x.name == raw["planet"]), None)
    if s is None or pl is None or pl.owner != p.id:
        raise RuleError(LOAD, f"{f.name} loads Census only from a planet of {p.name} in its system ({f.sector}): "
                              f"{raw['planet']} is not one")
    if pl.census < 2:
        raise RuleError(LOAD, f"{possessive(pl.name)} Census is {pl.census}: it keeps at least 1 (a colony is not "
                              "emptied)")
    new = c.model_copy(deep=True)
    nf = next(x for x in new.fleets if x.id == f.id)
    ns = new.sector_at(str(f.sector))
    assert ns is not None and ns.star_system is not None
    npl = next(x for x in ns.star_system.planets if x.name == pl.name)
    npl.census -= 1
    nf.cargo.append(Cargo(id=f"{f.id}-census-t{c.turn}", kind=CargoKind.CENSUS, amount=1, embarked_turn=c.turn))
    team = new.team_of_power(p.id)
    new.log.append(LogEntry(turn=c.turn, rule=LOAD, secret_of=[team.id if team else "gm"],
                            text=f"{f.name} loads 1 Census from {pl.name} ({s.at}): Census {pl.census} to "
                                 f"{pl.census - 1}; the Census is moved to the planet, establishing the colony, on the "
                                 "next Update Asset Phase where it stands at its destination"))
    return new


def free(s: Sector, power: str) -> list[Planet]:
    """The planets of ``s`` a Colony Fleet of ``power`` may settle: unowned, Census 0, in a system no
    other power owns."""
    if s.star_system is None or s.owner not in (None, power):
        return []
    return [pl for pl in s.star_system.planets if pl.owner is None and pl.census == 0]


def choose(c: Campaign, raw: Any) -> Campaign:
    """The power chooses the planet its loaded Colony Fleet settles (a new campaign); an illegal order
    raises and changes nothing."""
    p, f = _colony_fleet(c, raw, {"power", "fleet", "at", "planet"}, SETTLE,
                         'a planet to settle is {"settle": {"power": id, "fleet": id, "at": sector, "planet": name}}')
    load_ = next((x for x in f.cargo if x.kind is CargoKind.CENSUS), None)
    if load_ is None:
        raise RuleError(SETTLE, f"{f.name} carries no Census: it loads Census first (a colonization order)")
    s = c.sector_at(raw["at"])
    if s is None or s.star_system is None:
        raise RuleError(SETTLE, f"there is no star system at {raw['at']}")
    pl = next((x for x in s.star_system.planets if x.name == raw["planet"]), None)
    if pl is None:
        raise RuleError(SETTLE, f"the system at {s.at} has no planet {raw['planet']}")
    if pl not in free(s, p.id):
        other = s.owner not in (None, p.id)
        owner = s.owner if other else pl.owner
        who = c.power(owner) if owner is not None else None
        whose = possessive(who.name if who is not None else str(owner))
        why = (f"the system is {whose}" if other else f"{pl.name} is {whose}" if owner is not None
               else f"{possessive(pl.name)} Census is {pl.census}")
        raise RuleError(SETTLE, f"{f.name} settles only an unowned planet without Census in a system no other power "
                                f"owns: {why}")
    new = c.model_copy(deep=True)
    nf = next(x for x in new.fleets if x.id == f.id)
    nf.cargo = [x.model_copy(update={"settle_at": s.at, "settle_planet": pl.name}) if x.id == load_.id else x
                for x in nf.cargo]
    team = new.team_of_power(p.id)
    new.log.append(LogEntry(turn=c.turn, rule=SETTLE, secret_of=[team.id if team else "gm"],
                            text=f"{f.name} is to settle {pl.name} ({s.at}) on the next Update Asset Phase where it "
                                 "stands there"))
    return new


def _picked(chosen: str | None, n: int) -> str:
    """The settling line's note on whose choice the planet was."""
    if chosen:
        return " (the planet its power chose)"
    return f" (the first of {n} free planets: no planet was chosen)" if n > 1 else ""


def settle(new: Campaign) -> None:
    """Update Asset: each loaded Colony Fleet settles its system's first unowned planet of Census
    0, logged (in place; the sectors and fleets it changes are replaced by copies, as the Update
    Asset campaign shares the others with the one before)."""
    fleets = list(new.fleets)
    for i, f in enumerate(fleets):
        load_ = next((x for x in f.cargo if x.kind is CargoKind.CENSUS), None)
        if f.kind is not FleetKind.COLONY or load_ is None or f.in_transit_to is not None:
            continue
        k, s = next((k, s) for k, s in enumerate(new.map.sectors) if s.at == f.sector)
        name = new.power(f.power).name if new.power(f.power) is not None else f.power  # type: ignore[union-attr]
        spots = free(s, f.power)
        chosen = load_.settle_planet
        spot = next((pl for pl in spots if pl.name == chosen), None) if chosen else next(iter(spots), None)
        held = new.power(s.owner) if s.owner is not None else None  # the log names the power, not its id
        why = (f"bound for {chosen} ({load_.settle_at}), the planet {name} chose"
               if chosen and load_.settle_at != s.at
               else f"the system is {possessive(held.name if held is not None else str(s.owner))}"
               if s.owner not in (None, f.power)
               else f"{chosen}, the planet {name} chose, is no longer free" if chosen and spot is None
               else "no unowned planet without Census in the system" if spot is None else "")
        if why:
            new.log.append(LogEntry(turn=new.turn, rule=SETTLE, text=f"{f.name} ({name}) keeps its Census at "
                                    f"{s.at}: {why}"))
            continue
        assert spot is not None
        ns = s.model_copy(deep=True)
        npl = next(pl for pl in ns.star_system.planets if pl.name == spot.name)  # type: ignore[union-attr]
        npl.owner, npl.census = f.power, load_.amount
        npl.morale = npl.census
        ns.owner = ns.owner or f.power
        new.map.sectors[k] = ns
        p = new.power(f.power)
        if p is not None and p.economy is not None:  # its first turn: no orders at it (not_yet)
            p.economy = p.economy.model_copy(update={"founded": {**p.economy.founded, f"{s.at}/{npl.name}": new.turn}})
        fleets[i] = f.model_copy(update={"cargo": [x for x in f.cargo if x.id != load_.id]})
        new.log.append(LogEntry(turn=new.turn, rule=SETTLE, text=f"{name} settles {npl.name} ({s.at}) from "
                                f"{f.name}: Census {npl.census}, Morale {npl.morale}, Productivity "
                                f"{npl.productivity}{_picked(chosen, len(spots))}"))
    new.fleets = fleets
    for p in new.powers:  # a colony's first turn is over by the next Update Asset
        if p.economy is not None and any(t < new.turn for t in p.economy.founded.values()):
            p.economy = p.economy.model_copy(update={"founded": {k: t for k, t in p.economy.founded.items()
                                                                 if t >= new.turn}})
