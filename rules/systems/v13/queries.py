"""Questions a view asks the battle engine while the battle is fought, answered as data.

What a drag of a counter would cause (it stays, disengages, retreats, leaves in disorder or is
refused, with the rule), where a step forward, a turn or a sideslip takes a unit, who may
declare a disengagement or retreat, and what the hex under the mouse is (its label on the
floating map, range and bearing to a unit, what stands there). Nothing here changes the
battle: every answer is computed from the state as it is.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import numpy as np

from hexmap import Facing, Hex, bearing
from hexmap.region import LegalRegion
from rules.systems.v13.combat import _check
from rules.systems.v13.exits import IMPULSES_PER_TURN, ExitKind, turn_of
from rules.battlehex.log import EventLog, IllegalAnswer
from rules.systems.v13.placement import Placement
from rules.systems.v13.placement_steps import R_FACING
from rules.battlehex.roster import BUnit, Role
from rules.battlehex.state import Ctx
from rules.systems.v13.ws_table import ws_name
from rules.systems.v13.zones import dist_to

_OUTCOME = {ExitKind.STAYS: "stays in the battle", ExitKind.DISENGAGED: "disengages",
            ExitKind.RETREATED: "retreats", ExitKind.DISORGANIZED: "leaves in disorder",
            ExitKind.ORION: "leaves the battle", ExitKind.MONSTER: "leaves the battle",
            ExitKind.ALIEN: "leaves the battle", ExitKind.BLOCKED: "cannot go there"}


class Step(str, Enum):
    """The one-hex moves of the keyboard: forward, turn, sideslip."""

    FORWARD = "forward"
    LEFT = "left"
    RIGHT = "right"
    SLIP_LEFT = "slip_left"
    SLIP_RIGHT = "slip_right"


@dataclass(frozen=True)
class MovePreview:
    """What moving a unit to a hex would do, before the drop.

    Attributes:
        ok: whether the engine would accept the move.
        outcome: "stays in the battle" (inside the legal region), "disengages", "retreats", "leaves in disorder",
            "leaves the battle" or "cannot go there".
        rule: the rule that decides it.
        reason: the rule's words (why it is refused, or how it leaves).
        label: the hex's label on the floating map.
        distance: hexes from where the unit stands.
        moved: hexes it has already moved this turn.
        speed: its speed (``None`` if it has none).
        turn, impulse: the battle clock now.
    """

    ok: bool
    outcome: str
    rule: str
    reason: str
    label: str
    distance: int
    moved: int
    speed: int | None
    turn: int
    impulse: int

    @property
    def allowed(self) -> int | None:
        """Hexes an even pace at the unit's speed covers by this impulse (speed x impulse / 32):
        a reference beside the move, not a limit (the tactical rules move units, V13.482)."""
        return None if self.speed is None else self.speed * self.impulse // IMPULSES_PER_TURN

    def text(self) -> str:
        """One line for the drag balloon."""
        head = f"{self.label}: {self.outcome}" + (f" ({self.rule})" if self.rule and self.outcome != _OUTCOME[ExitKind.STAYS]
                                                   else "")
        return f"{head}: {self.reason}" if not self.ok else f"{head}; {self.pace()}"

    def pace(self) -> str:
        """The hexes moved against the unit's speed and the impulses elapsed."""
        total = self.moved + self.distance
        pace = f"{self.distance} hex{'es' if self.distance != 1 else ''}"
        if self.speed is not None:
            # the even pace of the speed, for reference: the tactical rules move the unit (V13.482)
            pace += (f"; {total} this turn at speed {self.speed} ({self.allowed} by impulse {self.impulse} "
                     f"of {IMPULSES_PER_TURN}); tactical movement: V13.482")
        return pace


def preview_move(ctx: Ctx, uid: str, to: Hex, facing: Facing | None = None, by: str = "gm") -> MovePreview:
    """What moving ``uid`` to ``to`` (with ``facing``, by default its own) would cause."""
    st = ctx.state
    u = st.units[uid]
    t, i = st.clock
    label, distance = ctx.where(to), u.pos.distance(to) if u.pos else 0
    moved = u.moved[1] if turn_of(u.moved[0]) == st.turn else 0
    raw = {"move": uid, "to": str(ctx.window.label(to)), "by": by,
           "facing": (facing or u.facing or Facing.A).name}
    try:
        act = _check(ctx, raw)
    except IllegalAnswer as e:
        return MovePreview(False, _OUTCOME[ExitKind.BLOCKED], e.rule, e.message, label, distance, moved, u.speed, t,
                           i)
    out = act["exit"]
    return MovePreview(True, _OUTCOME[out.kind], out.rule, out.reason, label, distance, moved, u.speed, t, i)


