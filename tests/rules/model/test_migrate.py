"""Format version 2 (issue 13): a version-1 file opens migrated, nothing lost."""
from __future__ import annotations

import json

import pytest

from rules.model import CampaignError, dumps, parse_campaign
from rules.model.records import Phase
from rules.model.turn_model import EncounterState, FleetKind
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from tests.rules.strategic.builder import campaign, fleet


def v1_text() -> str:
    c = campaign(fleets=[fleet("f", "fed", "0303", ("0304",)), fleet("k", "klingon", "0304")])
    formed = end_movement(c, build_graph(c)).campaign
    data = json.loads(dumps(formed))
    data["version"] = 1
    for f in data["fleets"]:  # a version-1 writer knew none of the version-2 fields
        for k in ("kind", "trade_route", "escort_of", "cargo", "last_sector", "reserve"):
            f.pop(k, None)
    for r in data["battle_hexes"]:
        for k in ("encounter", "scenario", "between"):
            r.pop(k, None)
    data.get("settings", {}).pop("combat_phase", None)
    return json.dumps(data)


def test_a_version_1_file_opens_as_version_2_with_its_state_kept():
    c = parse_campaign(v1_text(), "old.json")
    assert c.version == 2 and c.phase is Phase.BATTLES and c.settings.combat_phase == "v13"
    assert [r.encounter for r in c.battle_hexes] == [EncounterState.V13]  # fought as V13.11 formed it
    assert all(f.kind is FleetKind.MILITARY and not f.cargo for f in c.fleets)
    assert c.log[-1].rule == "file format" and "version 1 read as version 2" in c.log[-1].text
    again = parse_campaign(dumps(c), "new.json")
    assert again == c  # saved as version 2: no second migration line


def test_a_version_1_file_without_a_log_gets_the_migration_line():
    data = json.loads(v1_text())
    data.pop("log", None)
    c = parse_campaign(json.dumps(data), "old.json")
    assert [e.rule for e in c.log] == ["file format"]


@pytest.mark.parametrize(("version", "why"), [(3, "format version 3 is not one this BattleHex reads (1-2)"),
                                               (True, "version")])
def test_unknown_or_malformed_versions_are_refused_by_name(version, why):
    data = json.loads(v1_text())
    data["version"] = version
    with pytest.raises(CampaignError) as e:
        parse_campaign(json.dumps(data), "odd.json")
    assert why in str(e.value)
