"""The Turn Orders a power may give now, each in words with its cost (issue 23): what the orders
dialog offers for repairs, scrapping, ground units, colonization (and the planet a Colony Fleet
settles, where a system has several free), Reserve, mothballs,
reactivation, escorts and replacement flights. A candidate (a unit, fleet or ground class at one of
the power's planets, a new flight and a place) is offered only when the engine's own order function (rules/turn/orders.py ``KINDS``) accepts it on
the campaign as it stands, and its words are the log line that order would write (what it costs,
what it pays back, the Point Pool before and after), so the player reads the engine's figures
before committing. Nothing here decides a rule; a candidate the engine refuses is kept with its
refusal (:attr:`Offer.refused`), for the dialog to say why nothing is offered."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from rules.errors import RuleError
from rules.model.campaign import Campaign, Planet, Sector
from rules.model.turn_model import CargoKind, FleetKind
from rules.model.units import Unit, UnitFate, base_levels
from rules.turn import colonize, orders, replacement

KINDS = ("repair", "scrap", "ground", "colonize", "settle", "reserve", "mothball", "reactivate", "escort",
         "replace")
"""The order kinds whose legal candidates are listed here."""


@dataclass(frozen=True)
class Offer:
    """One order of ``kind`` the power may give (``body`` without the power), in the engine's words
    (``text``: the log line it would write); or, with ``refused`` set, a candidate the engine
    refuses and its rule and reason."""

    kind: str
    body: tuple[tuple[str, str | int | None], ...]
    text: str
    refused: str = ""

    def order(self) -> dict[str, Any]:
        """The order as ``main.py turn`` takes it: ``{kind: {...}}``."""
        return {self.kind: dict(self.body)}


def _planets(c: Campaign, power: str) -> list[tuple[Sector, Planet]]:
    return [(s, pl) for s in c.map.sectors for pl in (s.star_system.planets if s.star_system else [])
            if pl.owner == power]


def _standing(c: Campaign, power: str, s: Sector) -> list[Unit]:
    """The power's active units standing in sector ``s`` (its fleets there, its garrison)."""
    units = [u for f in c.fleets if f.power == power and f.sector == s.at and f.in_transit_to is None
             for u in f.units] + (list(s.garrison) if s.owner == power else [])
    return [u for u in units if u.fate is UnitFate.ACTIVE]


def _in_play(c: Campaign, power: str) -> list[Unit]:
    units = [u for f in c.fleets if f.power == power for u in f.units] + \
        [u for s in c.map.sectors if s.owner == power for u in s.garrison]
    return [u for u in units if u.fate is UnitFate.ACTIVE]


def candidates(c: Campaign, power: str, kind: str) -> Iterator[dict[str, str | int | None]]:
    """The orders of ``kind`` worth asking the engine about (bodies without the power), in the
    file's order: each unit once per planet of its sector, each ground class at each planet, each
    military fleet as an escort of each civilian fleet (or, escorting one, removed), a damaged base's
    repair for all its levels and for each smaller number of them, each new flight to
    each place that lost a flight (rules/turn/replacement.py ``candidates``)."""
    p = c.power(power)
    eco = p.economy if p is not None else None
    planets = _planets(c, power)
    if kind in ("repair", "scrap", "mothball"):
        for s, pl in planets:
            for u in _standing(c, power, s):
                if kind != "repair" or u.crippled:
                    yield {"unit": u.id, "planet": pl.name}
                for n in range(1, base_levels(u) if kind == "repair" else 0):  # a base: fewer levels than all
                    yield {"unit": u.id, "planet": pl.name, "levels": n}
    elif kind == "ground":
        for g in p.ground_list if p is not None else []:
            for s, pl in planets:
                yield {"class": g.unit.name, "at": str(s.at), "planet": pl.name}
    elif kind == "colonize":
        for f in c.fleets:
            if f.power == power and f.kind is FleetKind.COLONY:
                for s, pl in planets:
                    if s.at == f.sector:
                        yield {"fleet": f.id, "planet": pl.name}
    elif kind == "settle":  # a choice only where a loaded Colony Fleet has several planets to settle
        for f in c.fleets:
            if f.power == power and f.kind is FleetKind.COLONY and any(x.kind is CargoKind.CENSUS for x in f.cargo):
                for s in c.map.sectors:
                    spots = colonize.free(s, power)
                    for pl in spots if len(spots) > 1 else []:
                        yield {"fleet": f.id, "at": str(s.at), "planet": pl.name}
    elif kind == "escort":
        mine = [f for f in c.fleets if f.power == power]
        for f in mine:
            if f.escort_of is not None:
                yield {"fleet": f.id, "of": None}
            for ward in mine:
                if ward.kind.civilian and f.kind is FleetKind.MILITARY and ward.id != f.escort_of:
                    yield {"fleet": f.id, "of": ward.id}
    elif kind == "replace":
        for body in replacement.candidates(c, power):
            wide: dict[str, str | int | None] = {**body}
            yield wide
    elif kind == "reserve":
        for u in _in_play(c, power):
            yield {"unit": u.id}
    elif kind == "reactivate" and eco is not None:
        for u in _in_play(c, power):
            if u.id in eco.reserve:
                yield {"unit": u.id}
            elif u.id in eco.mothballed:
                for s, pl in planets:
                    if u.id in {x.id for x in _standing(c, power, s)}:
                        yield {"unit": u.id, "planet": pl.name}


