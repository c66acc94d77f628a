"""A b5 turn plotted and moved by the engine: each side's secret plots, checked (the command
ship's route against every ship of its squadron and the board's edge), each maybe with the
squadron commander's once-per-turn shift of one ship, revealed and run (the others keep their
formation places around their command ship), and the ships out of command at the turn's end."""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from hexmap import Facing, Hex, Label
from hexmap.labels import axial_to_offset
from rules.battlehex.log import IllegalAnswer, shown
from rules.battlehex.questions import QKind, Question
from rules.battlehex.roster import Status
from rules.battlehex.words import possessive
from rules.errors import RuleError
from rules.systems.b5 import (abilities, command, deploy, dogfight, drift, elint, emines, firing, fleet, flights, flying,
                              guardian, marking, movement, tractor)
from rules.systems.b5 import jumpout, withdrawal
from rules.systems.b5.force import Squadron
from rules.systems.b5.movement import Plot

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine

Procedure = Generator[Question, Any, None]
Shift = tuple[str, Label]
"""A squadron commander's once-per-turn order: the ship shifted and where to."""
SHIFT = "shift"
SHIFT_RULE = "B5 Movement of a Squadron"


def _label(h: Hex) -> Label:
    col, row = axial_to_offset(h)
    return Label(col, row)


def plotted_turn(self: B5Engine) -> Procedure:
    """Each side plots each squadron's move in secret, and gives its ELINT ships' orders
    (rules/systems/b5/elint.py); the plots are checked (the command ship's
    route, against every ship of the squadron and the board) and revealed; each ship's place at
    each pulse's end is kept for :func:`move_pulse`. In a jump-in's first turn the defender does
    not plot (:func:`responding`): the attacker's plots are revealed first."""
    respond = responding(self)
    yield from fleet.first_pulse(self)  # a flagship lost last turn: the enemy's pulse
    for team in (self.attacker, self.defender) if respond else (self.defender, self.attacker):
        if respond and team == self.defender:
            _reveal(self, self.attacker)  # the vortices form: the defender answers what it sees
        for s in self.live_squadrons(team):
            if s.command not in self.plots:  # (resumed at a later plot: those given are kept)
                plot, shift = yield plot_question(self, team, s, secret=not (respond and team == self.defender))
                self.plots[s.command] = plot
                if shift is not None:
                    self.shifts[s.command] = shift
        for uid in elint.ships(self, team):
            if uid not in self.elint:
                self.elint[uid] = yield elint.question(self, uid)
        yield from flights.orders(self, team, secret=not (respond and team == self.defender))
    yield from emines.launch(self)
    _reveal(self)
    fleet.reveal(self)
    elint.reveal(self)
    flights.reveal(self)
    self.pulse = 0


def responding(self: B5Engine) -> bool:
    """The defender's first turn of a jump-in, which it does not plot (Jump-In Scenarios: "during
    this turn the defending player does not need to plot the movement of his squadron
    commanders"; he "has a chance to respond as the vortices form")."""
    return self.scenario == "jump-in" and self.round == 1


def _reveal(self: B5Engine, team: str = "") -> None:
    """The plots given and not yet revealed (``team``: that side's only): logged, the shifts made,
    each ship's route kept."""
    squadrons = {s.command: s for t in (self.defender, self.attacker) for s in self.live_squadrons(t)}
    for cmd, plot in self.plots.items():
        if cmd in self.routes or team and self.units[cmd].team != team:
            continue
        s = squadrons[cmd]
        self.log.add("ruling", movement.RULE, f"squadron {s.name} ({self.name(self.units[cmd].team)}) plotted "
                                              f"{movement.plot_text(plot)}")
        late = fleet.late_shift(self, cmd) if cmd in self.shifts else 0
        if cmd in self.shifts and not late:
            uid, to = self.shifts[cmd]
            self.log.add("ruling", SHIFT_RULE, f"squadron {possessive(s.name)} commander shifts "
                                               f"{self.units[uid].unit.name} "
                                               f"from {self.at[uid]} to {to}, before any ship moves",
                         {"unit": uid, "at": str(to)})
            self.at[uid] = to
        if plot.jump:  # its vortex opens; it holds its place and goes through at the turn's end
            jumpout.open_vortex(self, s)
        self.routes.update({uid: tuple(path) for uid, path in paths(self, s, plot).items()})
        if late:  # its enemy's flagship lost: the shift is made in the pulse that enemy moves first, after it
            uid = self.shifts[cmd][0]
            moved = paths(self, s, plot, self.shifts[cmd])[uid]
            self.routes[uid] = self.routes[uid][:late - 1] + tuple(moved[late - 1:])


