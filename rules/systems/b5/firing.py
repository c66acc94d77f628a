"""b5 fire resolved by the engine after a plotted turn (seed 003 Combat): the firing side names a
ship, one of its weapons and an enemy ship in reach; the engine works out the range band (the
Minbari jammer), the bypass penalty, the 'x' rating after out-of-command, rolls the fire-control
dice on the seeded dice, then each hit's damage die against the armor of the arc it struck, and
marks the structure lost (a ship with none left is destroyed), the systems hit
(rules/systems/b5/damage.py) and the grey boxes marked off (each squadron's morale track)."""
from __future__ import annotations

import math
from collections.abc import Generator
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from hexmap.layout import Layout
from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.questions import Question, choose
from rules.battlehex.words import plural
from rules.battlehex.roster import Status
from rules.battlehex.words import possessive
from rules.model.b5 import B5Data, B5Weapon, Category, Race, WeaponClass
from rules.systems.b5 import (abilities, damage, declared, deploy, elint, emines, fighters, fire, flightfire, guardian,
                              longrange, losses, marking, morale, specials, tractor)

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine

Procedure = Generator[Question, Any, None]
RULE = fire.RULE
structure = marking.structure  # (where the tests and the docs name it)
bearing = marking.bearing
DONE, FIRE = "done", "fire"
OPTION_WORDS = {FIRE: "a ship fires", fighters.FIGHTERS: "a flight attacks a ship",
                longrange.LONG: "a ship fires anti-fighter weapons in long-range mode",
                tractor.OPTION: "a ship engages its tractor beam, or lets its hold go",
                declared.RESOLVE: "the squadron's declared fire is rolled and resolved"}
"""How the pulse fire question's options read (its answer stays the option)."""


def _arc(self: B5Engine, target: str, firer: str) -> int:
    """Which armor rating of ``target`` a shot from ``firer`` strikes (0 front, then side, aft)."""
    d = self.data(target)
    armors = len(d.armor)
    if armors == 1:
        return 0
    lay = Layout(1.0)
    (tx, ty), (fx, fy) = lay.to_pixel(deploy.hex_of(self.at[target])), lay.to_pixel(deploy.hex_of(self.at[firer]))
    angle = math.degrees(math.atan2(fx - tx, -(fy - ty))) % 360  # 0: the top of the board, clockwise
    diff = round(angle / 60 - self.facing[target].value) % 6
    if armors == 2:
        return 0 if diff in (0, 1, 5) else 1
    return 0 if diff == 0 else 2 if diff == 3 else 1


def arc_x(self: B5Engine, firer: str, w: B5Weapon, target: str) -> int:
    """The 'x' of ``w``'s hex diagram in the arc of ``firer`` that holds ``target`` (0: out of arc)."""
    return fire.arc_x(w.arcs, w.x, fire.arcs_at(marking.bearing(self, firer, target)))


def _band(self: B5Engine, w: B5Weapon, firer: str, target: str) -> int | None:
    jam = int(self.data(target).race is Race.MINBARI and self.data(firer).race is not Race.MINBARI)
    return fire.band(w.ranges, w.cls, deploy.distance(self.at[firer], self.at[target]), jam + elint.jammed(self, firer))


def _aim(self: B5Engine, firer: str, w: B5Weapon, target: str) -> tuple[int, int, int, int]:
    """A shot's range band, the firer's sensor, the bypass penalty and the Def it needs, with
    ELINT's (rules/systems/b5/elint.py): offensive support's sensor, defensive support's Def, a lit
    jammer fired at without the bypass penalty, fire-control jamming's bracket."""
    band = _band(self, w, firer, target)
    assert band is not None
    sq = self.forces[self.units[target].team].target_group(target)  # (the flagship's escorts with its squadron)
    near = [deploy.distance(self.at[firer], self.at[x]) for x in (sq.ships if sq else ()) if x != target
            and x in self.at and self.units[x].status is Status.PRESENT]
    penalty = 0 if elint.lit(self, target) else fire.bypass_penalty(deploy.distance(self.at[firer], self.at[target]),
                                                                     near)
    sensor = self.data(firer).sensor + elint.sensor_bonus(self, firer, target) + abilities.sensor(self, firer)
    return band, sensor, penalty, self.data(target).defence + elint.defence_bonus(self, target) + abilities.defence(
        self, target)


