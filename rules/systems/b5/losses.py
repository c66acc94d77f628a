"""b5 command losses (seed 003 Out of Command): a squadron whose command ship was destroyed
fires at 50% the next turn, a fleet whose flagship was destroyed at 75% (both: 0.75 then 0.5,
rounded up at the end); at the turn's end the ship with the highest command rating takes the
squadron, and the squadron commander with the highest command rating becomes the flagship."""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from rules.battlehex.roster import Status
from rules.systems.b5 import command
from rules.systems.b5.force import Squadron

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine

RULE = command.RULE


def x_rating(self: B5Engine, firer: str, x: int) -> int:
    """The 'x' rating ``firer`` fires a weapon of ``x`` at this turn."""
    team = self.units[firer].team
    sq = self.forces[team].squadron_of(firer)
    last = self.round - 1
    commander_lost = sq is not None and self.lost_commands.get(sq.name) == last
    flagship_lost = self.lost_flagship.get(team) == last
    return command.rating(x, out_of_command=firer in self.out_of_command, commander_lost=commander_lost,
                          flagship_lost=flagship_lost)


def succession(self: B5Engine) -> None:
    """The turn's end: new squadron commanders and flagships for those destroyed."""
    for team, force in list(self.forces.items()):
        squadrons = []
        flagship = force.flagship
        for s in force.squadrons:
            if self.units[s.command].status is Status.PRESENT:
                squadrons.append(s)
                continue
            left = [x for x in s.members if self.units[x].status is Status.PRESENT]
            if not left:
                squadrons.append(s)
                continue
            new = max(left, key=lambda x: (self.data(x).command_rating, -left.index(x)))
            self.lost_commands[s.name] = self.round
            if s.command == flagship:
                self.lost_flagship[team] = self.round
            self.log.add("ruling", RULE, f"{self.units[new].unit.name} takes command of squadron {s.name}")
            squadrons.append(Squadron(s.name, new, tuple(x for x in s.members if x != new)))
            if s.command == flagship:
                flagship = new
        if self.units[flagship].status is not Status.PRESENT:
            commanders = [s.command for s in squadrons if self.units[s.command].status is Status.PRESENT]
            if commanders:
                flagship = max(commanders, key=lambda x: (self.data(x).command_rating, -commanders.index(x)))
                self.lost_flagship[team] = self.round
        if flagship != force.flagship:
            self.log.add("ruling", RULE, f"{self.units[flagship].unit.name} is {self.name(team)}'s flagship now")
        self.forces[team] = dataclasses.replace(force, squadrons=tuple(squadrons), flagship=flagship)
