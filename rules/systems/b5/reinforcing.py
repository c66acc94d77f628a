"""b5 reinforcements held off the board and brought on (seed 003 Reinforcements; design X-05).

"If the roll indicates successful arrival, you must announce this fact, and either place jump
markers or indicate the appropriate board edge. Once the forces actually arrive on the map (on the
following turn), the fleet is integrated into the normal command structure. However, as they have
their own flagship, the loss of the fleet flag will not affect them. For this reason it is
important to keep track of which squadrons are part of the reinforcing fleet."

Read so (docs/b5.md "Reinforcements held off the board"): only units in the Battle Hex take part
(V13.13), so the reinforcing fleet is squadrons of the side's own force, named in secret after
its schedule (never the fleet flagship's squadron) with their own flagship among their command
ships; they are held off the board at deployment. On the roll's success the side announces jump
markers (its group flagship's jump-in hex and the direction the vortices open, scattered as a
jump-in, one vortex a squadron, opened by its first ship with a jump engine) or a board edge; at
the start of the next turn they come through (rules/systems/b5/arriving.py) or on at that edge.
"Never arrives": they stay off, and the log says so. No squadron named: the reinforcements come
from outside the battle, brought on by the GM's override (X-05), as before.
"""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from hexmap import Facing, Label
from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.questions import Question, choose, unit_list
from rules.battlehex.words import possessive
from rules.systems.b5 import command, compat, deploy, jumping
from rules.systems.b5.arriving import arrive
from rules.systems.b5.asking import choose_units, place

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine

Procedure = Generator[Question, Any, None]
RULE = command.REINFORCE_RULE
HELD = compat.HELD
JUMP = "jump markers"
EDGES = ("north edge", "south edge", "west edge", "east edge")
STEPS = ("inbound", "landing", "entry")
"""The turn steps (``b5/{turn}/{step}/...``): a reinforcing vortex chosen, a ship arriving, the entry announced."""


@dataclass(frozen=True, slots=True)
class Group:
    """A side's reinforcing fleet, held off the board until it arrives."""

    squadrons: tuple[str, ...]
    """The command ships of its squadrons."""
    ships: tuple[str, ...]
    flagship: str
    status: str = "pending"
    """pending, arriving (announced), arrived or never."""
    turn: int = 0
    """The turn it arrives on (once announced)."""
    entry: str = ""
    """:data:`JUMP` or one of :data:`EDGES`."""
    aim: Label | None = None
    facing: Facing = Facing.A


def held(self: B5Engine) -> set[str]:
    """The ships held off the board: reinforcements not arrived yet."""
    return jumping.held(self)


def own_flagship(self: B5Engine, uid: str) -> bool:
    """Whether ``uid`` belongs to a reinforcing fleet (its own flagship: the fleet flag's loss does not affect it)."""
    return any(uid in g.ships for g in self.groups.values())


def choose_group(self: B5Engine, team: str) -> Procedure:
    """Which squadrons form ``team``'s reinforcing fleet and its flagship, in secret."""
    force = self.forces[team]
    options = [s.command for s in force.squadrons[1:]]
    if not options:
        return

    def names(x: str) -> str:
        return self.units[x].unit.name

    def check(a: Any) -> list[str]:
        return unit_list(a, options, RULE, names, "choose the command ships of squadrons besides the flagship's")
    key = f"b5/reinforcements/{team}"
    chosen: list[str] = yield _held(choose_units(
        f"{key}/squadrons", team, RULE, f"{self.name(team)}: which of your squadrons form the reinforcing fleet, "
        "held off the board until they arrive (by its command ship; in secret; none: they come from outside this "
        "battle, brought on by the Game Master)", options, check, secret=True, default=[]))
    if not chosen:
        return
    flag = chosen[0]
    if len(chosen) > 1:
        def one(a: Any) -> list[str]:
            picked = unit_list(a, chosen, RULE, names, "choose one of the reinforcing squadrons' command ships")
            if len(picked) != 1:
                raise IllegalAnswer(RULE, f"the reinforcing fleet has one flagship, not {len(picked)}")
            return picked
        flag = (yield _held(choose_units(f"{key}/flagship", team, RULE, f"{self.name(team)}: the reinforcing "
                                         "fleet's own flagship (in secret)", chosen, one, secret=True,
                                         default=chosen[:1])))[0]
    ships = tuple(x for s in force.squadrons if s.command in chosen for x in s.ships)
    self.groups[team] = Group(tuple(chosen), ships, flag)
    self.log.add("ruling", RULE, f"{self.name(team)} holds its reinforcing fleet off the board (in secret): "
                 + ", ".join(names(x) for x in ships) + f"; its own flagship {names(flag)}", visible_to=(team, GM))


def _held(q: Question) -> Question:
    return Question(q.key, q.kind, q.to, q.rule, q.text, q.options, data={**q.data, HELD: True}, check=q.check,
                    default=q.default)


