"""Hex geometry for BattleHex: pure Python, no Qt, no rules.

Conventions (INTERPRETATIONS 1-2): flat-topped hexes in vertical columns, axial ``(q, r)``
with cube ``s = -q - r``, facings ``A`` (up) then clockwise ``B``-``F``.
"""
from __future__ import annotations

from hexmap.hexes import Facing, Hex, bearing, hex_line, hex_ring, hexes_within
from hexmap.labels import Label, MapWindow, grid_hex
from hexmap.lanes import LaneGraph, LaneKind, route_back

__all__ = ["Facing", "Hex", "Label", "LaneGraph", "LaneKind", "MapWindow", "bearing", "grid_hex", "hex_line", "hex_ring",
           "hexes_within", "route_back"]
