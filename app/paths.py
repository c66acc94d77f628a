"""Where the program finds its own files (the built-in campaign, rules texts, icons)."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
DEFAULT_CAMPAIGN = SCENARIOS / "default_campaign.json"
ASSETS = ROOT / "assets"
RULES_TEXTS = ASSETS / "rules"


def autosave_dir() -> Path:
    """The per-user folder for autosaves (``BATTLEHEX_DATA`` overrides it, e.g. in tests)."""
    import os

    from platformdirs import user_data_dir

    return Path(os.environ.get("BATTLEHEX_DATA") or user_data_dir("BattleHex", "BattleHex")) / "autosave"
