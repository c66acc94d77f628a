"""b5 fleet command after the flagship is lost (seed 003 Fleet Flagship is Destroyed).

The turn after: "no fighters may be given new orders" (:func:`no_new_fighter_orders`, for the
fighter steps to read); "the enemy may choose one movement pulse in which the affected player must
move all of his ships first", chosen "at the start of the turn while movement orders are being
issued" (a secret answer of the enemy, revealed with the plots), and "the repositioning occurs
after the enemy fleet has moved" (the enemy's squadron commanders' once-per-turn shifts are made in
that pulse, once the affected fleet has moved). At the end of the turn the flagship is lost a new
one is "chosen from the squadron commander with the highest command rating" (losses.succession);
"if this ship does not have the ability to command the entire fleet, he must designate which
squadrons are going to be directly under his command. Any remaining squadrons will be left to
operate on their own and will operate at 75% of their normal combat levels until room exists in
the command net". Readings (docs/b5.md): the fleet command rating is the new flagship's command
rating (no Improved Command Network: "This may not be purchased for the flagship for purposes of
determining the fleet command rating"), counted in squadrons besides its own; a squadron left
outside comes in, in the fleet's order, at a turn's end when a squadron of the net is gone.
"""
from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rules.battlehex.log import IllegalAnswer
from rules.battlehex.questions import Question, unit_list
from rules.battlehex.roster import Status
from rules.battlehex.words import possessive
from rules.systems.b5 import command, losses
from rules.systems.b5.asking import choose_units, secret_number
from rules.systems.b5.force import Squadron

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine

Procedure = Generator[Question, Any, None]
RULE = command.RULE
STEP, FIRST = "network", "first"
"""The new flagship's designation (``b5/{turn}/network/{team}``) and the enemy's pulse (``b5/{turn}/first/{team}``)."""