def step_target(u: BUnit, how: Step) -> tuple[Hex, Facing]:
    """Where a one-hex keyboard move takes ``u``: forward along its facing, a turn of one
    hex side in place, or a sideslip to the hex ahead-left / ahead-right keeping its facing."""
    assert u.pos is not None and u.facing is not None
    f, h = u.facing, u.pos
    if how is Step.FORWARD:
        return h + f.vector, f
    if how is Step.LEFT:
        return h, f.rotate(-1)
    if how is Step.RIGHT:
        return h, f.rotate(1)
    return h + f.rotate(-1 if how is Step.SLIP_LEFT else 1).vector, f


def declarable(ctx: Ctx, viewer: str) -> list[BUnit]:
    """Units ``viewer`` may declare a disengagement or retreat for (V13.50): Attacking and
    Defending units on the map that have not declared; a team only its own, the GM any."""
    return [u for u in ctx.state.units.values()
            if u.role in (Role.ATTACKER, Role.DEFENDER) and u.present and u.pos is not None and not u.under_fire
            and (viewer == "gm" or u.team == viewer)]


@dataclass(frozen=True)
class HexInfo:
    """The hex under the mouse as the battle sees it."""

    label: str
    on_sheet: bool
    in_region: bool
    range: int | None
    bearing: str | None
    units: tuple[str, ...]

    def text(self, selected_name: str | None = None) -> str:
        """A short readout: label, on or off the sheet, range and bearing, who is there."""
        parts = [self.label, "on the map sheet" if self.on_sheet else
                 ("off the sheet (the map floats, V13.812)" if self.in_region else "outside the legal region (V13.811)")]
        if self.range is not None and selected_name:
            parts.append(f"range {self.range} from {selected_name}" + (f", bearing {self.bearing}" if self.bearing
                                                                        else ""))
        if self.units:
            parts.append("here: " + ", ".join(self.units))
        return " \u2014 ".join(parts)


def hex_info(ctx: Ctx, h: Hex, visible: list[BUnit], selected: BUnit | None = None) -> HexInfo:
    """What the readout says of ``h``; ``visible`` are the units the viewer may see (V13.03)."""
    st = ctx.state
    window = ctx.current_window()
    in_region = True
    if st.centre is not None:
        in_region = LegalRegion(ctx.window.cols, ctx.window.rows).contains(st.centre, h)
    at = selected.pos if selected is not None else None
    here = tuple(u.name for u in visible if u.pos == h and u.present)
    return HexInfo(ctx.where(h), window.contains(h), in_region, at.distance(h) if at is not None else None,
                   bearing(at, h) if at is not None and at != h else None, here)


# -- set-up ----------------------------------------------------------------------------------------
def forced_facing(ctx: Ctx, uid: str) -> tuple[Facing, str] | None:
    """The facing ``uid`` must take when it is placed, with the rule, or ``None`` if its player
    chooses: every attacking unit after the first faces as the first does (V13.446)."""
    st = ctx.state
    u = st.units[uid]
    if u.role is not Role.ATTACKER:
        return None
    first = next((p for p in st.placed() if p.role is Role.ATTACKER and p.facing is not None), None)
    return (first.facing, f"V13.446: as {first.name}") if first is not None and first.facing else None


def keep_out(ctx: Ctx, placement: Placement, uid: str) -> tuple[np.ndarray, np.ndarray, str]:
    """The hexes ``uid`` may not enter because they are too close to others (their outline is
    the minimum-range ring on the map), from the unit's own placement constraints: the
    largest "at least N from ..." of them (V13.441, V13.463, A-22's front line), with its rule."""
    rules = [c for c in placement.constraints(ctx.state.units[uid]) if c.kind == "at_least" and c.points and c.n > 0]
    empty = np.zeros(0, dtype=np.int64)
    if not rules:
        return empty, empty, ""
    c = max(rules, key=lambda c: c.n)
    pts = list(c.points)
    qs = np.arange(min(p.q for p in pts) - c.n, max(p.q for p in pts) + c.n + 1)
    rs = np.arange(min(p.r for p in pts) - c.n, max(p.r for p in pts) + c.n + 1)
    q, r = (a.ravel() for a in np.meshgrid(qs, rs, indexing="ij"))
    inside = dist_to(pts, q, r) <= c.n - 1
    return q[inside], r[inside], f"{c.rule}: at least {c.n} hexes from {c.what.removeprefix('distance to ')}"


@dataclass(frozen=True)
class WeaponStatusLine:
    """One Team's Weapon Status and how it was set (its roll with every modifier, or the rule)."""

    team: str
    status: str
    rule: str
    how: str


def weapon_status_lines(ctx: Ctx) -> list[WeaponStatusLine]:
    """The Weapon Status breakdown, Team by Team, as data (V13.413-V13.415)."""
    st = ctx.state
    return [WeaponStatusLine(ctx.name(team), ws_name(ws), *st.ws_how.get(team, ("V13.415", "")))
            for team, ws in st.ws.items()]


def corrected_facing(log: EventLog) -> str | None:
    """The last facing correction the placement logged (the first attacking unit's facing,
    V13.443), as ``"rule: words"``; None when no facing was corrected."""
    return next((f"{e.rule}: {e.text}" for e in reversed(log.view()) if e.rule == R_FACING), None)
