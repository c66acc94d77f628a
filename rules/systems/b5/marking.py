"""b5: a shot's damage marked once all its dice are rolled, the defender choosing which weapon a
hit marks when several may (seed 003 Sample Damage Resolution: "If the ship had several primary
weapon systems, the defender would be allowed to choose which weapon system to damage";
Primary Weapon Damage: "These systems take damage in the same manner as secondary weapon
systems", so a secondary weapon's hit is chosen the same way).

The fire-control and damage dice of a shot are all rolled first (Combat Procedures: all fire is
rolled before the damage is resolved), giving its :class:`Hit` list; then each system hit is
marked in order (rules/systems/b5/damage.py). A weapon hit with two or more weapons that may take
it (of the kind the second die picked, or the fall-back kind; boxes left; able to fire into the
arc the damage came from) asks the target's side which one, proposing the one with the most 'x'
left. A matter weapon's points all go to one location: the weapon chosen for its first point
takes the rest while it has boxes. The shot being marked is the engine's :attr:`B5Engine.shot`,
so the procedure resumes from the question (a checkpoint).

Here too are what every hit's damage shares, whoever strikes (fire, ballistic weapons, energy
mines, fighters): :func:`strike` (the damage dice rolled, then marked), :func:`mark_system`,
:func:`grey` (a squadron's morale track), :func:`structure`, :func:`bearing` and :func:`dmg`; the
modules that strike import them from here (no import circle with rules/systems/b5/firing.py).
"""
from __future__ import annotations

import math
from collections.abc import Generator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from hexmap.layout import Layout
from rules.battlehex.questions import Question, choose
from rules.battlehex.words import possessive
from rules.model.b5 import B5Weapon, WeaponClass
from rules.systems.b5 import damage, deploy, elint, fire, morale

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine

Procedure = Generator[Question, Any, None]
RULE = damage.RULE
STEP = "mark"
"""The question's step (``b5/{turn}/mark``): the procedure resumes from it."""


@dataclass(frozen=True, slots=True)
class Hit:
    """One hit's damage rolled: ``word`` (its class, or a matter weapon's location), the structure
    its class takes off, the systems it strikes in order; ``matter``: a matter weapon's points,
    all in one place."""

    word: str
    structure: int
    systems: tuple[str, ...] = ()
    matter: bool = False


@dataclass(frozen=True, slots=True)
class Shot:
    """A shot's hits being marked: ``done`` what the current hit (``at``) has marked so far,
    ``named`` the words of the hits done, ``lost`` their structure; ``keep`` the weapon a matter
    hit's first point marked; ``log`` the shot's words before its hits."""

    firer: str
    target: str
    hits: tuple[Hit, ...]
    log: str
    ballistic: bool = False
    at: int = 0
    done: tuple[str, ...] = ()
    named: tuple[str, ...] = ()
    lost: int = 0
    keep: int = -1


def marks(self: B5Engine, shot: Shot) -> Procedure:
    """Mark ``shot``'s hits (resumed: the engine's :attr:`B5Engine.shot` as it was left), then its
    structure, grey boxes and the log (``finish``)."""
    self.shot = shot
    while shot.at < len(shot.hits):
        hit = shot.hits[shot.at]
        if len(shot.done) < len(hit.systems):
            system = hit.systems[len(shot.done)]
            pick = -1
            options = _options(self, shot, system)
            if len(options) > 1 and shot.keep not in options:
                pick = yield _ask(self, shot, system, options)
            elif options:
                pick = shot.keep if shot.keep in options else options[0]
            marked = _mark(self, shot, system, pick)
            keep = pick if hit.matter and pick >= 0 else shot.keep
            shot = self.shot = replace(shot, done=shot.done + (marked,), keep=keep)
            continue
        words = ("structure" if hit.word == "structure" else f"{hit.word}: {', '.join(shot.done)}") if hit.matter \
            else hit.word + (f" ({', '.join(shot.done)})" if shot.done else "")
        shot = self.shot = replace(shot, at=shot.at + 1, done=(), keep=-1, named=shot.named + (words,),
                                   lost=shot.lost + hit.structure + shot.done.count("structure"))
    self.shot = None
    finish(self, shot)


