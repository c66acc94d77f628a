"""Leaving the floating map (V13.811-V13.814, V13.513, V13.613, V13.453, V13.474; A-16, A-53,
A-54; INTERPRETATIONS 3, 5, 6) and the V13.632 count of a retreat through an enemy force.

A unit has left the battle when it stands outside the legal region around the original
centre hex. The border it crossed is the side of the region beyond it (a corner counts as
both sides). Each facing corresponds to the borders a straight course in it can reach:
A top; B top or right; C right or bottom; D bottom; E bottom or left; F left or top.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from hexmap import Facing, Hex
from hexmap.region import LegalRegion


class ExitKind(str, Enum):
    STAYS = "still on the map"
    DISENGAGED = "disengaged (V13.513)"
    RETREATED = "retreated (V13.613)"
    DISORGANIZED = "disorganized withdrawal (V13.821)"
    ORION = "left the battle (independent Orion, V13.453)"
    MONSTER = "left the battle (monster, V13.474)"
    ALIEN = "left the battle (alien ship, V13.474)"
    BLOCKED = "move refused: a sub-light unit cannot have a disorganized withdrawal (V13.813, A-53)"


BORDERS: dict[Facing, frozenset[str]] = {
    Facing.A: frozenset({"top"}), Facing.B: frozenset({"top", "right"}), Facing.C: frozenset({"right", "bottom"}),
    Facing.D: frozenset({"bottom"}), Facing.E: frozenset({"bottom", "left"}), Facing.F: frozenset({"left", "top"}),
}


def sides_crossed(centre: Hex, h: Hex, cols: int = 42, rows: int = 30) -> frozenset[str]:
    """The sides of the legal region beyond ``h`` (empty while ``h`` is inside it)."""
    region = LegalRegion(cols, rows)
    if region.contains(centre, h):
        return frozenset()
    dq, dr = h.q - centre.q, h.r - centre.r
    out = set()
    if dq > cols - 1:
        out.add("right")
    elif dq < -(cols - 1):
        out.add("left")
    span = region.span(max(-(cols - 1), min(cols - 1, dq)))
    assert span is not None, "the region reaches every column offset within cols - 1"
    lo, hi = span
    if dr > hi:
        out.add("bottom")
    elif dr < lo:
        out.add("top")
    return frozenset(out)


@dataclass(frozen=True)
class Exit:
    kind: ExitKind
    sides: frozenset[str]
    facing: Facing
    rule: str
    reason: str

    @property
    def left(self) -> bool:
        return self.kind not in (ExitKind.STAYS, ExitKind.BLOCKED)


def classify_exit(role: str, facing: Facing, sides: frozenset[str], *, dod: Facing | None, dor: Facing | None,
                  sublight: bool = False, alien_initial: Facing | None = None,
                  alternate_dor: Facing | None = None) -> Exit:
    """How a unit that left across ``sides`` facing ``facing`` withdrew.

    ``role`` is ``attacker``, ``defender``, ``independent`` (Orion), ``monster`` or ``alien``.
    """
    if not sides:
        return Exit(ExitKind.STAYS, sides, facing, "V13.813", "the unit is still inside the legal region")
    where = "/".join(sorted(sides))
    if role == "monster":
        return Exit(ExitKind.MONSTER, sides, facing, "V13.474", "monsters may leave in any direction")
    if role == "alien":
        need = alien_initial.opposite if alien_initial else None
        if need is not None and facing is need:
            return Exit(ExitKind.ALIEN, sides, facing, "V13.474", f"facing {need.name}, opposite its initial facing")
        return _disorganized(sides, facing, sublight, "V13.474", f"an alien ship must leave facing "
                             f"{need.name if need else '?'}, opposite its initial facing")
    if role == "independent":
        if facing not in (dod, dor):
            return Exit(ExitKind.ORION, sides, facing, "V13.453", f"facing {facing.name}: neither the Direction of "
                        "Disengagement nor the Direction of Retreat")
        return _disorganized(sides, facing, sublight, "V13.453 / A-54",
                             f"an independent Orion may not leave facing the Direction of Disengagement or of "
                             f"Retreat ({facing.name})")
    own = dod if role == "attacker" else dor
    kind, rule = (ExitKind.DISENGAGED, "V13.513") if role == "attacker" else (ExitKind.RETREATED, "V13.613")
    for direction in (own, alternate_dor if role == "defender" else None):
        if direction is not None and facing is direction and sides & BORDERS[direction]:
            return Exit(kind, sides, facing, rule, f"across the {where} border facing {facing.name}, the "
                        f"Direction of {'Disengagement' if role == 'attacker' else 'Retreat'}")
    name = "Disengagement" if role == "attacker" else "Retreat"
    return _disorganized(sides, facing, sublight, "V13.813 / V13.821",
                         f"across the {where} border facing {facing.name}; the Direction of {name} is "
                         f"{own.name if own else 'not set'}")


def _disorganized(sides: frozenset[str], facing: Facing, sublight: bool, rule: str, why: str) -> Exit:
    if sublight:
        return Exit(ExitKind.BLOCKED, sides, facing, "V13.813 / A-53", why + "; a sub-light unit cannot withdraw "
                                                                          "in disorder")
    return Exit(ExitKind.DISORGANIZED, sides, facing, rule, why)


IMPULSES_PER_TURN = 32
"""A tactical turn has 32 impulses (V13.480; INTERPRETATIONS 11)."""


# -- V13.632: retreating through an enemy force ---------------------------------------------------------
def absolute_impulse(turn: int, impulse: int) -> int:
    """INTERPRETATIONS 11: turn t, impulse i is impulse 32(t - 1) + i, counted across turns."""
    return IMPULSES_PER_TURN * (turn - 1) + impulse


def turn_of(impulse: int) -> int:
    """The tactical turn of an absolute impulse (1-32: turn 1); 0 for impulse 0 (never)."""
    return (impulse - 1) // IMPULSES_PER_TURN + 1 if impulse > 0 else 0


@dataclass
class ThroughEnemyCounter:
    """V13.632: the retreat completes only after the unit stays at least 10 hexes from the
    nearest Attacking unit (seeking weapons excluded) for 32 consecutive impulses."""

    NEEDED: ClassVar[int] = 32
    """Consecutive impulses at :attr:`RANGE` hexes or more that complete the retreat."""
    RANGE: ClassVar[int] = 10
    """The least distance, in hexes, from every attacking unit."""
    RULE: ClassVar[str] = "V13.632"

    start: int | None = None
    last: int | None = None

    def update(self, impulse: int, distance: int) -> bool:
        """Record the distance at the end of absolute ``impulse``; True once the 32nd
        consecutive impulse at 10 or more hexes is reached."""
        if distance < self.RANGE or (self.last is not None and impulse != self.last + 1):
            self.start = None if distance < self.RANGE else impulse
        elif self.start is None:
            self.start = impulse
        self.last = impulse
        return self.count >= self.NEEDED

    @property
    def count(self) -> int:
        return 0 if self.start is None or self.last is None else self.last - self.start + 1

    @property
    def completes_at(self) -> int | None:
        """The impulse at which the retreat completes if the distance holds."""
        return None if self.start is None else self.start + self.NEEDED - 1

    def mark(self) -> str:
        """The count on the unit's counter: impulses so far of those needed (``5/32``)."""
        return f"{self.count}/{self.NEEDED}"

    def words(self) -> str:
        """The count in words, with its rule."""
        return f"{self.RULE}: {self.count} of {self.NEEDED} impulses at {self.RANGE}+ hexes from every attacker"
