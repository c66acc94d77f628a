"""b5 anti-fighter fire at the flights attacking a ship (seed 003 Anti-Fighter Fire): the escorts
fired at before they absorb, and the firing side's choice of flights below x1.

"Weapons in this mode automatically fire at any fighter flight that moves into the same hex as the
ship, so long as that flight is either attacking the ship or escorting an attacking flight." When a
flight attacks a ship (rules/systems/b5/fighters.py) each of the ship's weapons in anti-fighter mode
fires first at each escort of the flight in its hex ("the escort flight must first survive any AF
fire directed at it first"), then at the flight, whose escorts left absorb the hits ("use the escort
flight's armor to determine what actual damage is caused"). Below x1 "only half the fighter flights
that are attacking will have to endure AF fire ... The player who is doing the AF fire chooses what
flights get attacked": the firing side is asked which (``b5/{turn}/afpick``), once a weapon a pulse.
"""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from fractions import Fraction
from math import ceil
from typing import TYPE_CHECKING, Any

from hexmap import Label
from rules.battlehex.log import IllegalAnswer
from rules.battlehex.questions import QKind, Question, unit_list
from rules.battlehex.roster import Status
from rules.battlehex.words import plural, possessive
from rules.model.b5 import B5Weapon
from rules.systems.b5 import fire, flights

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine

Procedure = Generator[Question, Any, None]
RULE = "B5 Anti-Fighter Fire"
AF_MODE = "anti-fighter mode: "
"""``fired[ship][AF_MODE + weapon]``: the (turn, pulse) it fired in anti-fighter mode ("A single
weapon system cannot fire in both standard and anti-fighter modes in the same pulse")."""
PICK = "afpick"
"""The firing side's choice of flights below x1 (``b5/{turn}/afpick``): the attack resumes there."""


@dataclass
class AFState:
    """Anti-fighter fire's state in the engine (pickled with it for checkpoints)."""

    picks: dict[str, list[str]] = field(default_factory=dict)
    """'turn/pulse/ship/weapon' -> the flights the firing side chose its x1 fire at (below x1)."""
    among: dict[str, list[str]] = field(default_factory=dict)
    """'turn/pulse/ship/weapon' -> the flights that choice was made among."""
    strafing: tuple[str, str, int] | None = None
    """The attack whose AF fire waits for the firing side's choice: flight, ship, weapon index."""
    long: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Ship -> the (turn, pulse) it last switched to long-range mode (rules/systems/b5/longrange.py)."""
    aim: tuple[str, str, str] = ("", "", "")
    """The long-range fire being asked: ship, weapon, hex ("" until chosen)."""


def ready(self: B5Engine, ship: str, w: B5Weapon) -> bool:
    """A weapon may fire in anti-fighter mode if it has not fired in standard mode this turn, or a
    full pulse has been played since it last did (never in the pulse it fired in standard mode)."""
    this_turn = [p for t, p in self.fired.get(ship, {}).get(w.name, []) if t == self.round]
    return not this_turn or self.pulse - max(this_turn) >= 2


def used(self: B5Engine, ship: str, w: B5Weapon) -> bool:
    """Whether ``w`` has fired in anti-fighter mode (either) this pulse."""
    return (self.round, self.pulse) in self.fired.get(ship, {}).get(AF_MODE + w.name, [])


def noted(self: B5Engine, ship: str, w: B5Weapon) -> None:
    """``w`` fired in anti-fighter mode this pulse."""
    if not used(self, ship, w):
        self.fired.setdefault(ship, {}).setdefault(AF_MODE + w.name, []).append((self.round, self.pulse))


def long_now(self: B5Engine, ship: str) -> bool:
    """Whether ``ship`` is in long-range mode this pulse."""
    return self.afire.long.get(ship) == (self.round, self.pulse)


def enemies_at(self: B5Engine, ship: str, at: Label) -> list[str]:
    """The flights of ``ship``'s enemy in hex ``at`` (never its allies), in the roster's order."""
    return [x for x in flights.flights_of(self, self.enemy(self.units[ship].team)) if self.air.at.get(x) == at]


def _with_escorts(self: B5Engine, flight: str) -> list[str]:
    """``flight``'s escorts in its hex, then ``flight`` (the order AF fire reaches them)."""
    return [*flights.escorts(self, flight), flight]


