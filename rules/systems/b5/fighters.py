"""b5 fighter attacks on ships as engine steps (seed 003 Fighter Combat, Anti-Fighter Fire).

In a pulse's fire the GM may have a flight attack an enemy ship in its hex on the board, as its
mission allows (rules/systems/b5/flights.py: an attack mission only its target; an escort any
ship, once a turn, with no fighter bonus; superiority none), unless it is in a dogfight. Each
flight attacks once a pulse. First the ship's weapons in anti-fighter mode fire at it
("Anti-fighter fire enjoys the benefit of attacking the fighters before the fighters may attack
back"): each weapon with an AF rating that has not fired in standard mode this pulse, nor in the
pulse before (unless it has not fired this turn), at its AF rating divided by half the enemy
flights in the ship's hex on the board (round up; below x1, x1 at the first half of the flights
attacking it this pulse), the fighters' fire-control die plus the ship's sensor against the
flight's Def; each hit's damage die that reaches the fighters' armor destroys one fighter ("if a
shot penetrates the armor of a fighter, the fighter is assumed to be destroyed"; a matter
weapon's points always do). Then the fighters left attack: the flight's offensive die, +1 for
each two fighters alive (and its anti-ship level against a medium ship or larger) against the
ship's Def (range 0: no modifier); a hit rolls the flight's damage die with the same bonus,
classed against the ship's best armor (**reading**: a flight "may face any direction", so no arc
is struck; the best armor, as a ballistic weapon's), and the systems it strikes are marked as any
hit's (from the side). The AF fire itself, the escorts fired at before they absorb and the firing
side's choice below x1: rules/systems/b5/antifighter.py; long-range AF mode: longrange.py.
"""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.questions import Question, choose
from rules.battlehex.roster import Status
from rules.battlehex.words import possessive
from rules.model.b5 import B5Weapon, Category, WeaponClass
from rules.systems.b5 import abilities, antifighter, fire, guardian, marking
from rules.systems.b5.flights import left as left  # (the fighters alive in a flight: kept there, which flights needs)

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine

Procedure = Generator[Question, Any, None]
RULE = "B5 Fighter Combat"
AF_RULE = antifighter.RULE
MISSION_RULE = "B5 Fighter Missions"
AF_MODE = antifighter.AF_MODE
STEPS = ("flight", "strafe", antifighter.PICK)
"""The questions of a flight's attack (``b5/{turn}/flight``, ``b5/{turn}/strafe``, the firing side's
choice below x1 ``b5/{turn}/afpick``): each resumes."""
FIGHTERS = "fighters"
"""The fire question's option for a flight's attack."""
SHIPS = (Category.MEDIUM, Category.HEAVY, Category.CAPITAL, Category.ENORMOUS)
"""Anti-Ship: "against a ship of medium size or larger"."""


def ready(self: B5Engine) -> list[str]:
    """The flights that may attack a ship this pulse: alive on the board, not yet attacked in it,
    not in a dogfight, with an enemy ship in their hex that their mission lets them attack."""
    from rules.systems.b5 import flights
    return [x for t in (self.defender, self.attacker) for x in flights.flights_of(self, t)
            if (self.round, self.pulse) not in self.fired.get(x, {}).get("attack", []) and _targets(self, x)]


def _in_hex(self: B5Engine, flight: str) -> list[str]:
    """The enemy ships in ``flight``'s hex that may be attacked (present, not doomed)."""
    team, at = self.units[flight].team, self.air.at.get(flight)
    return [x for x in self.at if self.units[x].team != team and self.units[x].status is Status.PRESENT
            and x not in self.doomed and self.at[x] == at]


def _targets(self: B5Engine, flight: str) -> list[str]:
    """The ships ``flight`` may attack now (its mission's: attack, its target; escort, any, once a
    turn; superiority, none), none while it is in a dogfight."""
    from rules.systems.b5 import flights, flying
    m = self.air.mission.get(flight)
    if m is None or flight not in self.air.at or flying.locked(self, flight):
        return []
    here = _in_hex(self, flight)
    if m.kind == flights.ATTACK:
        return [x for x in here if x == m.target]
    if m.kind == flights.ESCORT and not any(t == self.round for t, _p in self.fired.get(flight, {}).get("attack", [])):
        return here
    return []


