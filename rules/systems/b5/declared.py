"""b5 a squadron's fire declared as a whole before any of it is resolved (seed 003 Combat
Procedures), as the seed has it: settings.b5 ``declared_fire``, absent for a battle begun now (its
record's era, rules/systems/b5/compat.py), or true; off (shot by shot) for a battle saved before
the era or when the campaign sets it false.

"Fire is done by squadron, not by ship"; "Once you've declared all of your targets for the
squadron, you must determine what 'x' factor is applied against each target"; "all weapons fire is
rolled and the results are recorded before moving on to resolving the damage. Thus, you may not
fire one weapon system, find out how the enemy applies the damage, then fire the next. You must
declare and resolve all fire first." A shot named at an enemy ship is declared (its 'x', range and
the Def it needs fixed as it is named, logged); the squadron's other ships then declare theirs
(only they are offered) until the GM answers ``resolve`` (or ``done``): every declared shot's
fire-control dice are rolled and logged first, then each shot's damage is rolled and marked in the
order declared (the defender choosing a weapon a hit marks, as ever). **Readings**: a ship out of
command declares on its own (it "is free to target any enemy ship"), and so does a ship of no
squadron (a flagship's escort); a shot at a flight and a
ballistic weapon's launch are not declared (the flight's dice are its own; the launch hits pulses
later); a flight's attack and long-range AF fire wait until the declared fire is resolved.
"""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from rules.battlehex.questions import Question
from rules.battlehex.words import plural, possessive
from rules.model.b5 import B5Weapon, WeaponClass
from rules.systems.b5 import fire, guardian, marking

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine

Procedure = Generator[Question, Any, None]
RULE = fire.RULE
RESOLVE = "resolve"
"""The pulse fire question's option: the declared fire rolled and resolved."""


@dataclass(frozen=True, slots=True)
class Declared:
    """A shot declared: its weapon, 'x', the fire-control die, sensor, penalty and the number it
    needs, the range band and the armor it strikes, fixed as it was named; ``hits``: -1 until rolled."""

    firer: str
    weapon: B5Weapon
    target: str
    x: int
    aim: tuple[str, int, int, int]
    band: int
    armor: int
    how: str
    hits: int = -1


def on(self: B5Engine) -> bool:
    """Whether this battle declares a squadron's fire as a whole (settings.b5 ``declared_fire``, as
    rules/systems/b5/compat.py settles it for the battle's era when it opens)."""
    return bool(self.settings.declared_fire)


def group(self: B5Engine, ship: str) -> str:
    """Who declares together with ``ship``: its squadron, or the ship alone when out of command."""
    s = self.forces[self.units[ship].team].squadron_of(ship)
    return ship if s is None or ship in self.out_of_command else f"squadron {s.name}"


def pending(self: B5Engine) -> str:
    """The group whose declared fire waits to be resolved ("" when none)."""
    return group(self, self.declared[0].firer) if self.declared else ""


def declare(self: B5Engine, shot: Declared) -> None:
    """``shot`` declared, logged; resolved with the rest of its group's."""
    self.declared.append(shot)
    die, sensor, penalty, need = shot.aim
    self.log.add("ruling", RULE, f"declared: {possessive(self.units[shot.firer].unit.name)} {shot.weapon.name} "
                                 f"(x{shot.x}) at {self.units[shot.target].unit.name}, {shot.how}, {die} + sensor "
                                 f"{sensor}{penalty:+d} needs {need} (rolled when the squadron's fire is resolved)",
                 {"unit": shot.target})


def _words(self: B5Engine, d: Declared) -> str:
    die, sensor, penalty, need = d.aim
    return (f"{possessive(self.units[d.firer].unit.name)} {d.weapon.name} (x{d.x}) at "
            f"{self.units[d.target].unit.name}, {d.how}, {die} + sensor {sensor}{penalty:+d} needs {need}: "
            f"{plural(d.hits, 'hit')} on armor {d.armor}")


def resolve(self: B5Engine) -> Procedure:
    """Every declared shot's fire-control dice rolled and logged, then each one's damage rolled and
    marked in the order declared (resumed after a weapon choice: the shots left go on). Before the
    dice, the Guardian Arrays of the targets' squadrons are placed (rules/systems/b5/guardian.py)."""
    yield from guardian.protect(self, [(d.firer, d.weapon, d.target, d.aim) for d in self.declared if d.hits < 0])
    for i, d in enumerate(self.declared):
        if d.hits >= 0:
            continue
        die, sensor, penalty, need = d.aim
        need += guardian.bonus(self, d.target, d.weapon)
        hits = 0
        for _ in range(d.x):
            total = self.dice.roll(die, purpose=f"{d.weapon.name} to hit", rule=RULE,
                                   who=self.units[d.firer].team).total + sensor + penalty
            hits += fire.pulse_hits(need, total, d.weapon.max_pulses) if d.weapon.cls is WeaponClass.PULSE \
                else int(total >= need)
        self.declared[i] = d = replace(d, hits=hits, aim=(die, sensor, penalty, need))
        self.log.add("ruling", RULE, f"rolled: {_words(self, d)}", {"unit": d.target})
    guardian.clear(self)
    while self.declared:
        d = self.declared.pop(0)
        yield from marking.strike(self, d.firer, d.weapon, d.target, d.hits, d.band, d.armor, _words(self, d))
