"""The strategic picture of a campaign at one moment: lanes, control, supply and ownership.

``StrategicState.compute`` is the single place the strategic rules are evaluated after a
change; the lane graph is built once per map (:func:`build_graph`) and passed in.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from hexmap import Label, LaneGraph
from rules.model.campaign import Campaign, Fleet, Sector, Team
from rules.model.units import UnitFate
from rules.strategic.control import (
    NEUTRAL,
    ControlStatus,
    SectorStatus,
    compute_control,
    scan,
    supply_ranges,
)
from rules.strategic.diplomacy import Diplomacy
from rules.strategic.lost import lost_rear_guard
from rules.strategic.supply import SupplyNet


def build_graph(campaign: Campaign) -> LaneGraph:
    """The lane graph of the campaign's map: minor lanes, major lanes, closed lanes removed."""
    m = campaign.map
    return LaneGraph((s.at for s in m.sectors), (lane.ends for lane in m.major_lanes),
                     (lane.ends for lane in m.closed_lanes))


@dataclass
class StrategicState:
    """Derived facts about one campaign; rebuild it (cheaply) after every change."""

    campaign: Campaign
    graph: LaneGraph
    dip: Diplomacy
    sectors: dict[Label, Sector]
    control: dict[Label, SectorStatus]
    ranges: dict[Label, frozenset[str]]
    points: dict[Label, set[str]]
    supply: SupplyNet
    _owners: dict[Label, str | None] = field(default_factory=dict)
    _arrivals: dict[Label, list[Fleet]] | None = None
    _fleets_at: dict[Label, list[Fleet]] | None = None

    @classmethod
    def compute(cls, campaign: Campaign, graph: LaneGraph | None = None) -> StrategicState:
        graph = graph or build_graph(campaign)
        dip = Diplomacy(campaign)
        found = scan(campaign)
        points = found.points
        ranges = supply_ranges(graph, points)
        control = compute_control(graph, found.assets, ranges, dip)
        return cls(campaign, graph, dip, found.sectors, control, ranges, points,
                   SupplyNet(campaign, graph, dip, control, points))

    # -- status ------------------------------------------------------------------------------
    def status(self, at: Label) -> SectorStatus:
        return self.control.get(at, NEUTRAL)

    def friendly_controlled(self, power: str, at: Label) -> bool:
        """Controlled by ``power``, its allies or Mutual-Defense partners (double movement)."""
        st = self.control.get(at)
        return (st is not None and st.status is ControlStatus.CONTROLLED
                and all(self.dip.allied(power, q) for q in st.powers))

    def owner(self, at: Label) -> str | None:
        """The power that owns ``at`` for V13: the recorded owner; for an unowned Controlled
        sector, the controlling power with the nearest colony, ties to the larger census (B-20)."""
        if at in self._owners:
            return self._owners[at]
        sec = self.sectors.get(at)
        owner = sec.owner if sec is not None else None
        st = self.control.get(at)
        if owner is None and st is not None and st.status is ControlStatus.CONTROLLED:
            owner = self._nearest_colony_owner(at, st.powers)
        self._owners[at] = owner
        return owner

    def _nearest_colony_owner(self, at: Label, powers: frozenset[str]) -> str:
        if len(powers) == 1:
            return next(iter(powers))
        seen, frontier = {at}, deque([at])
        while frontier:
            best: tuple[int, str] | None = None
            for node in frontier:
                sec = self.sectors.get(node)
                for pl in (sec.star_system.planets if sec and sec.star_system else []):
                    if pl.owner in powers and pl.census > 0 and (best is None or (-pl.census, pl.owner) < best):
                        best = (-pl.census, pl.owner)
            if best is not None:
                return best[1]
            nxt: deque[Label] = deque()
            for node in frontier:
                for nb in self.graph.neighbours(node):
                    if nb not in seen:
                        seen.add(nb)
                        nxt.append(nb)
            frontier = nxt
        return min(powers)

    def fleets_at(self, at: Label) -> list[Fleet]:
        """Fleets in sector ``at`` (not those between sectors)."""
        if self._fleets_at is None:
            self._fleets_at = {}
            for f in self.campaign.fleets:
                if f.in_transit_to is None:
                    self._fleets_at.setdefault(f.sector, []).append(f)
        return self._fleets_at.get(at, [])

    def arrivals(self, at: Label) -> list[Fleet]:
        """Fleets between sectors that are on their way into ``at``."""
        if self._arrivals is None:
            self._arrivals = {}
            for f in self.campaign.fleets:
                if f.in_transit_to is not None:
                    self._arrivals.setdefault(f.in_transit_to, []).append(f)
        return self._arrivals.get(at, [])

    def team_of(self, power: str | None) -> Team | None:
        return self.dip.team_of.get(power) if power is not None else None

    # -- supply ------------------------------------------------------------------------------
    def fleet_in_supply(self, fleet: Fleet) -> bool:
        """The fleet's sector is in supply for its power; a fleet made only of units Lost by
        V13.753 is Out of Supply (they are, while Lost)."""
        if fleet.units and all(lost_rear_guard(u) for u in fleet.units):
            return False
        return self.supply.in_supply(fleet.power, fleet.sector)

    def unit_supply(self) -> dict[str, bool]:
        """In (True) or Out of (False) Supply for every unit of the campaign, by unit id; a
        crippled Rear Guard unit is Out of Supply while it is Lost (V13.753)."""
        out: dict[str, bool] = {}
        supplied = self.supply.supplied
        lost = UnitFate.LOST
        for f in self.campaign.fleets:
            ok = f.sector in supplied(f.power)
            for u in f.units:
                out[u.id] = ok and not (u.fate is lost and lost_rear_guard(u))
        for s in self.campaign.map.sectors:
            if s.garrison and s.owner is not None:
                ok = s.at in supplied(s.owner)
                for u in s.garrison:
                    out[u.id] = ok
        return out
