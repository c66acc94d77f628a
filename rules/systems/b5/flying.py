"""b5 flights moved in each pulse (seed 003 Fighter Movement, Engaging the Afterburners,
Launching and Landing Fighters), after the squadrons' moves, each side in the pulse's move order
(the defender first on odd turns): launched beside their carrier, flown up to their share of Move
(the Speed/Pulse chart read with Move as the speed: Move 10 flies 3/4/3), landed on their carrier,
each checked against its mission (rules/systems/b5/flights.py). docs/b5.md records the readings."""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hexmap import Label
from rules.battlehex.log import IllegalAnswer, shown
from rules.battlehex.questions import QKind, Question
from rules.battlehex.words import plural
from rules.battlehex.roster import Status
from rules.battlehex.words import possessive
from rules.model.b5 import Category
from rules.systems.b5 import deploy, flights, movement
from rules.systems.b5.flights import ATTACK, ESCORT, SUPERIORITY, Mission

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine

Procedure = Generator[Question, Any, None]
RULE = "B5 Fighter Movement"
BURN_RULE = "B5 Engaging the Afterburners"
STEP = "fly"
"""The question ``b5/{turn}/fly/{team}`` (resumes)."""


@dataclass(frozen=True, slots=True)
class Move:
    """One flight's move this pulse: ``launch``, ``land`` or ``fly`` to ``to`` (``burn``: afterburners)."""

    kind: str
    flight: str
    to: Label
    burn: bool = False
    carrier: str = ""
    """A landing's carrier."""


def cost(a: Label, b: Label) -> int:
    """Movement points from ``a`` to ``b``: a point a hex, and a point for the one hexside turned
    when ``b`` is off the six straight lines from ``a`` (**reading**: a fighter "is agile enough to
    spin to face any direction", so it sets out facing its way; any hex is reached along two
    adjacent directions with one turn)."""
    d = (deploy.hex_of(b) - deploy.hex_of(a))
    n = deploy.distance(a, b)
    return n if n == 0 or 0 in (d.q, d.r, d.s) else n + 1


def share(self: B5Engine, flight: str) -> int:
    """The points ``flight`` may spend this pulse: its Move through the Speed/Pulse chart."""
    f = self.data(flight).flight
    assert f is not None
    return movement.pulse_moves(f.move)[self.pulse - 1]


def enemies_at(self: B5Engine, team: str, at: Label) -> list[str]:
    """The enemy flights of ``team`` in hex ``at`` that would fight (not one its escort there covers)."""
    return [x for x in flights.flights_of(self, self.enemy(team)) if self.air.at.get(x) == at
            and not flights.shielded(self, x) and not flights.calm(self, x)]


def locked(self: B5Engine, flight: str) -> bool:
    """In a dogfight (an enemy flight in its hex): it does not move ("it continues until ... only
    one side or the other remains")."""
    return flight in self.air.at and not flights.shielded(self, flight) and not flights.calm(self, flight) and \
        bool(enemies_at(self, self.units[flight].team, self.air.at[flight]))


def movable(self: B5Engine, team: str) -> list[str]:
    """``team``'s flights that may launch, fly or land this pulse."""
    out = []
    for f in flights.flights_of(self, team):
        c = flights.carrier_of(self, f)
        if f in self.air.at and not locked(self, f) or f not in self.air.at and _can_launch(self, c):
            out.append(f)
    return out


def _can_launch(self: B5Engine, carrier: str) -> bool:
    """A ship launches "when its squadron moves": present on the board, its squadron plotted."""
    if not carrier or self.units[carrier].status is not Status.PRESENT or carrier not in self.at:
        return False
    force = self.forces[self.units[carrier].team]
    s = force.squadron_of(carrier) or force.squadron_of(force.flagship)
    return s is not None and s.command in self.plots


