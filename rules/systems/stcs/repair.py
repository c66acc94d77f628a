"""Seed 002 repairs: Bridge hits bar repairs (and warp out) for as many Repair Phases; successive
repair attempts on 5-point-box systems; tenders' repair assists."""
from __future__ import annotations

SEGMENTS = 3
"""Three segments (sensors, movement, firing, repair) a turn."""
BRIDGE = "STCS Effects From Bridge Hits"
REPAIR = "STCS Systems Repair"
TENDER = "STCS Repair Assistance By Tenders"


def barred_phases(turn: int, segment: int, hits: int) -> list[tuple[int, int]]:
    """The Repair Phases (turn, segment) barred by ``hits`` Bridge hits in that firing phase:
    that segment's own Repair Phase and the next, one per hit."""
    if not 1 <= segment <= SEGMENTS or turn < 1 or hits < 0:
        raise ValueError("turn from 1, segment 1-3, hits 0 or more")
    out = []
    t, s = turn, segment
    for _ in range(hits):
        out.append((t, s))
        t, s = (t, s + 1) if s < SEGMENTS else (t + 1, 1)
    return out


def first_repair(turn: int, segment: int, hits: int) -> tuple[int, int]:
    """The first Repair Phase in which the ship may repair again."""
    if hits == 0:
        return turn, segment
    t, s = barred_phases(turn, segment, hits)[-1]
    return (t, s + 1) if s < SEGMENTS else (t + 1, 1)


def repair_modifier(attempt: int) -> int:
    """Each successive attempt on a boxed system: -1 to the target roll, at most -3 (1st: 0)."""
    if attempt < 1:
        raise ValueError("attempts count from 1")
    return -min(3, attempt - 1)


def tender_assists(class_size: int) -> int:
    """Repair assists a tender gives a turn: its class / 3 dropping fractions, at most 3; Class I
    or II give 1 (a Repair Team only)."""
    if not 1 <= class_size <= 20:
        raise ValueError("a class is I-XX")
    return 1 if class_size <= 2 else min(3, class_size // 3)
