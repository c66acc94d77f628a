"""SIDCORS Directed Damage (seed 004): a side may spend its Damage Points on one enemy unit at
double its Defense Factor (a mauler's points at full value) or on its fighter factors."""
from __future__ import annotations

import dataclasses
from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from rules.battlehex.questions import Question, choose, number, yes_no
from rules.systems.sidcors import force as fz
from rules.systems.sidcors.odds import shock_text
from rules.systems.sidcors.tables import R_DIRECTED, R_MAULER

if TYPE_CHECKING:
    from rules.systems.sidcors.procedure import Engine

Procedure = Generator[Question, Any, None]


def directed(eng: Engine, team: str) -> Procedure:
    """``team``'s Directed Damage against the other force, in a round of :class:`.procedure.Engine`."""
    e = eng.enemy(team)
    targets = fz.alive(eng.units[e])
    mauler = fz.directing_mauler(eng.units[team])
    m_pts = mauler.unit.fe.attack if mauler else 0
    opts = ["none"]
    for u in targets:
        if eng.owed[e] >= fz.directed_cost(u.df) and u.df > 0:
            opts.append(u.id)
        if mauler and eng.owed[e] >= fz.directed_cost(u.df, m_pts) and u.df > 0:
            opts.append(f"{u.id}@mauler")
    fighters = sum(u.ff for u in targets)
    if fighters and eng.owed[e] >= 2:
        opts.append("fighters")
    if len(opts) == 1:
        return
    q = choose(f"sidcors/{eng.round}/directed/{team}", team, R_DIRECTED, f"{eng.name(team)}: {eng.owed[e]} "
               f"Damage Points against {eng.name(e)}: direct damage at one unit (double its Defense Factor, the "
               "full amount; or, against a mauler, the mauler's points at full value), at its fighters, or none", opts)
    data: dict[str, object] = {"points": eng.owed[e], "mauler": mauler.id if mauler else None}
    if mauler and any(o.endswith("@mauler") for o in opts):
        data["odds"] = f"using {mauler.name}, its shock roll after the round ({R_MAULER}): {shock_text()}"
    pick = yield dataclasses.replace(q, data=data)
    if pick == "none":
        return
    if pick == "fighters":
        n = yield number(f"sidcors/{eng.round}/directed_fighters/{team}", team, R_DIRECTED,
                         f"{eng.name(team)}: how many fighter factors of {eng.name(e)} (2 points each)?",
                         1, min(fighters, eng.owed[e] // 2))
        eng.owed[e] -= 2 * n
        left = n
        for u in targets:
            k = min(u.ff, left)
            if k:
                u.lose_fighters(k)
                left -= k
        eng.log.add("ruling", R_DIRECTED, f"{eng.name(team)} destroys {n} fighter factors of {eng.name(e)} "
                                           f"for {2 * n} points; {eng.owed[e]} left")
        return
    uid, _, how = pick.partition("@")
    target = eng.unit(uid)
    points = m_pts if how else 0
    if how and mauler:
        eng.mauler_used[team] = mauler.id
    while True:
        cost = fz.directed_cost(target.df, points)
        full = min(target.df, points)
        points -= full
        eng.owed[e] -= cost
        done, loose = target.damage()
        eng.loose[e] += loose
        via = f" ({full} at full value by {mauler.name if mauler else 'the mauler'}, {R_MAULER})" if full else ""
        eng.log.add("ruling", R_DIRECTED, f"{eng.name(team)} directs {cost} points at {target.name}: {done}"
                                           f"{via}; {eng.owed[e]} left" +
                     (f"; {loose} fighter factors must transfer or die" if loose else ""), {"unit": target.id})
        if not target.alive or eng.owed[e] < fz.directed_cost(target.df, points) or target.df <= 0:
            return
        more = yield yes_no(f"sidcors/{eng.round}/directed_more/{team}", team, R_DIRECTED,
                            f"{eng.name(team)}: go on to destroy the crippled {target.name} for "
                            f"{fz.directed_cost(target.df, points)} of your {eng.owed[e]} points?")
        if not more:
            return