def _options(self: B5Engine, shot: Shot, system: str) -> list[int]:
    """The weapons (indexes) a hit on ``system`` may mark: of the kind, else the fall-back kind
    (damage.mark's order); empty for a system that is not a weapon."""
    if system not in (damage.SECONDARY_W, damage.PRIMARY_W):
        return []
    base = self.units[shot.target].unit.b5
    assert base is not None
    hits = self.hits.get(shot.target, {})
    in_arc = _in_arc(self, shot)
    for secondary in (system == damage.SECONDARY_W, system != damage.SECONDARY_W):
        live = [(w.x - hits.get(f"w{i}", 0), -i) for i, w in enumerate(base.weapons)
                if (w.shots == 3) == secondary and w.x - hits.get(f"w{i}", 0) > 0 and in_arc(i)]
        if live:
            return [-i for _, i in sorted(live, reverse=True)]  # the most 'x' left first, then as listed
    return []


def _in_arc(self: B5Engine, shot: Shot) -> Any:
    base = self.units[shot.target].unit.b5
    assert base is not None
    where = tuple(range(6))
    if shot.firer in self.at and shot.target in self.at:
        where = fire.arcs_at(bearing(self, shot.target, shot.firer))

    def in_arc(i: int) -> bool:
        return fire.arc_x(base.weapons[i].arcs, base.weapons[i].x, where) > 0
    return in_arc


def _mark(self: B5Engine, shot: Shot, system: str, pick: int) -> str:
    """One box of ``system`` on the target: weapon ``pick`` when one was chosen."""
    if pick < 0:
        return mark_system(self, shot.firer, shot.target, system)
    base = self.units[shot.target].unit.b5
    assert base is not None
    hits = self.hits.setdefault(shot.target, {})
    hits[f"w{pick}"] = hits.get(f"w{pick}", 0) + 1
    return base.weapons[pick].name


def _ask(self: B5Engine, shot: Shot, system: str, options: list[int]) -> Question:
    """The target's side chooses the weapon a hit marks (the engine proposes the most 'x' left)."""
    base = self.units[shot.target].unit.b5
    assert base is not None
    hits = self.hits.get(shot.target, {})
    team = self.units[shot.target].team
    names = [str(i) for i in options]
    words = {str(i): f"{base.weapons[i].name} (x{base.weapons[i].x - hits.get(f'w{i}', 0)} left)" for i in options}
    kind = "primary" if base.weapons[options[0]].shots < 3 else "secondary"
    q = choose(f"b5/{self.round}/{STEP}", team, RULE,
               f"{self.name(team)}: a hit on {possessive(self.units[shot.target].unit.name)} {kind} weapons "
               f"(from {self.units[shot.firer].unit.name}): which weapon takes it? (the defender chooses)", names)

    def check(a: Any) -> int:
        if isinstance(a, str) and a not in names:
            by_name = [n for n in names if base.weapons[int(n)].name == a]
            a = by_name[0] if by_name else a
        return int(q.check(a))
    return Question(q.key, q.kind, q.to, q.rule, q.text, q.options, data={"option_words": words, "unit": shot.target},
                    check=check, default=names[0])


def finish(self: B5Engine, shot: Shot) -> None:
    """The shot's structure lost, grey boxes and log; a ship with no structure left is doomed."""
    t = self.data(shot.target)
    grey(self, shot.target, shot.lost)
    self.structure_lost[shot.target] = self.structure_lost.get(shot.target, 0) + shot.lost
    left = t.structure - self.structure_lost[shot.target]
    self.log.add("ruling", fire.RULE, f"{shot.log}: {', '.join(shot.named) or 'no damage'}; "
                                      f"{shot.lost} structure, {max(0, left)} left", {"unit": shot.target})
    if left <= 0 and shot.target not in self.doomed:
        self.doomed.append(shot.target)
        self.log.add("ruling", fire.RULE, f"{self.units[shot.target].unit.name} has no structure left: destroyed "
                                          "when this pulse's fire is done (it may still fire)", {"unit": shot.target})
    s = self.forces[self.units[shot.target].team].squadron_of(shot.target)
    hurt = s.name if s else ""
    self.struck[hurt] = max(self.struck.get(hurt, 0), 2 if left <= 0 else int(shot.lost > 0))
    elint.damaged(self, shot.target)  # 'S' boxes of the sensor track marked: ELINT levels lost


