"""Sector status: Controlled, Contested or Neutral (seed 004 Movement Phase; RULES_MATRIX §2.1).

- *Contested*: assets (fleets, fixed units, colonies) of two or more powers that are not
  allied (nor Mutual-Defense partners) are present. Contested overrides Controlled.
- *Controlled* by a bloc: the bloc's powers have units or colonies there, or the sector lies
  within their supply range and not within the supply range of any opposing non-allied power.
- *Neutral*: neither.

Supply ranges for control are pure lane distances from supply points (B-05), which keeps
control free of the supply routes that themselves depend on control. Powers of GM-controlled
teams (monsters, aliens) neither control nor contest sectors.
"""
from __future__ import annotations

from collections import OrderedDict, defaultdict
from collections.abc import Mapping, Set
from dataclasses import dataclass, field
from enum import Enum

from hexmap import Label, LaneGraph
from rules.model.campaign import Campaign, Sector
from rules.model.units import UnitFate
from rules.strategic.diplomacy import Diplomacy

SUPPLY_JUMPS = 2
"""Seed 004 Supply Phase: 'the route can consist of two sectors' (B-04: two jumps)."""


class ControlStatus(str, Enum):
    CONTROLLED = "controlled"
    CONTESTED = "contested"
    NEUTRAL = "neutral"


@dataclass(frozen=True, slots=True)
class SectorStatus:
    """A sector's status and the powers behind it (controllers, or the contesting powers)."""

    status: ControlStatus
    powers: frozenset[str] = frozenset()
    by_range: bool = False

    def describe(self, names: Mapping[str, str] | None = None) -> str:
        """``Controlled by klingon (by units or colonies)``; ``names`` maps power ids to names."""
        who = ", ".join(sorted((names or {}).get(p, p) for p in self.powers))
        if self.status is ControlStatus.CONTROLLED:
            how = "by supply range" if self.by_range else "by units or colonies"
            return f"Controlled by {who} ({how})"
        if self.status is ControlStatus.CONTESTED:
            return f"Contested by {who}"
        return "Neutral"


NEUTRAL = SectorStatus(ControlStatus.NEUTRAL)


@dataclass(frozen=True)
class Scan:
    """What one pass over a campaign's sectors and fleets finds (:func:`scan`)."""

    sectors: dict[Label, Sector]
    assets: dict[Label, set[str]]
    """:func:`assets_by_sector`."""
    points: dict[Label, set[str]]
    """:func:`supply_points`."""


def scan(campaign: Campaign) -> Scan:
    """The sectors by label, the assets and the supply points, in one pass over the sectors and
    one over the fleets (10,000 sectors: each pass counts)."""
    gm = {p for t in campaign.teams if t.gm_controlled for p in t.powers}
    sectors: dict[Label, Sector] = {}
    assets: dict[Label, set[str]] = defaultdict(set)
    points: dict[Label, set[str]] = defaultdict(set)
    for s in campaign.map.sectors:
        at, owner, garrison, system = s.at, s.owner, s.garrison, s.star_system
        sectors[at] = s
        if garrison and owner is not None:
            assets[at].add(owner)
        if owner is not None and (s.supply_point or garrison and any(u.supply_depot and not u.destroyed
                                                                      for u in garrison)):
            points[at].add(owner)
        if system:
            for pl in system.planets:
                if pl.owner is not None and pl.census > 0:
                    assets[at].add(pl.owner)
                    if pl.morale > 0:
                        points[at].add(pl.owner)
                # seed 004 Supply Phase: "Supply depots are ground units that, when landed on a
                # planet, convert it into a supply point" (for the depot's power)
                points[at].update(g.power for g in pl.ground_units if g.supply_depot)
    lost = UnitFate.LOST
    for f in campaign.fleets:
        if f.in_transit_to is not None:
            continue
        present = depot = False
        for u in f.units:  # Lost units are off the map until they reappear (V13.753, V13.914)
            if u.fate is not lost:
                present = True
                if u.supply_depot and not u.destroyed:
                    depot = True
                    break
        if present:
            assets[f.sector].add(f.power)
        if depot:
            points[f.sector].add(f.power)
    for powers in assets.values():
        powers -= gm
    return Scan(sectors, assets, points)


def assets_by_sector(campaign: Campaign, dip: Diplomacy) -> dict[Label, set[str]]:
    """Powers with fleets, fixed units or colonies in each sector (fleets between sectors are
    on a lane, not in a sector; the powers of GM-controlled teams are left out)."""
    return scan(campaign).assets