def move_order(self: B5Engine) -> list[str]:
    """The command ships of the squadrons that move this pulse, in the seed's order: the defender
    first on odd turns, the attacker on even ones, alternating evened out; within a side, the
    movement priorities (out of command first; the squadrons' own order among equals)."""
    first = (self.defender, self.attacker) if self.round % 2 else (self.attacker, self.defender)
    sides = []
    for team in first:
        live = [s for s in self.forces[team].squadrons if s.command in self.plots and s.command in self.at
                and self.units[s.command].status in (Status.PRESENT, Status.RETREATED)]  # its command ship off
        # the board (withdrawal.leave), the others still on it follow their routes out
        late = [movement.priority(out_of_command=any(x in self.out_of_command for x in s.ships),
                                  lost_ship=self.struck.get(s.name) == 2, damaged=self.struck.get(s.name, 0) >= 1,
                                  elint=elint.supported(self, s), fired_on=s.name in self.struck)
                for s in live]
        sides.append([s.command for _p, _i, s in sorted((p, i, s) for i, (p, s) in enumerate(zip(late, live)))])
    out: list[str] = []
    for side, n in movement.alternation(len(sides[0]), len(sides[1])):
        out += sides[side][:n]
        sides[side] = sides[side][n:]
    lead = fleet.first_in(self, self.pulse)  # a flagship lost: that side moves all its ships first
    return sorted(out, key=lambda c: self.units[c].team != lead) if lead else out


def move_pulse(self: B5Engine) -> None:
    """Every squadron moves to its place at the end of pulse :attr:`B5Engine.pulse`, in
    :func:`move_order`."""
    p = self.pulse
    for cmd in move_order(self):
        s = self.forces[self.units[cmd].team].squadron_of(cmd)
        assert s is not None
        fleet.shift_made(self, cmd, s.name, p)
        for uid in paths_of(self, s):
            path = self.routes[uid]
            h, f = path[p - 1]
            if self.units[uid].status is not Status.PRESENT:  # left the board in an earlier pulse
                continue
            if not self.board.on(_label(h)) and s.name in self.withdrawing:  # withdrawing: it leaves the battle
                withdrawal.leave(self, uid, p)
                continue
            if not self.board.on(_label(h)):  # only a GM ruling lets a plot off the board: it stops at its edge
                if p == 1 or self.board.on(_label(path[p - 2][0])):
                    self.log.add("ruling", movement.RULE, f"{self.units[uid].unit.name} stops at the board's edge")
                if p == 3 and withdrawal.away(self):  # its plotted speed change made (before era 4 it kept its
                    self.speed[uid] = max(0, self.speed.get(uid, 0) + self.plots[cmd].delta)  # speed at the edge)
                continue
            self.at[uid], self.facing[uid] = _label(h), f
            if p == 3:
                self.speed[uid] = max(0, self.speed.get(uid, 0) + self.plots[cmd].delta)
        if self.units[cmd].status is not Status.PRESENT:
            continue
        self.log.add("ruling", movement.RULE, f"turn {self.round} pulse {p}: squadron {possessive(s.name)} "
                                              + ("command ship holds at " if self.plots[cmd].jump else
                                                 "command ship moves to ")  # jumping out: it goes through at the end
                                              + f"{self.at[cmd]}, facing {self.facing[cmd].name}"
                     + (f", speed {self.speed[cmd]}" if p == 3 else ""), {"unit": cmd, "at": str(self.at[cmd])})
    tractor.follow(self)  # a ship held by a tractor beam drawn along (rules/systems/b5/tractor.py)
    elint.keep_range(self)
    self.struck = {}


def paths_of(self: B5Engine, s: Squadron) -> list[str]:
    """The ships of ``s`` (and the flagship's escorts) with a route this turn."""
    force = self.forces[self.units[s.command].team]
    return [x for x in (s.command, *s.members, *(force.escorts if s.command == force.flagship else ()))
            if x in self.routes]


def turn_end(self: B5Engine, at: str, pulses: Procedure) -> Procedure:
    """The turn's pulses and its end (fleet.turn_end: new commanders, a new flagship's net), then the
    ships out of command."""
    yield from fleet.turn_end(self, at, _then_jump_out(self, pulses))
    out_of_command(self)


