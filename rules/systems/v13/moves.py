"""What a combat answer may say (V13.480, docs/battle_answers.md): one action with only its own
parts, a move no further than the unit can have gone, and who stands in a retreat's way
(V13.631)."""
from __future__ import annotations

from typing import Any

from hexmap import Facing, Hex
from hexmap.hexes import hex_line
from hexmap.region import LegalRegion
from rules.systems.v13.exits import turn_of
from rules.battlehex.log import GM, IllegalAnswer, shown
from rules.battlehex.roster import BUnit, Role
from rules.battlehex.state import Ctx

TOP_SPEED = 31
"""The highest speed (hexes per 32-impulse turn) a unit moves at (V13.448, V13.473)."""
_KEYS = {"move": {"move", "to", "facing", "by"}, "clock": {"clock", "by"}, "float": {"float", "hexes", "by"},
         "mark": {"mark", "status", "by"}, "declare": {"declare", "by"}, "end": {"end", "by"}}
"""Each action's parts (docs/battle_answers.md): anything else in an answer is refused."""

def _direction_projection(facing: Facing, h: Hex) -> int:
    """How far ``h`` lies in direction ``facing``, in half hex-widths: its pixel centre projected
    on that direction, times 2 / sqrt(3), which is a whole number. Exact, so a unit level with
    another is never ahead of it by rounding noise (issue 19)."""
    q, r = h.q, h.r
    return (-(2 * r + q), q - r, 2 * q + r, 2 * r + q, r - q, -(2 * q + r))[facing.value]


def check_form(ctx: Ctx, a: dict[str, Any]) -> str:
    """One action per answer, with only its own parts, and who acts: a Team of the battle or the
    GM (V13.480, docs/battle_answers.md). Returns who acts."""
    acts = [k for k in _KEYS if k in a]
    if len(acts) != 1:
        raise IllegalAnswer("V13.480", "one action per answer: " + (" and ".join(acts) + " are several; give them as "
                            "separate answers" if acts else "move, clock, float, mark, declare or end"))
    extra = sorted(str(k) for k in a if k not in _KEYS[acts[0]])
    if extra:
        raise IllegalAnswer("V13.480", f"a {acts[0]} answer has no part {', '.join(map(repr, extra))} (its parts: "
                                       f"{', '.join(sorted(_KEYS[acts[0]]))})")
    empty = sorted(str(k) for k, v in a.items() if v is None)
    if empty:
        raise IllegalAnswer("V13.480", f"{', '.join(map(repr, empty))} is null: give a value or leave the part out "
                                       "(docs/battle_answers.md)")
    by = a.get("by", GM)
    teams = ctx.state.battle_teams
    if not isinstance(by, str) or (by != GM and by not in teams):
        raise IllegalAnswer("V13.480", f"'by' names a Team of this battle ({', '.join(teams)}) or \"gm\", not "
                                       f"{shown(by)}")
    return by


def check_owner(u: BUnit, by: str, rule: str, what: str) -> None:
    """Only ``u``'s owner or the GM moves it or withdraws it (``what``: "R1 is moved"; V13.480; V13.501 / V13.601: a
    disengagement or retreat is of the Team's own units; V13.484: the GM's for monsters)."""
    if by not in (GM, u.team):
        raise IllegalAnswer(rule, f"{what} by its owner ({u.team}) or the GM, not by {by}")


def reach(ctx: Ctx, u: BUnit) -> int:
    """The most hexes ``u`` can have gone beyond the legal region's border since its last move:
    the top speed, 31 hexes, for each turn begun since then (V13.448, V13.473; the tactical
    rules move the units at the table, V13.482, and the clock is advanced as the table plays,
    so a whole turn is the finest bound the record allows: docs/battle_answers.md)."""
    return TOP_SPEED * max(ctx.state.turn - turn_of(u.moved[0]), 1)


def within_reach(ctx: Ctx, u: BUnit, h: Hex) -> None:
    """A move ends inside the legal region (V13.811), or beyond its border by no more hexes than
    the unit can have moved since its last move: a unit leaves the region only by crossing it
    (V13.813)."""
    st = ctx.state
    if st.confirmed_centre is None:
        return
    region = LegalRegion(ctx.window.cols, ctx.window.rows)
    if region.contains(st.confirmed_centre, h):
        return
    most = reach(ctx, u)
    d = u.at.distance(h)
    beyond = d if d > most + 4 * (ctx.window.cols + ctx.window.rows) else \
        sum(not region.contains(st.confirmed_centre, x) for x in hex_line(u.at, h))
    if beyond > most:
        t, i = st.clock
        raise IllegalAnswer("V13.813 / V13.482", f"{u.name}: {ctx.where(h)} lies {beyond} hexes beyond the legal "
                            f"region; since its last move it can have gone at most {most} beyond it (top speed "
                            f"{TOP_SPEED} a turn; now turn {t}, impulse {i})")


def blockers(ctx: Ctx, u: BUnit) -> list[BUnit]:
    """V13.631: the Attacking units standing between retreating ``u`` and the border of its
    Direction of Retreat (closer to that border than ``u``)."""
    st = ctx.state
    direction = st.incidental_dor if u.incidental and st.incidental_dor else st.dor
    if direction is None or u.pos is None:
        return []
    mine = _direction_projection(direction, u.pos)
    return [x for x in st.units.values() if x.present and x.role is Role.ATTACKER and x.pos is not None
            and _direction_projection(direction, x.pos) > mine]
