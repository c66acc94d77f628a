"""The BPV Capacity system (seed 004), the one the seed names for encounters.

"Compare the Command Rating (CR) of the ship commanding the fleet with the below chart. This
is the BPV capacity of the flagship. The total combat BPV of all units present, including the
flagship itself and any attrition units, cannot exceed this amount."

Readings where the seed is open:

* Era columns: before Y120, Y120-Y180 (both ends included), after Y180; a campaign with no
  year reads the Y120-Y180 column (the General War).
* A Command Rating below 3 reads the 3 row (the seed's floor: a planet's "flag rating of 3"),
  one above 10 the 10 row.
* "Size-class 4 or larger" is size class 4, 3, 2 or 1 (SFB numbers smaller for larger ships),
  so PFs and fighters never give the bonus; the flagship's own base hull type gives none (the
  seed's Federation CC example: its CA hull is "not a distinct hull from the Federation CA").
"""
from __future__ import annotations

from collections.abc import Collection, Sequence
from fractions import Fraction

from rules.composition.common import (
    R_BPV,
    R_BPV_BONUS,
    R_BPV_MIXED,
    Line,
    Member,
    is_attrition,
    is_civilian,
    is_fixed,
    same_power_share,
)
from rules.model.units import Unit, UnitKind

CAP_TABLE: dict[int, tuple[int, int, int]] = {
    10: (1200, 1700, 1700),
    9: (1100, 1400, 1400),
    8: (1000, 1000, 1200),
    7: (800, 800, 1200),
    6: (400, 800, 1200),
    5: (300, 500, 700),
    4: (250, 350, 500),
    3: (175, 250, 300),
}
"""Seed 004 BPV Capacity chart: CR -> (up to Y120, Y120 to Y180, after Y180)."""
HULL_BONUS = 50
WEB_BPV = 5
"""Pre-laid web: BPV per hex."""
ERAS = ("up to Y120", "Y120 to Y180", "after Y180")
_NO_BONUS_HULLS = {"POL", "FT", "APT", "-", ""}


def era(year: int | None) -> int:
    """The column of the cap table for ``year`` (0, 1 or 2); no year reads Y120-Y180."""
    if year is None:
        return 1
    return 0 if year < 120 else 1 if year <= 180 else 2


def base_cap(command_rating: int, year: int | None) -> int:
    """The flagship's BPV capacity before hull bonuses (seed 004 chart)."""
    return CAP_TABLE[min(10, max(3, command_rating))][era(year)]


def unit_bpv(u: Unit) -> tuple[int, str]:
    """What a unit counts: Economic BPV for scouts and civilian ships, Combat BPV otherwise."""
    if u.is_scout or is_civilian(u):
        return u.economic_bpv, "Economic BPV (scout or civilian ship)"
    return u.combat_bpv, "Combat BPV"


def gives_hull_bonus(u: Unit) -> bool:
    """A mobile naval warship of size class 4 or larger (not a DefSat, civilian, police, base or attrition unit)."""
    return (u.kind is UnitKind.SHIP and not is_civilian(u) and not is_fixed(u) and not is_attrition(u)
            and u.size_class <= 4 and u.hull_type.upper() not in _NO_BONUS_HULLS)


def capacity(fleet: Sequence[Member], flagship: Member, present: Collection[str],
             year: int | None) -> tuple[int, tuple[Line, ...]]:
    """The BPV cap of ``flagship`` with the hull bonuses of the units ``present``."""
    cr = flagship.unit.fe_command_rating
    cap = base_cap(cr, year)
    lines = [Line(flagship.id, Fraction(cap), R_BPV, f"Command Rating {cr}, {ERAS[era(year)]}")]
    own = flagship.unit.hull_type.upper()
    seen: set[str] = {own}
    for m in fleet:
        hull = m.unit.hull_type.upper()
        if m.id in present and m.id != flagship.id and gives_hull_bonus(m.unit) and hull not in seen:
            seen.add(hull)
            cap += HULL_BONUS
            lines.append(Line(m.id, Fraction(HULL_BONUS), R_BPV_BONUS, f"base hull type {hull}"))
    return cap, tuple(lines)


def costs(fleet: Sequence[Member], present: Collection[str], web_hexes: int = 0) -> tuple[Line, ...]:
    """What each unit present counts against the cap (plus pre-laid web at 5 BPV a hex)."""
    lines = []
    for m in fleet:
        if m.id in present:
            value, why = unit_bpv(m.unit)
            lines.append(Line(m.id, Fraction(value), R_BPV, why))
    if web_hexes:
        lines.append(Line("", Fraction(WEB_BPV * web_hexes), R_BPV, f"pre-laid web, {web_hexes} hexes"))
    return tuple(lines)


def problems(fleet: Sequence[Member], flagship: Member, lines: Sequence[Line]) -> list[str]:
    """The flagship's Command Rating and the mixed-empire rule."""
    out = []
    if flagship.unit.fe_command_rating < 1:
        out.append(f"{R_BPV}: flagship {flagship.id} has no Command Rating (fe_command_rating)")
    by_unit = {ln.unit: ln.amount for ln in lines if ln.unit}
    return out + same_power_share(fleet, by_unit, flagship, R_BPV_MIXED)
