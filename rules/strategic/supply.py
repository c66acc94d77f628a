"""Supply routes and supply-ship chains (seed 004 Supply Phase; RULES_MATRIX §2.2).

A unit is In Supply when a route of at most two lanes (B-04) leads from its sector to a
supply point of its own power or an ally. The route may pass *through* sectors that are
Contested or Controlled by the unit's own bloc; Neutral and enemy-controlled sectors block it,
the two ends are exempt (B-05). Military supply ships in a chain of adjacent sectors, one of
them already In Supply, bring every sector of the chain into supply (B-06).
"""
from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Callable

from hexmap import Label, LaneGraph, route_back
from rules.model.campaign import Campaign
from rules.model.units import UnitKind
from rules.strategic.control import SUPPLY_JUMPS, ControlStatus, SectorStatus
from rules.strategic.diplomacy import Diplomacy

Parents = dict[Label, Label | None]


class SupplyNet:
    """Which sectors are in supply for each power, and by which route. Computed lazily per
    group of powers that share allies, then kept until the campaign changes."""

    def __init__(self, campaign: Campaign, graph: LaneGraph, dip: Diplomacy,
                 control: dict[Label, SectorStatus], points: dict[Label, set[str]]) -> None:
        self.graph, self.dip, self.control, self.points = graph, dip, control, points
        self.powers = [p.id for p in campaign.powers]
        self.ships: dict[str, set[Label]] = defaultdict(set)
        for f in campaign.fleets:
            if f.in_transit_to is None and any(u.kind is UnitKind.SUPPLY_SHIP and not u.destroyed for u in f.units):
                self.ships[f.power].add(f.sector)
        self._by_bloc: dict[frozenset[str], Parents] = {}
        self._chain: dict[frozenset[str], set[Label]] = {}
        self._blocs: dict[str, frozenset[str]] = {}

    def bloc(self, power: str) -> frozenset[str]:
        """``power`` and every power allied to it."""
        hit = self._blocs.get(power)
        if hit is None:
            hit = self._blocs[power] = frozenset(q for q in self.powers if self.dip.allied(power, q)) | {power}
        return hit

    def _passable(self, bloc: frozenset[str]) -> Callable[[Label], bool]:
        control = self.control

        def ok(at: Label) -> bool:
            st = control.get(at)
            if st is None:
                return False
            if st.status is ControlStatus.CONTESTED:
                return True
            return st.status is ControlStatus.CONTROLLED and st.powers <= bloc
        return ok

    def supplied(self, power: str) -> Parents:
        """Every sector in supply for ``power``, each with its predecessor towards a supply point."""
        bloc = self.bloc(power)
        hit = self._by_bloc.get(bloc)
        if hit is not None:
            return hit
        sources = [at for at, ps in self.points.items() if ps & bloc]
        parent = self.graph.within(sources, SUPPLY_JUMPS, self._passable(bloc))
        chained = self._extend_by_ships(bloc, parent)
        self._by_bloc[bloc], self._chain[bloc] = parent, chained
        return parent

    def _extend_by_ships(self, bloc: frozenset[str], parent: Parents) -> set[Label]:
        ship_sectors = set().union(*(self.ships.get(p, set()) for p in bloc)) if bloc else set()
        chained: set[Label] = set()
        if len(ship_sectors) < 2:
            return chained
        for group in self.graph.components(ship_sectors):
            starts = [at for at in group if at in parent]
            if not starts or len(group) < 2:
                continue
            queue = deque(starts)
            while queue:
                at = queue.popleft()
                for nb in self.graph.neighbours(at):
                    if nb in group and nb not in parent:
                        parent[nb] = at
                        chained.add(nb)
                        queue.append(nb)
        return chained

    def in_supply(self, power: str, at: Label) -> bool:
        return at in self.supplied(power)

    def route(self, power: str, at: Label) -> list[Label]:
        """The route from ``at`` to a supply point (``at`` first), or ``[]`` when out of supply."""
        parent = self.supplied(power)
        return route_back(parent, at) if at in parent else []

    def by_ship_chain(self, power: str, at: Label) -> bool:
        """Whether ``at`` is in supply only thanks to a supply-ship chain."""
        self.supplied(power)
        return at in self._chain[self.bloc(power)]
