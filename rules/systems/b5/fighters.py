"""b5 fighter attacks on ships as engine steps (seed 003 Fighter Combat, Anti-Fighter Fire): what
the seed's text defines without the flights' missions and moves, which it loses (docs/b5.md).

In a pulse's fire the GM may have a fighter flight attack an enemy ship (the flight is in the
ship's hex at the table's word: flights are not on the engine's board). Each flight attacks once
a pulse. First the ship's weapons in anti-fighter mode fire at it ("Anti-fighter fire enjoys the
benefit of attacking the fighters before the fighters may attack back"): each weapon with an AF
rating that has not fired in standard mode this pulse, nor in the pulse before (unless it has not
fired this turn), at its AF rating (one flight in the hex), the fighters' fire-control die plus
the ship's sensor against the flight's Def; each hit's damage die that reaches the fighters' armor
destroys one fighter ("if a shot penetrates the armor of a fighter, the fighter is assumed to be
destroyed"; a matter weapon's points always do). Then the fighters left attack: the flight's
offensive die, +1 for each two fighters alive (and its anti-ship level against a medium ship or
larger) against the ship's Def (range 0: no modifier); a hit rolls the flight's damage die with
the same bonus, classed against the ship's best armor (**reading**: a flight "may face any
direction", so no arc is struck; the best armor, as a ballistic weapon's), and the systems it
strikes are marked as any hit's (from the side). Not built: launching, landing and moving flights,
several flights in one hex (the AF split), escorts absorbing fire, dogfights and their drift.
"""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from rules.battlehex.log import GM
from rules.battlehex.questions import Question, choose
from rules.battlehex.roster import Status
from rules.battlehex.words import possessive
from rules.model.b5 import B5Weapon, Category, WeaponClass
from rules.systems.b5 import abilities, fire, marking

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine

Procedure = Generator[Question, Any, None]
RULE = "B5 Fighter Combat"
AF_RULE = "B5 Anti-Fighter Fire"
STEPS = ("flight", "strafe")
"""The questions of a flight's attack (``b5/{turn}/flight``, ``b5/{turn}/strafe``): each resumes."""
FIGHTERS = "fighters"
"""The fire question's option for a flight's attack."""
SHIPS = (Category.MEDIUM, Category.HEAVY, Category.CAPITAL, Category.ENORMOUS)
"""Anti-Ship: "against a ship of medium size or larger"."""


def left(self: B5Engine, flight: str) -> int:
    """The fighters alive in ``flight``."""
    f = self.data(flight).flight
    return self.fighters.get(flight, f.fighters if f else 0)


def ready(self: B5Engine) -> list[str]:
    """The flights that may attack this pulse (alive, not yet attacked in it)."""
    return [x for t in (self.defender, self.attacker) for x in self.forces[t].flights
            if self.units[x].status is Status.PRESENT and left(self, x) > 0
            and (self.round, self.pulse) not in self.fired.get(x, {}).get("attack", [])]


def _targets(self: B5Engine, flight: str) -> list[str]:
    team = self.units[flight].team
    return [x for x in self.at if self.units[x].team != team and self.units[x].status is Status.PRESENT
            and x not in self.doomed]


def step(self: B5Engine, at: str = "") -> Procedure:
    """The GM's flight and the enemy ship it attacks (``at``: resumed at that question)."""
    if at in ("", "flight"):
        flights = ready(self)
        q = choose(f"b5/{self.round}/flight", GM, RULE, "Game Master: which flight attacks a ship (in the ship's "
                   "hex, as the table says)?", flights)
        words = {x: f"{self.units[x].unit.name} ({left(self, x)} fighters, {self.name(self.units[x].team)})"
                 for x in flights}
        self.firer = yield Question(q.key, q.kind, q.to, q.rule, q.text, q.options, data={"option_words": words},
                                    check=q.check)
    flight = self.firer
    aims = _targets(self, flight)
    q = choose(f"b5/{self.round}/strafe", GM, RULE, f"Game Master: {self.units[flight].unit.name} attacks which "
               "enemy ship?", aims)
    target = yield Question(q.key, q.kind, q.to, q.rule, q.text, q.options,
                            data={"option_words": {x: self.units[x].unit.name for x in aims}}, check=q.check)
    self.firer = ""
    yield from attack(self, flight, target)


def _af_ready(self: B5Engine, ship: str, w: B5Weapon) -> bool:
    """A weapon may fire in anti-fighter mode if it has not fired in standard mode this turn, or a
    full pulse has been played since it last did (never in the pulse it fired in standard mode)."""
    this_turn = [p for t, p in self.fired.get(ship, {}).get(w.name, []) if t == self.round]
    return not this_turn or self.pulse - max(this_turn) >= 2


def attack(self: B5Engine, flight: str, target: str) -> Procedure:
    """The target's anti-fighter fire, then the fighters left attack (rolled on the seeded dice)."""
    f = self.data(flight).flight
    assert f is not None
    t = self.data(target)
    name, ship = self.units[flight].unit.name, self.units[target].unit.name
    self.fired.setdefault(flight, {}).setdefault("attack", []).append((self.round, self.pulse))
    n = left(self, flight)
    for w in t.weapons:
        if not w.anti_fighter or not _af_ready(self, target, w) or n <= 0:
            continue
        x, _ = fire.anti_fighter(w.anti_fighter, 1)
        die, kills, hits = w.fire_control[2], 0, 0
        for _ in range(x):
            hits += int(self.dice.roll(die, purpose=f"{w.name} anti-fighter fire", rule=AF_RULE,
                                       who=self.units[target].team).total + t.sensor >= f.defence)
        for _ in range(hits):
            dmg = w.damage[0]
            kills += 1 if isinstance(dmg, int) else int(self.dice.roll(
                dmg, purpose=f"{w.name} anti-fighter damage", rule=AF_RULE, who=self.units[target].team).total
                >= f.armor)
        kills = min(kills, n)
        n -= kills
        self.log.add("ruling", AF_RULE, f"{possessive(ship)} {w.name} (AF x{x}) at {name}: {die} + sensor {t.sensor} "
                                        f"needs {f.defence}: {hits} hit(s), {kills} fighter(s) destroyed, {n} left",
                     {"unit": flight})
    self.fighters[flight] = n
    if n <= 0:
        self.units[flight].status = Status.DESTROYED
        self.log.add("ruling", AF_RULE, f"{name} is destroyed", {"unit": flight})
        return
    bonus = fire.fighter_bonus(n) + (f.anti_ship if t.category in SHIPS else 0)
    need = t.defence + abilities.defence(self, target)
    roll = self.dice.roll(f.offence, purpose=f"{name} attack", rule=RULE, who=self.units[flight].team).total
    words = f"{name} ({n} fighters) attacks {ship}: {f.offence} {roll} {bonus:+d} needs {need}: "
    if roll + bonus < need:
        self.log.add("ruling", RULE, words + "missed", {"unit": target})
        return
    gun = B5Weapon(name="fighter weapons", cls=WeaponClass.PARTICLE, shots=3, ranges=[0],
                   fire_control=[f.offence] * 3, damage=[f.damage])
    yield from marking.strike(self, flight, gun, target, 1, 0, max(t.armor),
                      words + f"hit, damage {f.damage} {bonus:+d} on armor {max(t.armor)}", bonus=bonus)
