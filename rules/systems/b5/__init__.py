"""Seed 003, Babylon 5 Fleet Action, as a battle system (issue 24): squadrons and fleets
(:mod:`.force`), movement (:mod:`.movement`), deployment (:mod:`.deploy`), jump-in
(:mod:`.jump`), fire helpers (:mod:`.fire`), command and morale (:mod:`.command`), the engine
(:mod:`.engine`) on the shared run (:mod:`.battle`). docs/b5.md says what is built and how the
seed's gaps are read. This module is the registry entry (no engine import)."""
from __future__ import annotations

from rules.systems.registry import BattleSystem

SYSTEM = BattleSystem("b5", "Babylon 5 Fleet Action",
                      "seed 003: squadrons deployed by the computer (meeting engagement or jump-in with vortex "
                      "scatter); the turns are fought at the table with the panel's helpers; the GM enters the results",
                      engine="rules.systems.b5.battle:B5Battle", panel="app.systems.b5.panel:B5Panel")