def read(self: B5Engine, team: str, a: Any) -> tuple[Move, ...]:
    """A side's flight moves: ``FLIGHT HEX`` (``burn`` after it: afterburners), ``launch FLIGHT``
    (``HEX``: one of the six around the carrier; none: ahead of it), ``FLIGHT land`` (``SHIP``
    after it: on that carrier; none: its own); ';' between them; none: no move. Each checked."""
    if not isinstance(a, str):
        raise IllegalAnswer(RULE, f"moves such as \"R-FL1 1012; launch R-FL2\", not {shown(a)}")
    out: list[Move] = []
    mine = flights.flights_of(self, team)
    for part in (p.strip() for p in a.split(";")):
        if part.lower() in ("", "none"):
            continue
        words = part.split()
        low = [w.lower() for w in words]
        if low[0] == "launch":
            flight, where = flights._find(self, " ".join(words[1:]), mine), ""
            if not flight and len(words) > 2:
                flight, where = flights._find(self, " ".join(words[1:-1]), mine), words[-1]
            m = _launch(self, team, flight, where, part)
        elif "land" in low[1:]:
            cut = low.index("land", 1)
            m = _land(self, team, flights._find(self, " ".join(words[:cut]), mine), " ".join(words[cut + 1:]), part,
                      sum(1 for x in out if x.kind == "land" and x.carrier))
        else:
            burn = low[-1] == "burn"
            body = words[:-1] if burn else words
            flight = flights._find(self, " ".join(body[:-1]), mine) if len(body) > 1 else ""
            m = _fly(self, team, flight, body[-1], burn, part)
        if any(x.flight == m.flight for x in out):
            raise IllegalAnswer(RULE, f"{self.units[m.flight].unit.name} moves once a pulse")
        out.append(m)
    return tuple(out)


def _named(self: B5Engine, flight: str, part: str) -> str:
    if not flight:
        raise IllegalAnswer(RULE, f"FLIGHT HEX, launch FLIGHT or FLIGHT land, naming a flight of this side still "
                                  f"flying: not {shown(part)}")
    return self.units[flight].unit.name


def _launch(self: B5Engine, team: str, flight: str, where: str, part: str) -> Move:
    name = _named(self, flight, part)
    carrier = flights.carrier_of(self, flight)
    if not flights.aboard(self, flight):
        raise IllegalAnswer(flights.LAUNCH_RULE, f"{name} is not aboard a carrier")
    cname = self.units[carrier].unit.name
    if not _can_launch(self, carrier):
        raise IllegalAnswer(flights.LAUNCH_RULE, f"a ship may launch its fighters when its squadron moves: "
                                                 f"{possessive(cname)} squadron has no plotted move this turn")
    to = flights.ahead(self, carrier)
    gates = flights.vortex_launch(self, flight)
    if where:
        to = _hex(where)
        if to in gates:
            return Move("launch", flight, to)
        if deploy.distance(self.at[carrier], to) != 1 or not self.board.on(to):
            also = f" or at a vortex of its squadron this turn, {' or '.join(map(str, gates))}" if gates else ""
            raise IllegalAnswer(flights.LAUNCH_RULE, f"launched fighters are placed in one of the six hexes around "
                                                     f"{cname} ({self.at[carrier]}){also}, not {to}")
    return Move("launch", flight, to)


def _hex(text: str) -> Label:
    try:
        return Label.parse(text)
    except ValueError as e:
        raise IllegalAnswer(RULE, str(e)) from None


def _land(self: B5Engine, team: str, flight: str, ship: str, part: str, landing: int) -> Move:
    """``flight`` lands on ``ship`` (words naming a friendly carrier; none: its own), "a carrier that
    has space for it" (``landing``: flights this answer lands before it) "in the command net"."""
    name = _named(self, flight, part)
    if flight not in self.air.at:
        raise IllegalAnswer(flights.LAUNCH_RULE, f"{name} is not on the board")
    carrier = flights.carrier_of(self, flight)
    if ship:
        carrier = flights._find(self, ship, [x for x in self.at if self.units[x].team == team
                                             and self.units[x].status is Status.PRESENT])
        if not carrier:
            raise IllegalAnswer(flights.LAUNCH_RULE, f"{name} lands on a friendly ship on the board, not {shown(ship)}")
    if not carrier or self.units[carrier].status is not Status.PRESENT or carrier not in self.at:
        raise IllegalAnswer(flights.LAUNCH_RULE, f"{name} has no carrier on the board to land on: name one ({name} "
                                                 "land SHIP)")
    cname = self.units[carrier].unit.name
    if not self.data(carrier).fighter_flights or self.data(carrier).category is Category.FIGHTER:
        raise IllegalAnswer(flights.LAUNCH_RULE, f"{cname} carries no fighters")
    free = flights.space(self, carrier) - landing
    if free <= 0:
        raise IllegalAnswer(flights.LAUNCH_RULE, f"a fighter lands on a carrier that has space for it: {cname} "
                                                 f"carries {self.data(carrier).fighter_flights} "
                                                 f"flight{'' if self.data(carrier).fighter_flights == 1 else 's'}, "
                                                 f"{self.data(carrier).fighter_flights - free} aboard or landing")
    if carrier in self.out_of_command:
        raise IllegalAnswer(flights.LAUNCH_RULE, f"the carrier {cname} must be in the command net")
    to = self.at[carrier]
    _reach(self, flight, to, False)
    return Move("land", flight, to, carrier=carrier)


