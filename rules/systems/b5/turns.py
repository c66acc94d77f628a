"""A b5 turn plotted and moved by the engine: each side's secret plots, checked (the command
ship's route against every ship of its squadron and the board's edge), revealed and run (the
others keep their formation places around their command ship), and the ships out of command at
the turn's end. Fire, damage and morale stay at the table."""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from hexmap import Facing, Hex, Label
from hexmap.labels import axial_to_offset
from rules.battlehex.log import IllegalAnswer, shown
from rules.battlehex.questions import QKind, Question
from rules.battlehex.roster import Status
from rules.errors import RuleError
from rules.systems.b5 import command, deploy, movement
from rules.systems.b5.force import Squadron
from rules.systems.b5.movement import Plot

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine

Procedure = Generator[Question, Any, None]


def _label(h: Hex) -> Label:
    col, row = axial_to_offset(h)
    return Label(col, row)


def plotted_turn(self: B5Engine) -> Procedure:
    """Each side plots each squadron's move in secret; the plots are checked (the command ship's
    route, against every ship of the squadron and the board), revealed, and run pulse by pulse;
    the ships beyond their command ship's radius at the end are named out of command."""
    for team in (self.defender, self.attacker):
        for s in self.live_squadrons(team):
            if s.command not in self.plots:  # (resumed at a later plot: those given are kept)
                self.plots[s.command] = yield plot_question(self, team, s)
    squadrons = {s.command: s for t in (self.defender, self.attacker) for s in self.live_squadrons(t)}
    plots = {cmd: (squadrons[cmd], plot) for cmd, plot in self.plots.items()}
    for cmd, (s, plot) in plots.items():
        self.log.add("ruling", movement.RULE, f"squadron {s.name} ({self.name(self.units[cmd].team)}) plotted "
                                              f"{movement.plot_text(plot)}")
    for cmd, (s, plot) in plots.items():
        for uid, path in paths(self, s, plot).items():
            on = [(h, f) for h, f in path if self.board.on(_label(h))]
            end, facing = on[-1] if on else (deploy.hex_of(self.at[uid]), self.facing[uid])
            if len(on) < len(path):  # only a GM ruling lets a plot off the board: the ship stops at its edge
                self.log.add("ruling", movement.RULE, f"{self.units[uid].unit.name} stops at the board's edge")
            self.at[uid], self.facing[uid] = _label(end), facing
            self.speed[uid] = max(0, self.speed.get(uid, 0) + plot.delta)
        self.log.add("ruling", movement.RULE, f"squadron {s.name}'s command ship ends turn {self.round} at "
                                              f"{self.at[cmd]}, facing {self.facing[cmd].name}, speed "
                                              f"{self.speed[cmd]}", {"unit": cmd, "at": str(self.at[cmd])})
    self.out_of_command = set()
    for team in (self.defender, self.attacker):
        for s in self.live_squadrons(team):
            far = command.out_of_command(self.at[s.command], {x: self.at[x] for x in s.members if x in self.at
                                                              and self.units[x].status is Status.PRESENT},
                                         self.ring(s.command))
            self.out_of_command.update(far)
            if far:
                self.log.add("ruling", command.RULE, "out of command next turn (beyond "
                             f"{self.ring(s.command)} hexes of their command ship): "
                             + ", ".join(self.units[x].unit.name for x in far))


def paths(self: B5Engine, s: Squadron, plot: Plot) -> dict[str, list[tuple[Hex, Facing]]]:
    """Where each ship of squadron ``s`` (and the flagship's escorts) is at each pulse's end: the
    command ship on its plotted route, the others in formation around it."""
    cmd = s.command
    force = self.forces[self.units[cmd].team]
    start, facing = deploy.hex_of(self.at[cmd]), self.facing[cmd]
    route = movement.run_plot(start, facing, plot)
    out = {cmd: route}
    for uid in (*s.members, *(force.escorts if cmd == force.flagship else ())):
        if uid in self.at and self.units[uid].status is Status.PRESENT:
            out[uid] = movement.in_formation(start, facing, deploy.hex_of(self.at[uid]), self.facing[uid], route)
    return out


def plot_question(self: B5Engine, team: str, s: Squadron) -> Question:
    """A side's secret plot for squadron ``s``, checked against its ships and the board."""
    rule = movement.RULE
    cmd = s.command
    speed = self.speed.get(cmd, 0)
    ships = [(self.units[x].unit.name, self.data(x)) for x in s.ships if self.units[x].status is Status.PRESENT]

    def check(a: Any) -> Plot:
        if not isinstance(a, str):
            raise IllegalAnswer(rule, f"a plot such as \"FF FLF FF\" (three pulses), not {shown(a)}")
        try:
            plot = movement.parse_plot(a)
            movement.check_plot(plot, speed, ships)
            for uid, path in paths(self, s, plot).items():
                for p, (h, _f) in enumerate(path, start=1):
                    if not self.board.on(_label(h)):
                        raise RuleError(rule, f"{self.units[uid].unit.name} would leave the board in pulse {p}")
        except RuleError as e:
            raise IllegalAnswer(e.rule, e.message) from None
        return plot
    moves = "/".join(str(n) for n in movement.pulse_moves(speed))
    return Question(f"b5/{self.round}/plot/{cmd}", QKind.LABEL, team, rule,
                    f"{self.name(team)}: plot squadron {s.name}'s move for turn {self.round} (in secret; speed "
                    f"{speed}: {moves} hexes; F ahead, L/R turn, l/r slip, - none; +2@1 to accelerate)",
                    data={"secret": True, "plot": cmd, "speed": speed}, check=check, parse=_form)


def _form(a: Any) -> Plot:
    """A plot's form only (a GM ruling overrules the rules, never the form)."""
    if not isinstance(a, str):
        raise IllegalAnswer(movement.RULE, f"a plot such as \"FF FLF FF\" (three pulses), not {shown(a)}")
    try:
        return movement.parse_plot(a)
    except RuleError as e:
        raise IllegalAnswer(e.rule, e.message) from None