def _fc(w: B5Weapon, d: B5Data) -> str:
    return w.fire_control[2 if d.category is Category.FIGHTER else 1 if d.category is Category.MEDIUM else 0]


def targets(self: B5Engine, firer: str, w: B5Weapon) -> list[str]:
    """The enemy ships ``w`` of ``firer`` may fire at now: in reach; the one ship ``firer`` fires
    at this pulse once it has chosen; else in the enemy squadron its squadron targets this pulse
    (Target Selection: not for a ship out of command)."""
    return _ship_targets(self, firer, w) + flightfire.targets(self, firer, w)  # and flights (flightfire.py)


def _ship_targets(self: B5Engine, firer: str, w: B5Weapon) -> list[str]:
    if not fire.hits_ships(w):
        return []
    team = self.units[firer].team
    reach = [x for x in _reach(self, firer, w) if arc_x(self, firer, w, x)]
    if firer in self.aims:
        return [x for x in reach if x == self.aims[firer]]
    mine = self.forces[team].squadron_of(firer)
    if mine is None or firer in self.out_of_command or f"squadron {mine.name}" not in self.aims:
        return reach
    theirs = self.aims[f"squadron {mine.name}"]
    return [x for x in reach if _squadron(self, x) == theirs]


def _reach(self: B5Engine, firer: str, w: B5Weapon) -> list[str]:
    team = self.units[firer].team
    return [x for x in self.at if self.units[x].team != team and self.units[x].status is Status.PRESENT
            and x not in self.doomed and _band(self, w, firer, x) is not None]


def _arc_check(self: B5Engine, firer: str, w: B5Weapon, q: Question) -> Any:
    """``q``'s check, refusing an enemy in reach but outside ``w``'s arcs with the arc's rule."""
    def check(a: Any) -> Any:
        if a not in q.options and a in self.at and self.units[a].team != self.units[firer].team \
                and not fire.hits_ships(w):  # an enemy ship for an Electro-Pulse Gun
            raise IllegalAnswer(fire.EM_RULE, f"{possessive(self.units[firer].unit.name)} {w.name} has no effect on "
                                              f"{self.units[a].unit.name}: on nothing larger than an assault shuttle")
        if a not in q.options and a in _reach(self, firer, w) and not arc_x(self, firer, w, a):
            where = " and ".join(fire.ARCS[i] for i in fire.arcs_at(marking.bearing(self, firer, a)))
            rated = ", ".join(f"{n} x{v}" for n, v in zip(fire.ARCS, w.arcs) if v)
            raise IllegalAnswer(fire.ARC_RULE, f"{self.units[a].unit.name} is in "
                                               f"{possessive(self.units[firer].unit.name)} "
                                               f"{where} arc, where its {w.name} cannot fire (it fires {rated})")
        assert q.check is not None
        return q.check(a)
    return check


def _squadron(self: B5Engine, uid: str) -> str:
    """The name of the enemy squadron a shot at ``uid`` targets (an escort: the flagship's)."""
    s = self.forces[self.units[uid].team].target_group(uid)
    return s.name if s else ""


def _weapons(self: B5Engine, firer: str) -> list[B5Weapon]:
    fired = self.fired.setdefault(firer, {})
    return [w for w in self.data(firer).weapons if w.cls is not WeaponClass.ENERGY_MINE  # launched, not fired
            and not fire.may_fire(w.shots, fired.get(w.name, []), self.round, self.pulse)
            and (self.round, self.pulse) not in fired.get(fighters.AF_MODE + w.name, [])  # not after AF fire
            and targets(self, firer, w)]


STEPS = ("fire", "firer", "weapon", "target", marking.STEP, guardian.STEP, *fighters.STEPS, *longrange.STEPS,
         *tractor.STEPS)
"""A shot's questions (``b5/{turn}/{step}``), in order: the procedure resumes from each."""


def fire_step(self: B5Engine, at: str = "") -> Procedure:
    """After a pulse's moves: fire until the GM says done (shots per turn and their spacing);
    ``at``: the step of :data:`STEPS` it resumes at (the firer and weapon chosen are the engine's).
    None in a jump-in's first turn (Jump-In Scenarios: "no weapons fire may occur during this turn").
    The ships left with no structure are destroyed once the pulse's fire is done (all fire is
    rolled before the damage is resolved: a ship destroyed in a pulse fires in it). Then the ships
    out of command fire, on their own, and their damage is applied in turn (Out of Command)."""
    if not self.late:
        yield from _fire(self, at)
        _destroyed(self)
        self.late, at = True, ""
    yield from _fire(self, at)
    _destroyed(self)
    self.late = False