def _reach(self: B5Engine, flight: str, to: Label, burn: bool) -> None:
    name = self.units[flight].unit.name
    if locked(self, flight):
        raise IllegalAnswer(RULE, f"{name} is in a dogfight at {self.air.at[flight]}: it stays until one side is "
                                  "gone")
    f = self.data(flight).flight
    assert f is not None
    n, points, most = deploy.distance(self.air.at[flight], to), cost(self.air.at[flight], to), share(self, flight)
    extra = min(f.burn, n) if burn else 0
    if points - extra > most:
        raise IllegalAnswer(RULE, f"{name} has {plural(most, 'movement point')} in pulse {self.pulse} (Move {f.move}: "
                                  f"{'/'.join(map(str, movement.pulse_moves(f.move)))}); {self.air.at[flight]} to "
                                  f"{to} costs {points} ({n} hexes"
                                  f"{' and a hexside turned' if points > n else ''})"
                                  + (f", {extra} of them afterburner hexes" if burn else ""))


def _fly(self: B5Engine, team: str, flight: str, where: str, burn: bool, part: str) -> Move:
    name = _named(self, flight, part)
    if flight not in self.air.at:
        raise IllegalAnswer(RULE, f"{name} is aboard: launch it first (launch {name})")
    to = _hex(where)
    if not self.board.on(to):
        raise IllegalAnswer(RULE, f"{to} is off the board")
    intercept = bool(enemies_at(self, team, to))
    if burn:
        f = self.data(flight).flight
        assert f is not None
        if not f.burn:
            raise IllegalAnswer(BURN_RULE, f"{name} has no afterburners (Burn 0)")
        if self.air.burned.get(flight) == self.round:
            raise IllegalAnswer(BURN_RULE, f"once per turn fighters may activate their afterburners: {name} has")
        if not intercept:
            raise IllegalAnswer(BURN_RULE, f"afterburners only to intercept an enemy fighter: no enemy flight at {to}")
    _reach(self, flight, to, burn)
    _mission_allows(self, team, flight, to, intercept)
    return Move("fly", flight, to, burn)


def _mission_allows(self: B5Engine, team: str, flight: str, to: Label, intercept: bool) -> None:
    """Superiority stays in its patrol zone unless it intercepts an enemy flight; an escort ends on
    station (within 4 of its charge ship, or in its charge flight's hex) or nearer its charge, or
    engages an enemy ship (it "may ... move to engage the ship") or flight; attack flies freely."""
    m = self.air.mission.get(flight, Mission(ATTACK))
    name = self.units[flight].unit.name
    if m.kind == SUPERIORITY and m.zone is not None and deploy.distance(m.zone, to) > flights.PATROL \
            and not intercept:
        raise IllegalAnswer(flights.RULE, f"{name} flies superiority over {m.zone}: it ends its move within "
                                          f"{flights.PATROL} hexes of it, or intercepts an enemy flight; {to} is "
                                          f"{deploy.distance(m.zone, to)} away")
    if m.kind != ESCORT:
        return
    charge = self.at.get(m.target) if m.target in self.at else self.air.at.get(m.target)
    if charge is None or not (self.units[m.target].status is Status.PRESENT):
        return  # its charge is gone: it flies freely (reverting to superiority at the turn's orders)
    near = flights.ESCORT_RANGE if m.target in self.at else 0
    ships = [x for x in self.at if self.units[x].team != team and self.units[x].status is Status.PRESENT
             and self.at[x] == to]
    if deploy.distance(to, charge) <= near or intercept or ships or \
            deploy.distance(to, charge) < deploy.distance(self.air.at[flight], charge):
        return
    raise IllegalAnswer(flights.RULE, f"{name} escorts {self.units[m.target].unit.name} ({charge}): it ends within "
                                      f"{near} hexes of its charge, or nearer it, or engages an enemy; not at {to}")


