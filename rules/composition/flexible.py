"""The Flexible Command system (seed 004): the flagship's Flexible Command Rating (FCR) is the
most Flexible Command Points (FCP) the other units present may cost.

Readings where the seed is open (each one line of the verdict):

* A unit's chart row is its ``fcp_row``, else its ``hull_type``, else its ``class_designation``,
  else its kind (fighter, PF, DefSat, ground base); a unit with none, and the ``N/A`` rows
  (BB, SB, DN, large ground bases), may be the flagship only: otherwise it stays out (a fixed
  one is inactive).
* Craft rows (PFs/INTs/bombers, fighters, DefSats, ground bases) price each craft: the first
  group (6 PFs, 9 Lyran PFs/INTs, 12 fighters, 18 Hydran fighters, 5 DefSats, 3 ground bases)
  at the chart's value, each further group at +1 (fighters +1/2) a craft - the seed's 10 PFs
  cost 6 x 1 + 4 x 2 = 14.
* The flagship is free (a battleship 4) and is not counted among its row's duplicates.
* A leader (``is_leader``; also a CC/CCH leading heavy cruisers, without penalty) forms a
  squadron with two other ships of its size class (CC: of the CA row): the two its owner
  designates when there are more than two to choose from ("One leader can be designated being
  'in command' of two other ships"), else taken from the rows with most duplicates; the trio
  pays no duplicate penalty and is not counted for the others.
  A leader without a full squadron pays 2, 4, 6 ... in order. A flagship leader pays none.
* The 50% same-race rule counts the flagship at its chart row's cost.
* The chart is used as printed: civilian ships and fixed installations pay their row's cost in
  full. The seed's "count half (round up)" stands in the Big Ships section and applies there
  only (INTERPRETATIONS 20; issue 12 had put it here). Web costs 1/2 a hex with no duplicate
  penalty.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction

from rules.composition.common import (
    R_FLEX,
    R_FLEX_DUP,
    R_FLEX_LEADER,
    R_FLEX_MIXED,
    Line,
    Member,
    craft,
    same_power_share,
)
from rules.errors import RuleError
from rules.model.units import CrewQuality, Unit, UnitKind

_ROWS: tuple[tuple[tuple[str, ...], int | None], ...] = (
    (("BB", "SB", "DN"), None),
    (("SHC",), 15),
    (("BCH",), 14),
    (("CC", "CCH", "BATS"), 12),
    (("CA", "NCA", "CWH", "HCW", "CF", "MON"), 10),
    (("CW", "CWL"), 9),
    (("CL", "CLC", "BS", "F-H"), 8),
    (("DW", "DWL", "HDW", "MB", "F-OL"), 7),
    (("DD", "DDL", "F-L", "SAM"), 6),
    (("FF", "FFL", "FH", "FLG", "CPL"), 5),
    (("POL", "F-S"), 4),
    (("LARGE_GROUND_BASE", "NONE"), None),
)
ROW: dict[str, str] = {d: names[0] for names, _ in _ROWS for d in names}
"""Each designation of the FCP chart -> its row (named by the row's first designation)."""
COST: dict[str, int | None] = {names[0]: cost for names, cost in _ROWS}
CRAFT_ROWS: dict[str, tuple[int, Fraction, Fraction]] = {
    "PF": (6, Fraction(1), Fraction(1)),
    "FIGHTER": (12, Fraction(1, 2), Fraction(1, 2)),
    "DEFSAT": (5, Fraction(1), Fraction(1)),
    "GROUND_BASE": (3, Fraction(1), Fraction(1)),
}
"""Craft rows: (craft in a group, cost a craft, duplicate penalty a craft for each further group)."""
_CRAFT_ALIAS = {"PF": "PF", "INT": "PF", "BOMBER": "PF", "FIGHTER": "FIGHTER", "DEFSAT": "DEFSAT",
                "GROUND_BASE": "GROUND_BASE"}
_KIND_ROW = {UnitKind.FIGHTER: "FIGHTER", UnitKind.PF: "PF", UnitKind.DEFSAT: "DEFSAT",
             UnitKind.GROUND_BASE: "GROUND_BASE"}
FLAGSHIP_BB = 4
AUXILIARY = 2
BATTLE_POD = 2
LEADER_PENALTY = 2
_FREIGHTER_DESIGNATIONS = {"F-H", "F-OL", "F-L", "F-S"}


def fcr(m: Member) -> tuple[int, tuple[Line, ...]]:
    """The Flexible Command Rating of flagship ``m``: F&E command rating x 4 and the modifiers."""
    u = m.unit
    lines = [Line(u.id, Fraction(4 * u.fe_command_rating), R_FLEX, f"F&E command rating {u.fe_command_rating} x 4")]
    if u.flag_bridge:
        lines.append(Line(u.id, Fraction(u.flag_bridge), R_FLEX, f"{u.flag_bridge} flag bridge boxes"))
    if u.legendary_captain:
        lines.append(Line(u.id, Fraction(3), R_FLEX, "Legendary Captain"))
    if u.crew_quality is CrewQuality.OUTSTANDING:
        lines.append(Line(u.id, Fraction(2), R_FLEX, "Outstanding Crew"))
    if u.crew_quality is CrewQuality.POOR:
        lines.append(Line(u.id, Fraction(-5), R_FLEX, "Poor Crew"))
    return max(0, int(sum(ln.amount for ln in lines))), tuple(lines)


def designation(u: Unit) -> str:
    """The chart designation a unit is priced by ("" when the chart has none)."""
    for d in (u.fcp_row, u.hull_type.upper(), u.class_designation.upper()):
        if d in ROW or d in _CRAFT_ALIAS:
            return d
    return _KIND_ROW.get(u.kind, "")


def row(u: Unit) -> str:
    """The chart row of ``u``: a ship row, a craft row, or "" (not priced)."""
    d = designation(u)
    return _CRAFT_ALIAS.get(d) or ROW.get(d, "")


def unpriced(fleet: Sequence[Member], flagship: Member) -> dict[str, str]:
    """Units the chart does not price (N/A); they may only be the flagship."""
    out = {}
    for m in fleet:
        r = row(m.unit)
        if m.id != flagship.id and (not r or (r in COST and COST[r] is None)):
            out[m.id] = f"{R_FLEX}: the FCP chart has no cost for {designation(m.unit) or m.unit.kind.value} (N/A)"
    return out


def _freighter(u: Unit) -> bool:
    return designation(u) in _FREIGHTER_DESIGNATIONS and not u.is_auxiliary


def _is_leader(m: Member) -> bool:
    return m.unit.is_leader or row(m.unit) == "CC"


Designated = Mapping[str, Sequence[str]]
"""Leader id -> the two ships its owner designates as its squadron (``[]``: none)."""


def _eligible(ships: Sequence[Member], lead: Member, flagship: Member, taken: Collection[str]) -> list[Member]:
    cc = row(lead.unit) == "CC" and not lead.unit.is_leader
    return [m for m in ships if m.id not in taken and m.id != lead.id and m.id != flagship.id
            and not _is_leader(m) and (row(m.unit) == "CA" if cc else m.unit.size_class == lead.unit.size_class)]


def _ships(fleet: Sequence[Member], present: Collection[str]) -> list[Member]:
    return [m for m in fleet if m.id in present and row(m.unit) in COST and not _freighter(m.unit)]


def squadron_choices(fleet: Sequence[Member], flagship: Member, present: Collection[str]) -> dict[str, tuple[str, ...]]:
    """Each leader present (not the flagship) that has more than two ships it may lead -> those ships:
    "One leader can be designated being 'in command' of two other ships of its size" - the owner
    chooses which (with two or fewer there is nothing to choose)."""
    ships = _ships(fleet, present)
    out = {}
    for lead in (m for m in ships if _is_leader(m) and m.id != flagship.id):
        free = _eligible(ships, lead, flagship, ())
        if len(free) > 2:
            out[lead.id] = tuple(m.id for m in free)
    return out


def squadrons(fleet: Sequence[Member], flagship: Member, present: Collection[str],
              designated: Designated | None = None) -> dict[str, tuple[str, ...]]:
    """Each leader present -> the two ships of its squadron (empty when it has none).

    A squadron ``designated`` by the owner is taken as named when both its ships are present and
    may be led by it; otherwise (or undesignated) the leader takes two of the ships left, those
    of the rows with most duplicates first.

    Raises:
        RuleError: a designation that names other than two ships it may lead, or a ship twice.
    """
    ships = _ships(fleet, present)
    taken: set[str] = set()
    out: dict[str, tuple[str, ...]] = {}
    chosen = dict(designated or {})
    for lead_id, pick in chosen.items():
        m = next((x for x in ships if x.id == lead_id and _is_leader(x)), None)
        if m is None:
            continue
        ok = {x.id for x in _eligible(_ships(fleet, {x.id for x in fleet}), m, flagship, ())}
        if pick and (len(pick) != 2 or len(set(pick)) != 2 or not set(pick) <= ok or set(pick) & taken):
            raise RuleError(R_FLEX_LEADER, f"{lead_id} leads two other ships of its size, each in one squadron, "
                                           f"not {', '.join(pick) or 'none'}")
        taken |= set(pick) | {lead_id}
        out[lead_id] = tuple(pick) if set(pick) <= set(present) else ()
    for lead in (m for m in ships if _is_leader(m) and m.id not in chosen):
        free = _eligible(ships, lead, flagship, taken)
        rows = Counter(row(m.unit) for m in free)
        free.sort(key=lambda m: -rows[row(m.unit)])
        if len(free) >= 2:
            out[lead.id] = (free[0].id, free[1].id)
            taken |= {lead.id, free[0].id, free[1].id}
        else:
            out[lead.id] = ()
    return out


def costs(fleet: Sequence[Member], flagship: Member, present: Collection[str],
          web_hexes: int = 0, designated: Designated | None = None) -> tuple[Line, ...]:
    """What each unit present costs in FCP, with the duplicate and leader rules (the squadrons as
    the owner ``designated`` them)."""
    squads = squadrons(fleet, flagship, present, designated)
    exempt = {uid for lead, trio in squads.items() if trio for uid in (lead, *trio)}
    seen: Counter[str] = Counter()
    filled: dict[str, tuple[int, int]] = {}  # craft row -> (groups begun, craft in the current group)
    lines: list[Line] = []
    for m in fleet:
        u = m.unit
        if m.id not in present:
            continue
        if m.id == flagship.id:
            bb = designation(u) == "BB"
            lines.append(Line(m.id, Fraction(FLAGSHIP_BB if bb else 0), R_FLEX,
                              "flagship (a battleship costs 4)" if bb else "flagship: free"))
            continue
        r = row(u)
        cost, why = Fraction(0), r
        if r in CRAFT_ROWS:
            size, each, dup = CRAFT_ROWS[r]
            if r == "PF" and m.race("lyran") and designation(u) != "BOMBER":
                size = 9
            if r == "FIGHTER" and m.race("hydran"):
                size = 18
            groups, inside = filled.get(r, (0, size))
            for _ in range(craft(u)):
                if inside >= size:
                    groups, inside = groups + 1, 0
                cost += each + dup * (groups - 1)
                inside += 1
            filled[r] = (groups, inside)
            why = f"{craft(u)} x {r.lower()}"
        else:
            cost = Fraction(COST.get(r) or 0)
        lines.append(Line(m.id, cost, R_FLEX, f"row {why}"))
        if r not in CRAFT_ROWS and not _freighter(u) and m.id not in exempt:
            if seen[r]:
                lines.append(Line(m.id, Fraction(seen[r]), R_FLEX_DUP, f"row {r}: unit {seen[r] + 1}"))
            seen[r] += 1
        if u.is_auxiliary and not m.race("wyn"):
            lines.append(Line(m.id, Fraction(AUXILIARY), R_FLEX, "auxiliary freighter"))
        if u.battle_pods:
            lines.append(Line(m.id, Fraction(BATTLE_POD * u.battle_pods), R_FLEX, f"{u.battle_pods} battle pods"))
    penalized = 0
    for lead, trio in squads.items():
        if not trio and lead != flagship.id and fleet_unit(fleet, lead).is_leader:
            penalized += 1
            lines.append(Line(lead, Fraction(LEADER_PENALTY * penalized), R_FLEX_LEADER,
                              f"leader without a squadron (number {penalized})"))
    if web_hexes:
        lines.append(Line("", Fraction(web_hexes, 2), R_FLEX, f"{web_hexes} hexes of web"))
    return tuple(lines)


def fleet_unit(fleet: Sequence[Member], unit_id: str) -> Unit:
    return next(m.unit for m in fleet if m.id == unit_id)


def problems(fleet: Sequence[Member], flagship: Member, lines: Sequence[Line]) -> list[str]:
    """The mixed-Empire rule: at least 50% (by FCR cost) of the flagship's race; the flagship
    counts at its chart row's cost here (reading: free to command, it is still a ship of its race)."""
    by_unit: dict[str, Fraction] = {}
    for ln in lines:
        if ln.unit:
            by_unit[ln.unit] = by_unit.get(ln.unit, Fraction(0)) + ln.amount
    by_unit[flagship.id] = max(by_unit.get(flagship.id, Fraction(0)), Fraction(COST.get(row(flagship.unit)) or 0))
    return same_power_share(fleet, by_unit, flagship, R_FLEX_MIXED)
