"""Seed 002 Starship Tactical Combat Simulator panel (the registry entry of rules/systems/stcs names it)."""
