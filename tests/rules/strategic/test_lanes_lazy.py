"""The lane graph without networkx: its lanes, supply reach and supply-ship chains come from
its own tables (networkx is imported for routes only), and agree with networkx's graph."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import networkx as nx

from hexmap import Label, LaneGraph, LaneKind

L = Label.parse
ROOT = Path(__file__).resolve().parents[3]


def grid(cols: int = 6, rows: int = 6) -> list[Label]:
    return [Label(c, r) for c in range(1, cols + 1) for r in range(1, rows + 1)]


def test_lanes_lists_every_open_lane_once_with_its_kind_as_networkx_has_it():
    g = LaneGraph(grid(), major=[(L("0101"), L("0606"))], closed=[(L("0303"), L("0304"))])
    lanes = list(g.lanes())
    assert len(lanes) == len({frozenset((a, b)) for a, b, _ in lanes}) == g.graph.number_of_edges()
    assert (L("0101"), L("0606"), LaneKind.MAJOR) in lanes or (L("0606"), L("0101"), LaneKind.MAJOR) in lanes
    assert all(g.graph.edges[a, b]["kind"] is kind for a, b, kind in lanes)
    assert not any({a, b} == {L("0303"), L("0304")} for a, b, _ in lanes)


def test_supply_ship_chains_are_networkx_connected_components():
    g = LaneGraph(grid(8, 8), closed=[(L("0404"), L("0405"))])
    ships = {L("0101"), L("0102"), L("0203"), L("0404"), L("0405"), L("0808"), L("0707")}
    ours = sorted(sorted(map(str, c)) for c in g.components(ships))
    theirs = sorted(sorted(map(str, c)) for c in nx.connected_components(g.graph.subgraph(ships)))
    assert ours == theirs
    assert g.components([]) == [] and g.components([L("9999")]) == []


def test_within_keeps_the_breadth_first_order_and_the_routes():
    g = LaneGraph(grid())
    reach = g.within([L("0303")], 1)
    assert list(reach)[0] == L("0303") and reach[L("0303")] is None
    assert list(reach)[1:] == g.neighbours(L("0303")) and all(reach[n] == L("0303") for n in list(reach)[1:])
    assert g.within([L("9999")], 3) == {}


def test_the_strategic_state_needs_no_networkx():
    """Control and supply of the built-in campaign, computed with networkx never imported
    (it is a fifth of the app's start-up)."""
    code = ("import sys; from rules.model import load_campaign; from rules.strategic import StrategicState; "
            "c = load_campaign('scenarios/default_campaign.json'); s = StrategicState.compute(c); s.unit_supply(); "
            "print('networkx' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                         timeout=120)
    assert out.stdout.strip() == "False"