def _attacking(self: B5Engine, flight: str, ship: str) -> list[str]:
    """The flights AF fire at ``ship`` reaches this pulse: those attacking it in its hex (an attack
    mission on it, or ``flight``) and their escorts there (**reading**: "either attacking the ship or
    escorting an attacking flight" are the flights it fires at, so the half is of them)."""
    out: list[str] = []
    for x in enemies_at(self, ship, self.at[ship]):
        m = self.air.mission.get(x)
        if x == flight or m is not None and m.kind == flights.ATTACK and m.target == ship:
            out += [y for y in _with_escorts(self, x) if y not in out]
    return out


def key(self: B5Engine, ship: str, w: B5Weapon) -> str:
    return f"{self.round}/{self.pulse}/{ship}/{w.name}"


def _names(self: B5Engine, ids: list[str]) -> str:
    return ", ".join(self.units[x].unit.name for x in ids)


def odds_at(self: B5Engine, ship: str, w: B5Weapon, flight: str, x: int) -> str:
    """The exact chance per die of a hit and of a fighter destroyed, before the roll."""
    f = self.data(flight).flight
    assert f is not None
    die, sensor = w.fire_control[2], self.data(ship).sensor
    p = fire.p_die_at_least(die, f.defence - sensor)
    dmg = w.damage[0]
    kill = Fraction(1) if fire.no_armor_roll(w) or isinstance(dmg, int) else fire.p_die_at_least(dmg, f.armor)
    return f"x{x}, {die} + sensor {sensor} needs {f.defence}: {p} a die; a fighter destroyed {p * kill} a die"


def pick(self: B5Engine, ship: str, w: B5Weapon, among: list[str], n: int, why: str, step: str = PICK) -> Question:
    """The firing side's choice of the ``n`` flights of ``among`` its x1 fire reaches (open, as the
    other fire answers and the defender's choice of the weapon a hit marks are)."""
    team = self.units[ship].team

    def check(a: Any) -> list[str]:
        chosen = unit_list(a, among, RULE, lambda u: self.units[u].unit.name, f"choose {n} of the flights")
        if len(chosen) != n:
            raise IllegalAnswer(RULE, f"below x1 only half the flights ({n} of {len(among)}) endure AF fire: "
                                      f"choose {n}, not {len(chosen)}")
        return [x for x in among if x in chosen]
    text = (f"{self.name(team)}: {possessive(self.units[ship].unit.name)} {w.name} fires {why}, below x1: x1 "
            f"at only half of {_names(self, among)}. Which {n} does it fire at? (the firing side chooses)")
    return Question(f"b5/{self.round}/{step}", QKind.CHOOSE_UNITS, team, RULE, text, tuple(among),
                    data={"pick": n, "unit": ship, "af_weapon": w.name}, check=check, default=among[:n])


def volley(self: B5Engine, ship: str, w: B5Weapon, x: int, flight: str, how: str = "", absorb: bool = True) -> None:
    """``x`` fire-control dice of ``w`` at ``flight`` (its Def); each hit's damage die that reaches
    the armor destroys a fighter, read against an escort's armor while one in its hex is left
    (``absorb``); a flight with none left is destroyed."""
    f, t = self.data(flight).flight, self.data(ship)
    assert f is not None
    who, die, name = self.units[ship].team, w.fire_control[2], self.units[flight].unit.name
    hits = sum(int(self.dice.roll(die, purpose=f"{w.name} anti-fighter fire", rule=RULE, who=who).total
                   + t.sensor >= f.defence) for _ in range(x))
    n, kills, absorbed = flights.left(self, flight), 0, ""
    for _ in range(hits):
        guard = next(iter(flights.escorts(self, flight)), "") if absorb else ""
        shield = self.data(guard).flight if guard else None
        armor = shield.armor if shield is not None else f.armor
        dmg = w.damage[0]
        kill = fire.no_armor_roll(w) or isinstance(dmg, int) or self.dice.roll(
            dmg, purpose=f"{w.name} anti-fighter damage", rule=RULE, who=who).total >= armor
        if guard:
            self.fighters[guard] = flights.left(self, guard) - int(kill)
            absorbed += f"; {self.units[guard].unit.name} absorbs a hit" + (
                f" (a fighter destroyed, {flights.left(self, guard)} left)" if kill else "")
            if not flights.left(self, guard):
                _destroyed(self, guard)
                absorbed += f", {self.units[guard].unit.name} destroyed"
        else:
            kills += int(kill)
    kills = min(kills, n)
    self.fighters[flight] = n - kills
    self.log.add("ruling", RULE, f"{possessive(self.units[ship].unit.name)} {w.name} (AF x{x}{how}) at {name}: {die} "
                                 f"+ sensor {t.sensor} needs {f.defence}: {plural(hits, 'hit')}{absorbed}; {plural(kills, 'fighter')} "
                                 f"of {name} destroyed, {n - kills} left", {"unit": flight})
    if n - kills <= 0:
        _destroyed(self, flight)
        self.log.add("ruling", RULE, f"{name} is destroyed", {"unit": flight})


