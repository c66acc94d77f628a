"""Seed 002, the Starship Tactical Combat Simulator (MCA 7.1), as a battle system (issue 25):
ship data (rules/model/stcs.py), crews (:mod:`.crew`), warping in and out (:mod:`.warp`), sensor
locks and the cloak tables (:mod:`.sensors`), fire and damage helpers (:mod:`.fire`), repairs
(:mod:`.repair`), the procedure (:mod:`.engine`) on the shared run (:mod:`.battle`). docs/stcs.md
says what is built and what is left. This module is the registry entry (no engine import)."""
from __future__ import annotations

from rules.systems.registry import BattleSystem

SYSTEM = BattleSystem("stcs", "Starship Tactical Combat Simulator",
                      "seed 002: sub-light or warp-speed combat; sensor locks, secret cloak detection tables, warping "
                      "in with dispersion and out; fire and damage at the table with the helpers; the GM enters the "
                      "ships destroyed",
                      engine="rules.systems.stcs.battle:STCSBattle", panel="app.systems.stcs.panel:STCSPanel")