def _then_jump_out(self: B5Engine, pulses: Procedure) -> Procedure:
    """The pulses, then the squadrons whose vortices are open jump out (before the new commanders)."""
    yield from pulses
    jumpout.leave(self)


def out_of_command(self: B5Engine) -> None:
    """The ships beyond their command ship's radius at the turn's end, after its fire and the new
    commanders (Out of Command: out of command during the next turn); before, Command
    Reorganization takes such ships in; ships cut off by a succession stay out of command."""
    abilities.reorganize(self)
    self.out_of_command = {x for x in self.cut_off if self.units[x].status is Status.PRESENT}
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


def paths(self: B5Engine, s: Squadron, plot: Plot, shift: Shift | None = None) -> dict[str, list[tuple[Hex, Facing]]]:
    """Where each ship of squadron ``s`` (and the flagship's escorts) is at each pulse's end: the
    command ship on its plotted route, the others in formation around it, or in relative
    formation each on the same path from its own place (``shift``: one ship shifted first)."""
    cmd = s.command
    force = self.forces[self.units[cmd].team]
    start, facing = deploy.hex_of(self.at[cmd]), self.facing[cmd]
    route = movement.run_plot(start, facing, plot)
    out = {cmd: route}
    for uid in (*s.members, *(force.escorts if cmd == force.flagship else ())):
        if uid in self.at and self.units[uid].status is Status.PRESENT:
            at = shift[1] if shift is not None and shift[0] == uid else self.at[uid]
            out[uid] = movement.run_plot(deploy.hex_of(at), self.facing[uid], plot) if plot.relative else \
                movement.in_formation(start, facing, deploy.hex_of(at), self.facing[uid], route)
    return out


def _orders(self: B5Engine, s: Squadron, a: Any) -> tuple[Plot, Shift | None]:
    """A plot answer's form: the plot and maybe ``shift SHIP HEX`` (a ship of ``s`` by id or name)."""
    if not isinstance(a, str):
        raise IllegalAnswer(movement.RULE, f"a plot such as \"FF FLF FF\" (three pulses), not {shown(a)}")
    words = a.split()
    if [w.lower() for w in words] == [jumpout.WORD]:
        return jumpout.PLOT, None
    cut = [w.lower() for w in words].index(SHIFT) if SHIFT in a.lower().split() else len(words)
    try:
        plot = movement.parse_plot(" ".join(words[:cut]))
    except RuleError as e:
        raise IllegalAnswer(e.rule, e.message) from None
    if cut == len(words):
        return plot, None
    who, hex_ = " ".join(words[cut + 1:-1]), words[-1]
    ships = [x for x in s.members if x in self.at and self.units[x].status is Status.PRESENT
             and who.lower() in (x.lower(), self.units[x].unit.name.lower())]
    if not who or not ships:
        raise IllegalAnswer(SHIFT_RULE, f"shift one ship of squadron {s.name} (not its command ship): \"shift "
                                        f"SHIP HEX\"; not {shown(' '.join(words[cut:]))}")
    try:
        return plot, (ships[0], Label.parse(hex_))
    except ValueError as e:
        raise IllegalAnswer(SHIFT_RULE, str(e)) from None


def _check_shift(self: B5Engine, plot: Plot, shift: Shift) -> None:
    """Movement of a Squadron: a shift of up to half (round up) the fewest hexes moved in a pulse."""
    uid, to = shift
    name = self.units[uid].unit.name
    moves = [sum(c in "Flr" for c in steps) for steps in plot.steps]
    most, far = movement.shift_allowance(moves), deploy.distance(self.at[uid], to)
    if far > most:
        raise RuleError(SHIFT_RULE, f"{name} may be shifted {most} hex{'es' if most != 1 else ''} this turn (half "
                                    f"the fewest hexes moved in a pulse, {min(moves)}, rounded up), not {far}")
    if not self.board.on(to):
        raise RuleError(SHIFT_RULE, f"{to} is off the board")


def _keeps(self: B5Engine, s: Squadron, plot: Plot, shift: Shift | None = None) -> None:
    """``RuleError`` when squadron ``s`` on ``plot`` goes where it may not: withdrawing, closer to the
    enemy or not away (rules/systems/b5/withdrawal.py; off the board it leaves); else off the board."""
    routes = paths(self, s, plot, shift)
    if s.name in self.withdrawing:
        withdrawal.check(self, s.command, routes)
        withdrawal.check_away(self, s.command, routes[s.command])
        return
    for uid, path in routes.items():
        for p, (h, _f) in enumerate(path, start=1):
            if not self.board.on(_label(h)):
                raise RuleError(movement.RULE, f"{self.units[uid].unit.name} would leave the board in pulse {p}")