def _destroyed(self: B5Engine, flight: str) -> None:
    self.units[flight].status = Status.DESTROYED
    self.air.at.pop(flight, None)


def at_attack(self: B5Engine, flight: str, ship: str) -> Procedure:
    """``ship``'s anti-fighter fire at ``flight`` attacking it, weapon by weapon (resumed at the
    weapon whose choice is pending): each weapon at the AF rating over half the enemy flights in the
    hex (round up), first at the flight's escorts, then at it; below x1, x1 at the flights its side
    chose. None in a pulse the ship is in long-range mode (it "cannot be done in the same pulse that
    standard AF fire is used")."""
    st = self.afire
    start = st.strafing[2] if st.strafing is not None and st.strafing[:2] == (flight, ship) else 0
    if long_now(self, ship):
        self.log.add("ruling", RULE, f"{self.units[ship].unit.name} is in long-range anti-fighter mode this pulse: "
                                     f"no AF fire at {self.units[flight].unit.name} in its hex", {"unit": flight})
        return
    for i, w in enumerate(self.data(ship).weapons):
        if i < start or not w.anti_fighter or not ready(self, ship, w) or not flights.alive(self, flight):
            continue
        enemies = max(1, len(enemies_at(self, ship, self.at[ship])))
        x, _ = fire.anti_fighter(w.anti_fighter, enemies)
        chosen: list[str] | None = None
        if w.anti_fighter < ceil(enemies / 2):
            k = key(self, ship, w)
            if k not in st.picks:
                among = _attacking(self, flight, ship)
                n = ceil(len(among) / 2)
                if n >= len(among):
                    st.picks[k] = among
                else:
                    st.strafing = (flight, ship, i)
                    st.picks[k] = yield pick(self, ship, w, among, n, f"at the flights attacking "
                                             f"{self.units[ship].unit.name} (AF {w.anti_fighter} over half of "
                                             f"{enemies} flights)")
                st.among[k] = among
            else:  # **reading**: a flight attacking later, not among those chosen from, while the half has room
                new = [y for y in _with_escorts(self, flight) if y not in st.among[k]]
                st.among[k] = st.among[k] + new
                room = ceil(len(st.among[k]) / 2) - len(st.picks[k])
                st.picks[k] = st.picks[k] + new[:max(0, room)]
            chosen = st.picks[k]
        for target in _with_escorts(self, flight):
            if chosen is not None and target not in chosen:
                self.log.add("ruling", RULE, f"{possessive(self.units[ship].unit.name)} {w.name} (AF {w.anti_fighter} "
                                             f"over half of {enemies} flights: below x1) fires at "
                                             f"{_names(self, chosen)}, as its side chose: not at "
                                             f"{self.units[target].unit.name}", {"unit": target})
                continue
            if flights.alive(self, target):
                volley(self, ship, w, x, target, absorb=target == flight)
        noted(self, ship, w)
    st.strafing = None


def odds(self: B5Engine, q: Question) -> dict[str, str]:
    """A pending choice of flights below x1: each flight's exact chances at x1, before the roll."""
    if not q.key.endswith("/" + PICK) or self.afire.strafing is None:
        return {}
    ship, w = self.afire.strafing[1], self.data(self.afire.strafing[1]).weapons[self.afire.strafing[2]]
    return {self.units[x].unit.name: odds_at(self, ship, w, x, 1) for x in q.options}