def _destroyed(self: B5Engine) -> None:
    for x in self.doomed:
        self.units[x].status = Status.DESTROYED
        self.log.add("ruling", RULE, f"{self.units[x].unit.name} is destroyed", {"unit": x})
    self.doomed = []


def _fire(self: B5Engine, at: str) -> Procedure:
    """The in-command ships' fire, or with :attr:`B5Engine.late` the out-of-command ships' (Out of
    Command: "after all other fire has been resolved and after damage effects are applied")."""
    if self.scenario == "jump-in" and self.round == 1:
        return
    late = " (out of command: after all other fire)" if self.late else ""
    when = late or " (after the moves)"
    while True:
        if at == marking.STEP:  # resumed at a hit's weapon choice: the shot's marks go on
            assert self.shot is not None
            yield from marking.marks(self, self.shot)
            at = ""
            continue
        if at == guardian.STEP:  # resumed at a Guardian Array's question: the declared fire, a shot, an attack
            yield from fighters.strike(self, *self.guard.strafe) if self.guard.strafe else declared.resolve(self) \
                if self.declared else _guarded(self, *(self.guard.shot or ()))
            at = ""
            continue
        if at in tractor.STEPS:  # resumed at a tractor beam's question
            yield from tractor.step(self, at)
            at = ""
            continue
        if at in fighters.STEPS or at in longrange.STEPS:  # resumed in a flight's attack, or long-range AF fire
            yield from (fighters.step(self, at) if at in fighters.STEPS else longrange.step(self, at))
            at = ""
            continue
        ships = [x for x in self.at if self.units[x].status is Status.PRESENT and _weapons(self, x)
                 and (x in self.out_of_command) == self.late]
        if self.declared:  # a squadron's fire declared as a whole (rules/systems/b5/declared.py): its ships only
            ships = [x for x in ships if declared.group(self, x) == declared.pending(self)]
            if self.declared[0].hits >= 0 or not ships:  # being resolved (resumed), or nothing left to declare
                yield from declared.resolve(self)
                at = ""
                continue
        flights = fighters.ready(self) if not self.late and not self.declared else []
        far = not self.declared and bool(longrange.ships(self))
        if at in ("", "fire"):
            if not ships and not flights and not far:
                return
            q = choose(f"b5/{self.round}/fire/{len(self.log.events)}", GM, RULE,
                       f"Game Master: turn {self.round} pulse {self.pulse}: does a ship fire{when}"
                       + (" or a flight attack a ship" if flights else "")
                       + (f" (the declared fire of {declared.pending(self)} waits)" if self.declared else "") + "?",
                       ([declared.RESOLVE] if self.declared else [DONE]) + ([FIRE] if ships else [])
                       + ([fighters.FIGHTERS] if flights else []) + ([longrange.LONG] if far else [])
                       + ([tractor.OPTION] if not self.declared and tractor.pairs(self) else []),
                       default=FIRE if self.declared or best_shot(self, ships) else None)  # a shot, not done
            said = yield replace(q, data={"option_words": OPTION_WORDS})  # not 'Its fighters' (issue 22)
            if said == DONE:
                return
            if said == declared.RESOLVE:
                yield from declared.resolve(self)
                continue
            if said == fighters.FIGHTERS:
                yield from fighters.step(self)
                continue
            if said == longrange.LONG:
                yield from longrange.step(self)
                continue
            if said == tractor.OPTION:
                yield from tractor.step(self)
                continue
        words = {x: f"{self.units[x].unit.name} ({self.name(self.units[x].team)})" for x in ships}
        if at in ("", "fire", "firer"):
            q = choose(f"b5/{self.round}/firer", GM, RULE, f"Game Master: which ship fires{late}?", ships)
            self.firer = yield Question(q.key, q.kind, q.to, q.rule, q.text, q.options,
                                        data={"option_words": words}, check=q.check,
                                        default=(best_shot(self, ships) or (ships[0],))[0])
        firer = self.firer
        if at != "target":
            guns = {w.name: w for w in _weapons(self, firer)}
            name = yield choose(f"b5/{self.round}/weapon", GM, RULE, f"Game Master: which weapon of "
                                f"{self.units[firer].unit.name}?", list(guns),
                                default=(best_shot(self, [firer]) or ("", None))[1])
            self.aiming = (firer, guns[name])
        assert self.aiming is not None
        w = self.aiming[1]
        aims = targets(self, firer, w)
        q = choose(f"b5/{self.round}/target", GM, RULE, f"Game Master: {w.name} fires at which ship?", aims)
        target = yield Question(q.key, q.kind, q.to, q.rule, q.text, q.options,
                                data={"option_words": {x: words.get(x, self.units[x].unit.name) for x in aims}},
                                check=_arc_check(self, firer, w, q),
                                default=(best_shot(self, [firer], w) or ("", "", q.default))[2])
        self.aiming, self.firer, at = None, "", ""
        if target in self.air.at:  # a fighter flight (rules/systems/b5/flightfire.py)
            flightfire.resolve(self, firer, w, target)
            continue
        self.aims[firer] = target
        mine = self.forces[self.units[firer].team].squadron_of(firer)
        if mine is not None and firer not in self.out_of_command:
            self.aims.setdefault(f"squadron {mine.name}", _squadron(self, target))
        yield from _resolve(self, firer, w, target)


