"""Where the program finds its own files (the built-in campaign, rules texts, icons)."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
DEFAULT_CAMPAIGN = SCENARIOS / "default_campaign.json"
ASSETS = ROOT / "assets"
RULES_TEXTS = ASSETS / "rules"
