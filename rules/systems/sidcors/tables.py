"""SIDCORS tables and arithmetic (seed 004, "SIDCORS EXTRACT"): the Combat Coefficient Table,
the Combat Damage Result (potential x coefficient, fractions of .50 or more rounded up), and the
die roll shifts (never above 6 nor below 1)."""
from __future__ import annotations

from fractions import Fraction

R_ROUNDS = "SIDCORS Combat in Rounds"
R_INTENSITY = "SIDCORS Determining Battle Intensity"
R_NON_MOBILE = "SIDCORS Intensity against Non-Mobile Defenses"
R_DAMAGE = "SIDCORS Damage Determination"
R_DIRECTED = "SIDCORS Directed Damage"
R_TRANSFER = "SIDCORS Directed Damage (transfer or die)"
R_ALLOCATION = "SIDCORS Damage Allocation"
R_PLUS_MINUS = "SIDCORS Plus and Minus Points"
R_CLOAK = "SIDCORS Cloaked Ships"
R_MAULER = "SIDCORS Maulers"
R_SCOUTS = "SIDCORS Scouts"
R_SHIFTS = "SIDCORS Die Roll Shifts"

BIF_LOW, BIF_HIGH = 1, 4
CLOAK_LOW, CLOAK_HIGH = 5, 11
"""CLOAKED SHIPS: a 2d6 of 5 or less gives the enemy -1 in the first round, 11 or more +1."""
SHOCK = 5
"""MAULERS: a shock roll of 5-6 cripples the mauler."""
BIR_LOW, BIR_HIGH = 2, 8

COEFFICIENT: dict[int, tuple[int, int, int, int, int, int]] = {
    2: (15, 15, 20, 20, 25, 25),
    3: (15, 20, 20, 25, 25, 30),
    4: (20, 20, 25, 25, 30, 30),
    5: (20, 25, 25, 30, 30, 35),
    6: (25, 25, 30, 30, 35, 35),
    7: (25, 30, 30, 35, 35, 40),
    8: (30, 30, 35, 35, 40, 40),
}
"""The Combat Coefficient Table: per Battle Intensity Rating, the percentage for die rolls 1-6."""


def coefficient(bir: int, die: int) -> int:
    """The Damage Coefficient in percent for Battle Intensity Rating ``bir`` and a (shifted) die.

    Raises:
        ValueError: ``bir`` outside 2-8 or ``die`` outside 1-6.
    """
    if bir not in COEFFICIENT:
        raise ValueError(f"a Battle Intensity Rating is {BIR_LOW}-{BIR_HIGH}, not {bir}")
    if not 1 <= die <= 6:
        raise ValueError(f"a die roll is 1-6, not {die}")
    return COEFFICIENT[bir][die - 1]


def damage_points(potential: Fraction | int, percent: int) -> int:
    """Combat Potential x Damage Coefficient, dropping fractions of .49 or less and rounding
    fractions of .50 or more to the next higher number (exact: no floating point)."""
    exact = Fraction(potential) * percent / 100
    return int((exact + Fraction(1, 2)).__floor__())


def shifted(die: int, shift: int) -> int:
    """The die after the combined ``shift``: no shift raises a 6 or lowers a 1 (DIE ROLL SHIFTS),
    so the result stays within 1-6."""
    return max(1, min(6, die + shift))


def show(x: Fraction) -> str:
    """A potential as text: ``38``, ``12.5``."""
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"
