"""Lost units in the campaign: the V13.914 Helmsman roll and the V13.753 Rear Guard loss.

Two rules leave a unit Lost for some Strategic Turns:

- V13.91x: a unit that evaded at sub-light after dropping its warp engines
  (``rules/systems/v13/sublight.py``); each turn its Helmsman may find the way back (V13.914), and
  when found or when its lost time is over it is locatable where it evaded.
- V13.953 / V13.963: a unit lost in a nebula by sub-light evasion. It too rolls V13.914; when
  found or when its 1d3 Strategic Turns are over it is treated as if it had evaded in Empty
  Space, and only then rolls the empty-space table (V13.9580 in a neutral hex, V13.9680 in a
  hostile one; in a friendly hex V13.958 returns it to V13.940 with no roll). The tables live
  here so that both the battle and the campaign turn can roll them.
- V13.753: a crippled Rear Guard unit that did not rejoin its force. It is Out of Supply while
  Lost, no Helmsman rolls for it (V13.914 is for V13.90 only, A-43), and when its lost time is
  over it reappears on the map, in the sector it was moved to, as an ordinary unit.

The campaign turn sits below the battle: this module imports nothing from the battle
(``rules/battlehex``, ``rules/systems``).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from typing import Literal

from rules.dice import DiceRoller, Modifier, Roll
from rules.model.units import Unit, UnitFate

EvasionLoss = Literal["V13.91x", "V13.953", "V13.963"]
"""What a sub-light evader's ``lost_by`` says: lost by an empty-space table (V13.91x: locatable
afterwards) or in a nebula (V13.953 / V13.963: the empty-space step follows the lost time)."""
NEBULA_THEN = {"V13.953": "V13.958", "V13.963": "V13.968"}
"""The rule a nebula's lost time leads to: "after that it is treated as if it had evaded in
Empty Space (see below)"."""


def root(rating: int) -> int:
    """INTERPRETATIONS 13: floor(sqrt(max(rating, 0)))."""
    return math.isqrt(max(rating, 0))


class EmptySpace(str, Enum):
    """The rows of V13.9580 / V13.9680 (Empty Space, Neutral / Hostile Hex Results)."""

    LOCATABLE = "locatable"
    LOST = "lost"
    PLANETOID_CREW = "ship destroyed, crew on a small planetoid"
    CRASHED = "ship destroyed, crew stranded on a barely habitable world"
    DESTROYED = "destroyed with all hands"
    CAPTURED = "captured by an incidental force of the opposing Team"
    SELF_DESTRUCT = "self-destructs rather than be captured (Orion)"


_ROWS = {1: EmptySpace.LOCATABLE, 2: EmptySpace.LOST, 3: EmptySpace.PLANETOID_CREW, 4: EmptySpace.CRASHED,
         5: EmptySpace.DESTROYED, 6: EmptySpace.CAPTURED}
EMPTY_SPACE_FATE = {EmptySpace.LOCATABLE: UnitFate.LOCATABLE, EmptySpace.LOST: UnitFate.LOST,
                    EmptySpace.PLANETOID_CREW: UnitFate.MAROONED_PLANETOID, EmptySpace.CRASHED: UnitFate.CRASHED,
                    EmptySpace.DESTROYED: UnitFate.DESTROYED, EmptySpace.CAPTURED: UnitFate.CAPTURED,
                    EmptySpace.SELF_DESTRUCT: UnitFate.DESTROYED}


@dataclass(frozen=True)
class EmptySpaceRoll:
    """One roll on V13.9580 / V13.9680: the rule, the adjusted roll, the row and, on row 2, the
    Strategic Turns lost (1d3 neutral, 1d6 hostile)."""

    rule: str
    adjusted: int
    row: EmptySpace
    lost_turns: int = 0
    rolls: tuple[Roll, ...] = ()


def empty_space_table(unit: Unit, hostile: bool, dice: DiceRoller, orion: bool = False) -> EmptySpaceRoll:
    """V13.958 / V13.968: roll 1d6, subtract the square root (round down) of the Captain's
    Rating, and read V13.9580 (neutral hex) or V13.9680 (hostile hex). 1 or less locatable;
    2 lost 1d3 (neutral) or 1d6 (hostile) Strategic Turns; 3 planetoid; 4 crashed; 5 lost in
    space (destroyed); 6 or more captured (an Orion unit self-destructs)."""
    rule = "V13.9680" if hostile else "V13.9580"
    rating = unit.officers.captain
    mods = [Modifier(f"square root of the Captain's Rating {rating}", -root(rating), rule)]
    first = dice.roll("1d6", purpose="Empty Space", rule=rule, who=unit.name, modifiers=mods)
    adj = first.total
    row = _ROWS[min(6, max(1, adj))]
    if row is EmptySpace.CAPTURED and orion:
        row = EmptySpace.SELF_DESTRUCT
    if row is not EmptySpace.LOST:
        return EmptySpaceRoll(rule, adj, row, rolls=(first,))
    turns = dice.roll("1d6" if hostile else "1d3", purpose="Strategic Turns lost", rule=rule, who=unit.name)
    return EmptySpaceRoll(rule, adj, row, turns.total, (first, turns))


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


def nebula_lost_time_over(unit: Unit, where: Literal["friendly", "neutral", "hostile"], dice: DiceRoller,
                          orion: bool = False) -> list[tuple[str, str]]:
    """V13.953 / V13.963: the nebula's lost time is over (or V13.914 found the unit), so it is
    treated as if it had evaded in Empty Space in the hex it is in (``where``, V13.941 / 951 /
    961). A friendly hex: V13.958 returns it to V13.940 (V13.942: it rendezvouses with friendly
    units, no roll). Otherwise V13.9580 / V13.9680 is rolled and applied to ``unit``. Returns
    the (rule, text) lines for the campaign log."""
    then = NEBULA_THEN.get(unit.lost_by, "V13.958")
    lines: list[tuple[str, str]] = [(unit.lost_by or "V13.953", f"{unit.name} is no longer lost in the nebula: it "
                                     f"is treated as if it had evaded in Empty Space in a {where} hex ({then})")]
    unit.lost_turns_remaining = 0
    if where == "friendly":
        unit.fate, unit.lost_by = UnitFate.ACTIVE, ""
        lines.append(("V13.958", f"{unit.name}: Empty Space in a friendly hex: V13.940 applies, no roll"))
        lines.append(("V13.942", f"{unit.name} rendezvouses with friendly units and undergoes Campaign Damage "
                                 "Repairs (the warp engines stay lost); it stays unless towed, or may be abandoned "
                                 "or scuttled"))
        return lines
    r = empty_space_table(unit, where == "hostile", dice, orion)
    lines.extend((x.rule, x.describe()) for x in r.rolls)
    fate = EMPTY_SPACE_FATE[r.row]
    unit.fate = fate
    unit.destroyed = fate in (UnitFate.DESTROYED, UnitFate.MAROONED_PLANETOID, UnitFate.CRASHED)
    unit.captured = fate is UnitFate.CAPTURED
    unit.lost_turns_remaining = r.lost_turns
    unit.lost_by = "V13.91x" if fate is UnitFate.LOST else ""
    text = f"{unit.name}: Empty Space: adjusted roll {r.adjusted}: {r.row.value}"
    if r.lost_turns:
        text += f" for {r.lost_turns} Strategic Turns, then locatable"
    lines.append((r.rule, text))
    return lines