def supply_points(campaign: Campaign) -> dict[Label, set[str]]:
    """Supply points and whose they are: flagged planets (the sector owner's), units with the
    Supply Depot trait (seed 004: they act like a colony in good order), supply-depot ground
    units landed on a planet (their power's) and colonies in good
    order, their planet owner's (INTERPRETATIONS 18: census > 0 and morale > 0, i.e. not in
    rebellion, which seed 004's morale rules reach at morale 0)."""
    return scan(campaign).points


Ranges = dict[Label, frozenset[str]]


@dataclass
class _Reach:
    """One map's supply ranges for one set of supply points, with the Controlled-by-range
    statuses they give under each set of alliances (kept: the points rarely change)."""

    graph: LaneGraph
    ranges: Ranges
    holders: tuple[frozenset[str], ...]
    """The distinct sets of powers in range of a sector, in a fixed order."""
    by_range: dict[tuple[bool, ...], dict[Label, SectorStatus]] = field(default_factory=dict)


_REACH: OrderedDict[tuple[int, tuple[tuple[int, int, tuple[str, ...]], ...]], _Reach] = OrderedDict()
_BY_RANGES: dict[int, _Reach] = {}
KEPT = 4
"""How many maps' (or supply points') ranges are kept."""


def supply_ranges(graph: LaneGraph, points: dict[Label, set[str]]) -> Ranges:
    """For each sector, the powers whose supply range (2 jumps, pure distance) covers it. Kept
    per map and supply points (the same mapping is returned again: never change it)."""
    key = (id(graph), tuple(sorted((at.col, at.row, tuple(sorted(ps))) for at, ps in points.items())))
    hit = _REACH.get(key)
    if hit is not None and hit.graph is graph:
        _REACH.move_to_end(key)
        return hit.ranges
    by_power: dict[str, list[Label]] = defaultdict(list)
    for at, powers in points.items():
        for p in powers:
            by_power[p].append(at)
    found: dict[Label, set[str]] = defaultdict(set)
    for p, sources in by_power.items():
        for at in graph.within(sources, SUPPLY_JUMPS):
            found[at].add(p)
    same: dict[frozenset[str], frozenset[str]] = {}
    ranges = {at: same.setdefault(frozenset(ps), frozenset(ps)) for at, ps in found.items()}
    reach = _Reach(graph, ranges, tuple(sorted(same, key=sorted)))
    _REACH[key] = reach
    _BY_RANGES[id(ranges)] = reach
    while len(_REACH) > KEPT:
        _BY_RANGES.pop(id(_REACH.popitem(last=False)[1].ranges), None)
    return ranges


def compute_control(graph: LaneGraph, assets: dict[Label, set[str]], ranges: Mapping[Label, Set[str]],
                    dip: Diplomacy) -> dict[Label, SectorStatus]:
    """The status of every sector of ``graph``; sectors not in the result are Neutral."""
    shared: dict[tuple[frozenset[str], bool], SectorStatus | None] = {}

    def one_bloc(powers: frozenset[str]) -> bool:
        ps = sorted(powers)
        return all(dip.allied(a, b) for i, a in enumerate(ps) for b in ps[i + 1:])

    def status(powers: Set[str], by_range: bool) -> SectorStatus | None:
        key = (frozenset(powers), by_range)
        if key not in shared:
            if one_bloc(key[0]):
                shared[key] = SectorStatus(ControlStatus.CONTROLLED, key[0], by_range)
            else:
                shared[key] = None if by_range else SectorStatus(ControlStatus.CONTESTED, key[0])
        return shared[key]

    out: dict[Label, SectorStatus] = {}
    for at, present in assets.items():
        if present:
            held = status(present, False)
            assert held is not None, "assets in a sector always give it a status"
            out[at] = held
    reach = _BY_RANGES.get(id(ranges))
    if reach is not None and reach.ranges is ranges:  # the statuses by range under these alliances, kept
        blocs = tuple(one_bloc(h) for h in reach.holders)
        by_range = reach.by_range.get(blocs)
        if by_range is None:
            by_range = reach.by_range[blocs] = {at: st for at, h in ranges.items()
                                                if (st := status(h, True)) is not None}
        rest = by_range.copy()
        for at in out:
            rest.pop(at, None)
        out.update(rest)
        return out
    for at, holders in ranges.items():
        if at not in out and (st := status(holders, True)) is not None:
            out[at] = st
    return out
