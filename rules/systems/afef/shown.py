"""The exact odds an AF/EF question is shown with (issue 21): computed from the engine when the
question is shown (:meth:`rules.battlehex.run.ReplayRun.question_odds` keeps them while it is
pending), never stored in the question or the campaign file. The forms are the package's."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.battlehex.questions import Question
from rules.systems.afef.lines import FRONT, SCREENED, AUnit, Plan, on_target
from rules.systems.afef.odds import is_destroyed, odds_table, pool_odds

if TYPE_CHECKING:
    from rules.systems.afef.procedure import Engine


def tables(targets: list[AUnit], shooters: list[AUnit]) -> dict[str, Any]:
    """Per target, :func:`.odds.odds_table` up to all the shooters' dice."""
    most = max(1, sum(u.dice for u in shooters))
    return {t.id: odds_table(t.hits, t.ef, t.damaged, most) for t in targets}


def incoming(e: Engine, plan: Plan) -> dict[str, Any]:
    """Per target of ``plan``, the odds of the roll it will take."""
    out = {}
    for tid, by in on_target(plan).items():
        t = e.units[tid]
        stepped = sum(1 for s in by if e.units[s].stepped)
        dice = sum(af for s, af in by.items() if not e.units[s].stepped)
        out[tid] = pool_odds(t.hits, t.ef, t.damaged, dice, stepped).to_dict()
    return out


def question_odds(e: Engine, q: Question) -> dict[str, Any]:
    """The odds for the pending question ``q`` of ``e``: per target (set-up, declaration,
    breakthrough), or ``targets`` and ``incoming`` (return fire); {} for the GM's questions."""
    step = q.key.rpartition("/")[2]
    a, d = e.attacker, e.defender
    if step == "screen":
        return tables(e.alive(d), e.alive(a))
    if step == "declare":
        return tables(e.alive(d, FRONT), [u for u in e.alive(a) if u.dice])
    if step == "return":
        return {"targets": tables(e.alive(a), [u for u in e.alive(d, FRONT) if u.dice]),
                "incoming": incoming(e, e.attacks)}
    if step == "breakthrough":
        return tables(e.alive(d, SCREENED), [e.units[h] for h in e.hold])
    if step == "breakthrough_return":
        return {"targets": tables([u for u in e.alive(a) if not is_destroyed(u.hits, u.ef)],
                                  [u for u in e.alive(d, SCREENED) if u.dice]),
                "incoming": incoming(e, e.breakthrough)}
    return {}
