"""The strategic layer (seed 004 and V13.10-V13.18): control, supply, movement, Battle Hexes."""
from __future__ import annotations

from rules.strategic.control import ControlStatus, SectorStatus
from rules.strategic.diplomacy import Diplomacy
from rules.strategic.state import StrategicState, build_graph

__all__ = ["ControlStatus", "Diplomacy", "SectorStatus", "StrategicState", "build_graph"]