def offers(c: Campaign, power: str, kind: str) -> list[Offer]:
    """Every candidate of ``kind`` for ``power`` judged by the engine: the legal ones in the words
    of the log line they would write, the refused ones with their refusal. A unit legal at more
    than one planet of its sector is offered once (at the first)."""
    out: list[Offer] = []
    given: set[str] = set()
    for body in candidates(c, power, kind):
        what = f"{body.get('unit', body.get('fleet', body.get('class', body.get('flight', ''))))}" + (
            f" {body['of']}" if kind == "escort" else f" {body['to']}" if kind == "replace" else "") + (
            f" {body['levels']}" if "levels" in body else "")
        try:
            after = orders.KINDS[kind](c, {**body, "power": power})
        except RuleError as e:
            out.append(Offer(kind, tuple(body.items()), "", str(e)))
            continue
        if kind not in ("ground", "settle") and what in given:
            continue
        given.add(what)
        out.append(Offer(kind, tuple(body.items()), after.log[-1].text if len(after.log) > len(c.log) else what))
    return out


@dataclass(frozen=True)
class Missions:
    """What an Intel mission order (rules/turn/intel_missions.py) may name now: the staging systems
    with the Census left there this turn, the target systems of the powers the engine accepts a
    mission against, the Military Intel Pool; ``refused`` is a refusal when no target is offered."""

    staging: tuple[tuple[str, int], ...]
    targets: tuple[tuple[str, str], ...]
    pool: int
    refused: str = ""


def missions(c: Campaign, power: str) -> Missions:
    """The Intel mission order's lists for ``power``: each other power owning a system is judged by
    the engine once (a 1-point espionage mission from the first staging system with Census left); its
    systems are offered when accepted, the first refusal kept otherwise."""
    from rules.turn import intel_missions as im

    p = c.power(power)
    eco = p.economy if p is not None else None
    used: dict[str, int] = {}
    for m in eco.missions if eco is not None else []:
        if m.turn == c.turn:
            used[str(m.staging)] = used.get(str(m.staging), 0) + m.points
    staging = tuple((at, census - used.get(at, 0)) for at, census in im.systems(c, power).items()
                    if census > used.get(at, 0))
    by_power: dict[str, list[str]] = {}
    for s in c.map.sectors:
        other = im._target_power(c, s.at, power)
        if other is not None:
            by_power.setdefault(other, []).append(str(s.at))
    targets: list[tuple[str, str]] = []
    refused = "" if staging else (f"{p.name if p is not None else power} has no system of its own with Census "
                                  "left this turn to stage a mission from")
    for other, labels in by_power.items() if staging else ():
        body = {"power": power, "mission": "espionage", "staging": staging[0][0],
                "target": labels[0], "intel": 1}
        try:
            im.order(c, body)
        except RuleError as e:
            refused = refused or str(e)
            continue
        named = c.power(other)
        targets += [(at, named.name if named is not None else other) for at in labels]
    return Missions(staging, tuple(targets), eco.intel_points if eco is not None else 0,
                    "" if targets else refused or "no other power owns a system")


def base_places(c: Campaign, power: str, cls: str, at: str, planet: str) -> list[Offer]:
    """Where a purchase of ``cls`` at ``planet`` (sector ``at``) may be built outside the planet's
    orbit (rules/turn/base_transport.py): each of the power's systems, carried by the first
    Transport Fleets standing free at the planet's sector, judged by the engine - the legal ones in
    the words of the log line they would write, else the first refusal (one offer with
    ``refused``). Empty when ``cls`` is not a base on the power's list."""
    from rules.economy.construction import transport_fleets_for_base

    p = c.power(power)
    from rules.economy.construction import Kind
    from rules.turn.purchases import kind_of

    entry = next((b for b in p.unit_list if b.unit.class_designation == cls), None) if p is not None else None
    if entry is None or kind_of(entry.unit.kind) is not Kind.BASE:
        return []  # a ship or flight leaves the yard on its own: nothing to choose
    taken = {t for q in c.powers for j in (q.economy.projects if q.economy else []) for t in j.transports}
    free = [f.id for f in c.fleets if f.power == power and f.kind is FleetKind.TRANSPORT and str(f.sector) == at
            and f.in_transit_to is None and not f.cargo and f.id not in taken]
    need = max(1, transport_fleets_for_base(entry.cost, in_orbit=False))
    out: list[Offer] = []
    refused = ""
    for s in c.map.sectors:
        if s.star_system is None or s.owner != power:
            continue
        body = {"class": cls, "at": at, "planet": planet, "elsewhere": {"at": str(s.at), "transports": free[:need]}}
        try:
            after = orders.KINDS["purchase"](c, {**body, "power": power})
        except RuleError as e:
            refused = refused or str(e)
            continue
        out.append(Offer("purchase", tuple(body.items()), after.log[-1].text))  # type: ignore[arg-type]
    return out or ([Offer("purchase", (), "", refused)] if refused else [])