def arriving(self: B5Engine, team: str) -> Procedure:
    """The roll said they arrive next turn: the owner announces jump markers or a board edge."""
    g = self.groups.get(team)
    if g is None or g.status != "pending":
        return
    jumpers = [s for s in g.squadrons if _opener(self, team, s)]
    options = ([JUMP] if len(jumpers) == len(g.squadrons) else []) + list(EDGES)
    said = g.entry  # chosen already: resumed at the jump marker's question
    if not said:
        said = yield _held(choose(f"b5/{self.round}/entry/{team}", team, RULE,
                                  f"{self.name(team)}: your reinforcements arrive next turn: place jump markers, or "
                                  "name the board edge they come on at", options, default=options[0]))
        self.groups[team] = g = replace(g, entry=said)
    aim, facing = None, Facing.A
    if said == JUMP:
        aim, facing = yield _held(place(f"b5/{self.round}/entry/{team}/aim", team, RULE,
                                        f"{self.name(team)}: the jump marker of your reinforcing flagship and the "
                                        "direction the vortices open", self.board, lambda at: "",
                                        {"unit": g.flagship, "role": "jump-in hex"}))
    self.groups[team] = replace(g, status="arriving", turn=self.round + 1, entry=said, aim=aim, facing=facing)
    where = f"jump markers at {aim}, vortices opening {facing.name}" if aim is not None else f"the {said}"
    self.log.add("ruling", RULE, f"{self.name(team)} announces its reinforcements for turn {self.round + 1}: {where}")


def never(self: B5Engine, team: str) -> None:
    """The reinforcements never arrive: the held ships stay off the board."""
    g = self.groups.get(team)
    if g is None:
        return
    self.groups[team] = replace(g, status="never")
    self.log.add("ruling", RULE, f"{possessive(self.name(team))} reinforcing fleet stays off the board for the rest "
                 "of the battle: " + ", ".join(self.units[x].unit.name for x in g.ships))


def _opener(self: B5Engine, team: str, command_ship: str) -> str:
    s = next(s for s in self.forces[team].squadrons if s.command == command_ship)
    return next((x for x in s.ships if self.data(x).jump_engine), "")


def turn_start(self: B5Engine, at: str) -> Procedure:
    """A turn's start: a secondary jump point forming (``at``: resumed at its ``vortex`` or ``arrive``
    question), then reinforcements announced last turn (at their ``inbound`` or ``landing``)."""
    if at in ("", "vortex", "arrive"):
        yield from jumping.secondary(self, at)
        at = ""
    yield from arrival(self, at)


def arrival(self: B5Engine, step: str = "") -> Procedure:
    """At the start of the turn announced: the reinforcements come through their vortices or on at
    their edge (``step``: resumed at the pending ``inbound`` or ``landing`` question, :attr:`placing`'s ship)."""
    for team, g in sorted(self.groups.items()):
        if g.status != "arriving" or g.turn != self.round:
            continue
        uid = self.placing[0] if step and self.placing else ""
        prefix = f"b5/{self.round}"
        if g.entry == JUMP and g.aim is not None:
            openers = [_opener(self, team, s) for s in g.squadrons]
            flag = next(x for x in openers if x in g.ships and _squad(self, team, x) == g.flagship)
            if step != "landing":
                if not step:
                    self.log.add("ruling", RULE, f"{possessive(self.name(team))} reinforcements jump in")
                yield from jumping.vortices(self, team, openers, flag, g.aim, g.facing, at=uid if step == "inbound"
                                            else "", key=f"{prefix}/inbound", what="the reinforcing flagship")
            yield from arrive(self, team, openers, at=uid if step == "landing" else "", key=f"{prefix}/landing")
        else:
            yield from _edge(self, team, g, uid if step == "landing" else "")
        self.groups[team] = replace(g, status="arrived")
        step = ""


def _squad(self: B5Engine, team: str, uid: str) -> str:
    s = self.forces[team].squadron_of(uid)
    return s.command if s is not None else ""


def on_edge(self: B5Engine, edge: str, at: Label) -> bool:
    b = self.board
    return {"north edge": at.row == 1, "south edge": at.row == b.rows, "west edge": at.col == 1,
            "east edge": at.col == b.cols}[edge]


def _edge(self: B5Engine, team: str, g: Group, at: str) -> Procedure:
    """Each ship placed on the board edge announced, at its speed."""
    ships = list(g.ships)
    for uid in ships[ships.index(at) if at else 0:]:
        name = self.units[uid].unit.name
        self.placing = (uid, deploy.Place("edge:" + g.entry))

        def why(to: Label, name: str = name) -> str:
            return "" if on_edge(self, g.entry, to) else f"{name} comes on at the {g.entry}, not at {to}"
        where, facing = yield place(f"b5/{self.round}/landing/{uid}", team, RULE,
                                    f"{self.name(team)}: {name} comes on at the {g.entry}", self.board, why,
                                    {"unit": uid, "role": "reinforcement"})
        self.placing = None
        self.at[uid], self.facing[uid], self.speed[uid] = where, facing, self.data(uid).speed
        self.log.add("ruling", RULE, f"{name} comes on at {where}, facing {facing.name}",
                     {"unit": uid, "at": str(where)})


def edge_hexes(self: B5Engine, role: str) -> list[Label]:
    """The hexes of the edge a reinforcement comes on at (the panel's legal hexes; ``any``: all)."""
    if role == "any":
        return list(self.board.labels)
    edge = role.split(":", 1)[1]
    return [x for x in self.board.labels if on_edge(self, edge, x)]
