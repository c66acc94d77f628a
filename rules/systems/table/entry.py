"""The ``table`` battle system's registry entry (pyproject.toml's ``battlehex.systems``), apart
from :mod:`rules.systems.table.battle` so that reading the registry (the menus list every system at
start-up) loads no engine."""
from __future__ import annotations

from rules.systems.registry import BattleSystem

SYSTEM = BattleSystem("table", "Fought at the table",
                      "the battle is fought with any game off the computer; the GM enters which units were "
                      "destroyed, captured or crippled",
                      engine="rules.systems.table.battle:TableBattle", panel="app.systems.table:TablePanel")