def best_shot(self: B5Engine, ships: list[str], only: B5Weapon | None = None) -> tuple[str, str, str] | None:
    """The shot the fire questions open at: among ``ships``' weapons ready now (``only`` that one) and
    the enemy ships each may fire at, the most hits to expect before armor (the exact chance a
    fire-control die hits, times the shot's 'x'), the first in the questions' order on a tie; None when
    no shot has any chance (Return then says done). (firer, weapon name, target)."""
    best: tuple[Fraction, str, str, str] | None = None
    for firer in ships:
        for w in [only] if only is not None else _weapons(self, firer):
            for target in _ship_targets(self, firer, w):
                band, sensor, penalty, defence = _aim(self, firer, w, target)
                hits = fire.p_die_at_least(_fc(w, self.data(target)), fire.need(defence, band, sensor, penalty)) \
                    * losses.x_rating(self, firer, arc_x(self, firer, w, target))
                if hits > 0 and (best is None or hits > best[0]):
                    best = (hits, firer, w.name, target)
    return best[1:] if best is not None else None


def _resolve(self: B5Engine, firer: str, w: B5Weapon, target: str) -> Procedure:
    t = self.data(target)
    band, sensor, penalty, defence = _aim(self, firer, w, target)
    x = losses.x_rating(self, firer, arc_x(self, firer, w, target))
    need = defence + fire.RANGE_MODIFIER[band]
    die = _fc(w, t)
    before = self.fired.get(firer, {}).get(w.name, [])
    hurt, down = specials.damage_band(w, band, before, self.round, self.pulse), \
        specials.accelerator_levels(w, before, self.round, self.pulse)
    how = f"{fire.BANDS[band]} range" + (f", damage of {fire.BANDS[hurt]} range (it fired "
                                         f"{'last pulse' if down == 2 else 'two pulses ago'})" if down else "")
    if down:
        self.log.add("ruling", specials.PLASMA_RULE, f"{possessive(self.units[firer].unit.name)} {w.name} fired "
                                                     f"{plural(3 - down, 'pulse')} ago: its damage {down} level"
                                                     f"{'s' if down > 1 else ''} down, {w.damage[hurt]}", {"unit": firer})
    self.fired.setdefault(firer, {}).setdefault(w.name, []).append((self.round, self.pulse))
    if w.cls is WeaponClass.BALLISTIC:
        hexes = deploy.distance(self.at[firer], self.at[target])
        turn, pulse = fire.impact(self.round, self.pulse, hexes)
        self.in_flight.append(Flight(turn, pulse, firer, w.name, target, x, sensor, penalty, band))
        self.log.add("ruling", RULE, f"{possessive(self.units[firer].unit.name)} {w.name} (x{x}) launched at "
                                     f"{self.units[target].unit.name}, {hexes} hexes: it hits in turn {turn} pulse "
                                     f"{pulse} ({fire.ballistic_delay(hexes)} pulses)", {"unit": target})
        return
    if declared.on(self):  # rolled when the squadron's fire is resolved (rules/systems/b5/declared.py)
        declared.declare(self, declared.Declared(firer, w, target, x, (die, sensor, penalty, need), hurt,
                                                 t.armor[_arc(self, target, firer)], how))
        return
    yield from _guarded(self, firer, w, target, x, (die, sensor, penalty, need), hurt, t.armor[_arc(self, target, firer)],
                        how)


