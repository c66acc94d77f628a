"""A withdrawing b5 squadron jumping out of the battle through a vortex one of its own ships opens
(seed 003 Jump-In Scenarios: "ships arrive on the map (and later leave it) using their jump drives";
"A single jump point will allow one full squadron to pass through it a turn. The ship that opened
the gate must be the last ship to move through the gate. As soon as the ship that opened the gate
moves through it, the gate will close. Ships from a single squadron can only enter through a gate
opened by a ship in their squadron"). The seed says no more of leaving so; our reading (docs/b5.md
"Jumping out"): only a withdrawing squadron leaves the battle, and it may jump out instead of moving
when a ship of it has a jump engine. Its plot is ``jump``: the opener (its command ship if that has
a jump engine, else the first of its ships that has one) opens a vortex in the hex ahead of it when
the plots are revealed; the squadron holds its place the whole turn (it spends the turn going
through: fired at, and firing, as any ship on the board), and at the turn's end, after the third
pulse's fire, its ships go through, the opener last, and the vortex closes. Each ship must be within
2 hexes of the vortex when it is plotted (a jump-in's squadron is within 2 of its command ship after
jumping in). A ship destroyed during the turn does not leave; if the opener is, the vortex collapses
and the others stay, still withdrawing. The ships that left are retreated, named "jumped out" in the
results written back."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from hexmap import Label
from hexmap.labels import axial_to_offset
from rules.battlehex.roster import Status
from rules.errors import RuleError
from rules.systems.b5 import deploy
from rules.systems.b5.force import Squadron
from rules.systems.b5.movement import Plot

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine

RULE = "B5 Jump-In Scenarios"
WORD = "jump"
"""The plot answer that jumps the squadron out."""
PLOT = Plot(("", "", ""), relative=True, jump=True)
"""A jumping squadron's plot: each ship holds its place (its speed kept) for the three pulses."""
REACH = 2
"""Each ship of the squadron within 2 hexes of the vortex."""


@dataclass
class Exits:
    """The engine's jumps out: this turn's open vortices, the ships that went through."""

    open: dict[str, tuple[str, Label]] = field(default_factory=dict)
    """Command ship -> its opener and the vortex's hex, from the plots' reveal to the turn's end."""
    gone: set[str] = field(default_factory=set)
    boxed: dict[str, bool] = field(default_factory=dict)
    """``turn/command ship`` -> whether no plot keeps that withdrawing squadron from closing or standing
    still this turn (rules/systems/b5/withdrawal.held_to: found once, on its first refusal)."""


READING = "our reading: a withdrawing squadron's own vortex, the whole turn to go through, the opener last"


def ships(self: B5Engine, s: Squadron) -> list[str]:
    """The ships of ``s`` on the board (and the flagship's escorts, who go with the flag squadron)."""
    force = self.forces[self.units[s.command].team]
    return [x for x in (s.command, *s.members, *(force.escorts if s.command == force.flagship else ()))
            if x in self.at and self.units[x].status is Status.PRESENT]


def opener(self: B5Engine, s: Squadron) -> str:
    """The ship of ``s`` that opens its vortex: its command ship if that has a jump engine, else the
    first of its ships that has one ("" when none has)."""
    return next((x for x in ships(self, s) if self.data(x).jump_engine), "")


def vortex_at(self: B5Engine, uid: str) -> Label:
    """The hex ahead of ship ``uid``, where its vortex opens."""
    col, row = axial_to_offset(deploy.hex_of(self.at[uid]) + self.facing[uid].vector)
    return Label(col, row)


def check(self: B5Engine, s: Squadron) -> tuple[str, Label]:
    """The opener and the vortex's hex of ``s`` jumping out this turn, or ``RuleError`` naming why it
    may not."""
    if s.name not in self.withdrawing:
        raise RuleError(RULE, f"squadron {s.name} is not withdrawing: only a withdrawing squadron leaves the "
                              f"battle, by a jump point or off the board ({READING})")
    who = opener(self, s)
    if not who:
        raise RuleError(RULE, f"no ship of squadron {s.name} has a jump engine: it cannot open a jump point "
                              "(\"Ships from a single squadron can only enter through a gate opened by a ship in "
                              "their squadron\"); it leaves off the board")
    at = vortex_at(self, who)
    name = self.units[who].unit.name
    if not self.board.on(at):
        raise RuleError(RULE, f"{name} would open its vortex off the board, ahead of it: turn it first")
    for x in ships(self, s):
        far = deploy.distance(self.at[x], at)
        if far > REACH:
            raise RuleError(RULE, f"{self.units[x].unit.name} is {far} hexes from the vortex {name} would open at {at}: "
                                  f"a squadron jumps out whole, each ship within {REACH} hexes of its vortex ({READING})")
    return who, at


def open_vortex(self: B5Engine, s: Squadron) -> None:
    """The plots revealed: the vortex of ``s`` opens (logged, drawn until the turn's end)."""
    who, at = check(self, s)
    self.exits.open[s.command] = (who, at)
    self.log.add("ruling", RULE, f"{self.units[who].unit.name} opens a jump point at {at}: squadron {s.name} "
                                 f"jumps out through it at the turn's end ({READING})",
                 {"unit": who, "at": str(at)})


def leave(self: B5Engine) -> None:
    """The third pulse's fire done: each squadron whose vortex is open goes through, the opener last,
    and the vortex closes (its opener destroyed: it collapsed, the others stay)."""
    for cmd, (who, at) in sorted(self.exits.open.items()):
        s = self.forces[self.units[cmd].team].squadron_of(cmd)
        opener_name = self.units[who].unit.name
        if self.units[who].status is not Status.PRESENT or s is None:
            self.log.add("ruling", RULE, f"turn {self.round}: the vortex at {at} collapses, {opener_name} lost: "
                                         "no ship jumps out", {"at": str(at)})
            continue
        going = [x for x in ships(self, s) if x != who] + [who]
        for x in going:
            self.units[x].status = Status.RETREATED
            self.out_of_command.discard(x)
            self.exits.gone.add(x)
        self.log.add("ruling", RULE, f"turn {self.round}: " + ", ".join(self.units[x].unit.name for x in going)
                     + f" jump out through the vortex at {at}, {opener_name} last: out of the battle, retreated; "
                       "the vortex closes", {"at": str(at)})
    self.exits.open = {}
