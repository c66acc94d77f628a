"""SIDCORS Damage Allocation (seed 004): the owner gives up its own units, one at a time,
against the Damage Points the other side scored; fighter factors whose carrier is lost
transfer to carriers with room or die. Called by the round (:class:`.procedure.Engine`)."""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from rules.battlehex.log import IllegalAnswer, shown
from rules.battlehex.questions import QKind, Question, number
from rules.battlehex.words import plural
from rules.systems.sidcors import force as fz
from rules.systems.sidcors.tables import R_ALLOCATION, R_PLUS_MINUS, R_TRANSFER

if TYPE_CHECKING:
    from rules.systems.sidcors.procedure import Engine

Procedure = Generator[Question, Any, None]


def transfer(e: Engine, team: str) -> Procedure:
    """Fighter factors that lost their carrier: transferred to carriers with room, or they die
    and resolve Damage Points."""
    loose = e.loose[team]
    if not loose:
        return
    space = min(loose, fz.room(e.units[team]))
    moved = 0
    if space:
        moved = yield number(f"sidcors/{e.round}/transfer/{team}", team, R_TRANSFER,
                             f"{e.name(team)}: {loose} fighter factors lost their carrier: how many transfer to "
                             f"carriers with room (0-{space})? The rest die and resolve Damage Points", 0, space,
                             default=space)  # every factor that has room saved
        fz.place_fighters(e.units[team], moved)
    dying = loose - moved
    used = min(dying, e.owed[team])
    e.owed[team] -= used
    e.loose[team] = 0
    e.log.add("ruling", R_TRANSFER, f"{e.name(team)}: {moved} fighter factors transferred, {dying} die"
                 + (f", resolving {used} Damage Points" if used else ""))


Asked = tuple[int, dict[str, tuple[str, int]], dict[str, int], dict[str, list[Any]]]
"""A damage allocation question as made from every unit left: the smallest Defense Factor, the
options (unit -> its next step and Defense Factor), the fighter factors and the steps shown."""


def allocate(e: Engine, team: str) -> Procedure:
    """``team`` resolves the Damage Points owed, one unit at a time, until less than half the
    smallest Defense Factor is left (carried to the next round)."""
    while True:
        yield from transfer(e, team)
        left = e.owed[team]
        asked = e.asking.get(team)  # pending when the engine was kept: asked again as it was made
        smallest = asked[0] if asked is not None else fz.smallest_df(e.units[team])
        if smallest is None or left <= 0 or 2 * left < smallest:
            if smallest is not None and left != 0:
                e.carry[team] = left
                e.log.add("ruling", R_PLUS_MINUS, f"{e.name(team)}: " + (
                    f"{left} points below half the smallest Defense Factor ({smallest}) are ignored: +{left} "
                    "against it next round" if left > 0 else f"gave up {-left} more than required: credit "
                    f"{-left} next round"))
            e.owed[team] = 0
            return
        yield from _allocate_one(e, team, left, smallest, asked)


def _allocate_one(e: Engine, team: str, left: int, smallest: int, asked: Asked | None) -> Procedure:
    if asked is None:
        opts = e.options(team)
        asked = (smallest, opts, {u.id: u.ff for u in fz.alive(e.units[team]) if u.ff},
                 {k: list(v) for k, v in opts.items()})
        e.asking[team] = asked
    _smallest, opts, fighters, steps = asked

    def check(a: Any) -> tuple[str, int]:
        if isinstance(a, dict) and set(a) == {"unit", "fighters"}:
            uid, n = a["unit"], a["fighters"]
            if not isinstance(uid, str) or uid not in fighters:
                raise IllegalAnswer(R_ALLOCATION, f"{shown(uid)} carries no fighter factors of {e.name(team)}")
            if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= min(fighters[uid], left):
                raise IllegalAnswer(R_ALLOCATION, f"lose 1-{min(fighters[uid], left)} fighter factors of "
                                                  f"{e.unit(uid).name} ({plural(left, 'point')} to resolve), "
                                                  f"not {shown(n)}")
            return uid, n
        if not isinstance(a, str) or a not in opts:
            raise IllegalAnswer(R_ALLOCATION, f"{e.name(team)} gives up its own units left, one at a time: one "
                                              f"of {', '.join(opts)} (or {{'unit', 'fighters'}}), not {shown(a)}")
        return str(a), 0
    q = Question(f"sidcors/{e.round}/allocate/{team}", QKind.CHOOSE, team, R_ALLOCATION,
                 f"{e.name(team)}: {left} Damage Point{'' if left == 1 else 's'} to resolve (half the smallest "
                 f"Defense Factor: {smallest / 2:g}): choose a unit to cripple, or a crippled unit to destroy",
                 tuple(opts), data={"points": left, "steps": steps, "fighters": fighters}, check=check)
    uid, n = yield q
    del e.asking[team]  # the units change now
    u = e.unit(uid)
    if n:
        u.lose_fighters(n)
        e.owed[team] -= n
        e.log.add("ruling", R_ALLOCATION, f"{e.name(team)} loses {n} fighter factors of {u.name}; "
                                             f"{e.owed[team]} left", {"unit": uid})
        return
    pts = u.df
    done, loose = u.damage()
    e.owed[team] -= pts
    e.loose[team] += loose
    e.log.add("ruling", R_ALLOCATION, f"{e.name(team)}: {u.name} {done} ({pts} Damage Point{'' if pts == 1 else 's'}); {e.owed[team]} "
                                         "left" + (f"; {loose} fighter factors must transfer or die" if loose
                                                   else ""), {"unit": uid})


__all__ = ["allocate", "transfer"]
