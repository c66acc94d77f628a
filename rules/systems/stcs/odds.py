"""Each act's exact odds, shown beside the act before its die (the engine's ``question_odds``): a
lock by range, a scan over both hidden Cloak Detection Tables, a warp out's activation target, a warp
in's crew-efficiency roll, a restart of shut-down engines, a self-destruct's morale check, a lock on a
mine."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.battlehex.questions import Question
from rules.systems.stcs import actkeys, cloaked, cloaklock, engines, selfdestruct, sensors, warp

if TYPE_CHECKING:
    from rules.systems.stcs.engine import STCSEngine


def question_odds(e: STCSEngine, q: Question) -> dict[str, Any]:
    """Each act's exact odds (a scan's over both hidden tables)."""
    if not q.key.endswith("/act"):
        return {}
    out: dict[str, Any] = {}
    for opt in q.options:
        verb, x, y = actkeys.split(opt, e.units)
        if verb == "lock":
            top = sensors.lock_top(e.range(x, y), -2 if e.arrived.get(y) == e.round else 0)
            out[opt] = f"D10 1-{top}: {top * 10}%"
        elif verb == cloaklock.VERB:
            out[opt] = cloaklock.odds()
        elif verb == "scan":
            out[opt] = cloaked.scan_odds()
        elif verb == "warpout":
            t = warp.activation_target(e.data(x))
            out[opt] = f"D100 1-{t}: {warp.d100_chance(t):.0%}"
        elif verb == "warpin":
            out[opt] = f"minor error on D100 1-{e.data(x).crew_efficiency}"
        elif verb == "restart":
            t = engines.restart_target(e, x)
            out[opt] = f"D100 1-{t}: {warp.d100_chance(t):.0%}"
        elif verb == "selfdestruct":
            m = selfdestruct.target(e, x)
            out[opt] = "certain (Klingon and Romulan vessels make no morale check)" if m is None \
                else f"D100 1-{m}: {warp.d100_chance(m):.0%}"
        elif verb == "minelock":
            out[opt] = "D10 at the range -2 (each hex's odds in the next question)"
    return out
