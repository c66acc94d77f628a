"""b5 the Minbari tractor beam in a battle (seed 003 Specialized Minbari Equipment, Tractor Beam; the
pure rules: rules/systems/b5/specials.py).

At a pulse's fire question the GM may answer ``tractor``: a ship with a tractor beam (``tractor`` in its
data) engages an enemy ship in the hex next to it, at its speed and facing its direction (the options
are those pairs; another is refused with the condition it misses), or releases the ship it holds. Then:

- the target has lost all accel or all decel: it is held (no question);
- else it has lost at least 75% of its structure: its side is asked whether it fights the tractor, with
  the points it would take and the exact chance of breaking away; fighting, a d6 a point (even:
  structure, odd: maneuvering), the side then splitting the maneuvering points between accel and decel;
  it breaks away if it keeps some accel and some decel, else it is held;
- else its side is asked whether it accepts being tractored; if not, it breaks free.

Held, the tractoring ship pays by the target's size: a medium ship one weapon system of its side's
choice powered down (asked), a heavy one all its weapons, a capital (or enormous) one all its weapons
and its maneuvering halved, rounded up (:func:`powered`, read by the engine's ``data``).
**Readings**: the seed says no more of what a hold does; here the held ship is drawn along in the hex
it was in beside the tractoring ship (turned with it) after each pulse's moves, at its speed; the hold
ends when the GM releases it, either ship is destroyed or leaves the board, never by itself (a held ship
does not try again: the seed gives one attempt, "if the target attempts to break away"). A fighter
flight is not a target here (the seed's "no effect" case is not reached). The questions are
checkpoints (``b5/{turn}/tractor...``): the engagement being resolved is :attr:`Tractors.pending`.
"""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hexmap import Facing, Label
from hexmap.labels import axial_to_offset
from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.questions import Question, choose, number, yes_no
from rules.battlehex.roster import Status
from rules.battlehex.words import plural, possessive
from rules.model.b5 import B5Data, Category
from rules.systems.b5 import deploy, marking, specials

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine

Procedure = Generator[Question, Any, None]
RULE = specials.TRACTOR_RULE
OPTION = "tractor"
STEPS = ("tractor", "tractor_fight", "tractor_split", "tractor_willing", "tractor_power")
"""The tractor's questions (``b5/{turn}/{step}``), each a checkpoint."""
RELEASE = "release "


@dataclass(frozen=True, slots=True)
class Hold:
    """A ship held: its target, the hexside (from the tractoring ship's facing) it is held on, the
    weapons powered down (``every``: all of them) and the maneuvering halved."""

    target: str
    side: int
    weapons: tuple[str, ...] = ()
    every: bool = False
    halved: bool = False


@dataclass
class Tractors:
    """Tractoring ship -> its hold; ``pending``: (ship, target, odd points rolled, even points rolled)
    of an engagement being resolved."""

    held: dict[str, Hold] = field(default_factory=dict)
    pending: tuple[str, str, int, int] | None = None


def why_not(self: B5Engine, ship: str, target: str) -> str:
    """Why ``ship`` cannot engage ``target`` now ("" when it may)."""
    if ship in self.tractor.held:
        return f"{self.units[ship].unit.name} already holds {self.units[self.tractor.held[ship].target].unit.name}"
    if any(h.target == target for h in self.tractor.held.values()):
        return f"{self.units[target].unit.name} is held already"
    return specials.tractor_reach(deploy.distance(self.at[ship], self.at[target]),
                                  (self.speed.get(ship, 0), self.speed.get(target, 0)),
                                  (self.facing[ship].value, self.facing[target].value))


def _ships(self: B5Engine) -> list[str]:
    return [x for x in self.at if self.units[x].status is Status.PRESENT and x not in self.doomed
            and self.data(x).category is not Category.FIGHTER]


def pairs(self: B5Engine) -> list[str]:
    """The tractor question's options: ``SHIP>TARGET`` engagements that meet the conditions, and
    ``release SHIP`` for each hold."""
    live = _ships(self)
    out = [f"{s}>{t}" for s in live if self.data(s).tractor for t in live
           if self.units[t].team != self.units[s].team and not why_not(self, s, t)]
    return out + [RELEASE + s for s in self.tractor.held]