def fly(self: B5Engine) -> Procedure:
    """After the squadrons' moves: each side moves its flights (the defender first on odd turns)."""
    first = (self.defender, self.attacker) if self.round % 2 else (self.attacker, self.defender)
    for team in first:
        if self.air.flown.get(team) == (self.round, self.pulse) or not movable(self, team):
            continue
        ready = ", ".join(f"{self.units[f].unit.name} ({self.air.at.get(f, 'aboard')}, "
                          f"{plural(share(self, f), 'point')})" for f in movable(self, team))
        said = yield _question(self, team, ready)
        apply(self, team, said)
        self.air.flown[team] = (self.round, self.pulse)


def _question(self: B5Engine, team: str, ready: str) -> Question:
    """``team``'s flight moves this pulse (open: fighters move in sight)."""
    return Question(f"b5/{self.round}/{STEP}/{team}", QKind.LABEL, team, RULE,
                    f"{self.name(team)}: turn {self.round} pulse {self.pulse}: move your flights: FLIGHT HEX (burn: "
                    f"afterburners, to intercept), launch FLIGHT [HEX], FLIGHT land; ';' between them (none: no "
                    f"move). Flights: {ready}",
                    data={"flights": team}, check=lambda a: read(self, team, a), default="none")


def apply(self: B5Engine, team: str, moves: tuple[Move, ...]) -> None:
    """The moves made and logged; new dogfights named."""
    for m in moves:
        name = self.units[m.flight].unit.name
        if m.kind == "launch":
            carrier = flights.carrier_of(self, m.flight)
            self.air.at[m.flight] = m.to
            _enter(self, m.to)
            if m.flight not in self.air.mission:
                self.air.mission[m.flight] = Mission(SUPERIORITY, zone=m.to)
            by = flights.vortex_launch(self, m.flight).get(m.to)
            via = f" through {possessive(self.units[by].unit.name)} vortex" if by else ""
            self.log.add("ruling", flights.LAUNCH_RULE, f"{self.units[carrier].unit.name} launches {name} to {m.to}"
                                                        f"{via} ({flights.words_of(self, m.flight)})",
                         {"unit": m.flight, "at": str(m.to)})
        elif m.kind == "land":
            del self.air.at[m.flight]
            self.air.off.pop(m.flight, None)
            self.air.landed[m.flight] = m.carrier
            self.log.add("ruling", flights.LAUNCH_RULE, f"{name} lands on {self.units[m.carrier].unit.name}",
                         {"unit": m.flight})
        else:
            was = self.air.at[m.flight]
            self.air.at[m.flight] = m.to
            self.air.off.pop(m.flight, None)
            _enter(self, m.to)
            if m.burn:
                self.air.burned[m.flight] = self.round
            self.log.add("ruling", BURN_RULE if m.burn else RULE,
                         f"{name} flies from {was} to {m.to}" + (" on its afterburners" if m.burn else ""),
                         {"unit": m.flight, "at": str(m.to)})
            foes = enemies_at(self, team, m.to)
            if foes:
                self.log.add("ruling", "B5 Dogfights", f"dogfight at {m.to}: {name} against "
                             + ", ".join(self.units[x].unit.name for x in foes))


def _enter(self: B5Engine, at: Label) -> None:
    """A flight enters ``at``: a dogfight called off there is over (**reading**: "when two enemy flights of
    fighters enter the same hex, they begin a dogfight": the flights there fight whoever enters)."""
    for x in [x for x, h in self.air.off.items() if h == at]:
        del self.air.off[x]
