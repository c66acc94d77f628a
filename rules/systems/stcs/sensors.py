"""Seed 002 sensor locks by range and the two Cloak Detection Tables."""
from __future__ import annotations

LOCK = "STCS Sensor Locks - Range"
CLOAK = "STCS Cloak Detection Table"
MAX_LOCK = 36
"""No sensor lock beyond 36 hexes."""

_LOCK_BANDS = ((7, 10), (14, 9), (21, 8), (28, 7), (36, 6))


def lock_top(range_hexes: int, modifier: int = 0) -> int:
    """The highest D10 that locks at ``range_hexes`` (0: none), with ``modifier`` (-2 on a
    ship arriving by warp, on a mine)."""
    if range_hexes < 0:
        raise ValueError("a range is 0 or more hexes")
    top = next((t for r, t in _LOCK_BANDS if range_hexes <= r), 0)
    return max(0, min(10, top + modifier)) if top else 0


# (range top, stationary no lock, stationary lock, moving no lock, moving lock): the faces that detect
_TABLE_1_5 = ((10, (1, 3), (1, 6), (1, 5), (1, 8)), (20, (1, 2), (1, 5), (1, 4), (1, 7)),
              (30, (1, 1), (1, 4), (1, 3), (1, 6)))
_TABLE_6_0 = ((10, (8, 10), (5, 10), (6, 10), (3, 10)), (20, (9, 10), (6, 10), (7, 10), (4, 10)),
              (30, (10, 10), (7, 10), (8, 10), (5, 10)))


def table_of(hidden_d10: int) -> str:
    """The table the cloaked side's hidden D10 chooses: "1-5" or "6-0" (a face of 10 is 0)."""
    if not 1 <= hidden_d10 <= 10:
        raise ValueError("a D10 face is 1-10")
    return "1-5" if hidden_d10 <= 5 else "6-0"


def detect_faces(table: str, range_hexes: int, moving: bool, locked: bool) -> tuple[int, int] | None:
    """The D10 faces (low, high, a 0 read as 10) that detect on ``table``; ``None`` beyond 30 hexes."""
    rows = _TABLE_1_5 if table == "1-5" else _TABLE_6_0
    for top, *cols in rows:
        if 1 <= range_hexes <= top or (range_hexes == 0 and top == 10):
            return cols[(2 if moving else 0) + (1 if locked else 0)]
    return None


def detects(table: str, range_hexes: int, moving: bool, locked: bool, d10: int) -> bool:
    """Whether the scan die ``d10`` detects the cloaked ship."""
    faces = detect_faces(table, range_hexes, moving, locked)
    return faces is not None and faces[0] <= d10 <= faces[1]


def detect_chance(range_hexes: int, moving: bool, locked: bool) -> float:
    """The scanner's exact chance of detecting, the hidden table unknown (each table 1/2)."""
    total = 0
    for table in ("1-5", "6-0"):
        faces = detect_faces(table, range_hexes, moving, locked)
        total += faces[1] - faces[0] + 1 if faces else 0
    return total / 20
