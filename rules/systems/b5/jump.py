"""Seed 003 jump-in: where a vortex actually forms (pure functions over the board).

Direction ``1`` is the hexside towards the top of the map (facing A); a d6 counts clockwise
from it. The flagship's vortex scatters d12 hexes (Minbari: d6) from the intended hex; each
other vortex, chosen within 10 hexes of the flagship's actual one, scatters d6 hexes
(Minbari: d4-1, 0 not shifting) in a d6 direction. A jump gate anchors them exactly. A scatter
that would leave the board stops at its edge (docs/b5.md).
"""
from __future__ import annotations

from hexmap import Facing, Label
from hexmap.labels import axial_to_offset
from rules.model.b5 import Race
from rules.systems.b5.deploy import Board, distance, hex_of

RULE = "B5 Jump-In Scenarios"
CHOSEN_RADIUS = 10
"""The other vortices are chosen within 10 hexes of the flagship's actual vortex."""


def direction(d6: int) -> Facing:
    """The hexside a d6 names, clockwise from direction #1 (the top of the map)."""
    if not 1 <= d6 <= 6:
        raise ValueError(f"a d6 shows 1-6, not {d6}")
    return Facing.A.rotate(d6 - 1)


def scatter(board: Board, at: Label, d6: int, hexes: int) -> Label:
    """Where a vortex intended at ``at`` forms: ``hexes`` in direction ``d6``, stopping at the
    board's edge."""
    step, h = direction(d6).vector, hex_of(at)
    out = at
    for _ in range(max(0, hexes)):
        h = h + step
        col, row = axial_to_offset(h)
        nxt = Label(col, row)
        if not board.on(nxt):
            break
        out = nxt
    return out


def flagship_dice(race: Race) -> str:
    """The distance die of the flagship's vortex."""
    return "d6" if race is Race.MINBARI else "d12"


def other_distance(race: Race, roll: int) -> int:
    """Hexes another vortex shifts for a distance roll (Minbari roll a d4 and take 1)."""
    return roll - 1 if race is Race.MINBARI else roll


def other_dice(race: Race) -> str:
    return "d4" if race is Race.MINBARI else "d6"


def chosen_ok(flag_vortex: Label, at: Label) -> bool:
    """Whether ``at`` may be chosen for another vortex."""
    return distance(flag_vortex, at) <= CHOSEN_RADIUS
