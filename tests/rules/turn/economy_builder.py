"""The seed-004-economy copy of the default campaign (scenarios/seed004_economy.json): the default
campaign, its empire turn run by BattleHex from turn 1's Income Phase."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
DEFAULT = ROOT / "scenarios" / "default_campaign.json"
ECONOMY = ROOT / "scenarios" / "seed004_economy.json"
HOMEWORLDS = {"kzinti": "0203", "klingon": "1208", "lyran": "1302"}
"""The home planets the default campaign names so (Kzin Prime, Qo'noS Minor, Pride Home); the
other powers' homeworlds lie off its map, so their cut-off row is not checked."""


def economy_data(default: dict[str, Any]) -> dict[str, Any]:
    """The default campaign's JSON with ``settings.empire_turn`` seed004, turn 1 standing in the
    Income Phase and each power's economy record (Point Pool 0, Tech Year the campaign's year)."""
    data = json.loads(json.dumps(default))
    data["name"] = default["name"] + " (seed 004 economy)"
    data["description"] = ("The default campaign with seed 004's empire turn run by BattleHex (settings.empire_turn "
                           "seed004): Income, Tech, Update Asset and End of Turn. " + default.get("description", ""))
    data["settings"]["empire_turn"] = "seed004"
    data["phase"] = "income"
    year = data["settings"].get("year", 0)
    for p in data["powers"]:
        eco: dict[str, Any] = {"tech_year": year}
        if p["id"] in HOMEWORLDS:
            eco["homeworld"] = HOMEWORLDS[p["id"]]
        p["economy"] = eco
    return data


def write() -> None:
    """Write the scenario from the default campaign (through the app's own save)."""
    from rules.model import parse_campaign, save_campaign

    c = parse_campaign(json.dumps(economy_data(json.loads(DEFAULT.read_text(encoding="utf-8")))))
    save_campaign(c, ECONOMY)


if __name__ == "__main__":
    write()
