"""Campaign data: validated, versioned JSON (RULES_MATRIX §3).

The names below are imported from their modules when first asked for (PEP 562), so that a
module of this package (``rules.model.types``) can be imported without all the others: the
start behind a kept first frame imports them a few per turn of the event loop (issue 21,
:mod:`app.shell.stand_in`).
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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
_HOMES = {"campaign": ("Campaign", "Fleet", "Power", "Sector", "Settings", "Team"), "checks": ("Problem",),
          "io": ("CampaignError", "SealedError", "dumps", "load_campaign", "load_with_passphrases", "parse_campaign",
                 "passphrase_arg", "save_campaign"), "units": ("Unit",)}
_HOME = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str) -> Any:
    """``name`` from its module, imported now (and kept here)."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'rules.model' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"rules.model.{home}"), name)
    globals()[name] = value
    return value
