"""Lost units in the campaign: the V13.914 Helmsman roll and the V13.753 Rear Guard loss.

Two rules leave a unit Lost for some Strategic Turns:

- V13.91x: a unit that evaded at sub-light after dropping its warp engines
  (``rules/battle/sublight.py``); each turn its Helmsman may find the way back (V13.914), and
  when found or when its lost time is over it is locatable where it evaded.
- V13.753: a crippled Rear Guard unit that did not rejoin its force. It is Out of Supply while
  Lost, no Helmsman rolls for it (V13.914 is for V13.90 only, A-43), and when its lost time is
  over it reappears on the map, in the sector it was moved to, as an ordinary unit.

The campaign turn sits below the battle: this module imports nothing from ``rules/battle``.
"""
from __future__ import annotations

from rules.dice import DiceRoller
from rules.model.units import Unit, UnitFate


def lost_rear_guard(unit: Unit) -> bool:
    """Whether ``unit`` is Lost by V13.753 rather than by a V13.91x sub-light evasion.

    The write-back records the rule in ``lost_by``. A file saved before it did says nothing:
    then V13.911 sends only units that dropped their warp engines to V13.91x, so a Lost unit
    with its warp engines is taken for a Rear Guard loss."""
    if unit.fate is not UnitFate.LOST:
        return False
    if unit.lost_by:
        return unit.lost_by == "V13.753"
    return not unit.warp_engines_dropped


def helmsman_recovery(unit: Unit, dice: DiceRoller) -> bool | None:
    """V13.914: a Lost unit with a Helmsman Rating above 1 rolls 2d6 each Strategic Turn; at or
    under the Rating it is found. ``None`` when no roll is allowed."""
    h = unit.officers.helmsman
    if h <= 1:
        return None
    return dice.roll("2d6", purpose="found again?", rule="V13.914", who=unit.name).total <= h