def step(self: B5Engine, at: str = "") -> Procedure:
    """The GM's tractor answer and the engagement (``at``: the step it resumes at)."""
    if at in ("", STEPS[0]):
        options = pairs(self)
        words = {o: (f"{possessive(self.units[o[len(RELEASE):]].unit.name)} tractor beam lets "
                     f"{self.units[self.tractor.held[o[len(RELEASE):]].target].unit.name} go")
                 if o.startswith(RELEASE) else _words(self, *o.split(">")) for o in options}
        q = choose(f"b5/{self.round}/{STEPS[0]}", GM, RULE, "Game Master: which ship engages its tractor beam on "
                   "which enemy ship next to it (same speed, same direction), or lets its hold go?", options)
        said = yield Question(q.key, q.kind, q.to, q.rule, q.text, q.options, data={"option_words": words},
                              check=_check(self, q), default=q.default)
        if said.startswith(RELEASE):
            release(self, said[len(RELEASE):], "the Game Master lets it go")
            return
        ship, target = said.split(">")
        self.tractor.pending = (ship, target, -1, 0)
        self.log.add("ruling", RULE, f"{self.units[ship].unit.name} engages its tractor beam on "
                                     f"{self.units[target].unit.name}", {"unit": target})
        at = ""
    assert self.tractor.pending is not None
    yield from _engage(self, at)


def _words(self: B5Engine, ship: str, target: str) -> str:
    d = self.data(target)
    return (f"{self.units[ship].unit.name} on {self.units[target].unit.name} ({d.category.value}: "
            f"{specials.tractor_cost(d.category)})")


def _check(self: B5Engine, q: Question) -> Any:
    def check(a: Any) -> Any:
        if isinstance(a, str) and a not in q.options and ">" in a:
            ship, target = a.split(">", 1)
            if ship in self.at and target in self.at:
                if not self.data(ship).tractor:
                    raise IllegalAnswer(RULE, f"{self.units[ship].unit.name} has no tractor beam")
                why = why_not(self, ship, target)
                if why:
                    raise IllegalAnswer(RULE, f"{self.units[ship].unit.name} may not hold "
                                              f"{self.units[target].unit.name}: {why}")
        return q.check(a)
    return check


def _engage(self: B5Engine, at: str) -> Procedure:
    assert self.tractor.pending is not None
    ship, target, odd, even = self.tractor.pending
    team = self.units[target].team
    base = self.units[target].unit.b5
    assert base is not None
    case = specials.tractor_hold(base, self.data(target), self.structure_lost.get(target, 0), False)
    if case == 1 and at in ("", STEPS[1]):
        now = self.data(target)
        points = specials.break_free_points(now)
        fights = yield yes_no(f"b5/{self.round}/{STEPS[1]}", team, RULE,
                              f"{self.name(team)}: {self.units[target].unit.name} has taken at least 75% structural "
                              f"damage. Fight {possessive(self.units[ship].unit.name)} tractor beam? It takes "
                              f"{plural(points, 'point')} of damage (accel {now.accel} + decel {now.decel}), a d6 each: "
                              f"even the structure, odd maneuvering (you choose accel or decel); it breaks away "
                              f"keeping some accel and some decel: chance "
                              f"{specials.break_free_odds(now.accel, now.decel)}", default=False)
        if not fights:
            _held(self, ship, target, "it does not fight the tractor")
            yield from _power(self)
            return
        rolls = [self.dice.roll("d6", purpose="fighting the tractor: structure (even) or maneuvering (odd)", rule=RULE,
                                who=team).total for _ in range(points)]
        odd, even = sum(r % 2 for r in rolls), sum(1 - r % 2 for r in rolls)
        self.tractor.pending = (ship, target, odd, even)
        at = STEPS[2]
    if case == 1 and at == STEPS[2]:
        yield from _fight(self, ship, target, odd, even)
        return
    if case == 0 and not at:
        _held(self, ship, target, specials.TRACTOR_WHY[0])
    elif case == -1 and at in ("", STEPS[3]):
        willing = yield yes_no(f"b5/{self.round}/{STEPS[3]}", team, RULE,
                               f"{self.name(team)}: does {self.units[target].unit.name} accept being held by "
                               f"{possessive(self.units[ship].unit.name)} tractor beam? (if not, it breaks free)")
        if not willing:
            self.tractor.pending = None
            self.log.add("ruling", RULE, f"{self.units[target].unit.name} breaks free of "
                                         f"{possessive(self.units[ship].unit.name)} tractor beam: it is not disabled, "
                                         "not 75% damaged and not willing", {"unit": target})
            return
        _held(self, ship, target, specials.TRACTOR_WHY[2])
    yield from _power(self, at)


