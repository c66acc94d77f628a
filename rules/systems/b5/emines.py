"""b5 energy mines as engine steps (seed 003 Energy Mine Launch, Energy Mines, the Energy Mine
Affected Area chart and the Energy Mine Hit Table).

In the Energy Mine Launch phase of a plotted turn (after the plots, before any ship moves), each
squadron with energy mine launchers that may fire names in secret the one hex its mines centre on,
within its launchers' reach of its command ship, or none. The launch is announced publicly, the hex
is not ("the exact target hex need not be revealed until after movement is complete": it is
revealed when the mines arrive). The launchers are the 'x' of the squadron's energy mine weapons
(ships in command, at their fire ratings after command losses); they fix the radius (1: 0, 2-3: 1,
... 25-33: 6). The mines arrive as ballistic weapons do, range / 15 rounded up plus one pulses
after pulse 1, resolved before that pulse's moves and fire. Every unit in the area, either side's,
rolls a d12 with its class modifier (Enormous +2, Capital -1, Heavy -2, Medium -3; the modifier read
as added, docs/b5.md): 5 or more is hit, and "takes 1d12 damage", read as one hit of a d12 damage
die against its best armor, classed like any ballistic weapon's hit (a particle weapon's damage).
Flights of fighters on the board in the area roll too ("Roll a single d12 for each unit or flight
of fighters"; Fighter -4: 9 or more), after the ships; the text is cut after "Fighters will", so a
hit is read by the nearest rule the seed states (**reading**, docs/b5.md): the d12 damage is a shot
at the flight, one fighter destroyed if it reaches the flight's armor ("if a shot penetrates the
armor of a fighter, the fighter is assumed to be destroyed"). A battle saved before (its era,
rules/systems/b5/compat.py) leaves flights out, as it was fought.
"""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from hexmap import Label
from rules.battlehex.questions import Question
from rules.battlehex.roster import Status
from rules.battlehex.words import plural, possessive
from rules.model.b5 import B5Weapon, WeaponClass
from rules.systems.b5 import compat, deploy, fire, flights, losses, marking
from rules.systems.b5.asking import place
from rules.systems.b5.deploy import Place
from rules.systems.b5.force import Squadron

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine

Procedure = Generator[Question, Any, None]
RULE = "B5 Energy Mines"
STEP = "mines"
"""The launch question's step (``b5/{turn}/mines/{command ship}``): the procedure resumes from it."""
MINE = B5Weapon(name="energy mine", cls=WeaponClass.PARTICLE, shots=1, ranges=[0], fire_control=["d12"] * 3,
                damage=["d12"])
"""An energy mine's hit: "takes 1d12 damage" (a particle weapon's damage classes)."""


@dataclass(frozen=True, slots=True)
class Salvo:
    """A squadron's energy mines in flight: where they centre, how many launchers, when they
    arrive; ``done`` the units already rolled for."""

    squadron: str
    command: str
    centre: Label
    launchers: int
    turn: int
    pulse: int
    done: tuple[str, ...] = ()


def _launchers(self: B5Engine, s: Squadron) -> list[tuple[str, B5Weapon]]:
    """The squadron's ships in command on the board and their energy mine weapons that may fire
    in pulse 1 of this turn, with a launcher left (a squadron whose launchers are all damaged to X 0
    is not asked where its mines centre: it has none to launch)."""
    out = []
    for uid in s.ships:
        if uid not in self.at or self.units[uid].status is not Status.PRESENT or uid in self.out_of_command:
            continue
        for w in self.data(uid).weapons:
            fired = self.fired.get(uid, {}).get(w.name, [])
            if w.cls is WeaponClass.ENERGY_MINE and not fire.may_fire(w.shots, fired, self.round, 1) \
                    and losses.x_rating(self, uid, w.x) > 0:  # launchers damaged to X 0 launch nothing
                out.append((uid, w))
    return out


def reach(self: B5Engine, command: str) -> int:
    """The farthest hex from ``command`` its squadron's mines may centre on."""
    s = self.forces[self.units[command].team].squadron_of(command)
    return max((w.ranges[0] for _, w in _launchers(self, s)), default=0) if s else 0


