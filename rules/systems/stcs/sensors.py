"""Seed 002 sensor locks by range, the two Cloak Detection Tables, and what is known of a ship beyond 36
hexes (Sensors, Sensor Locks, Obtaining A Sensor Lock - Information: its location, its heading, its
class and the maker of its warp engines, nothing more)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rules.battlehex.log import GM

if TYPE_CHECKING:
    from rules.systems.stcs.engine import STCSEngine

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


_ROMAN = ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))


def roman(n: int) -> str:
    """A Class in Roman numerals (I-XX)."""
    out = ""
    for value, mark in _ROMAN:
        while n >= value:
            out, n = out + mark, n - value
    return out


def lose_mine_lock(e: STCSEngine, x: str, why: str, rule: str = LOCK) -> None:
    """``x`` loses its lock on a mine, if it holds one (a sensor lock: lost as any is, seed 002); the line, under the
    ``rule`` that takes it, is its side's and the GM's, as the lock was (:mod:`.mines`)."""
    held = e.mine_locks.pop(x, None)
    if held is not None:
        e.log.add("ruling", rule, f"{e.ship(x)} loses its lock on the mine at {held[0].q},{held[0].r} ({why})",
                  visible_to=(e.units[x].team, GM))


def long_range_only(e: STCSEngine, x: str, viewer: str) -> bool:
    """Whether the side ``viewer`` knows of ``x`` only what long range sensors show: every ship of its on
    the map is more than 36 hexes away (the GM and ``x``'s side know all)."""
    if viewer == GM or viewer == e.units[x].team or viewer not in (e.attacker, e.defender) or x not in e.at:
        return False
    return all(e.range(x, y) > MAX_LOCK for y in e.on_map(viewer))  # (no lock holds beyond 36)


def long_range_words(e: STCSEngine, x: str) -> str:
    """What a ship beyond 36 hexes reveals: location, heading, class, the maker of its warp engines."""
    d = e.data(x)
    maker = d.name_of_engines or d.nation.value.capitalize()
    return (f"a Class {roman(d.class_size)} ship at {e.at[x].q},{e.at[x].r}, heading {e.facing[x].name}, "
            f"{maker} engines")
