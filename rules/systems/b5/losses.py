"""b5 command losses (seed 003 Out of Command): a squadron whose command ship was destroyed
fires at 50% the next turn, a fleet whose flagship was destroyed at 75% (both: 0.75 then 0.5,
rounded up at the end); at the turn's end the ship with the highest command rating takes the
squadron, and the squadron commander with the highest command rating becomes the flagship. And
the battle's end: the units the GM enters as destroyed or captured (written back)."""
from __future__ import annotations

import dataclasses
from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from rules.battlehex.log import GM
from rules.battlehex.questions import Question, unit_list
from rules.battlehex.roster import Status
from rules.battlehex.words import possessive
from rules.model.visibility import listed
from rules.systems.b5 import abilities, command
from rules.systems.b5.asking import choose_units
from rules.systems.b5.force import Squadron

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine

RULE = command.RULE
RESULT_RULE = "B5 Check for Victory"  # seed 003: the turn's last step; the GM enters the losses
RESULT_STEPS = ("destroyed", "captured")


def x_rating(self: B5Engine, firer: str, x: int) -> int:
    """The 'x' rating ``firer`` fires a weapon of ``x`` at this turn."""
    team = self.units[firer].team
    sq = self.forces[team].squadron_of(firer)
    last = self.round - 1
    commander_lost = sq is not None and self.lost_commands.get(sq.name) == last
    outside = sq is not None and (sq.name in self.detached  # outside the fleet network: 25% less, always
                                  or sq.name in self.net.outside.get(team, ()))  # or a new flagship's, until room
    own_flag = any(firer in g.ships for g in self.groups.values())  # reinforcements: their own flagship
    flagship_lost = self.lost_flagship.get(team) == last and not own_flag or outside
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
            spared = abilities.rapid_net(self, s.command)
            if not spared:
                self.lost_commands[s.name] = self.round
            if s.command == flagship:
                self.lost_flagship[team] = self.round
            others = [x for x in left if x != new]
            room = abilities.capacity(self, new)
            kept, extra = others[:room], others[room:]
            words, apart = "", None
            if extra and "improved command network" in abilities.bought(self, s.command):
                own = max(extra, key=lambda x: (self.data(x).command_rating, -extra.index(x)))
                name = f"{s.name} (detached)"
                apart = Squadron(name, own, tuple(x for x in extra if x != own))
                self.detached.add(name)
                if not spared:
                    self.lost_commands[name] = self.round
                words = (f": {', '.join(self.units[x].unit.name for x in extra)} a squadron of its own, {name}, "
                         f"commanded by {self.units[own].unit.name}, at 75% firepower (Improved Command Network)")
            elif extra:  # they keep their places in the formation (they move with it), out of command
                self.cut_off.update(extra)
                kept = others
                words = f": {', '.join(self.units[x].unit.name for x in extra)} out of command for the rest of the battle"
            self.log.add("ruling", RULE, f"{self.units[new].unit.name} takes command of squadron {s.name}"
                         + (f" (command rating {room})" if extra else "") + words)
            squadrons += [Squadron(s.name, new, tuple(kept))] + ([apart] if apart else [])
        if self.units[flagship].status is not Status.PRESENT:  # "chosen from the squadron commander with the
            # highest command rating" (the flag squadron's new commander among them, first on a tie)
            commanders = [s.command for s in squadrons if self.units[s.command].status is Status.PRESENT]
            if commanders:
                flagship = max(commanders, key=lambda x: (self.data(x).command_rating, -commanders.index(x)))
                self.lost_flagship[team] = self.round
        if flagship != force.flagship:
            self.log.add("ruling", RULE, f"{self.units[flagship].unit.name} is {possessive(self.name(team))} "
                                         f"flagship now")
        self.forces[team] = dataclasses.replace(force, squadrons=tuple(squadrons), flagship=flagship)


def results(self: B5Engine, first: int = 0) -> Generator[Question, Any, None]:
    """The GM's results, from step ``first`` of :data:`RESULT_STEPS`."""
    off = {x for g in self.groups.values() if g.status != "arrived" for x in g.ships}  # reinforcements held off
    left = [x for x, u in self.units.items() if u.status is Status.PRESENT and x not in off]
    for status, verb in (("destroyed", "were destroyed"), ("captured", "were captured"))[first:]:
        def check(a: Any, verb: str = verb, options: list[str] = list(left)) -> list[str]:
            return unit_list(a, options, RESULT_RULE, lambda x: self.units[x].unit.name,
                             f"choose the units that {verb} among")
        chosen = yield choose_units(f"b5/results/{status}", GM, RESULT_RULE,
                                    f"Game Master: which units {verb}? (none: no unit ticked)", left, check)
        for uid in chosen:
            self.units[uid].status = Status.DESTROYED if status == "destroyed" else Status.CAPTURED
        left = [x for x in left if x not in chosen]
    named = {x: listed(u.unit.name for u in self.units.values() if u.status.value == x)  # names, not counts: a
             for x in RESULT_STEPS}  # viewer's version takes the hidden ones out (issue 23; a count told of them)
    gone = [u.unit.name for x, u in self.units.items() if u.status is Status.RETREATED and x not in self.exits.gone]
    if gone:  # withdrawing ships that left the board (rules/systems/b5/withdrawal.py): not destroyed
        named[Status.RETREATED.value] = listed(gone)
    jumped = [u.unit.name for x, u in self.units.items() if u.status is Status.RETREATED and x in self.exits.gone]
    if jumped:  # withdrawing ships that jumped out (rules/systems/b5/jumpout.py): retreated too, in the campaign
        named["jumped out"] = listed(jumped)
    if off:  # reinforcements that never arrived, or not yet: they took no part
        named["reinforcements not arrived"] = listed(self.units[x].unit.name for x in self.units if x in off)
    st = self.state
    fought = self.round - 1  # the results are entered at the start of a turn not fought
    st.resolution = (f"Babylon 5 Fleet Action, {fought} turn{'s' if fought != 1 else ''} fought: "
                     + "; ".join(f"{s}: {n}" for s, n in named.items()))
    st.resolved = True
    self.log.add("ruling", RESULT_RULE, f"Battle Hex {st.record.at} resolved: {st.resolution}")
