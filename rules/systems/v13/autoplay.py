"""Random legal answers, for property tests, benchmarks and quick demonstrations.

``random_answer`` picks, for the pending question, an answer the rules accept (it asks the
procedure itself: placement from the unit's legal zone, numbers from their range), using
its own seeded generator, so a run is reproducible.
"""
from __future__ import annotations

import random
from typing import Any

from hexmap import Facing
from rules.battlehex.log import IllegalAnswer
from rules.systems.v13.procedure import BattleProcedure
from rules.battlehex.questions import QKind
from rules.battlehex.roster import Role


def random_answer(b: BattleProcedure, rng: random.Random) -> Any:
    q = b.pending
    if q is None:
        raise ValueError("no question is open")
    if q.kind is QKind.YES_NO:
        return rng.random() < 0.5
    if q.kind is QKind.CHOOSE:
        return rng.choice(q.options)
    if q.kind is QKind.CHOOSE_UNITS:
        for _ in range(8):
            pick = [o for o in q.options if rng.random() < 0.5]
            if q.key == "V13.33/units" and not pick:
                pick = [rng.choice(q.options)]
            try:
                return q.check(pick) and pick
            except IllegalAnswer:
                continue
        return [] if q.key != "V13.33/units" else [q.options[0]]
    if q.kind is QKind.OPTIONAL_NUMBER:
        assert q.low is not None and q.high is not None, "a number question has bounds"
        return None if rng.random() < 0.6 else rng.randint(q.low, min(q.high, 60))
    if q.kind is QKind.NUMBER:
        assert q.low is not None and q.high is not None, "a number question has bounds"
        return rng.randint(q.low, q.high)
    if q.kind is QKind.LABEL:
        return q.data.get("proposed")
    if q.kind is QKind.PLACE:
        order = list(q.options)
        rng.shuffle(order)
        uid, h = None, None
        for cand in order:  # a random hex of the zone that also leaves every later unit a hex
            zone = b.placement.zone(cand)
            inherits = b.state.units[cand].role is Role.ATTACKER and b.state.dod is not None  # V13.446
            for h in rng.sample(zone, min(len(zone), 24)):
                if b.placement.check(cand, h, None if inherits else Facing.A).ok or q.data.get("gm_question"):
                    uid = cand
                    break
            if uid is not None:
                break
        if uid is None and "example" in q.data:  # the engine's own legal answer
            uid, h = q.data["example"]["unit"], b.ctx.window.hex_at(q.data["example"]["at"])
        if uid is None and q.data.get("gm_question"):  # no legal hex: the GM rules a hex of the plane
            uni = b.placement.universe
            uid, h = order[0], uni.hex(rng.randrange(len(uni.q)))
        if uid is None or h is None:
            raise IllegalAnswer(q.rule, f"no legal hex is left for any of {', '.join(q.options)}")
        u = b.state.units[uid]
        low, high, _rule = b.placement.speed_rule(u)
        out = {"unit": uid, "at": str(b.ctx.window.label(h)), "speed": rng.randint(low, high)}
        if not (u.role is Role.ATTACKER and b.state.dod is not None):  # V13.446: later attackers inherit
            out["facing"] = rng.choice("ABCDEF")
        if q.data.get("gm_question"):  # the rules leave no way on: the GM rules (issue 11)
            return {"gm_ruling": f"random play: {q.data.get('rule')}", "answer": out}
        return out
    if q.kind is QKind.ACTION:
        mobile = [u for u in b.state.units.values() if u.present and u.pos is not None and u.role is not Role.MONSTER]
        roll = rng.random()
        if not mobile or roll < 0.3:
            return {"clock": rng.randint(1, 8)}
        u = rng.choice(mobile)
        facing = u.faces.rotate(rng.choice((-1, 0, 1)))
        return {"move": u.id, "to": str(b.ctx.window.label(u.at + facing.vector)), "facing": facing.name}
    raise ValueError(f"no random answer for {q.kind}")


def play(b: BattleProcedure, seed: int, limit: int = 500, through_combat: bool = False,
         combat_actions: int = 0) -> list[Any]:
    """Answer with random legal answers until the set-up is done; with ``through_combat`` go on
    through the battle (``combat_actions`` random moves and clock steps, then the GM ends it)
    and its endings."""
    rng = random.Random(seed)
    actions = 0
    for _ in range(limit):
        q = b.pending
        if q is None or (q.kind is QKind.ACTION and not through_combat):
            break
        if q.kind is QKind.ACTION:
            if actions >= combat_actions:
                b.answer({"end": "random play"})
                continue
            actions += 1
            try:
                b.answer(random_answer(b, rng))
            except IllegalAnswer:  # a random move the rules refuse (e.g. a sub-light unit leaving in disorder)
                continue
            continue
        b.answer(random_answer(b, rng))  # the proposed centre passes even when none holds every unit (V13.811)
    return list(b.answers)
