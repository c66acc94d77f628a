"""Seed 002, the Starship Tactical Combat Simulator (MCA 7.1), as a battle system (issue 25). docs/stcs.md."""