def _fight(self: B5Engine, ship: str, target: str, odd: int, even: int) -> Procedure:
    """The points of fighting the tractor marked: the maneuvering ones split by the target's side."""
    team = self.units[target].team
    now = self.data(target)
    to_accel = 0
    if odd:
        low, high = max(0, odd - now.decel), min(odd, now.accel)
        to_accel = yield number(f"b5/{self.round}/{STEPS[2]}", team, RULE,
                                f"{self.name(team)}: {plural(odd, 'maneuvering point')} on "
                                f"{self.units[target].unit.name} (accel {now.accel}, decel {now.decel}): how many "
                                f"on accel (the rest on decel)?", low, high, default=min(high, max(low, odd // 2)))
    hits = self.hits.setdefault(target, {})
    hits["accel"] = hits.get("accel", 0) + to_accel
    hits["decel"] = hits.get("decel", 0) + odd - to_accel
    marking.finish(self, marking.Shot(ship, target, (), f"{self.units[target].unit.name} fights "
                                                       f"{possessive(self.units[ship].unit.name)} tractor beam: "
                                                       f"{to_accel} accel, {odd - to_accel} decel lost",
                                      lost=even, named=(plural(even, "structure point"),)))
    after = self.data(target)
    if after.accel > 0 and after.decel > 0:
        self.tractor.pending = None
        self.log.add("ruling", RULE, f"{self.units[target].unit.name} breaks away (accel {after.accel}, decel "
                                     f"{after.decel} left)", {"unit": target})
        return
    _held(self, ship, target, specials.TRACTOR_WHY[0] + " fighting it")
    yield from _power(self)


def _held(self: B5Engine, ship: str, target: str, why: str) -> None:
    side = (_direction(self, ship, target) - self.facing[ship].value) % 6
    category = self.data(target).category
    big = category in (Category.CAPITAL, Category.ENORMOUS)
    self.tractor.held[ship] = Hold(target, side, every=big or category is Category.HEAVY, halved=big)
    self.log.add("ruling", RULE, f"{possessive(self.units[ship].unit.name)} tractor beam holds "
                                 f"{self.units[target].unit.name} ({why}): {specials.tractor_cost(category)}",
                 {"unit": target})


def _direction(self: B5Engine, ship: str, target: str) -> int:
    a, b = deploy.hex_of(self.at[ship]), deploy.hex_of(self.at[target])
    return next(f.value for f in Facing if a.neighbor(f) == b)


def _power(self: B5Engine, at: str = "") -> Procedure:
    """A medium target: the tractoring side powers down one weapon of its choice."""
    assert self.tractor.pending is not None
    ship, target = self.tractor.pending[:2]
    hold = self.tractor.held[ship]
    guns = [w.name for w in self.data(ship).weapons]
    if not hold.every and guns:
        team = self.units[ship].team
        name = guns[0]
        if len(guns) > 1:
            name = yield choose(f"b5/{self.round}/{STEPS[4]}", team, RULE,
                                f"{self.name(team)}: which weapon system of {self.units[ship].unit.name} is powered "
                                f"down while its tractor beam holds {self.units[target].unit.name}?", guns)
        self.tractor.held[ship] = Hold(hold.target, hold.side, (name,))
        self.log.add("ruling", RULE, f"{possessive(self.units[ship].unit.name)} {name} is powered down while it "
                                     "holds the tractor", {"unit": ship})
    self.tractor.pending = None


def powered(self: B5Engine, uid: str, data: B5Data) -> B5Data:
    """``data`` of a tractoring ship with its weapons powered down (x 0) and maneuvering halved."""
    hold = self.tractor.held.get(uid)
    if hold is None:
        return data
    weapons = [w.model_copy(update={"x": 0, "arcs": [0] * len(w.arcs)}) if hold.every or w.name in hold.weapons
               else w for w in data.weapons]
    update: dict[str, Any] = {"weapons": weapons}
    if hold.halved:
        update |= {k: specials.halved(getattr(data, k)) for k in ("accel", "decel", "turn", "hard_turn", "come_about",
                                                                   "course_correct")}
    return data.model_copy(update=update)


def release(self: B5Engine, ship: str, why: str) -> None:
    hold = self.tractor.held.pop(ship)
    self.log.add("ruling", RULE, f"{possessive(self.units[ship].unit.name)} tractor beam lets "
                                 f"{self.units[hold.target].unit.name} go: {why}", {"unit": hold.target})


def follow(self: B5Engine) -> None:
    """After a pulse's moves: each held ship drawn into its hex beside its tractoring ship, turned
    with it, at its speed; a hold whose ship is gone (destroyed, off the board) ends."""
    for ship, hold in list(self.tractor.held.items()):
        gone = [x for x in (ship, hold.target) if self.units[x].status is not Status.PRESENT or x not in self.at]
        if gone:
            release(self, ship, f"{self.units[gone[0]].unit.name} is gone")
            continue
        h = deploy.hex_of(self.at[ship]).neighbor(Facing((self.facing[ship].value + hold.side) % 6))
        at = Label(*axial_to_offset(h))
        if not self.board.on(at):
            release(self, ship, "it would be drawn off the board")
            continue
        self.at[hold.target], self.facing[hold.target] = at, self.facing[ship]
        self.speed[hold.target] = self.speed.get(ship, 0)
