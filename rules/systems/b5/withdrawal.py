"""A b5 squadron withdrawing after a failed morale roll (seed 003 Tracking the Morale of a Squadron:
"the squadron will begin withdrawal operations"; the seed's text is cut there, so this is our reading,
docs/b5.md "Withdrawal"): its plotted move must take each of its ships no closer to the nearest enemy
ship, pulse by pulse, measured from where the enemy stands when the plots are given (along or away:
accepted; one hex closer: refused); it may plot off the board, and a ship that leaves the board is
out of the battle as retreated (not destroyed), named so in the results written back to the campaign."""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

from hexmap import Facing, Hex, Label
from hexmap.labels import axial_to_offset
from rules.battlehex.roster import Status
from rules.errors import RuleError
from rules.systems.b5 import command, compat, deploy, jumpout
from rules.systems.b5 import movement
from rules.systems.b5.force import Squadron
from rules.systems.b5.movement import Plot

if TYPE_CHECKING:
    from rules.model.b5 import B5Data
    from rules.systems.b5.engine import B5Engine

TURNS = ("L", "R", "LL", "RR", "LLL", "RRR", "LR", "RL")
"""The hexside turns a plot of :func:`plots` makes in one pulse."""

RULE = command.MORALE_RULE
READING = "withdrawal operations, our reading: no closer to the nearest enemy ship, off the board to leave"
AWAY = "withdrawal operations, our reading: the squadron leaves, each turn farther from the enemy, off the board or " \
    "by a jump point"


def away(self: B5Engine) -> bool:
    """Whether a withdrawing squadron must end each turn farther from the enemy (a battle begun in
    era 4 or later; before, a speed 0 plot kept it where it was: rules/systems/b5/compat.py)."""
    return self.state.record.era >= compat.AWAY_ERA


def asked(self: B5Engine, s: Squadron) -> str:
    """What the plot question of withdrawing squadron ``s`` says of it."""
    who = jumpout.opener(self, s)
    return ("withdrawing: no ship ends a pulse closer to the nearest enemy ship; off the board it leaves; "
            + ("its command ship ends the turn farther from the nearest enemy ship than it began; " if away(self)
               else "")
            + (f"\"{jumpout.WORD}\" to jump out, {self.units[who].unit.name} opening a jump point ahead of it, the "
               "squadron holding its place and leaving at the turn's end; " if who else ""))


def _enemies(self: B5Engine, team: str) -> list[Hex]:
    enemy = self.enemy(team)
    return [deploy.hex_of(self.at[x]) for x, u in self.units.items()
            if u.team == enemy and u.status is Status.PRESENT and x in self.at]


def _nearest(h: Hex, enemies: list[Hex]) -> int:
    return min(h.distance(e) for e in enemies)


def check(self: B5Engine, cmd: str, paths: dict[str, list[tuple[Hex, Facing]]]) -> None:
    """``RuleError`` when a ship of the withdrawing squadron of ``cmd`` would end a pulse of ``paths``
    closer to the nearest enemy ship than it was before that pulse (a pulse it spends off the board,
    having left, is not measured)."""
    enemies = _enemies(self, self.units[cmd].team)
    if not enemies:
        return
    for uid, path in paths.items():
        before = _nearest(deploy.hex_of(self.at[uid]), enemies)
        for p, (h, _f) in enumerate(path, start=1):
            if not self.board.on(Label(*axial_to_offset(h))):
                break
            now = _nearest(h, enemies)
            if now < before:
                raise RuleError(RULE, f"{self.units[uid].unit.name} would end pulse {p} {now} hex"
                                      f"{'es' if now != 1 else ''} from the nearest enemy ship, closer than "
                                      f"{before}: its squadron is withdrawing ({READING})")
            before = now


