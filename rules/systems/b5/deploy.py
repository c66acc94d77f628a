"""Seed 003 deployment as pure functions: the order squadrons are placed in, the squadrons
on patrol, and the legal hexes for the next ship (meeting engagement and a jump-in's
defender), computed by the engine over the whole board at once.

Distances are hex distances on the board's grid (``0101`` top left, columns then rows, as
every map of the program). A zone is a boolean mask over :attr:`Board.labels`; the engine
checks an answer against it and a panel draws it.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from hexmap import Facing, Hex, Label, grid_hex
from rules.errors import RuleError

RULE = "B5 Meeting Engagements"
JUMP_RULE = "B5 Jump-In Scenarios"
SQUADRON_RADIUS = 3
"""Every ship of a squadron within 3 hexes of its command ship."""
FLAG_RADIUS = 15
"""Squadron commanders within 15 hexes of the group flagship."""
ESCORT_RADIUS = 3
APART = 45
"""Fleets begin 45 or more hexes apart (a meeting engagement)."""
PATROL_APART = 20
"""A jump-in defender's patrol squadrons at least 20 hexes from the group flagship."""
MEETING_SPEED = 10
DEFENDER_SPEED = 4
PATROL_SPEED = 10
Mask = npt.NDArray[np.bool_]
TOWARD = "to enemy"
"""A meeting placement's usual facing (issue 22: the question opens at it): the fleets face each
other across the board (seed 003), a facing letter once the hex is known (:func:`usual_facing`)."""
COLS, ROWS = 90, 60
"""The board's size: the seed's table is not measured (docs/b5.md); 90 x 60 leaves fleets 45
hexes apart room for commanders 15 hexes out."""


@dataclass(frozen=True)
class Board:
    """The battle's board: ``cols`` x ``rows`` hexes, ``0101`` at the top left."""

    cols: int = COLS
    rows: int = ROWS
    labels: tuple[Label, ...] = field(init=False, repr=False, compare=False)
    q: npt.NDArray[np.int32] = field(init=False, repr=False, compare=False)
    r: npt.NDArray[np.int32] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        labels = tuple(Label(c, w) for c in range(1, self.cols + 1) for w in range(1, self.rows + 1))
        hexes = [grid_hex(x) for x in labels]
        object.__setattr__(self, "labels", labels)
        object.__setattr__(self, "q", np.array([h.q for h in hexes], dtype=np.int32))
        object.__setattr__(self, "r", np.array([h.r for h in hexes], dtype=np.int32))

    def __reduce__(self) -> tuple[type[Board], tuple[int, int]]:
        """Pickled as its size (a checkpoint on disk holds no arrays: they are made again)."""
        return Board, (self.cols, self.rows)

    def index(self, at: Label) -> int:
        """``at``'s place in :attr:`labels`, or ``RuleError`` off the board."""
        if not (1 <= at.col <= self.cols and 1 <= at.row <= self.rows):
            raise RuleError(RULE, f"{at} is off the board ({self.cols} x {self.rows} hexes, 0101 to "
                                  f"{Label(self.cols, self.rows)})")
        return (at.col - 1) * self.rows + at.row - 1

    def on(self, at: Label) -> bool:
        """Whether ``at`` lies on the board."""
        return 1 <= at.col <= self.cols and 1 <= at.row <= self.rows

    def distances(self, at: Label) -> npt.NDArray[np.int32]:
        """Every board hex's distance from ``at``."""
        h = grid_hex(at)
        dq, dr = self.q - h.q, self.r - h.r
        out: npt.NDArray[np.int32] = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2
        return out

    def near(self, centres: Iterable[Label]) -> npt.NDArray[np.int32]:
        """Every hex's distance from the nearest of ``centres`` (a large number for none)."""
        out = np.full(len(self.labels), 10**6, dtype=np.int32)
        for c in centres:
            np.minimum(out, self.distances(c), out=out)
        return out

    def everywhere(self) -> Mask:
        return np.ones(len(self.labels), dtype=np.bool_)


def distance(a: Label, b: Label) -> int:
    """Hexes between ``a`` and ``b``."""
    return grid_hex(a).distance(grid_hex(b))


