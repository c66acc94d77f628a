"""Lost units at the start of a Strategic Turn (V13.914).

A unit left Lost by a sub-light evasion (``rules/battle/sublight.py``) is looked after by the
campaign turn, which sits below the battle: this module imports nothing from ``rules/battle``.
"""
from __future__ import annotations

from rules.dice import DiceRoller
from rules.model.units import Unit


def helmsman_recovery(unit: Unit, dice: DiceRoller) -> bool | None:
    """V13.914: a Lost unit with a Helmsman Rating above 1 rolls 2d6 each Strategic Turn; at or
    under the Rating it is found. ``None`` when no roll is allowed."""
    h = unit.officers.helmsman
    if h <= 1:
        return None
    return dice.roll("2d6", purpose="found again?", rule="V13.914", who=unit.name).total <= h
