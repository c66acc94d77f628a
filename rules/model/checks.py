"""Cross-reference checks of a structurally valid campaign.

The schema (pydantic) checks each field on its own; this module checks that the fields agree
with each other: ids are unique, references name something that exists, fleets stand on
sectors of the map, orders follow lanes. Every problem names its field path.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from hexmap import grid_hex
from hexmap.region import LegalRegion
from rules.dice import DiceExpr
from rules.model.campaign import Campaign, Sector
from rules.model.records import BattleHexRecord
from rules.model.checks_turn import check_turn
from rules.model.types import LabelField
from rules.model.units import Unit


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a file: where (a field path such as ``fleets[2].sector``) and what."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


def _dupes(items: list[tuple[str, str]], out: list[Problem]) -> set[int]:
    """One problem per repeated id (``fleets[3].id: 'x' is used more than once (first at
    fleets[1])``); returns the positions of the repeats, whose contents are not checked again."""
    first: dict[str, str] = {}
    repeats: set[int] = set()
    for i, (path, value) in enumerate(items):
        if value in first:
            out.append(Problem(f"{path}.id", f"{value!r} is used more than once (first at {first[value]})"))
            repeats.add(i)
        else:
            first[value] = path
    return repeats


def _merged(problems: list[Problem]) -> list[Problem]:
    """The same fault at many places (a misspelt power named by 30 sectors) as one line."""
    places: dict[str, list[str]] = {}
    for p in problems:
        places.setdefault(p.message, []).append(p.path)
    out: list[Problem] = []
    for p in problems:
        paths = places.get(p.message)
        if paths is None:
            continue
        if len(paths) <= 2 or not p.path:
            out.append(p)
            if len(paths) <= 2:
                continue
        else:
            shown = ", ".join(paths[1:4]) + (", ..." if len(paths) > 4 else "")
            out.append(Problem(p.path, f"{p.message} (also at {len(paths) - 1} more places: {shown})"))
        del places[p.message]
    return out


def _all_units(c: Campaign) -> Iterator[tuple[str, Unit]]:
    for i, s in enumerate(c.map.sectors):
        for j, u in enumerate(s.garrison):
            yield f"map.sectors[{i}].garrison[{j}]", u
    for i, f in enumerate(c.fleets):
        for j, u in enumerate(f.units):
            yield f"fleets[{i}].units[{j}]", u
        for j, item in enumerate(f.cargo):  # a unit carried as cargo (seed 004 Movement Phase)
            if item.unit is not None:
                yield f"fleets[{i}].cargo[{j}].unit", item.unit


def check_campaign(c: Campaign) -> list[Problem]:
    """All cross-reference problems of ``c``; an empty list when it is consistent."""
    out: list[Problem] = []
    _check_powers_and_teams(c, out)
    sectors = _check_sectors(c, out)
    _check_lanes(c, sectors, out)
    _check_fleets(c, sectors, out)
    _check_units(c, out)
    _check_records(c, sectors, out)
    _check_settings(c, out)
    majors = {frozenset((str(lane.ends[0]), str(lane.ends[1]))) for lane in c.map.major_lanes}
    out.extend(Problem(path, text) for path, text in check_turn(
        c, sectors, lambda a, b: _adjacent(a, b) or frozenset((str(a), str(b))) in majors))
    return _merged(out)


def map_reach(cols: int, rows: int) -> int:
    """How far apart two hexes of a floating ``cols`` x ``rows`` map's legal region can lie
    (100 on the 42 x 30 map): the region is symmetric, so twice its farthest hex."""
    region = LegalRegion(cols, rows)
    far = 0
    for dq in range(-(cols - 1), cols):
        span = region.span(dq)
        if span is not None:
            far = max(far, abs(dq), *(max(abs(dr), abs(dq + dr)) for dr in span))
    return 2 * far


def _check_settings(c: Campaign, out: list[Problem]) -> None:
    s = c.settings
    reach = map_reach(s.map_cols, s.map_rows)
    for name in ("standard_range", "attacker_spread"):
        if getattr(s, name) > reach:
            out.append(Problem(f"settings.{name}", f"{getattr(s, name)} hexes is beyond the reach of the "
                               f"{s.map_cols} x {s.map_rows} map (no two hexes lie more than {reach} apart)"))


def _check_powers_and_teams(c: Campaign, out: list[Problem]) -> None:
    powers = {p.id for p in c.powers}
    _dupes([(f"powers[{i}]", p.id) for i, p in enumerate(c.powers)], out)
    repeats = _dupes([(f"teams[{i}]", t.id) for i, t in enumerate(c.teams)], out)
    seen: dict[str, str] = {}
    for i, t in enumerate(c.teams):
        for j, p in enumerate(t.powers if i not in repeats else ()):
            if p not in powers:
                out.append(Problem(f"teams[{i}].powers[{j}]", f"power {p!r} does not exist"))
            elif p in seen:
                out.append(Problem(f"teams[{i}].powers[{j}]", f"power {p!r} is already in team {seen[p]!r}"))
            else:
                seen[p] = t.id
    for i, power in enumerate(c.powers):
        if power.id not in seen and power.id not in {q.id for q in c.powers[:i]}:
            out.append(Problem(f"powers[{i}]", f"power {power.id!r} is in no team"))
    if sum(t.strategic_initiative for i, t in enumerate(c.teams) if i not in repeats) > 1:
        out.append(Problem("teams", "more than one team holds the Strategic Initiative (V13.14)"))
    pairs: set[frozenset[str]] = set()
    for i, rel in enumerate(c.diplomacy):
        a, b = rel.powers
        for j, p in enumerate(rel.powers):
            if p not in powers:
                out.append(Problem(f"diplomacy[{i}].powers[{j}]", f"power {p!r} does not exist"))
        key = frozenset(rel.powers)
        if a == b:
            out.append(Problem(f"diplomacy[{i}].powers", f"a power has no relation with itself ({a!r})"))
        elif key in pairs:
            out.append(Problem(f"diplomacy[{i}]", f"relation {a!r}-{b!r} is given more than once"))
        pairs.add(key)
    from rules.model.treaty_model import problems  # seed 004 treaties per pair (issue 23)

    out.extend(Problem(path, why) for path, why in problems(c.treaties, c.proposals, powers))


def _check_sectors(c: Campaign, out: list[Problem]) -> dict[str, Sector]:
    powers = {p.id for p in c.powers}
    sectors: dict[str, Sector] = {}
    for i, s in enumerate(c.map.sectors):
        here = f"map.sectors[{i}]"
        lab = str(s.at)
        if not (1 <= s.at.col <= c.map.cols and 1 <= s.at.row <= c.map.rows):
            out.append(Problem(f"{here}.at", f"sector {lab} lies outside the {c.map.cols} x {c.map.rows} map"))
        if lab in sectors:
            first = next(j for j, t in enumerate(c.map.sectors) if str(t.at) == lab)
            out.append(Problem(f"{here}.at", f"sector {lab} is defined more than once (first at map.sectors[{first}])"))
            continue
        sectors[lab] = s
        for name in ("owner", "original_owner"):
            p = getattr(s, name)
            if p is not None and p not in powers:
                out.append(Problem(f"{here}.{name}", f"power {p!r} does not exist"))
        if s.garrison and s.owner is None:
            out.append(Problem(f"{here}.garrison", "fixed units need the sector to have an owner"))
        if s.star_system:
            for j, pl in enumerate(s.star_system.planets):
                if pl.owner is not None and pl.owner not in powers:
                    out.append(Problem(f"{here}.star_system.planets[{j}].owner", f"power {pl.owner!r} does not exist"))
    return sectors


def _adjacent(a: LabelField, b: LabelField) -> bool:
    return grid_hex(a).distance(grid_hex(b)) == 1


def _check_lanes(c: Campaign, sectors: dict[str, Sector], out: list[Problem]) -> None:
    for kind in ("major_lanes", "closed_lanes"):
        for i, lane in enumerate(getattr(c.map, kind)):
            a, b = lane.ends
            for j, end in enumerate(lane.ends):
                if str(end) not in sectors:
                    out.append(Problem(f"map.{kind}[{i}].ends[{j}]", f"sector {end} does not exist"))
            if a == b:
                out.append(Problem(f"map.{kind}[{i}].ends", f"a lane cannot join sector {a} to itself"))
            elif kind == "closed_lanes" and not _adjacent(a, b):
                out.append(Problem(f"map.{kind}[{i}].ends", f"{a} and {b} are not adjacent: only minor lanes close"))


def _check_fleets(c: Campaign, sectors: dict[str, Sector], out: list[Problem]) -> None:
    powers = {p.id for p in c.powers}
    majors = {frozenset((str(lane.ends[0]), str(lane.ends[1]))) for lane in c.map.major_lanes}
    closed = {frozenset((str(lane.ends[0]), str(lane.ends[1]))) for lane in c.map.closed_lanes}
    _dupes([(f"fleets[{i}]", f.id) for i, f in enumerate(c.fleets)], out)
    for i, f in enumerate(c.fleets):
        if f.power not in powers:
            out.append(Problem(f"fleets[{i}].power", f"power {f.power!r} does not exist"))
        if str(f.sector) not in sectors:
            out.append(Problem(f"fleets[{i}].sector",
                               f"sector {f.sector} does not exist on the {c.map.cols} x {c.map.rows} map"))
            continue
        prev = f.sector
        for j, step in enumerate(f.orders):
            if str(step) not in sectors:
                out.append(Problem(f"fleets[{i}].orders[{j}]", f"sector {step} does not exist"))
                break
            if not (_adjacent(prev, step) or frozenset((str(prev), str(step))) in majors):
                out.append(Problem(f"fleets[{i}].orders[{j}]", f"no jump lane joins {prev} to {step}"))
                break
            if frozenset((str(prev), str(step))) in closed:
                out.append(Problem(f"fleets[{i}].orders[{j}]", f"the lane {prev}-{step} is closed"))
                break
            prev = step
        if f.in_transit_to is not None:
            dest = f.in_transit_to
            if str(dest) not in sectors:
                out.append(Problem(f"fleets[{i}].in_transit_to", f"sector {dest} does not exist"))
            elif not (_adjacent(f.sector, dest) or frozenset((str(f.sector), str(dest))) in majors):
                out.append(Problem(f"fleets[{i}].in_transit_to", f"no jump lane joins {f.sector} to {dest}"))
            elif f.orders and f.orders[0] != dest:
                out.append(Problem(f"fleets[{i}].orders[0]", f"a fleet between sectors must first arrive at {dest}"))


def _check_units(c: Campaign, out: list[Problem]) -> None:
    units = list(_all_units(c))
    by_id = {u.id: u for _, u in units}
    teams = {t.id for t in c.teams}
    copies: set[str] = set()  # a repeated fleet is one problem, not one more per unit it holds
    seen: set[str] = set()
    for i, f in enumerate(c.fleets):
        if f.id in seen:
            copies.add(f"fleets[{i}].")
        seen.add(f.id)
    _dupes([(path, u.id) for path, u in units if path[:path.find(".") + 1] not in copies], out)
    for path, u in units:
        if u.carrier_id is not None:
            home = by_id.get(u.carrier_id)
            if home is None:
                out.append(Problem(f"{path}.carrier_id", f"unit {u.carrier_id!r} does not exist"))
            elif not (home.is_carrier or home.is_pf_tender):
                out.append(Problem(f"{path}.carrier_id", f"unit {u.carrier_id!r} is neither a carrier nor a PF tender"))
        for j, t in enumerate(u.towing):
            if t not in by_id:
                out.append(Problem(f"{path}.towing[{j}]", f"unit {t!r} does not exist"))
        if u.lessee_team is not None and u.lessee_team not in teams:
            out.append(Problem(f"{path}.lessee_team", f"team {u.lessee_team!r} does not exist"))
        if u.crew_units_current > u.crew_units_normal > 0:
            out.append(Problem(f"{path}.crew_units_current", "more crew units than the normal complement"))
        if u.damage_levels and not u.kind.is_base:  # seed 004: "25% ... per base damage level"
            out.append(Problem(f"{path}.damage_levels", f"only a base or fixed defence has damage levels; a "
                                                        f"{u.kind.value.replace('_', ' ')} is crippled or not"))
        elif u.damage_levels and not u.crippled:
            out.append(Problem(f"{path}.damage_levels", "a base with damage levels is crippled (crippled: true) "
                                                        "until every level is repaired"))
        if u.destroyed_turn is not None and not u.destroyed:
            out.append(Problem(f"{path}.destroyed_turn", "only a destroyed unit has the turn it was lost in"))


def _check_began(c: Campaign, at: str, b: BattleHexRecord, sectors: dict[str, Sector], out: list[Problem]) -> None:
    """A resolved battle's kept inputs (issue 22): only on a resolved record; its fleets of
    powers and in sectors that exist, its fleets and units each once."""
    assert b.began is not None
    where = f"{at}.began"
    if not b.resolved:
        out.append(Problem(where, "only a resolved battle keeps the inputs it began with"))
    powers = {p.id for p in c.powers}
    if b.began.owner is not None and b.began.owner not in powers:
        out.append(Problem(f"{where}.owner", f"power {b.began.owner!r} does not exist"))
    _dupes([(f"{where}.fleets[{i}]", f.id) for i, f in enumerate(b.began.fleets)], out)
    _dupes([(f"{where}.fleets[{i}].units[{j}]", u.id) for i, f in enumerate(b.began.fleets)
            for j, u in enumerate(f.units)] + [(f"{where}.garrison[{j}]", u.id) for j, u in enumerate(b.began.garrison)],
           out)
    for i, f in enumerate(b.began.fleets):
        if f.power not in powers:
            out.append(Problem(f"{where}.fleets[{i}].power", f"power {f.power!r} does not exist"))
        for name, label in (("sector", f.sector), ("in_transit_to", f.in_transit_to)):
            if label is not None and str(label) not in sectors:
                out.append(Problem(f"{where}.fleets[{i}].{name}", f"sector {label} does not exist on the "
                                                                  f"{c.map.cols} x {c.map.rows} map"))


def _check_records(c: Campaign, sectors: dict[str, Sector], out: list[Problem]) -> None:
    teams = {t.id for t in c.teams}
    for i, b in enumerate(c.battle_hexes):
        if str(b.at) not in sectors:
            out.append(Problem(f"battle_hexes[{i}].at", f"sector {b.at} does not exist"))
        for name in ("attacker", "defender"):
            if getattr(b, name) not in teams:
                out.append(Problem(f"battle_hexes[{i}].{name}", f"team {getattr(b, name)!r} does not exist"))
        for j, t in enumerate(b.others + b.moved_in):
            if t not in teams:
                out.append(Problem(f"battle_hexes[{i}]", f"team {t!r} (entry {j}) does not exist"))
        if b.began is not None:
            _check_began(c, f"battle_hexes[{i}]", b, sectors, out)
        for index, t in b.secret_answers.items():
            where = f"battle_hexes[{i}].secret_answers[{index!r}]"
            if not (index.isascii() and index.isdigit() and int(index) < len(b.answers)):
                out.append(Problem(where, f"is not the index of one of the {len(b.answers)} answers"))
            if t != "gm" and t not in teams:
                out.append(Problem(where, f"team {t!r} does not exist"))
    for name in c.keys:
        if name != "gm" and name not in teams:
            out.append(Problem(f"keys[{name!r}]", "a seal key belongs to a team (its id) or to the GM ('gm')"))
    for i, r in enumerate(c.ignores):
        if r.team not in teams:
            out.append(Problem(f"ignores[{i}].team", f"team {r.team!r} does not exist"))
    table = c.map.random_terrain
    if table is not None:
        try:
            DiceExpr.parse(table.dice)
        except ValueError as e:
            out.append(Problem("map.random_terrain.dice", str(e)))
        for i, entry in enumerate(table.entries):
            if entry.low > entry.high:
                out.append(Problem(f"map.random_terrain.entries[{i}]", f"low {entry.low} is above high {entry.high}"))
