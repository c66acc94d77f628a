"""Bridge hits entered from the table (seed 002 "Effects From Bridge Hits"): they bar warping out
and repairs for as many Repair Phases, extended by one phase per later hit while in effect; a D10
per hit, 9 or 0 makes the commanding officer a casualty (the replacement: 3D10+45 less a D10 per
replacement so far, never below 30)."""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.questions import QKind, Question
from rules.battlehex.words import plural, possessive
from rules.systems.stcs import crew, repair

if TYPE_CHECKING:
    from rules.systems.stcs.engine import STCSEngine


def barred_now(eng: STCSEngine, x: str) -> int:
    """The Repair Phases still barred for ship ``x`` when the current segment is one of them, else 0."""
    now = eng.turn_segment()
    phases = eng.bridge.get(x, [])
    return sum(1 for ts in phases if ts >= now) if now in phases else 0


def bridge_hits(eng: STCSEngine, x: str) -> Generator[Question, Any, None]:
    """Ask how many Bridge hits ship ``x`` took this firing phase; bar its phases; roll for its commander."""
    q = Question(f"stcs/{eng.round}/bridge/{x}", QKind.NUMBER, GM, repair.BRIDGE,
                 f"Game Master: how many Bridge hits did {eng.ship(x)} take in this firing phase?",
                 low=1, high=10, default=1, check=_hits)
    hits = int((yield q))
    now = eng.turn_segment()
    have = [ts for ts in eng.bridge.get(x, []) if ts >= now]
    start = repair.first_repair(*have[-1], 1) if have else now
    eng.bridge[x] = have + repair.barred_phases(*start, hits)
    who = eng.units[x].team
    for _ in range(hits):
        if eng.dice.roll("d10", purpose="commanding officer a casualty (9 or 0)", rule=repair.BRIDGE,
                         who=who).total >= 9:
            gone = eng.captains.setdefault(x, [])
            three = eng.dice.roll("3d10", purpose="replacement commander (3D10+45)", rule=repair.BRIDGE, who=who)
            less = tuple(eng.dice.roll("d10", purpose="less experience", rule=repair.BRIDGE, who=who).total
                         for _ in range(len(gone) + 1))
            gone.append(crew.replacement_captain((three.total, 0, 0), less))
            eng.log.add("ruling", repair.BRIDGE, f"{possessive(eng.ship(x))} commanding officer is a casualty: the "
                        f"replacement's rating is {gone[-1]}")
    t, s = repair.first_repair(*eng.bridge[x][-1], 1)
    eng.log.add("ruling", repair.BRIDGE, f"{eng.ship(x)}: {plural(hits, 'Bridge hit')}: no warp out or repairs until "
                f"turn {t}, segment {s}")


def _hits(a: Any) -> int:
    if isinstance(a, bool) or not isinstance(a, int) or not 1 <= a <= 10:
        raise IllegalAnswer(repair.BRIDGE, "Bridge hits are 1-10")
    return a