def structure(cls: str, roll: int, flash: bool = False) -> int:
    """Structure a hit of damage class ``cls`` takes off with damage die ``roll``: minor 1;
    moderate odd 1 (and a minor system), even 0 (a primary system); severe even 1 (and two minor
    systems), odd 2 (and a primary system); a flash weapon's moderate or severe hit both results,
    the worst structure only."""
    if cls == "minor":
        return 1
    if cls == "moderate":
        return 1 if flash or roll % 2 else 0
    if cls == "severe":
        return 2 if flash or roll % 2 else 1
    return 0


def bearing(self: B5Engine, firer: str, target: str) -> float:
    """Degrees clockwise from ``firer``'s facing to ``target``."""
    lay = Layout(1.0)
    (fx, fy), (tx, ty) = lay.to_pixel(deploy.hex_of(self.at[firer])), lay.to_pixel(deploy.hex_of(self.at[target]))
    return (math.degrees(math.atan2(tx - fx, -(ty - fy))) - 60 * self.facing[firer].value) % 360


def dmg(w: B5Weapon, band: int) -> str | int:
    """``w``'s damage at range band ``band`` (a plasma weapon's by band)."""
    return w.damage[band] if w.cls is WeaponClass.PLASMA else w.damage[0]


def strike(self: B5Engine, firer: str, w: B5Weapon, target: str, hits: int, band: int, armor: int, words: str,
           ballistic: bool = False, bonus: int = 0) -> Procedure:
    """``hits`` hits of ``w`` on ``target``: each one's damage rolled against ``armor`` (``bonus``
    added: a fighter flight's), then the systems marked (:func:`marks`); ``words``
    the log's start."""
    who = self.units[firer].team
    rolled: list[Hit] = []
    for _ in range(hits):
        rating = dmg(w, band)
        if isinstance(rating, int):  # a matter weapon: its points, all where a d10 says
            where = self.dice.roll("d10", purpose="matter hit location", rule=fire.RULE, who=who).total
            place = damage.matter(where)
            rolled.append(Hit(place, rating if place == "structure" else 0,
                              () if place == "structure" else (place,) * rating, matter=True))
            continue
        roll = self.dice.roll(rating, purpose=f"{w.name} damage", rule=fire.RULE, who=who).total
        cls = fire.damage_class(roll + bonus, armor, w.cls)
        kinds = []
        for kind in damage.systems(cls, roll, w.cls is WeaponClass.FLASH):
            second = self.dice.roll("d6", purpose=f"{kind} hit: which system", rule=damage.RULE, who=who).total
            kinds.append(damage.which(kind, second))
        rolled.append(Hit(cls, structure(cls, roll, w.cls is WeaponClass.FLASH), tuple(kinds)))
    yield from marks(self, Shot(firer, target, tuple(rolled), words, ballistic))


def mark_system(self: B5Engine, firer: str, target: str, system: str) -> str:
    """One box of ``system`` on ``target``, hit from ``firer`` (rules/systems/b5/damage.py)."""
    base = self.units[target].unit.b5
    assert base is not None
    diff, where = 1, tuple(range(6))
    if firer in self.at and target in self.at:
        b = bearing(self, target, firer)
        diff, where = round(b / 60) % 6, fire.arcs_at(b)
    side = damage.FRONT if diff == 0 else damage.AFT if diff == 3 else damage.SIDE

    def in_arc(i: int) -> bool:
        return fire.arc_x(base.weapons[i].arcs, base.weapons[i].x, where) > 0
    return damage.mark(base, self.hits.setdefault(target, {}), system, side, in_arc)


def grey(self: B5Engine, target: str, lost: int) -> None:
    """The grey boxes ``lost`` more structure marks off ``target``, noted on its squadron's morale
    track (Structural Damage: "If a grey box is marked as damage, it will affect the morale")."""
    base = self.units[target].unit.b5
    assert base is not None
    before = self.structure_lost.get(target, 0)
    n = (damage.grey_marked(base.structure, base.grey_boxes, min(base.structure, before + lost))
         - damage.grey_marked(base.structure, base.grey_boxes, min(base.structure, before)))
    s = self.forces[self.units[target].team].squadron_of(target)
    name = s.name if s else ""
    if n and name:
        self.marked[name] = self.marked.get(name, 0) + n
        if name not in self.grey_due:
            self.grey_due.append(name)
        self.log.add("ruling", fire.RULE, f"{self.units[target].unit.name}: {n} grey box{'es' if n > 1 else ''} "
                                          f"marked off: {possessive('squadron ' + name)} morale track "
                                          f"{self.marked[name]} of {morale.grey(self, name)}", {"unit": target})
