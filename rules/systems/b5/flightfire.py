"""b5 ships firing their weapons at fighter flights on the board (seed 003 Target Selection):
"only one enemy flight may be targeted each pulse"; secondary weapons (three shots a turn) may fire
at nearby flights in the pulse the ship fires at a ship, 'x' halved, each weapon at a separate
flight; a ship firing only at fighters fires at one flight normally and at the others so. A hit
(the fire-control die for fighters plus the sensor against the flight's Def and the range
modifier) whose damage die reaches the fighters' armor destroys one fighter (Fighter Combat).
Stealth flights are fired at only at range 0."""
from __future__ import annotations

import math
from collections.abc import Generator
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from hexmap import Label
from hexmap.layout import Layout
from rules.battlehex.questions import Question
from rules.battlehex.roster import Status
from rules.battlehex.words import plural, possessive
from rules.model.b5 import B5Weapon, WeaponClass
from rules.systems.b5 import abilities, deploy, fire, flights, losses

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine

Procedure = Generator[Question, Any, None]
RULE = "B5 Target Selection"


def _bearing(self: B5Engine, firer: str, at: Label) -> float:
    lay = Layout(1.0)
    (fx, fy), (tx, ty) = lay.to_pixel(deploy.hex_of(self.at[firer])), lay.to_pixel(deploy.hex_of(at))
    return (math.degrees(math.atan2(tx - fx, -(ty - fy))) - 60 * self.facing[firer].value) % 360


def _band(self: B5Engine, firer: str, w: B5Weapon, flight: str) -> int | None:
    hexes = deploy.distance(self.at[firer], self.air.at[flight])
    f = self.data(flight).flight
    if f is not None and f.stealth and hexes:
        return None  # "may only be attacked at a range of 0"
    return fire.band(w.ranges, w.cls, hexes)


def _arc_x(self: B5Engine, firer: str, w: B5Weapon, flight: str) -> int:
    at = self.air.at[flight]
    where = fire.arcs_at(_bearing(self, firer, at)) if at != self.at[firer] else tuple(range(6))
    return fire.arc_x(w.arcs, w.x, where)


def _fired_at(self: B5Engine, firer: str) -> dict[str, str]:
    """This pulse: weapon -> the flight it fired at, for ``firer``."""
    head = f"flight {firer} "
    return {k[len(head):]: v for k, v in self.aims.items() if k.startswith(head)}


def halved(self: B5Engine, firer: str, w: B5Weapon, flight: str) -> bool:
    """Whether ``w`` fires at ``flight`` at half its 'x' (not the ship's one flight this pulse)."""
    aim = self.aims.get(firer)
    return aim is not None and aim != flight


def targets(self: B5Engine, firer: str, w: B5Weapon) -> list[str]:
    """The enemy flights ``w`` of ``firer`` may fire at now: in reach and arc; the ship's one
    flight this pulse (any, while it has fired at nothing); a secondary weapon also at a flight no
    other weapon of the ship has fired at this pulse."""
    if w.cls in (WeaponClass.BALLISTIC, WeaponClass.ENERGY_MINE):
        return []
    team = self.units[firer].team
    aim = self.aims.get(firer)
    taken = set(_fired_at(self, firer).values())
    out = []
    for x in flights.flights_of(self, self.enemy(team)):
        if x not in self.air.at or _band(self, firer, w, x) is None or not _arc_x(self, firer, w, x):
            continue
        if aim is None or x == aim or w.shots >= 3 and x not in taken:
            out.append(x)
    return out


def x_at(self: B5Engine, firer: str, w: B5Weapon, flight: str) -> int:
    """The 'x' ``w`` fires at ``flight`` with (halved, rounded up, off the ship's one flight)."""
    x = losses.x_rating(self, firer, _arc_x(self, firer, w, flight))
    return math.ceil(x / 2) if halved(self, firer, w, flight) else x


def _need(self: B5Engine, firer: str, w: B5Weapon, flight: str) -> tuple[int, int, int]:
    """(band, sensor, the Def plus range modifier needed)."""
    band = _band(self, firer, w, flight)
    assert band is not None
    f = self.data(flight).flight
    assert f is not None
    return band, self.data(firer).sensor + abilities.sensor(self, firer), f.defence + fire.RANGE_MODIFIER[band]


def odds(self: B5Engine, firer: str, w: B5Weapon, flight: str) -> str:
    """A flight target's exact chance per die and of a kill per die, before the roll."""
    band, sensor, need = _need(self, firer, w, flight)
    f = self.data(flight).flight
    assert f is not None
    die = w.fire_control[2]
    p = fire.p_die_at_least(die, need - sensor)
    dmg = w.damage[0]
    kill = Fraction(1) if fire.no_armor_roll(w) or isinstance(dmg, int) else fire.p_die_at_least(dmg, f.armor)
    return (f"flight, {fire.BANDS[band]} range, {die} needs {need - sensor}+: {p} a die, "
            f"x{x_at(self, firer, w, flight)}; a fighter destroyed {p * kill} a die")


def resolve(self: B5Engine, firer: str, w: B5Weapon, flight: str) -> None:
    """The shot at ``flight``: its aims noted, its dice rolled, the fighters destroyed."""
    x = x_at(self, firer, w, flight)
    self.aims.setdefault(firer, flight)
    self.aims[f"flight {firer} {w.name}"] = flight
    self.fired.setdefault(firer, {}).setdefault(w.name, []).append((self.round, self.pulse))
    band, sensor, need = _need(self, firer, w, flight)
    f = self.data(flight).flight
    assert f is not None
    from rules.systems.b5.fighters import left
    who, die, hits = self.units[firer].team, w.fire_control[2], 0
    for _ in range(x):
        total = self.dice.roll(die, purpose=f"{w.name} to hit", rule=RULE, who=who).total + sensor
        hits += fire.pulse_hits(need, total, w.max_pulses) if w.cls is WeaponClass.PULSE else int(total >= need)
    kills = 0
    for _ in range(hits):
        dmg = w.damage[0]
        kills += 1 if fire.no_armor_roll(w) or isinstance(dmg, int) else int(self.dice.roll(
            dmg, purpose=f"{w.name} damage", rule=RULE, who=who).total >= f.armor)
    n = left(self, flight)
    kills = min(kills, n)
    self.fighters[flight] = n - kills
    name = self.units[flight].unit.name
    self.log.add("ruling", RULE, f"{possessive(self.units[firer].unit.name)} {w.name} (x{x}"
                                 f"{', halved' if halved(self, firer, w, flight) else ''}) at {name}, "
                                 f"{fire.BANDS[band]} range, {die} + sensor {sensor} needs {need}: {plural(hits, 'hit')}, "
                                 f"{plural(kills, 'fighter')} destroyed, {n - kills} left", {"unit": flight})
    if n - kills <= 0:
        self.units[flight].status = Status.DESTROYED
        self.air.at.pop(flight, None)
        self.log.add("ruling", RULE, f"{name} is destroyed", {"unit": flight})
