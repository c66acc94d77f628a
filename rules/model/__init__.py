"""Campaign data: validated, versioned JSON (RULES_MATRIX §3)."""
from __future__ import annotations

from rules.model.campaign import Campaign, Fleet, Power, Sector, Settings, Team
from rules.model.checks import Problem
from rules.model.io import (
    CampaignError,
    SealedError,
    dumps,
    load_campaign,
    load_with_passphrases,
    parse_campaign,
    passphrase_arg,
    save_campaign,
)
from rules.model.units import Unit

__all__ = ["Campaign", "CampaignError", "Fleet", "Power", "Problem", "SealedError", "Sector", "Settings", "Team",
           "Unit", "dumps", "load_campaign", "load_with_passphrases", "parse_campaign", "passphrase_arg",
           "save_campaign"]

