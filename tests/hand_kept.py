"""The hand-kept variant of the default campaign, for tests of the turn without seed 004's empire phases.

The shipped default campaign (scenarios/default_campaign.json) runs seed 004's whole turn
(``settings.empire_turn`` seed004) from turn 1's Income Phase (issue 23). Tests that start in turn 1's
Turn Orders with the empire turn kept by hand (the campaign as shipped before issue 23: no economy
records, the turn passing Income, Tech, Update Asset and End of Turn) build that variant here, in
memory or in the test's own folder, never as a second shipped scenario.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rules.model import parse_campaign, save_campaign
from rules.model.campaign import Campaign
from tests.conftest import DEFAULT

EMPIRE_SENTENCE = ("It starts in turn 1's Income Phase: BattleHex runs the whole campaign turn for every power: "
                   "income, research, orders, movement, the Combat Phase, "
                   "construction, morale and census.")
"""The default campaign's description ends with this sentence (the variant replaces it)."""
HAND_KEPT_SENTENCE = ("It starts in turn 1's Turn Orders with the empire turn kept by hand: the GM keeps income, "
                      "research, construction, morale and census off the tool.")
HOMEWORLDS = {"kzinti": "0203", "klingon": "1208", "lyran": "1302"}
"""The home planets the default campaign names so (Kzin Prime, Qo'noS Minor, Pride Home); the other
powers' homeworlds lie off its map."""


def default_data() -> dict[str, Any]:
    """The shipped default campaign as plain JSON data."""
    data: dict[str, Any] = json.loads(DEFAULT.read_text(encoding="utf-8"))
    return data


def hand_kept_data(default: dict[str, Any] | None = None) -> dict[str, Any]:
    """The default campaign's JSON with its empire turn kept by hand: no ``settings.empire_turn``, no
    power economy records, turn 1 standing in Turn Orders."""
    data = json.loads(json.dumps(default if default is not None else default_data()))
    assert data["description"].endswith(EMPIRE_SENTENCE), "the default campaign's description changed"
    data["name"] += " (empire turn kept by hand)"
    data["description"] = data["description"][: -len(EMPIRE_SENTENCE)] + HAND_KEPT_SENTENCE
    del data["settings"]["empire_turn"]
    data.pop("phase", None)
    for p in data["powers"]:
        p.pop("economy", None)
    return data


def hand_kept() -> Campaign:
    """The hand-kept variant as a campaign (a fresh object: the caller may change it)."""
    return parse_campaign(json.dumps(hand_kept_data()))


def hand_kept_file(folder: Path, name: str = "hand_kept.json") -> Path:
    """Write the hand-kept variant into ``folder`` (through the app's own save) and return its path."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    save_campaign(hand_kept(), path)
    return path
