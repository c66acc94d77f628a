"""The strategic lane graph: sectors joined by jump lanes.

INTERPRETATIONS 16: sectors are hexes in the tactical orientation, labelled ``CCRR`` on a grid
whose ``0101`` is the origin. Adjacent sectors are joined by *minor* lanes; a scenario may add
*major* lanes between any two sectors and close minor ones. The graph is built once per map
change; every query here reads it, none rebuilds it.

Plain Python, no networkx: importing networkx costs ~150-170 ms (its package ``__init__``
loads ~280 modules whichever submodule is asked for), a third of the start-up budget. The
three searches used here (bidirectional BFS, bidirectional Dijkstra, connected components)
are ports of networkx 3.x's code (BSD licence) that visit neighbours in the same order, so
every route and tie-break is the one networkx gave.
"""
from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from enum import Enum
from heapq import heappop, heappush
from itertools import count
from typing import Literal, overload

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


EdgeData = dict[str, "LaneKind"]


class Lanes:
    """The open lanes as an undirected adjacency with per-lane data (``{"kind": LaneKind}``).

    Built like a ``networkx.Graph`` (neighbours kept in insertion order, one data dict shared
    by both directions) and answering the few questions the app and benchmarks ask of it:
    ``edges(data=True)``, ``number_of_edges()``, ``has_edge``, ``get_edge_data``, ``adj``.
    """

    def __init__(self) -> None:
        self.adj: dict[Label, dict[Label, EdgeData]] = {}

    def add_node(self, n: Label) -> None:
        if n not in self.adj:
            self.adj[n] = {}

    def add_edge(self, a: Label, b: Label, kind: LaneKind) -> None:
        self.add_node(a)
        self.add_node(b)
        data = self.adj[a].get(b, {})
        data["kind"] = kind
        self.adj[a][b] = data
        self.adj[b][a] = data

    @property
    def nodes(self) -> list[Label]:
        return list(self.adj)

    def __contains__(self, n: object) -> bool:
        return n in self.adj

    def __len__(self) -> int:
        return len(self.adj)

    def has_edge(self, a: Label, b: Label) -> bool:
        return b in self.adj.get(a, {})

    def get_edge_data(self, a: Label, b: Label) -> EdgeData | None:
        return self.adj.get(a, {}).get(b)

    @overload
    def edges(self, data: Literal[False] = ...) -> Iterator[tuple[Label, Label]]: ...
    @overload
    def edges(self, data: Literal[True]) -> Iterator[tuple[Label, Label, EdgeData]]: ...

    def edges(self, data: bool = False) -> Iterator[tuple[Label, Label] | tuple[Label, Label, EdgeData]]:
        """Each lane once, in networkx's order (by first node, then its neighbours)."""
        seen: set[Label] = set()
        for n, nbrs in self.adj.items():
            for nb, d in nbrs.items():
                if nb not in seen:
                    yield (n, nb, d) if data else (n, nb)
            seen.add(n)

    def number_of_edges(self) -> int:
        return sum(1 for _ in self.edges())


class LaneGraph:
    """Sectors (nodes, by :class:`Label`) and the open jump lanes between them (edges).

    Args:
        sectors: the labels of every sector on the map.
        major: extra lanes (pairs of labels), usually between non-adjacent sectors.
        closed: minor lanes that are closed (pairs of adjacent labels).
    """

    def __init__(self, sectors: Iterable[Label], major: Iterable[tuple[Label, Label]] = (),
                 closed: Iterable[tuple[Label, Label]] = ()) -> None:
        g = Lanes()
        nodes = list(sectors)
        for n in nodes:
            g.add_node(n)
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
        self._adj: dict[Label, list[Label]] = {n: list(nbrs) for n, nbrs in g.adj.items()}

    # -- single lanes ------------------------------------------------------------------------
    def __contains__(self, label: object) -> bool:
        return label in self.hex_of

    def __len__(self) -> int:
        return len(self.hex_of)

    def neighbours(self, at: Label) -> list[Label]:
        """Sectors one open lane away from ``at``."""
        return self._adj.get(at, [])

    def has_lane(self, a: Label, b: Label) -> bool:
        return self.graph.has_edge(a, b)

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
            return _bidirectional_bfs(self.graph.adj, a, b)
        return _bidirectional_dijkstra(self.graph.adj, a, b, passable)

    def components(self, nodes: Iterable[Label]) -> list[set[Label]]:
        """Groups of ``nodes`` joined to each other by open lanes (supply-ship chains).

        networkx's ``connected_components(G.subgraph(nodes))``, groups in the same order.
        """
        adj = self.graph.adj
        keep = {n for n in nodes if n in adj}
        # a subgraph view walks the shorter of its node set and the graph's nodes
        order = (n for n in keep if n in adj) if 2 * len(keep) < len(adj) else (n for n in adj if n in keep)
        seen: set[Label] = set()
        out: list[set[Label]] = []
        for v in order:
            if v in seen:
                continue
            group = {v}
            level = [v]
            while level:
                this_level, level = level, []
                for u in this_level:
                    nbrs = adj[u]
                    for w in nbrs:
                        if w not in keep:
                            continue
                        if w not in group:
                            group.add(w)
                            level.append(w)
            seen |= group
            out.append(set(group))  # a copy, as before (a set's copy may iterate in another order)
        return out