def _guarded(self: B5Engine, firer: str, w: B5Weapon, target: str, x: int, aim: tuple[str, int, int, int], band: int,
             armor: int, how: str) -> Procedure:
    """A shot resolved as it is named: the Guardian Arrays placed (rules/systems/b5/guardian.py), then its dice."""
    self.guard.shot = (firer, w, target, x, aim, band, armor, how)
    yield from guardian.protect(self, [(firer, w, target, aim)])
    die, sensor, penalty, need = aim
    need += guardian.bonus(self, target, w)
    guardian.clear(self)
    yield from _hits(self, firer, w, target, x, (die, sensor, penalty, need), band, armor, how)


@dataclass(frozen=True, slots=True)
class Flight:
    """A ballistic weapon in flight: it hits in ``turn``, ``pulse`` (seed: range / 15 rounded up,
    plus one), with the firer's sensor and the penalties at the time of firing."""

    turn: int
    pulse: int
    firer: str
    weapon: str
    target: str
    x: int
    sensor: int
    penalty: int
    band: int = 0
    """Short, or medium at a Minbari target (Jammer: "ballistic weapons would hit as though they were at
    medium range, not short"), or further for fire-control jamming: its range modifier at impact."""


def impacts(self: B5Engine, resumed: bool = False) -> Procedure:
    """The ballistic weapons due now, one by one, resolved before the pulse's moves and fire: no
    range modifier, the target's best armor (Ballistic Weapons); the target's Guardian Arrays asked
    first (``resumed``: at that question, the flight the engine keeps)."""
    if resumed and self.guard.flight is not None:
        yield from _impact(self, self.guard.flight)
    while True:
        due = [f for f in self.in_flight if (f.turn, f.pulse) <= (self.round, self.pulse)]
        if not due:
            break
        f = due[0]
        self.in_flight.remove(f)
        name = f"{possessive(self.units[f.firer].unit.name)} {f.weapon}"
        if self.units[f.target].status is not Status.PRESENT or f.target not in self.at:
            self.log.add("ruling", RULE, f"{name} finds no target: {self.units[f.target].unit.name} is gone")
            continue
        yield from _impact(self, f)
    yield from emines.arrive(self)


def _impact(self: B5Engine, f: Flight) -> Procedure:
    self.guard.flight = f
    w = next(x for x in self.data(f.firer).weapons if x.name == f.weapon)
    t = self.data(f.target)
    aim = (_fc(w, t), f.sensor, f.penalty, t.defence + elint.defence_bonus(self, f.target)
           + abilities.defence(self, f.target) + fire.RANGE_MODIFIER[f.band])
    yield from guardian.protect(self, [(f.firer, w, f.target, aim)])
    aim = (*aim[:3], aim[3] + guardian.bonus(self, f.target, w))
    guardian.clear(self)
    yield from _hits(self, f.firer, w, f.target, f.x, aim, 0, max(t.armor), f"in flight, impact turn {f.turn} pulse "
                     f"{f.pulse}" + (f", as at {fire.BANDS[f.band]} range" if f.band else ""), ballistic=True)


def _hits(self: B5Engine, firer: str, w: B5Weapon, target: str, x: int, aim: tuple[str, int, int, int], band: int,
          armor: int, how: str, ballistic: bool = False) -> Procedure:
    """``x`` fire-control dice ``aim`` = (die, sensor, penalty, need) at ``target``, each hit's
    damage against ``armor``, all rolled first; then the systems marked (the defender choosing a
    weapon: rules/systems/b5/marking.py), the structure lost, a ship with none left destroyed."""
    die, sensor, penalty, need = aim
    who = self.units[firer].team
    hits = 0
    for _ in range(x):
        total = self.dice.roll(die, purpose=f"{w.name} to hit", rule=RULE, who=who).total + sensor + penalty
        hits += fire.pulse_hits(need, total, w.max_pulses) if w.cls is WeaponClass.PULSE else int(total >= need)
    words = (f"{possessive(self.units[firer].unit.name)} {w.name} (x{x}) at {self.units[target].unit.name}, "
             f"{how}, {die} + sensor {sensor}{penalty:+d} needs {need}: {plural(hits, 'hit')} on armor {armor}")
    yield from marking.strike(self, firer, w, target, hits, band, armor, words, ballistic)