@dataclass(slots=True)
class Net:
    """A battle's fleet command after flagships are lost (the engine's :attr:`B5Engine.net`)."""

    outside: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Team -> its squadrons outside its new flagship's command net (75% until there is room)."""
    designated: dict[str, int] = field(default_factory=dict)
    """Team -> the turn its new flagship designated the squadrons under it."""
    moves_first: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Team -> (turn, pulse) it moves all its ships first in (chosen by its enemy)."""


def turn_end(self: B5Engine, at: str, pulses: Procedure) -> Procedure:
    """A plotted turn from its ``pulses`` on (not when resumed at the net's question, ``at``): the new
    commanders and flagships (losses.succession), a new flagship's net; the engine then marks the ships
    out of command (turns.out_of_command: not called here, as turns imports this module)."""
    if at != STEP:
        yield from pulses
        losses.succession(self)
    yield from network(self)


def lost_last_turn(self: B5Engine, team: str) -> bool:
    """``team``'s flagship was lost last turn (this turn feels it fleet-wide)."""
    return self.lost_flagship.get(team) == self.round - 1


def no_new_fighter_orders(self: B5Engine, team: str) -> bool:
    """Fleet Flagship is Destroyed: "On the next turn ... no fighters may be given new orders" (a
    flight on a strike mission that kills off its target squadron rejoins a squadron as escort)."""
    return lost_last_turn(self, team)


def rating(self: B5Engine, flagship: str) -> int:
    """A new flagship's fleet command rating: the squadrons besides its own it commands directly, its
    command rating (an Improved Command Network does not count for the fleet)."""
    data = self.units[flagship].unit.b5
    assert data is not None
    return data.command_rating


def _others(self: B5Engine, team: str) -> list[Squadron]:
    """``team``'s squadrons on the board besides the flagship's own, not detached (always outside)."""
    flag = self.forces[team].flagship
    return [s for s in self.live_squadrons(team) if s.command != flag and s.name not in self.detached]


def first_pulse(self: B5Engine) -> Procedure:
    """At the start of a plotted turn after a flagship was lost: the enemy chooses, in secret, the
    pulse in which the affected side moves all its ships first (revealed with the plots)."""
    for team in (self.defender, self.attacker):
        if not lost_last_turn(self, team) or self.net.moves_first.get(team, (0, 0))[0] == self.round:
            continue
        enemy = self.enemy(team)
        pulse = yield secret_number(f"b5/{self.round}/{FIRST}/{team}", enemy, RULE,
                                    f"{self.name(enemy)}: {possessive(self.name(team))} flagship was lost: in which "
                                    f"pulse of turn {self.round} must {self.name(team)} move all its ships first? "
                                    "(in secret, revealed with the plots; your squadron commanders' shifts are "
                                    "then made in that pulse, after its fleet has moved)", 1, 3,
                                    "a turn has three pulses")
        self.net.moves_first[team] = (self.round, pulse)
        self.log.add("ruling", RULE, f"{possessive(self.name(team))} flagship was lost last turn: no fighters may be "
                                     f"given new orders this turn; {self.name(enemy)} has chosen in secret a pulse in "
                                     f"which {self.name(team)} moves all its ships first")


def reveal(self: B5Engine) -> None:
    """The pulses chosen, announced with the plots."""
    for team, (turn, pulse) in sorted(self.net.moves_first.items()):
        if turn == self.round:
            self.log.add("ruling", RULE, f"{self.name(self.enemy(team))} chose pulse {pulse}: {self.name(team)} moves "
                                         "all its ships first in it (its flagship lost)")


def first_in(self: B5Engine, pulse: int) -> str:
    """The side that moves all its ships first in ``pulse`` of this turn ("" if none; both sides
    lost their flagships and chose the same pulse: neither)."""
    sides = [t for t, (turn, p) in self.net.moves_first.items() if turn == self.round and p == pulse]
    return sides[0] if len(sides) == 1 else ""


def late_shift(self: B5Engine, cmd: str) -> int:
    """The pulse in which squadron commander ``cmd``'s shift is made (0: before any ship moves, as
    always): the pulse its enemy must move all its ships first."""
    enemy = self.enemy(self.units[cmd].team)
    turn, pulse = self.net.moves_first.get(enemy, (0, 0))
    return pulse if turn == self.round else 0


def network(self: B5Engine) -> Procedure:
    """The turn's end, after the new commanders: a side whose new flagship cannot command the
    whole fleet designates the squadrons directly under it; the others operate on their own at
    75% until there is room; a squadron left outside comes in once a squadron of the net is gone."""
    for team in (self.defender, self.attacker):
        force = self.forces[team]
        flag = force.flagship
        if self.units[flag].status is not Status.PRESENT:
            continue
        if self.lost_flagship.get(team) == self.round and self.net.designated.get(team) != self.round:
            yield from _designate(self, team, flag)
        _room(self, team, flag)


def _designate(self: B5Engine, team: str, flag: str) -> Procedure:
    others, most = _others(self, team), rating(self, flag)
    name = self.units[flag].unit.name
    self.net.outside[team] = ()
    if len(others) <= most:
        self.log.add("ruling", RULE, f"{name}, {possessive(self.name(team))} new flagship (fleet command rating "
                                     f"{most}), commands the whole fleet")
        self.net.designated[team] = self.round
        return
    chosen: list[str] = []
    if most:
        def check(a: Any) -> list[str]:
            picked = unit_list(a, [s.command for s in others], RULE, lambda x: self.units[x].unit.name,
                               "choose the command ships of the squadrons under the flagship among")
            if len(picked) != most:
                raise IllegalAnswer(RULE, f"{name} commands {most} squadron{'s' if most != 1 else ''} besides its own "
                                          f"(its fleet command rating), not {len(picked)}")
            return picked
        listed = ", ".join(f"{self.units[s.command].unit.name} (squadron {s.name})" for s in others)
        chosen = yield choose_units(f"b5/{self.round}/{STEP}/{team}", team, RULE,
                                    f"{self.name(team)}: {name}, the new flagship, commands {most} squadron"
                                    f"{'s' if most != 1 else ''} besides its own (fleet command rating {most}): tick "
                                    f"their command ships ({listed}); the others operate on their own at 75% until "
                                    "there is room in the command net", [s.command for s in others], check,
                                    default=[s.command for s in others][:most])
    self.net.outside[team] = tuple(s.name for s in others if s.command not in chosen)
    kept = [s.name for s in others if s.command in chosen]
    alone = self.net.outside[team]
    self.log.add("ruling", RULE, f"{name}, {possessive(self.name(team))} new flagship (fleet command rating {most}), "
                                 + (f"commands squadron{'s' if len(kept) > 1 else ''} {_and(kept)} besides its own; "
                                    if kept else "commands no squadron besides its own; ")
                                 + f"squadron{'s' if len(alone) > 1 else ''} {_and(alone)} operate"
                                 + ("" if len(alone) > 1 else "s") + " on "
                                 + ("their" if len(alone) > 1 else "its") + " own at 75% until there is room in the "
                                 "command net")
    self.net.designated[team] = self.round


def _and(names: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _room(self: B5Engine, team: str, flag: str) -> None:
    """Squadrons left outside come into the net while the flagship has room (the fleet's order)."""
    if not self.net.outside.get(team):
        return
    left = [s for s in _others(self, team) if s.name in self.net.outside.get(team, ())]
    room = rating(self, flag) - (len(_others(self, team)) - len(left))
    come = [s.name for s in left[:max(0, room)]]
    self.net.outside[team] = tuple(s.name for s in left if s.name not in come)
    if come:
        self.log.add("ruling", RULE, f"room in {possessive(self.units[flag].unit.name)} command net: squadron"
                                     f"{'s' if len(come) > 1 else ''} {', '.join(come)} operate"
                                     f"{'' if len(come) > 1 else 's'} normally again")


def shift_made(self: B5Engine, cmd: str, squadron: str, pulse: int) -> None:
    """Log the shift of squadron commander ``cmd`` made in ``pulse`` (its enemy moved first)."""
    if cmd in self.shifts and late_shift(self, cmd) == pulse:
        uid, to = self.shifts[cmd]
        enemy = self.enemy(self.units[cmd].team)
        self.log.add("ruling", RULE, f"squadron {possessive(squadron)} commander shifts {self.units[uid].unit.name} "
                                     f"in pulse {pulse}, after {possessive(self.name(enemy))} fleet has moved (its "
                                     f"flagship lost): to its formation place declared as {to}", {"unit": uid})