def hex_of(at: Label) -> Hex:
    return grid_hex(at)


def placement_order(first: Sequence[str], second: Sequence[str]) -> list[tuple[int, str]]:
    """Squadrons placed alternately, ``first``'s side (0) then ``second``'s (1); the side with
    more places its extra squadrons last."""
    out: list[tuple[int, str]] = []
    for i in range(max(len(first), len(second))):
        if i < len(first) and i < len(second):
            out += [(0, first[i]), (1, second[i])]
    n = min(len(first), len(second))
    out += [(0, s) for s in first[n:]] + [(1, s) for s in second[n:]]
    return out


def patrol_count(squadrons: int) -> int:
    """Squadrons a jump-in's defender must detach on patrol: 25% (round down; docs/b5.md)."""
    return squadrons // 4


@dataclass(frozen=True, slots=True)
class Place:
    """What constrains the next ship: its role and the hexes already decided."""

    role: str
    """``flagship``, ``command`` (a squadron commander), ``patrol`` (a patrol's commander),
    ``member`` (a ship of a squadron) or ``escort``."""
    anchor: Label | None = None
    """Its command ship (a member) or the flagship (a commander, a patrol, an escort)."""
    enemies: tuple[Label, ...] = ()
    """Enemy ships already placed (a meeting engagement keeps 45 hexes from them)."""


def zone(board: Board, place: Place) -> Mask:
    """The hexes ``place``'s ship may be deployed in."""
    mask = board.everywhere()
    if place.anchor is not None:
        d = board.distances(place.anchor)
        if place.role == "patrol":
            mask &= d >= PATROL_APART
        else:
            mask &= d <= {"member": SQUADRON_RADIUS, "escort": ESCORT_RADIUS, "command": FLAG_RADIUS}[place.role]
    if place.enemies:
        mask &= board.near(place.enemies) >= APART
    return mask


def why_not(board: Board, place: Place, at: Label, name: str) -> str:
    """Why ``at`` is not in ``place``'s zone, in the rule's words ("" when it is)."""
    i = board.index(at)
    if place.anchor is not None:
        d = distance(place.anchor, at)
        if place.role == "patrol" and d < PATROL_APART:
            return f"{name} is on patrol: at least {PATROL_APART} hexes from the group flagship, not {d}"
        limit = {"member": SQUADRON_RADIUS, "escort": ESCORT_RADIUS, "command": FLAG_RADIUS}.get(place.role)
        if limit is not None and d > limit:
            whom = {"member": "its command ship", "escort": "the flagship", "command": "the group flagship"}
            return f"{name} must be within {limit} hexes of {whom[place.role]}, not {d}"
    if place.enemies:
        near = min(distance(e, at) for e in place.enemies)
        if near < APART:
            return f"the fleets begin {APART} or more hexes apart: {name} at {at} is {near} from an enemy ship"
    return "" if zone(board, place)[i] else f"{at} is not a legal hex for {name}"


def toward(a: Label, b: Label) -> Facing:
    """The facing from ``a`` nearest the straight line to ``b`` (A, the top, when they are one hex)."""
    d = grid_hex(b) - grid_hex(a)
    if d == Hex(0, 0):
        return Facing.A
    x, y = 1.5 * d.q, math.sqrt(3) * (d.r + d.q / 2)  # A up, B 60 degrees clockwise, as hexmap.bearing
    return Facing(math.floor(((math.degrees(math.atan2(y, x)) + 90) % 360) / 60 + 0.5) % 6)  # a tie: clockwise


def usual_facing(board: Board, place: Place | None, at: Label) -> Facing:
    """Seed 003's usual case for a ship placed at ``at``: facing the enemy across the board. Toward
    the nearest enemy ship placed; before any is (the first side's first squadron), toward the
    board's centre, across which the enemy deploys (45 or more hexes away on the 90 x 60 board).
    ``place``: the pending placement's constraint (``B5Engine.placing``; None, no placement: A)."""
    if place is None:
        return Facing.A
    if place.enemies:
        return toward(at, min(place.enemies, key=lambda e: (distance(at, e), e.col, e.row)))
    return toward(at, Label((board.cols + 1) // 2, (board.rows + 1) // 2))