def plot_question(self: B5Engine, team: str, s: Squadron, secret: bool = True) -> Question:
    """A side's secret plot for squadron ``s``, checked against its ships and the board (not
    ``secret``: the jumped-upon defender's first turn, given openly once the attacker's are
    revealed)."""
    rule = movement.RULE
    cmd = s.command
    speed = self.speed.get(cmd, 0)
    ships = [(self.units[x].unit.name, self.data(x)) for x in s.ships if self.units[x].status is Status.PRESENT]

    def check(a: Any) -> tuple[Plot, Shift | None]:
        plot, shift = _orders(self, s, a)
        try:
            if plot.jump:
                jumpout.check(self, s)
                return plot, shift
            movement.check_plot(plot, speed, ships)
            if shift is not None:
                _check_shift(self, plot, shift)
            withdrawal.held_to(self, cmd, plot, speed, ships, lambda p: _keeps(self, s, p, shift if p is plot else None))
        except RuleError as e:
            raise IllegalAnswer(e.rule, e.message) from None
        return plot, shift
    moves = "/".join(str(n) for n in movement.pulse_moves(speed))
    straight = " ".join("F" * n or "-" for n in movement.pulse_moves(speed))
    try:  # the usual case, where the bar opens: straight on at the squadron's speed
        check(straight)
        if self.exits.boxed.get(f"{self.round}/{cmd}"):  # taken only as no plot keeps the rules (withdrawal.
            # held_to): it opens at the most slowing one, so Return lets it turn later (straight on kept it at the edge)
            straight = next((movement.plot_text(p) for p in withdrawal.plots(speed)
                             if p.delta < 0 and _takes(check, movement.plot_text(p))), straight)
    except IllegalAnswer:  # straight on leaves the board (or, withdrawing, closes or stays): the bar opens at the
        # first plot the rules take, so Return plays on (before, it opened empty and Return was refused: a wall)
        straight = next((t for t in map(movement.plot_text, withdrawal.plots(speed)) if _takes(check, t)), "")
    how = ("not plotted in advance: you respond as the vortices form, the attacker's plots revealed; "
           if not secret else "in secret; ")
    return Question(f"b5/{self.round}/plot/{cmd}", QKind.LABEL, team, rule,
                    f"{self.name(team)}: {'give' if not secret else 'plot'} squadron {possessive(s.name)} move "
                    f"for turn {self.round} ({how}"
                    + (withdrawal.asked(self, s) if s.name in self.withdrawing else "") + f"speed "
                    f"{speed}: {moves} hexes; F ahead, L/R turn, l/r slip, - none; +2@1 to accelerate; "
                    "\"relative\" for each ship to follow the same path; \"shift SHIP HEX\" to shift one ship first)",
                    data={"secret": secret, "plot": cmd, "speed": speed}, check=check,
                    parse=lambda a: _orders(self, s, a), default=straight or None)  # a GM ruling overrules the rules, never the form


def _takes(check: Any, plot: str) -> bool:
    try:
        check(plot)
    except IllegalAnswer:
        return False
    return True


def pulses(self: B5Engine, at: str = "") -> Generator[Question, Any, None]:
    """The plotted turn's three pulses: the ballistic weapons due hit, the squadrons move, then
    fire (``at``: resumed at that fire question, or a hit's weapon choice, of pulse
    :attr:`B5Engine.pulse`)."""
    while at or self.pulse < 3:
        if at == marking.STEP and self.shot is not None and self.shot.ballistic:  # resumed in the impacts
            yield from marking.marks(self, self.shot)
            yield from firing.impacts(self)
            move_pulse(self)
            at = flying.STEP
        elif at == guardian.STEP and self.guard.flight is not None:  # resumed at a Guardian Array's question
            yield from firing.impacts(self, resumed=True)  # before an impact
            move_pulse(self)
            at = flying.STEP
        elif not at:
            self.pulse += 1
            self.aims = {}
            yield from firing.impacts(self)
            move_pulse(self)
            at = flying.STEP
        if at == flying.STEP:  # the flights move after the squadrons (rules/systems/b5/flying.py)
            yield from flying.fly(self)
            at = ""
        if at != dogfight.STEP:
            yield from firing.fire_step(self, at)
            dogfight.pulse_end(self)  # after all fire
        if self.pulse == 3:
            yield from drift.turn_end(self)  # each dogfight called off or drifting (resumed at its questions)
        at = ""
