"""Looking ahead in placement (issue 11): no placement may leave a unit still to place without
a legal hex (each later unit's own rule says why), and whether a placement question has a legal
answer at all (else it is the GM's). The functions take the :class:`~rules.systems.v13.placement.Placement`
whose rules they read."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from hexmap import Facing, Hex
from rules.battlehex.roster import BUnit
from rules.systems.v13.zones import Constraint

if TYPE_CHECKING:
    from rules.systems.v13.placement import Placement


@dataclass(frozen=True)
class Verdict:
    """Whether a unit may stand on a hex, and why not (the first rule that refuses)."""

    ok: bool
    rule: str = ""
    reason: str = ""
    facing: Facing | None = None
    note: str = ""

    def __str__(self) -> str:
        return "legal" if self.ok else f"{self.rule}: {self.reason}"


def later(rules: Placement, u: BUnit) -> list[BUnit]:
    """The units still to place after ``u`` (in this step and the steps after it)."""
    placed: list[BUnit] = rules._cached("placed", lambda: [x for x in rules.st.units.values()
                                                          if rules.step_of(x) is not None])
    return [x for x in placed if x.pos is None and x is not u]


def empties(rules: Placement, cons: list[Constraint], uid: str = "") -> Constraint | None:
    """The constraint that leaves no hex, or ``None`` if some hex meets them all (one of
    them is kept as ``uid``'s witness)."""
    uni = rules.universe
    q, r = uni.q, uni.r
    for c in sorted(cons, key=lambda c: c.kind not in ("spread", "edge", "never")):
        keep = c.mask(q, r, uni)
        q, r = q[keep], r[keep]
        if q.size == 0:
            return c
    if uid:
        rules.witness[uid] = Hex(int(q[0]), int(r[0]))
    return None


def _kinds(rules: Placement, units: list[BUnit]) -> list[BUnit]:
    """One unit of each kind whose placement rules are the same (its step, the anchor or
    not, an incidental's fleet): the constraints of the others are theirs."""
    anchor = rules.anchor_unit()
    seen: dict[tuple[object, ...], BUnit] = {}
    for x in units:
        seen.setdefault((rules.step_of(x), x is anchor, x.fleet if x.incidental else None, x.team), x)
    return list(seen.values())


def ahead(rules: Placement, u: BUnit, h: Hex) -> Verdict | None:
    """A refusal if placing ``u`` on ``h`` would leave a unit still to place no legal hex
    (with the rule that would leave it none), else ``None``. Units with the same rules are
    looked at once; a hex found free before is tried first (it only saves time)."""
    later = _kinds(rules, rules.later(u))
    if not later:
        return None
    old = u.pos
    u.pos = h
    rules.st.placed_order.append(u.id)
    try:
        for x in later:
            cons = rules.constraints(x)
            if any(c.kind == "never" for c in cons):  # placed later, after its anchor
                continue
            w = rules.witness.get(x.id)
            if w is not None and all(c.ok(w, rules.universe) for c in cons):
                continue
            c = empties(rules, cons, x.id)
            if c is not None:
                return Verdict(False, f"{c.rule} (looking ahead)", f"{u.name} at {rules.ctx.where(h)} would leave "
                               f"{x.name} no legal hex ({c.what}); choose another hex")
    finally:
        u.pos = old
        rules.st.placed_order.pop()
    return None


def legal_exists(rules: Placement, uids: list[str], tries: int = 12) -> tuple[Verdict, tuple[str, Hex] | None]:
    """Whether some unit of ``uids`` has a hex that is legal and leaves every later unit a
    hex: ``ok`` with one such (unit, hex), or the refusal of the first unit's zone (empty, or
    every tried hex refused). Tries up to ``tries`` hexes of each zone, spread evenly over it."""
    first: Verdict | None = None
    for uid in uids:
        u = rules.st.units[uid]
        c = empties(rules, rules.constraints(u))
        if c is not None:
            first = first or Verdict(False, c.rule, f"no legal hex is left for {u.name} ({c.what})")
            continue
        q, r = rules.zone_arrays(uid)
        for i in np.unique(np.linspace(0, q.size - 1, min(tries, q.size)).astype(np.int64)).tolist():
            h = Hex(int(q[i]), int(r[i]))
            v = rules.ahead(u, h)
            if v is None:
                return Verdict(True), (uid, h)
            first = first or v
    return first or Verdict(False, "V13.430", "no unit is left to place"), None