def _refuse(self: B5Engine, flight: str, a: Any) -> str:
    """Why ``flight`` may not attack ship ``a`` (its mission), or "" when the answer is no ship of its hex."""
    from rules.systems.b5 import flights
    if a not in _in_hex(self, flight):
        return ""
    m = self.air.mission.get(flight)
    name, ship = self.units[flight].unit.name, self.units[a].unit.name
    if m is not None and m.kind == flights.ATTACK:
        return (f"{name} flies an attack mission against {self.units[m.target].unit.name}: it attacks only its "
                f"target, not {ship}")
    if m is not None and m.kind == flights.ESCORT:
        return f"{name} is an escort: it attacks one ship in a turn, and has this turn"
    return f"{name} flies {flights.words_of(self, flight)}: it does not attack ships"


def step(self: B5Engine, at: str = "") -> Procedure:
    """The GM's flight and the enemy ship in its hex it attacks (``at``: resumed at that question)."""
    if at == antifighter.PICK and self.afire.strafing is not None:  # resumed in the attack's AF fire
        flight, target, _ = self.afire.strafing
        yield from attack(self, flight, target, resumed=True)
        return
    if at in ("", "flight"):
        flights = ready(self)
        q = choose(f"b5/{self.round}/flight", GM, RULE, "Game Master: which flight attacks a ship in its hex?",
                   flights)
        words = {x: f"{self.units[x].unit.name} ({left(self, x)} fighters, {self.name(self.units[x].team)}, at "
                    f"{self.air.at[x]})" for x in flights}
        self.firer = yield Question(q.key, q.kind, q.to, q.rule, q.text, q.options, data={"option_words": words},
                                    check=q.check)
    flight = self.firer
    aims = _targets(self, flight)
    q = choose(f"b5/{self.round}/strafe", GM, RULE, f"Game Master: {self.units[flight].unit.name} attacks which "
               f"enemy ship (in its hex, {self.air.at[flight]})?", aims)

    def check(a: Any) -> Any:
        why = _refuse(self, flight, a) if a not in aims else ""
        if why:
            raise IllegalAnswer(MISSION_RULE, why)
        return q.check(a)
    target = yield Question(q.key, q.kind, q.to, q.rule, q.text, q.options,
                            data={"option_words": {x: self.units[x].unit.name for x in aims}}, check=check)
    self.firer = ""
    yield from attack(self, flight, target)


_af_ready = antifighter.ready  # (where the tests name it)


def attack(self: B5Engine, flight: str, target: str, resumed: bool = False) -> Procedure:
    """The target's anti-fighter fire (rules/systems/b5/antifighter.py), then the fighters left
    attack (:func:`strike`); ``resumed``: at the firing side's choice below x1."""
    from rules.systems.b5 import flights
    if not resumed:
        self.fired.setdefault(flight, {}).setdefault("attack", []).append((self.round, self.pulse))
    yield from antifighter.at_attack(self, flight, target)
    if not flights.alive(self, flight):
        return
    yield from strike(self, flight, target)


def strike(self: B5Engine, flight: str, target: str) -> Procedure:
    """The fighters left roll their attack: the target's Guardian Arrays asked first
    (rules/systems/b5/guardian.py; resumed there: the flight and target the engine keeps)."""
    from rules.systems.b5 import flights
    f = self.data(flight).flight
    assert f is not None
    t = self.data(target)
    name, ship = self.units[flight].unit.name, self.units[target].unit.name
    n = left(self, flight)
    m = self.air.mission.get(flight)
    bonus = 0 if m is not None and m.kind == flights.ESCORT else \
        fire.fighter_bonus(n) + (f.anti_ship if t.category in SHIPS else 0)  # "Escort flights gain no bonus"
    need = t.defence + abilities.defence(self, target)
    gun = B5Weapon(name="fighter weapons", cls=WeaponClass.PARTICLE, shots=3, ranges=[0],
                   fire_control=[f.offence] * 3, damage=[f.damage])
    self.guard.strafe = (flight, target)
    yield from guardian.protect(self, [(flight, gun, target, (f.offence, bonus, 0, need))])
    need += guardian.bonus(self, target, gun)
    guardian.clear(self)
    roll = self.dice.roll(f.offence, purpose=f"{name} attack", rule=RULE, who=self.units[flight].team).total
    words = f"{name} ({n} fighters) attacks {ship}: {f.offence} {roll} {bonus:+d} needs {need}: "
    if roll + bonus < need:
        self.log.add("ruling", RULE, words + "missed", {"unit": target})
        return
    yield from marking.strike(self, flight, gun, target, 1, 0, max(t.armor),
                              words + f"hit, damage {f.damage} {bonus:+d} on armor {max(t.armor)}", bonus=bonus)
