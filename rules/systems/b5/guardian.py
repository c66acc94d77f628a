"""b5 the Guardian Array (seed 003, Centauri Particle Weapons): "Each Guardian level allows the ship to
increase the defensive rating of one ship in its squadron by one, including itself. Multiple levels
may be applied to the same ship ... The players controlling the guardian arrays may designate what
ships are protected after fire has been announced but before fire is resolved. Guardian Arrays do not
affect the fire of laser weapons ... Note that a single ship may only ever receive protection from a
single ship's Guardian Arrays."

Before fire named at ships is rolled (a squadron's declared fire at ``resolve``; a shot resolved as it
is named, with declared fire off; a ballistic weapon's impact; a fighter flight's attack), the side of each ship with Guardian
levels left (the 'G' boxes marked: rules/systems/b5/specials.py) whose squadron holds a target of that
fire, other than a laser's, is asked, level by level, which of those targets the level protects
(``b5/{turn}/guard``), or ``none`` (its levels left unused this time). Each option shows the exact
chance per die of every shot at it now and protected. A ship protected by one guardian is not offered
to another. **Readings**: the protection lasts for the fire being resolved (the seed's "what ships are
protected" is designated each time fire is announced); a ballistic weapon is announced at its launch and
resolved at its impact, so it is asked then; a flight's attack on a ship is fire at it (the seed excepts
lasers only, where Defensive Support says "This does not defend against attacks from enemy fighters"), so
it is asked after the ship's anti-fighter fire, before the fighters' roll.
The state is the engine's :attr:`B5Engine.guard`, so the question is a checkpoint.
"""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rules.battlehex.questions import Question, choose
from rules.battlehex.roster import Status
from rules.battlehex.words import possessive
from rules.model.b5 import B5Weapon, WeaponClass
from rules.systems.b5 import fire, specials

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine

Procedure = Generator[Question, Any, None]
RULE = specials.GUARDIAN_RULE
STEP = "guard"
NONE = "none"


@dataclass
class Guard:
    """The Guardian Arrays' answers for the fire being resolved: ``asked`` guardian -> levels answered
    (a ``none`` answers all), ``given`` target -> (its guardian, levels); ``shot``: a shot resolved as
    it is named, waiting for the answers (its firer, weapon, target, 'x', aim, bands, armor, words);
    ``flight``: a ballistic weapon's impact waiting for them (rules/systems/b5/firing.py ``Flight``);
    ``strafe``: a flight's attack on a ship waiting for them (flight, target)."""

    asked: dict[str, int] = field(default_factory=dict)
    given: dict[str, tuple[str, int]] = field(default_factory=dict)
    shot: tuple[Any, ...] | None = None
    flight: Any = None
    strafe: tuple[str, str] | None = None


def left(self: B5Engine, uid: str) -> int:
    """``uid``'s Guardian levels left (its 'G' boxes marked off the structure)."""
    base = self.units[uid].unit.b5
    return specials.guardian_left(base, self.structure_lost.get(uid, 0)) if base else 0


def bonus(self: B5Engine, target: str, w: B5Weapon) -> int:
    """The Def the Guardian Arrays add to ``target`` against ``w`` now (none against a laser)."""
    return 0 if w.cls is WeaponClass.LASER else self.guard.given.get(target, ("", 0))[1]


def protect(self: B5Engine, shots: list[tuple[str, B5Weapon, str, tuple[str, int, int, int]]]) -> Procedure:
    """Ask each guardian's side for the ``shots`` (firer, weapon, target, aim) about to be rolled."""
    aimed = [s for s in shots if s[1].cls is not WeaponClass.LASER and s[2] in self.at]
    for team in dict.fromkeys(self.units[t].team for _, _, t, _ in aimed):
        force = self.forces[team]
        for g in [u for u in self.side_units(team) if self.units[u].status is Status.PRESENT and u in self.at]:
            levels, sq = left(self, g), force.squadron_of(g)
            if not levels or sq is None:
                continue
            while self.guard.asked.get(g, 0) < levels:
                mine = [t for t in dict.fromkeys(t for _, _, t, _ in aimed) if t in sq.ships
                        and self.guard.given.get(t, (g, 0))[0] == g]
                if not mine:
                    break
                said = yield _ask(self, g, levels, mine, aimed)
                if said == NONE:
                    self.guard.asked[g] = levels
                    self.log.add("ruling", RULE, f"{possessive(self.units[g].unit.name)} Guardian Array protects no "
                                                 "more ships from this fire", {"unit": g})
                    break
                self.guard.asked[g] = self.guard.asked.get(g, 0) + 1
                now = self.guard.given.get(said, (g, 0))[1] + 1
                self.guard.given[said] = (g, now)
                self.log.add("ruling", RULE, f"{possessive(self.units[g].unit.name)} Guardian Array raises "
                                             f"{possessive(self.units[said].unit.name)} Def by {now} against this "
                                             "fire (not against lasers)", {"unit": said})


def _ask(self: B5Engine, g: str, levels: int, mine: list[str],
         aimed: list[tuple[str, B5Weapon, str, tuple[str, int, int, int]]]) -> Question:
    team = self.units[g].team
    level = self.guard.asked.get(g, 0) + 1
    words = {t: _odds(self, t, aimed) for t in mine}
    words[NONE] = "none: leave its other levels unused this time"
    most = max(mine, key=lambda t: sum(1 for s in aimed if s[2] == t))
    q = choose(f"b5/{self.round}/{STEP}", team, RULE,
               f"{self.name(team)}: {possessive(self.units[g].unit.name)} Guardian Array, level {level} of {levels}: "
               "which ship of its squadron does it protect from this fire (Def +1; not against lasers)?",
               [*mine, NONE], default=most)
    return Question(q.key, q.kind, q.to, q.rule, q.text, q.options, data={"option_words": words, "unit": g},
                    check=q.check, default=q.default)


def _odds(self: B5Engine, t: str, aimed: list[tuple[str, B5Weapon, str, tuple[str, int, int, int]]]) -> str:
    """``t``'s name and each shot at it: the fire-control die's chance now and with one more level."""
    raised = self.guard.given.get(t, ("", 0))[1]
    out = []
    for firer, w, target, (die, sensor, penalty, need) in aimed:
        if target != t:
            continue
        face = need + raised - sensor - penalty
        out.append(f"{possessive(self.units[firer].unit.name)} {w.name} {die} needs {face}+ "
                   f"({fire.p_die_at_least(die, face)} a die), protected {face + 1}+ "
                   f"({fire.p_die_at_least(die, face + 1)})")
    return f"{self.units[t].unit.name}: " + "; ".join(out)


def clear(self: B5Engine) -> None:
    """The fire is rolled: the protection ends."""
    self.guard = Guard()
