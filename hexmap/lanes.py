"""The strategic lane graph: sectors joined by jump lanes (networkx).

INTERPRETATIONS 16: sectors are hexes in the tactical orientation, labelled ``CCRR`` on a grid
whose ``0101`` is the origin. Adjacent sectors are joined by *minor* lanes; a scenario may add
*major* lanes between any two sectors and close minor ones. The graph is built once per map
change; every query here reads it, none rebuilds it.
"""
from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterable
from enum import Enum
from typing import Any

import networkx as nx

from hexmap.hexes import Facing, Hex
from hexmap.labels import Label, axial_to_offset, grid_hex

Passable = Callable[[Label], bool]
"""Whether a route may pass *through* a sector (its endpoints are not asked)."""


class LaneKind(str, Enum):
    """A minor lane joins neighbours; a major lane is a scenario's long-range link."""

    MINOR = "minor"
    MAJOR = "major"


def _bearing(a: Hex, b: Hex) -> float:
    """Compass bearing in degrees from ``a`` to ``b``: facing A (up) is 0, B is 60, ..."""
    x = 1.5 * (b.q - a.q)
    y = math.sqrt(3.0) * ((b.r - a.r) + (b.q - a.q) / 2.0)
    return math.degrees(math.atan2(x, -y)) % 360.0


class LaneGraph:
    """Sectors (nodes, by :class:`Label`) and the open jump lanes between them (edges).

    Args:
        sectors: the labels of every sector on the map.
        major: extra lanes (pairs of labels), usually between non-adjacent sectors.
        closed: minor lanes that are closed (pairs of adjacent labels).
    """

    def __init__(self, sectors: Iterable[Label], major: Iterable[tuple[Label, Label]] = (),
                 closed: Iterable[tuple[Label, Label]] = ()) -> None:
        g: nx.Graph = nx.Graph()
        nodes = list(sectors)
        g.add_nodes_from(nodes)
        self.hex_of: dict[Label, Hex] = {n: grid_hex(n) for n in nodes}
        self.closed: frozenset[frozenset[Label]] = frozenset(frozenset(p) for p in closed)
        for n, h in self.hex_of.items():
            for f in Facing:
                nb = h + f.vector
                lab = Label(*axial_to_offset(nb))
                if lab in self.hex_of and frozenset((n, lab)) not in self.closed:
                    g.add_edge(n, lab, kind=LaneKind.MINOR)
        for a, b in major:
            g.add_edge(a, b, kind=LaneKind.MAJOR)
        self.graph = g
        self._adj: dict[Label, list[Label]] = {n: list(g.adj[n]) for n in g.nodes}

    # -- single lanes ------------------------------------------------------------------------
    def __contains__(self, label: object) -> bool:
        return label in self.hex_of

    def __len__(self) -> int:
        return len(self.hex_of)

    def neighbours(self, at: Label) -> list[Label]:
        """Sectors one open lane away from ``at``."""
        return self._adj.get(at, [])

    def has_lane(self, a: Label, b: Label) -> bool:
        found: bool = self.graph.has_edge(a, b)
        return found

    def lane_kind(self, a: Label, b: Label) -> LaneKind | None:
        """MINOR or MAJOR for an open lane, ``None`` when no open lane joins ``a`` and ``b``."""
        data = self.graph.get_edge_data(a, b)
        return data["kind"] if data else None

    def is_closed(self, a: Label, b: Label) -> bool:
        return frozenset((a, b)) in self.closed

    def adjacent(self, a: Label, b: Label) -> bool:
        """Whether two sectors touch on the map (whatever the state of their lane)."""
        return self.hex_of[a].distance(self.hex_of[b]) == 1

    # -- directions (A-49) -------------------------------------------------------------------
    def direction(self, a: Label, b: Label) -> Facing | None:
        """The facing from ``a`` towards ``b``: exact for neighbours, else within 30 degrees."""
        d = self.hex_of[b] - self.hex_of[a]
        for f in Facing:
            if f.vector == d:
                return f
        bearing = _bearing(self.hex_of[a], self.hex_of[b])
        for f in Facing:
            if abs((bearing - 60.0 * f.value + 180.0) % 360.0 - 180.0) < 30.0:
                return f
        return None

    def toward(self, at: Label, facing: Facing) -> Label | None:
        """The sector in direction ``facing`` from ``at`` (A-49).

        The adjacent sector in that direction if the map has one; otherwise the end of a major
        lane whose bearing is within 30 degrees of the facing; otherwise ``None`` (the GM picks).
        """
        nb = Label(*axial_to_offset(self.hex_of[at] + facing.vector))
        if nb in self.hex_of:
            return nb
        for other in self._adj.get(at, []):
            if self.lane_kind(at, other) is LaneKind.MAJOR and self.direction(at, other) is facing:
                return other
        return None

    # -- routes ------------------------------------------------------------------------------
    def within(self, sources: Iterable[Label], jumps: int, passable: Passable | None = None
               ) -> dict[Label, Label | None]:
        """Every sector reachable from ``sources`` in at most ``jumps`` lanes.

        A route may only go on *through* a sector for which ``passable`` is true; sources and
        the sector reached are exempt. Returns each reached sector's predecessor on a shortest
        route (``None`` for a source), so :func:`route_back` can rebuild the route.
        """
        parent: dict[Label, Label | None] = {}
        frontier: deque[tuple[Label, int]] = deque()
        for s in sources:
            if s in self.hex_of and s not in parent:
                parent[s] = None
                frontier.append((s, 0))
        adj = self._adj
        while frontier:
            node, d = frontier.popleft()
            if d >= jumps or (d > 0 and passable is not None and not passable(node)):
                continue
            for nb in adj[node]:
                if nb not in parent:
                    parent[nb] = node
                    frontier.append((nb, d + 1))
        return parent

    def path(self, a: Label, b: Label, passable: Passable | None = None) -> list[Label] | None:
        """A route of fewest lanes from ``a`` to ``b`` (both included), or ``None``.

        Only sectors for which ``passable`` is true may be entered, ``b`` included.
        """
        if a not in self.hex_of or b not in self.hex_of:
            return None
        if a == b:
            return [a]
        if passable is None:
            try:
                route: list[Label] = nx.bidirectional_shortest_path(self.graph, a, b)
            except nx.NetworkXNoPath:
                return None
            return route

        def weight(_u: Label, v: Label, _d: dict[str, Any]) -> float | None:
            return 1.0 if passable(v) else None

        try:
            route = nx.bidirectional_dijkstra(self.graph, a, b, weight=weight)[1]
        except nx.NetworkXNoPath:
            return None
        return route

    def components(self, nodes: Iterable[Label]) -> list[set[Label]]:
        """Groups of ``nodes`` joined to each other by open lanes (supply-ship chains)."""
        return [set(c) for c in nx.connected_components(self.graph.subgraph(nodes))]


def route_back(parent: dict[Label, Label | None], at: Label) -> list[Label]:
    """The route from ``at`` back to its source, from a :meth:`LaneGraph.within` result."""
    out = [at]
    node = parent.get(at)
    while node is not None:
        out.append(node)
        node = parent.get(node)
    return out