def launch(self: B5Engine) -> Procedure:
    """Each side's squadrons with launchers name their mines' central hex in secret (or none)."""
    for team in (self.defender, self.attacker):
        for s in self.live_squadrons(team):
            guns = _launchers(self, s)
            if not guns or s.command in self.launches:
                continue
            reach, cmd = max(w.ranges[0] for _, w in guns), self.at[s.command]

            def why(at: Label, cmd: Label = cmd, reach: int = reach) -> str:
                far = deploy.distance(cmd, at)
                return "" if far <= reach else f"the mines reach {reach} hexes from the command ship, not {far}"
            self.placing = (s.command, Place("mines", cmd))
            q = place(f"b5/{self.round}/{STEP}/{s.command}", team, RULE,
                      f"{self.name(team)}: squadron {possessive(s.name)} energy mines "
                      f"({plural(len(guns), 'launcher system')}, reach {reach}): the hex they centre on, in secret, "
                      "or none", self.board, why,
                      {"unit": s.command, "role": "mines", "secret": True}, optional=True)
            said = yield q
            self.placing = None
            self.launches[s.command] = said[0] if said is not None else None
    for team in (self.defender, self.attacker):
        for s in self.live_squadrons(team):
            centre = self.launches.get(s.command)
            if centre is None:
                continue
            guns = _launchers(self, s)
            n = sum(losses.x_rating(self, uid, w.x) for uid, w in guns)
            for uid, w in guns:
                self.fired.setdefault(uid, {}).setdefault(w.name, []).append((self.round, 1))
            hexes = deploy.distance(self.at[s.command], centre)
            turn, pulse = fire.impact(self.round, 1, hexes)
            self.mines.append(Salvo(s.name, s.command, centre, n, turn, pulse))
            self.log.add("ruling", RULE, f"squadron {s.name} ({self.name(team)}) launches {plural(n, 'energy mine')}, radius "
                                         f"{fire.emine_radius(min(n, 33))}: they arrive in turn {turn} pulse {pulse} "
                                         "(their hex is revealed then)", {"unit": s.command})


def arrive(self: B5Engine) -> Procedure:
    """The salvoes due now: each unit in the area rolled for, one by one, a hit struck."""
    while True:
        due = [m for m in self.mines if (m.turn, m.pulse) <= (self.round, self.pulse)]
        if not due:
            return
        m = due[0]
        area = set(fire.emine_area(self.board, m.centre, min(m.launchers, 33)))
        if not m.done:
            self.log.add("ruling", RULE, f"squadron {possessive(m.squadron)} energy mines arrive centred on "
                                         f"{m.centre}, radius {fire.emine_radius(min(m.launchers, 33))}",
                         {"at": str(m.centre)})
        left = [x for x in self.at if self.at[x] in area and self.units[x].status is Status.PRESENT
                and x not in m.done and x not in self.doomed]
        if compat.mines_hit_flights(self.state.record.era):
            left += [f for f, at in self.air.at.items() if at in area and flights.alive(self, f) and f not in m.done]
        if not left:
            self.mines.remove(m)
            continue
        x = left[0]
        self.mines[self.mines.index(m)] = replace(m, done=m.done + (x,))
        t = self.data(x)
        mod = fire.EMINE_CLASS[t.category]
        roll = self.dice.roll("d12", purpose="energy mine hit", rule=RULE, who=self.units[m.command].team).total
        hit = roll + mod >= fire.EMINE_NEED
        words = (f"squadron {possessive(m.squadron)} energy mines at {self.units[x].unit.name}: d12 {roll} "
                 f"{mod:+d} needs {fire.EMINE_NEED}: {'hit' if hit else 'missed'}")
        if not hit:
            self.log.add("ruling", RULE, words, {"unit": x})
            continue
        if t.flight is not None:
            _flight_hit(self, m, x, t.flight.armor, words)
            continue
        yield from marking.strike(self, m.command, MINE, x, 1, 0, max(t.armor), words + f", d12 damage on armor "
                          f"{max(t.armor)}", ballistic=True)


def _flight_hit(self: B5Engine, m: Salvo, flight: str, armor: int, words: str) -> None:
    """A flight hit by ``m``: its d12 damage as a shot at it, one fighter destroyed if it reaches
    the armor (**reading**: the seed's text on fighters is cut)."""
    dmg = self.dice.roll("d12", purpose="energy mine damage", rule=RULE, who=self.units[m.command].team).total
    n = flights.left(self, flight)
    kill = int(dmg >= armor and n > 0)
    self.fighters[flight] = n - kill
    self.log.add("ruling", RULE, f"{words}, d12 damage {dmg} on armor {armor}: {plural(kill, 'fighter')} destroyed, "
                                 f"{n - kill} left", {"unit": flight})
    if n - kill <= 0:
        self.units[flight].status = Status.DESTROYED
        self.air.at.pop(flight, None)
        self.log.add("ruling", RULE, f"{self.units[flight].unit.name} is destroyed", {"unit": flight})
