"""The strategic lane graph: sectors joined by jump lanes (networkx).

INTERPRETATIONS 16: sectors are hexes in the tactical orientation, labelled ``CCRR`` on a grid
whose ``0101`` is the origin. Adjacent sectors are joined by *minor* lanes; a scenario may add
*major* lanes between any two sectors and close minor ones. The graph is built once per map
change; every query here reads it, none rebuilds it.

networkx (a fifth of the app's start-up to import) is imported on the first query that needs
it (a route, a networkx view of the graph); the lanes themselves, the neighbours, the reach
of supply and its chains are kept here in plain dicts and need none of it.
"""
from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from enum import Enum
from typing import TYPE_CHECKING, Any

from hexmap.hexes import Facing, Hex
from hexmap.labels import Label, axial_to_offset, grid_hex

if TYPE_CHECKING:
    import networkx as nx

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
        nodes = list(sectors)
        self.hex_of: dict[Label, Hex] = {n: grid_hex(n) for n in nodes}
        self.closed: frozenset[frozenset[Label]] = frozenset(frozenset(p) for p in closed)
        kinds: dict[Label, dict[Label, LaneKind]] = {n: {} for n in nodes}
        steps = [(f.vector.q, f.vector.r) for f in Facing]  # a 10,000-sector map takes 60,000 steps
        closed_any = bool(self.closed)
        minor = LaneKind.MINOR
        for n, h in self.hex_of.items():
            mine = kinds[n]
            for dq, dr in steps:
                q = h.q + dq  # axial_to_offset(h + step), without making the Hex
                lab = Label(q + 1, h.r + dr + (q - (q & 1)) // 2 + 1)
                if lab in mine or lab not in kinds or (closed_any and frozenset((n, lab)) in self.closed):
                    continue
                mine[lab] = kinds[lab][n] = minor
        for a, b in major:
            kinds.setdefault(a, {})[b] = kinds.setdefault(b, {})[a] = LaneKind.MAJOR
        self._kinds = kinds
        self._adj: dict[Label, list[Label]] = {n: list(nbs) for n, nbs in kinds.items()}
        # the same adjacency by index, for the searches (a list lookup beats hashing a Label)
        self._nodes: list[Label] = list(kinds)
        self._index: dict[Label, int] = {n: i for i, n in enumerate(self._nodes)}
        self._nbrs: list[list[int]] = [[self._index[b] for b in nbs] for nbs in self._adj.values()]
        self._nx: nx.Graph | None = None

    @property
    def graph(self) -> nx.Graph:
        """The same lanes as a networkx graph (edge attribute ``kind``), built when first asked."""
        if self._nx is None:
            import networkx as nx

            g = nx.Graph()
            g.add_nodes_from(self._kinds)
            g.add_edges_from((a, b, {"kind": kind}) for a, b, kind in self.lanes())
            self._nx = g
        return self._nx

    def lanes(self) -> Iterator[tuple[Label, Label, LaneKind]]:
        """Every open lane once, with its kind (no networkx needed)."""
        seen: set[Label] = set()
        for a, nbs in self._kinds.items():
            seen.add(a)
            for b, kind in nbs.items():
                if b not in seen:
                    yield a, b, kind

    # -- single lanes ------------------------------------------------------------------------
    def __contains__(self, label: object) -> bool:
        return label in self.hex_of

    def __len__(self) -> int:
        return len(self.hex_of)

    def neighbours(self, at: Label) -> list[Label]:
        """Sectors one open lane away from ``at``."""
        return self._adj.get(at, [])

    def has_lane(self, a: Label, b: Label) -> bool:
        return b in self._kinds.get(a, {})

    def lane_kind(self, a: Label, b: Label) -> LaneKind | None:
        """MINOR or MAJOR for an open lane, ``None`` when no open lane joins ``a`` and ``b``."""
        return self._kinds.get(a, {}).get(b)

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
        index, nodes, nbrs = self._index, self._nodes, self._nbrs
        hop = [-2] * len(nodes)  # the predecessor's index (-1: a source; -2: not reached)
        order: list[int] = []
        frontier: deque[tuple[int, int]] = deque()
        for s in sources:
            i = index.get(s)
            if i is not None and s in self.hex_of and hop[i] == -2:
                hop[i] = -1
                order.append(i)
                frontier.append((i, 0))
        while frontier:
            i, d = frontier.popleft()
            if d >= jumps or (d > 0 and passable is not None and not passable(nodes[i])):
                continue
            for nb in nbrs[i]:
                if hop[nb] == -2:
                    hop[nb] = i
                    order.append(nb)
                    frontier.append((nb, d + 1))
        return {nodes[i]: (nodes[hop[i]] if hop[i] >= 0 else None) for i in order}

    def path(self, a: Label, b: Label, passable: Passable | None = None) -> list[Label] | None:
        """A route of fewest lanes from ``a`` to ``b`` (both included), or ``None``.

        Only sectors for which ``passable`` is true may be entered, ``b`` included.
        """
        if a not in self.hex_of or b not in self.hex_of:
            return None
        if a == b:
            return [a]
        import networkx as nx

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
        left = {n for n in nodes if n in self._adj}
        groups: list[set[Label]] = []
        while left:
            start = left.pop()
            group, todo = {start}, [start]
            while todo:
                for nb in self._adj[todo.pop()]:
                    if nb in left:
                        left.discard(nb)
                        group.add(nb)
                        todo.append(nb)
            groups.append(group)
        return groups


def route_back(parent: dict[Label, Label | None], at: Label) -> list[Label]:
    """The route from ``at`` back to its source, from a :meth:`LaneGraph.within` result."""
    out = [at]
    node = parent.get(at)
    while node is not None:
        out.append(node)
        node = parent.get(node)
    return out
