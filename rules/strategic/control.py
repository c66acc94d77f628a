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

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from hexmap import Label, LaneGraph
from rules.model.campaign import Campaign
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


def assets_by_sector(campaign: Campaign, dip: Diplomacy) -> dict[Label, set[str]]:
    """Powers with fleets, fixed units or colonies in each sector (fleets between sectors are
    on a lane, not in a sector)."""
    gm = {p for t in campaign.teams if t.gm_controlled for p in t.powers}
    out: dict[Label, set[str]] = defaultdict(set)
    for s in campaign.map.sectors:
        if s.garrison and s.owner is not None:
            out[s.at].add(s.owner)
        if s.star_system:
            for pl in s.star_system.planets:
                if pl.owner is not None and pl.census > 0:
                    out[s.at].add(pl.owner)
    for f in campaign.fleets:  # Lost units are off the map until they reappear (V13.753, V13.914)
        if f.in_transit_to is None and any(u.fate is not UnitFate.LOST for u in f.units):
            out[f.sector].add(f.power)
    for powers in out.values():
        powers -= gm
    return out


def supply_points(campaign: Campaign) -> dict[Label, set[str]]:
    """Supply points and whose they are: flagged planets (the sector owner's), units with the
    Supply Depot trait (seed 004: they act like a colony in good order), supply-depot ground
    units landed on a planet (their power's) and colonies in good
    order, their planet owner's (INTERPRETATIONS 18: census > 0 and morale > 0, i.e. not in
    rebellion, which seed 004's morale rules reach at morale 0)."""
    out: dict[Label, set[str]] = defaultdict(set)
    for s in campaign.map.sectors:
        if s.owner is not None and (s.supply_point or s.garrison and any(u.supply_depot and not u.destroyed
                                                                          for u in s.garrison)):
            out[s.at].add(s.owner)
        if s.star_system:
            for pl in s.star_system.planets:
                if pl.owner is not None and pl.census > 0 and pl.morale > 0:
                    out[s.at].add(pl.owner)
                # seed 004 Supply Phase: "Supply depots are ground units that, when landed on a
                # planet, convert it into a supply point" (for the depot's power)
                out[s.at].update(g.power for g in pl.ground_units if g.supply_depot)
    for f in campaign.fleets:
        if f.in_transit_to is None and any(u.supply_depot and not u.destroyed and u.fate is not UnitFate.LOST
                                           for u in f.units):
            out[f.sector].add(f.power)
    return out


def supply_ranges(graph: LaneGraph, points: dict[Label, set[str]]) -> dict[Label, set[str]]:
    """For each sector, the powers whose supply range (2 jumps, pure distance) covers it."""
    by_power: dict[str, list[Label]] = defaultdict(list)
    for at, powers in points.items():
        for p in powers:
            by_power[p].append(at)
    out: dict[Label, set[str]] = defaultdict(set)
    for p, sources in by_power.items():
        for at in graph.within(sources, SUPPLY_JUMPS):
            out[at].add(p)
    return out


def compute_control(graph: LaneGraph, assets: dict[Label, set[str]], ranges: dict[Label, set[str]],
                    dip: Diplomacy) -> dict[Label, SectorStatus]:
    """The status of every sector of ``graph``; sectors not in the result are Neutral."""
    shared: dict[tuple[frozenset[str], bool], SectorStatus | None] = {}

    def status(powers: set[str], by_range: bool) -> SectorStatus | None:
        key = (frozenset(powers), by_range)
        if key not in shared:
            ps = sorted(key[0])
            one_bloc = all(dip.allied(a, b) for i, a in enumerate(ps) for b in ps[i + 1:])
            if one_bloc:
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
    for at, holders in ranges.items():
        if at not in out and (st := status(holders, True)) is not None:
            out[at] = st
    return out
