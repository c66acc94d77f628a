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

from rules.battlehex.log import IllegalAnswer, shown
from rules.battlehex.questions import QKind, Question, unit_list
from rules.battlehex.roster import Status
from rules.battlehex.words import possessive
from rules.systems.b5 import command, losses
from rules.systems.b5.asking import choose_units, secret_number
from rules.systems.b5.force import Force, Member, Squadron, able_commanders, flagship_choices, force_of, squadron_ships

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
    flagships: dict[str, str] = field(default_factory=dict)
    """Team -> the flagship it designated at the set-up (none of its ships in the battle is one)."""
    commanders: tuple[str, ...] = ()
    """The command ships designated at the set-up (their squadrons' are not in the battle)."""


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


def _others(self: B5Engine, team: str, board: bool = True) -> list[Squadron]:
    """``team``'s squadrons on the board (``board`` false: at the set-up, before any is placed)
    besides the flagship's own, not detached (always outside)."""
    flag = self.forces[team].flagship
    squadrons = self.live_squadrons(team) if board else self.forces[team].squadrons
    return [s for s in squadrons if s.command != flag and s.name not in self.detached]


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


def _designate(self: B5Engine, team: str, flag: str, set_up: bool = False) -> Procedure:
    others, most = _others(self, team, not set_up), rating(self, flag)
    key = f"b5/{SET_UP[2]}/{team}" if set_up else f"b5/{self.round}/{STEP}/{team}"
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
        chosen = yield choose_units(key, team, RULE,
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


FLAG_RULE = f"{RULE} (Fleet Flagship is Destroyed)"
SQUADRON_RULE = f"{RULE} (Squadron Commander is Destroyed)"
SET_UP = ("commander", "flagship", "net")
"""The set-up's designations: ``b5/commander/{team}/{n}`` (the n-th squadron's), ``b5/flagship/{team}``,
``b5/net/{team}`` (the squadrons under it); asked only of a side that lacks them in the battle."""


def forces(self: B5Engine) -> dict[str, Force]:
    """Each side's force from its units' data (refused with the rule when a side has no ship); a
    flagship or a command ship not in the battle is the seed's choice until :func:`set_up` has its
    side designate one."""
    return {t: force_of(self.name(t), [(u, self.units[u].unit.name, self.data(u)) for u in self.side_units(t)],
                        self.net.flagships.get(t, ""), self.net.commanders) for t in (self.defender, self.attacker)}


def designated_flagship(self: B5Engine, team: str) -> str:
    """``team``'s flagship as its side knows it: "" while the side is still designating one at the set-up
    (none of its ships in the battle is its flagship: :func:`set_up`), not the seed's choice it defaults to."""
    members = [(u, self.units[u].unit.name, self.data(u)) for u in self.side_units(team)]
    if team in self.net.flagships or any(m[2].flagship for m in members) \
            or not squadron_ships(self.name(team), members):
        return self.forces[team].flagship
    return ""


def set_up(self: B5Engine) -> Procedure:
    """Before the scenario: a side whose flagship, or a squadron whose command ship, is not in the
    battle designates one by the seed's rules for a lost one (Squadron Commander is Destroyed: "a
    new squadron commander must be designated"; Fleet Flagship is Destroyed: "a new flagship must
    be designated. This is chosen from the squadron commander with the highest command rating"),
    a question to that side when more than one ship may be; the new flagship's command net as after
    a loss (:func:`_designate`). A side of escorts alone has them as a squadron of their own, outside
    the fleet network at 75% (as an Improved Command Network's excess ships). Nothing is asked or
    logged of a side whose data names them all (a battle saved before replays as it was)."""
    for team in (self.defender, self.attacker):
        members = [(u, self.units[u].unit.name, self.data(u)) for u in self.side_units(team)]
        groups = squadron_ships(self.name(team), members)
        for n, (sq, ships) in enumerate(groups.items()):
            if not any(self.data(x).command for x in ships):
                yield from _commander(self, team, n, sq, [m for m in members if m[0] in ships])
        if any(m[2].flagship for m in members) or not groups:
            continue
        self.enlist()
        force = self.forces[team]
        heads = [(s.command, self.units[s.command].unit.name, self.data(s.command))
                 for s in sorted(force.squadrons, key=lambda s: list(groups).index(s.name))]  # the roster's order
        legal = flagship_choices(heads)
        flag = yield from _pick(self, team, f"b5/{SET_UP[1]}/{team}", FLAG_RULE, heads, legal, "the group flagship",
                                "the flagship is chosen from the squadron commander with the highest command rating, "
                                f"{self.data(legal[0]).command_rating} here", "squadron commanders")
        self.net.flagships[team] = flag
        self.enlist()
        alone = [s.name for s in self.forces[team].squadrons if not any(self.data(x).squadron for x in s.ships)]
        self.detached.update(alone)
        self.log.add("ruling", FLAG_RULE, f"{self.units[flag].unit.name} is {possessive(self.name(team))} group "
                                          "flagship (none in the battle): chosen from the squadron commanders with the "
                                          f"highest command rating, {self.data(flag).command_rating}"
                                          + (f"; {self.name(team)} has no squadron, so its escorts are one of their "
                                             "own, outside the fleet network: 75% of their ratings" if alone else ""))
        yield from _designate(self, team, flag, set_up=True)


def _commander(self: B5Engine, team: str, n: int, sq: str, ships: list[Member]) -> Procedure:
    """Squadron ``sq``'s command ship designated among ``ships`` (none of them is one); the ships
    it cannot command are out of command for the rest of the battle."""
    able = able_commanders(ships)
    pick = yield from _pick(self, team, f"b5/{SET_UP[0]}/{team}/{n}", SQUADRON_RULE, ships, able,
                            f"the commander of squadron {sq}", "the commander must be a ship able to command "
                            "all the ships of the squadron (or, if none is, the one that can command the most)",
                            f"the ships of squadron {sq}")
    self.net.commanders += (pick,)
    others = [m[0] for m in ships if m[0] != pick]
    extra = others[self.data(pick).command_rating:]
    self.cut_off.update(extra)
    self.log.add("ruling", SQUADRON_RULE, f"{self.units[pick].unit.name} commands squadron {sq} (its command ship is "
                                          f"not in the battle; command rating {self.data(pick).command_rating})"
                                          + (f": {_and([self.units[x].unit.name for x in extra])} out of command for "
                                             "the rest of the battle" if extra else ""))
    self.enlist()


def _pick(self: B5Engine, team: str, key: str, rule: str, among: list[Member], legal: list[str], what: str,
          why: str, whom: str) -> Generator[Question, Any, str]:
    """``legal[0]`` when it is the only one; else ``team`` chooses one of ``legal`` (the seed's usual
    choice, ``legal[0]``, first); another of ``among`` is refused saying ``why``."""
    if len(legal) == 1:
        return legal[0]
    rated = {m[0]: m for m in among}
    words = {u: f"{rated[u][1]} (command rating {rated[u][2].command_rating})" for u in legal}

    def check(a: Any) -> str:
        if a in legal:
            return str(a)
        if a in rated:
            raise IllegalAnswer(rule, f"{rated[a][1]} (command rating {rated[a][2].command_rating}) may not be "
                                      f"{what}: {why}")
        raise IllegalAnswer(rule, f"answer one of {', '.join(words[u] for u in legal)}, not {shown(a)}")
    text = (f"{self.name(team)}: designate {what}, none being in the battle ({why}; among {whom}): "
            + " or ".join(words[u] for u in legal) + "?")
    chosen: str = yield Question(key, QKind.CHOOSE, team, rule, text, tuple(legal), data={"option_words": words},
                                 check=check, default=legal[0])
    return chosen