def _bidirectional_bfs(adj: dict[Label, dict[Label, EdgeData]], source: Label, target: Label) -> list[Label] | None:
    """networkx's ``bidirectional_shortest_path`` (a fewest-lanes route, ``None`` if none)."""
    pred: dict[Label, Label | None] = {source: None}
    succ: dict[Label, Label | None] = {target: None}
    forward, reverse = [source], [target]
    meet: Label | None = None
    while forward and reverse and meet is None:
        if len(forward) <= len(reverse):
            this_level, forward = forward, []
            for v in this_level:
                for w in adj[v]:
                    if w not in pred:
                        forward.append(w)
                        pred[w] = v
                    if w in succ:
                        meet = w
                        break
                if meet is not None:
                    break
        else:
            this_level, reverse = reverse, []
            for v in this_level:
                for w in adj[v]:
                    if w not in succ:
                        succ[w] = v
                        reverse.append(w)
                    if w in pred:
                        meet = w
                        break
                if meet is not None:
                    break
    if meet is None:
        return None
    path: list[Label] = []
    node: Label | None = meet
    while node is not None:
        path.append(node)
        node = pred[node]
    path.reverse()
    node = succ[path[-1]]
    while node is not None:
        path.append(node)
        node = succ[node]
    return path


def _bidirectional_dijkstra(adj: dict[Label, dict[Label, EdgeData]], source: Label, target: Label,
                            passable: Passable) -> list[Label] | None:
    """networkx's ``bidirectional_dijkstra`` with weight ``1`` into a passable sector and no
    lane into any other (its weight function ``w(u, v) = 1 if passable(v) else None``)."""
    dists: tuple[dict[Label, float], dict[Label, float]] = ({}, {})
    preds: tuple[dict[Label, Label | None], dict[Label, Label | None]] = ({source: None}, {target: None})
    fringe: tuple[list[tuple[float, int, Label]], list[tuple[float, int, Label]]] = ([], [])
    seen: tuple[dict[Label, float], dict[Label, float]] = ({source: 0}, {target: 0})
    c = count()
    heappush(fringe[0], (0, next(c), source))
    heappush(fringe[1], (0, next(c), target))
    meetnode: Label | None = None
    finaldist: float | None = None
    direction = 1

    def half(curr: Label | None, way: int) -> list[Label]:
        ret: list[Label] = []
        while curr is not None:
            ret.append(curr)
            curr = preds[way][curr]
        return list(reversed(ret)) if way == 0 else ret

    while fringe[0] and fringe[1]:
        direction = 1 - direction
        dist, _, v = heappop(fringe[direction])
        if v in dists[direction]:
            continue
        dists[direction][v] = dist
        if v in dists[1 - direction]:
            assert meetnode is not None
            return half(meetnode, 0) + half(preds[1][meetnode], 1)
        for w in adj[v]:
            # forward: the lane v -> w enters w; backward: the lane w -> v enters v
            if not passable(w if direction == 0 else v):
                continue
            length = dist + 1.0
            if w in dists[direction]:
                if length < dists[direction][w]:
                    raise ValueError("Contradictory paths found: negative weights?")
            elif w not in seen[direction] or length < seen[direction][w]:
                seen[direction][w] = length
                heappush(fringe[direction], (length, next(c), w))
                preds[direction][w] = v
                if w in seen[1 - direction]:
                    candidate = length + seen[1 - direction][w]
                    if finaldist is None or finaldist > candidate:
                        finaldist, meetnode = candidate, w
    return None


def route_back(parent: dict[Label, Label | None], at: Label) -> list[Label]:
    """The route from ``at`` back to its source, from a :meth:`LaneGraph.within` result."""
    out = [at]
    node = parent.get(at)
    while node is not None:
        out.append(node)
        node = parent.get(node)
    return out
