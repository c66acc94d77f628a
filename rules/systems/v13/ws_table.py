"""Table V13.415: the Weapon Status an adjusted 2d6 roll gives, and its name (read by the
procedure, :mod:`rules.systems.v13.weapon_status`, and by the odds, :mod:`rules.systems.v13.odds.rolls`)."""
from __future__ import annotations


def ws_from_total(total: int) -> int:
    """Table V13.415: <=3 -> 0, 4-7 -> I, 8-11 -> II, >=12 -> III."""
    return 0 if total <= 3 else 1 if total <= 7 else 2 if total <= 11 else 3


def ws_reduced(ws: int, levels: int) -> int:
    """``ws`` lowered by ``levels`` Weapon Status levels, never below 0 (seed 004 Stealth, B-15)."""
    return max(0, ws - levels)


def ws_name(ws: int) -> str:
    """The Weapon Status ``ws`` as written: 0, I, II, III."""
    return ("0", "I", "II", "III")[ws]


__all__ = ["ws_from_total", "ws_name", "ws_reduced"]