def leave(self: B5Engine, uid: str, p: int) -> None:
    """Ship ``uid`` of a withdrawing squadron crosses the board's edge in pulse ``p``: out of the
    battle as retreated (it keeps its last place on the board, like a ship destroyed)."""
    self.units[uid].status = Status.RETREATED
    self.out_of_command.discard(uid)
    self.log.add("ruling", RULE, f"turn {self.round} pulse {p}: {self.units[uid].unit.name} leaves the board "
                                 f"from {self.at[uid]}: out of the battle, retreated ({READING})", {"unit": uid})


def check_away(self: B5Engine, cmd: str, path: list[tuple[Hex, Facing]]) -> None:
    """``RuleError`` when withdrawing command ship ``cmd`` would end the turn on ``path`` on the board
    and no farther from the nearest enemy ship than it began (a squadron that may stay forever at
    the same distance makes a battle that never ends); only in a battle of :func:`away`."""
    enemies = _enemies(self, self.units[cmd].team)
    if not enemies or not away(self) or any(not self.board.on(Label(*axial_to_offset(h))) for h, _f in path):
        return
    before, after = _nearest(deploy.hex_of(self.at[cmd]), enemies), _nearest(path[-1][0], enemies)
    if after <= before:
        raise RuleError(RULE, f"{self.units[cmd].unit.name} would end the turn {after} hex{'es' if after != 1 else ''} "
                              f"from the nearest enemy ship, no farther than the {before} it began at: its squadron "
                              f"is withdrawing, so it moves away, off the board or through a jump point ({AWAY})")


def held_to(self: B5Engine, cmd: str, plot: Plot, speed: int, ships: Sequence[tuple[str, B5Data]],
            keeps: Callable[[Plot], None]) -> None:
    """``RuleError`` (from ``keeps``) when the squadron of ``cmd`` on ``plot`` goes where it may not
    (withdrawing: closer to the enemy, :func:`check`, or not away, :func:`check_away`; else off the
    board: turns._keeps) and some plot would not: one the rules of movement allow for ``ships`` at
    ``speed``. A squadron boxed in (a capital ship charging the enemy too fast to turn away, or at
    speed 0 facing it and not allowed to turn while it accelerates; a ship at the board's edge
    heading off it too fast to turn) is held to none of them this turn: before, no plot at all was
    allowed, and the battle stood at the question until a GM ruling. Off the board, it stops at the
    edge."""
    try:
        keeps(plot)
    except RuleError:
        key = f"{self.round}/{cmd}"
        if key not in self.exits.boxed:
            self.exits.boxed[key] = not any(_fits(p, speed, ships, keeps) for p in plots(speed))
        if not self.exits.boxed[key]:
            raise


def _fits(plot: Plot, speed: int, ships: Sequence[tuple[str, B5Data]], keeps: Callable[[Plot], None]) -> bool:
    try:
        movement.check_plot(plot, speed, ships)
        keeps(plot)
    except RuleError:
        return False
    return True


def plots(speed: int) -> Iterator[Plot]:
    """The plots a squadron at ``speed`` may try: straight on, or with one speed change, and one
    pulse's turns (:data:`TURNS`, before, between or after its hexes) or one slip; in absolute
    formation, then relative (each ship the same path)."""
    for relative in (False, True):
        for d, at in [(0, 1)] + [(d, at) for at in (1, 2, 3) for d in range(-speed, 13) if d]:
            moves = [movement.pulse_moves(speed + d if p >= at else speed)[p - 1] for p in (1, 2, 3)]
            base = ["F" * n for n in moves]
            yield Plot((base[0], base[1], base[2]), d, at, relative)
            for p, n in enumerate(moves):
                one = [*("F" * i + t + "F" * (n - i) for t in TURNS for i in range(n + 1)),
                       *("F" * i + c + "F" * (n - i - 1) for c in "lr" for i in range(n))]
                for steps in one:
                    new = [*base[:p], steps, *base[p + 1:]]
                    yield Plot((new[0], new[1], new[2]), d, at, relative)
