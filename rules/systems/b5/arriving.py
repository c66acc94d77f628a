"""Seed 003 jump-in: the squadrons coming through their vortices (Jump-In Scenarios).

"A single jump point will allow one full squadron to pass through it a turn. The ship that opened
the gate must be the last ship to move through the gate. As soon as the ship that opened the gate
moves through it, the gate will close. Ships from a single squadron can only enter through a gate
opened by a ship in their squadron. A single squadron can use multiple gates to enter the battle
area. ... After jumping in, all ships within a single squadron must be within 2 hexes of the
squadron command ship after all movement is completed."

Read so (docs/b5.md "Jump-in", "A squadron through several vortices"): a squadron has one vortex
for each of its ships that opened one. Each of its ships comes through one of them: an opener
through its own, last (it closes behind it); any other ship through any of them, all still open
then. The command ship stands at the hex of the vortex it came through (its first point of
movement): its own if it opened one, else the one of its squadron's the attacker places it on.
Every other ship stands within 2 hexes of the command ship, wherever its own vortex formed.
"""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from hexmap import Label
from rules.battlehex.questions import Question
from rules.battlehex.words import possessive
from rules.systems.b5 import compat, deploy, jump
from rules.systems.b5.asking import place
from rules.systems.b5.deploy import Place
from rules.systems.b5.force import Force, Squadron

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine

Procedure = Generator[Question, Any, None]
FORMATION = 2
"""After jumping in, every ship of a squadron within 2 hexes of its command ship."""


def gates(self: B5Engine, squadron: Squadron) -> dict[str, Label]:
    """The squadron's vortices: each of its ships that opened one -> where it formed."""
    return {x: self.vortices[x] for x in squadron.ships if x in self.vortices}


def entries(self: B5Engine, uid: str) -> list[Label]:
    """The hexes command ship ``uid`` may come through at: its own vortex if it opened one, else
    any of its squadron's (once each, in the squadron's order)."""
    s = self.forces[self.units[uid].team].squadron_of(uid)
    own = gates(self, s) if s is not None else {}
    if not compat.several_vortices(self.state.record.era):  # a battle begun before: its first answered
        plan = self.jump_plan
        return [next(own[x] for x in (plan.openers if plan is not None else ()) + tuple(own) if x in own)]
    return [own[uid]] if uid in own else list(dict.fromkeys(own.values()))


def order(force: Force, openers: list[str]) -> list[tuple[Squadron, str]]:
    """Who comes through, in turn: squadron by squadron (those with an opener in ``openers``), the
    ships that opened no vortex first (the command ship first among them), then the openers, each
    the last through its own vortex; the flagship's escorts after its squadron."""
    steps: list[tuple[Squadron, str]] = []
    for s in (s for s in force.squadrons if any(x in s.ships for x in openers)):
        ships = [x for x in s.ships if x not in openers] + [x for x in s.ships if x in openers]
        steps += [(s, x) for x in ships] + [(s, e) for e in (force.escorts if s.command == force.flagship else ())]
    return steps


def arrive(self: B5Engine, team: str, openers: list[str], at: str = "", key: str = "b5/arrive") -> Procedure:
    """Each squadron of ``team`` with an opener in ``openers`` jumps in through its vortices (the
    module's reading), every ship facing the direction the vortices open; ``at``: resumed at that
    ship's arrival; ``key``: the questions' keys."""
    rule = jump.RULE
    force = self.forces[team]
    steps = order(force, openers)
    first = next(i for i, (_s, x) in enumerate(steps) if x == at) if at else 0
    for s, _ in steps:
        self.air.jumped[s.command] = max(self.round, 1)  # (the main jump-in is before turn 1's question)
    for s, uid in steps[first:]:
        if uid in force.escorts:
            yield from self._place(team, uid, Place("escort", self.at[force.flagship]), rule, "escort of the flagship")
            self.speed[uid] = self.data(uid).speed
            continue
        own = gates(self, s)
        name = self.units[uid].unit.name
        hexes = entries(self, s.command)
        if uid == s.command:
            p = Place("entry", hexes[0])
        else:  # the command ship came through already, or comes last through its own vortex
            p = Place("jumped", self.at[s.command] if s.command in self.at else hexes[0])
        self.placing = (uid, p)

        def why(to: Label, name: str = name, p: Place = p, hexes: list[Label] = hexes) -> str:
            if p.role == "entry":
                return "" if to in hexes else (f"{name} commands its squadron: it enters at its vortex, {hexes[0]}"
                                               if len(hexes) == 1 else f"{name} commands its squadron: it enters at "
                                               f"one of its squadron's vortices, {' or '.join(map(str, hexes))}")
            assert p.anchor is not None
            far = deploy.distance(p.anchor, to)
            return "" if far <= FORMATION else (f"after jumping in, {name} is within {FORMATION} hexes of its "
                                                f"command ship at the vortex {p.anchor}, not {far}")
        where, facing = yield place(f"{key}/{uid}", team, rule, f"{self.name(team)}: {name} jumps in "
                                    f"(squadron {s.name}), facing {self.jump_facing.name} as the vortices open",
                                    self.board, why, {"unit": uid, "role": "command" if p.role == "entry" else p.role},
                                    facing=self.jump_facing)
        self.placing = None
        self.at[uid], self.facing[uid], self.speed[uid] = where, facing, self.data(uid).speed
        self.log.add("ruling", rule, f"{name} jumps in at {where}" + _through(self, uid, where, own),
                     {"unit": uid, "at": str(where)})


def _through(self: B5Engine, uid: str, where: Label, own: dict[str, Label]) -> str:
    """The vortex named in the log when the squadron has more than one: the one the command ship
    stands on, or an opener's own (it closes behind it); a ship that opened none comes through any
    of them, all still open, and stands within 2 hexes of its command ship."""
    if len(own) < 2 or not compat.several_vortices(self.state.record.era):
        return ""
    if uid in own:
        return f", the last through its own vortex at {own[uid]}, which closes"
    by = next((x for x in own if own[x] == where), None)
    return f", through {possessive(self.units[by].unit.name)} vortex" if by is not None else ""
