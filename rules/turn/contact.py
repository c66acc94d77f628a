"""Seed 004 Intel Phase: contact by tracing a path (issue 23). "Diplomatic Relations start from a state
of no contact between powers. To establish contact with another power, the player must trace a path
of systems that includes systems explored and claimed by their own empire or systems controlled by
powers they already have relations with. Once contact is established, diplomatic actions and Intel
missions can be initiated. Normal Relations are established once contact is made."

Readings (docs/economy.md):

* A sector is *claimed* by a power when it owns the sector (its recorded owner, or the controlling
  power of an unowned Controlled sector, rules/strategic/state.py ``owner``) or a planet in it.
  BattleHex keeps no record of what was explored: a claimed sector counts as explored.
* A path is traced over open lanes (the lane graph's networkx view): from a sector ``a`` claims,
  through sectors claimed by ``a`` or by a power ``a`` already has relations with (any state but
  ``no_contact``), into a sector the other power ``b`` claims (through ``b``'s own sectors too).
* The powers with no contact are traced when the Turn Orders begin (BattleHex runs the Intel Phase's
  diplomacy in Turn Orders, after Tech), once, from the relations as they stood before: contact made
  now does not open a path for another pair until the next turn ("already have relations").
  A pair that makes contact goes to Normal Relations, logged with the path. A power of the GM's own
  Team (monsters) has no diplomacy and is never traced.
"""
from __future__ import annotations

from hexmap import Label, LaneGraph
from rules.model.campaign import Campaign, Relation
from rules.model.records import LogEntry
from rules.model.types import DiplomaticState as D
from rules.strategic.state import StrategicState

RULE = "004 Intel Phase (contact)"


def claims(state: StrategicState) -> dict[str, set[Label]]:
    """The sectors each power claims (see Readings)."""
    out: dict[str, set[Label]] = {}
    for at, sec in state.sectors.items():
        owner = state.owner(at)
        if owner is not None:
            out.setdefault(owner, set()).add(at)
        for pl in sec.star_system.planets if sec.star_system is not None else []:
            if pl.owner is not None:
                out.setdefault(pl.owner, set()).add(at)
    return out


def path(state: StrategicState, a: str, b: str, claimed: dict[str, set[Label]] | None = None) -> list[Label] | None:
    """The shortest path ``a`` traces to a sector of ``b`` (the first, in label order, of those
    reached), or ``None`` when no path can be traced."""
    import networkx as nx

    claimed = claims(state) if claimed is None else claimed
    known = {p for p in claimed if p == a or (p != b and state.dip.state(a, p) is not D.NO_CONTACT)}
    mine = claimed.get(a, set())
    theirs = claimed.get(b, set())
    if not mine or not theirs:
        return None
    nodes = set().union(*(claimed[p] for p in known)) | theirs
    g = state.graph.graph.subgraph(nodes)
    best: list[Label] | None = None
    for src in sorted(mine):
        lengths = nx.single_source_shortest_path(g, src)
        for dst in sorted(theirs):
            hop = lengths.get(dst)
            if hop is not None and (best is None or (len(hop), hop) < (len(best), best)):
                best = list(hop)
    return best


def trace(c: Campaign, graph: LaneGraph) -> Campaign:
    """Every pair of powers without contact whose path can now be traced goes to Normal Relations,
    logged with its path (``c`` itself when none; else a new campaign)."""
    if not any(r.state is D.NO_CONTACT for r in c.diplomacy):  # every pair in contact: no map to read
        return c
    state = StrategicState.compute(c, graph)
    gm = {p for t in c.teams if t.gm_controlled for p in t.powers}
    ids = [p.id for p in c.powers if p.id not in gm]
    pairs = [(a, b) for i, a in enumerate(ids) for b in ids[i + 1:] if state.dip.state(a, b) is D.NO_CONTACT]
    if not pairs:
        return c
    claimed = claims(state)
    made: list[tuple[str, str, list[Label]]] = []
    for a, b in pairs:
        way = path(state, a, b, claimed)
        back = path(state, b, a, claimed)
        if back is not None and (way is None or len(back) < len(way)):
            way = list(reversed(back))
        if way is not None:
            made.append((a, b, way))
    if not made:
        return c
    names = {p.id: p.name for p in c.powers}
    joined = {frozenset((a, b)) for a, b, _ in made}
    relations = [r for r in c.diplomacy if frozenset(r.powers) not in joined]
    relations += [Relation(powers=(a, b), state=D.NORMAL) for a, b, _ in made]
    log = list(c.log)
    log += [LogEntry(turn=c.turn, rule=RULE, text=f"{names[a]} and {names[b]} make contact: a path is traced "
                     f"through {', '.join(str(x) for x in way)}; Normal Relations") for a, b, way in made]
    return c.model_copy(update={"diplomacy": relations, "log": log})
