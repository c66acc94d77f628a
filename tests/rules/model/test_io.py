"""Loading, validating and saving campaign files: clear errors, exact round trips."""
from __future__ import annotations

import json

import pytest

from hexmap import Facing, Label
from rules.model import CampaignError, dumps, load_campaign, parse_campaign, save_campaign
from rules.model.campaign import CURRENT_VERSION
from tests.conftest import DEFAULT


def _problems(data: dict | str, source: str = "bad.json") -> list[str]:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(CampaignError) as info:
        parse_campaign(text, source)
    assert str(info.value).startswith(f"{source}: ")
    return [str(p) for p in info.value.problems]


def test_default_campaign_round_trips_exactly():
    c = load_campaign(DEFAULT)
    text = dumps(c)
    again = parse_campaign(text)
    assert again == c
    assert dumps(again) == text
    assert text == DEFAULT.read_text(encoding="utf-8"), "the shipped file is in canonical form"


def test_save_and_load(tmp_path):
    c = load_campaign(DEFAULT)
    c.fleets[0].units[0].tactical = {"position": "(-3,45)", "facing": "E", "speed": 12}
    c.fleets[0].units[0].forced_strategic_direction = "B"
    path = tmp_path / "saved.json"
    save_campaign(c, path)
    back = load_campaign(path)
    assert back == c
    assert back.fleets[0].units[0].tactical.facing is Facing.E
    assert back.fleets[0].units[0].tactical.position == Label(-3, 45)
    assert [p.name for p in tmp_path.iterdir()] == ["saved.json"], "no temporary file left behind"


def test_failed_save_keeps_the_old_file(tmp_path, monkeypatch):
    c = load_campaign(DEFAULT)
    path = tmp_path / "c.json"
    path.write_text("old", encoding="utf-8")

    def disk_full(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("rules.model.io.os.replace", disk_full)
    with pytest.raises(OSError):
        save_campaign(c, path)
    assert path.read_text(encoding="utf-8") == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["c.json"], "the half-written file is removed"


def test_bad_facing_names_the_field(default_data):
    default_data["fleets"][1]["units"][2]["tactical"] = {"position": "2115", "facing": "G"}
    assert _problems(default_data) == ["fleets[1].units[2].tactical.facing: 'G' is not a facing A-F"]


def test_unit_in_a_sector_that_does_not_exist(default_data):
    default_data["fleets"][3]["sector"] = "4512"
    assert _problems(default_data) == ["fleets[3].sector: sector 4512 does not exist on the 14 x 10 map"]


def test_json_syntax_error_names_line_and_column():
    problems = _problems('{\n "format": "battlehex-campaign",\n "version": 1\n "name": "x"\n}')
    assert problems == ["line 4, column 2: JSON syntax error: Expecting ',' delimiter"]


@pytest.mark.parametrize("spoil, expected", [
    (lambda d: d["fleets"][0]["units"][0].update(size_class=9),
     "fleets[0].units[0].size_class: input should be less than or equal to 7, not 9"),
    (lambda d: d["fleets"][0]["units"][0].update(sise_class=3),
     "fleets[0].units[0].sise_class: unknown field (not part of the campaign format; check its spelling)"),
    (lambda d: d.pop("map"), "map: this field is required but missing"),
    (lambda d: d["map"]["sectors"][4].update(terrain="lava"),
     "map.sectors[4].terrain: input should be 'none', 'black_hole', 'nebula', 'asteroid_field', "
     "'ringed_gas_giant', 'variable_pulsar' or 'ion_storm', not 'lava'"),
    (lambda d: d["fleets"][2]["orders"].append("0101"),
     "fleets[2].orders[1]: no jump lane joins 0604 to 0101"),
    (lambda d: d["fleets"][0].update(power="vulcan"), "fleets[0].power: power 'vulcan' does not exist"),
    (lambda d: d["fleets"][1]["units"][0].update(id="kli-d6-vorn"), 
     "fleets[1].units[0].id: 'kli-d6-vorn' is used more than once (first at fleets[0].units[1])"),
    (lambda d: d["map"]["sectors"][0].update(at="1511"), "map.sectors[0].at: sector 1511 lies outside the 14 x 10 map"),
    (lambda d: d["map"]["closed_lanes"].append({"ends": ["0101", "0505"]}),
     "map.closed_lanes[1].ends: 0101 and 0505 are not adjacent: only minor lanes close"),
    (lambda d: d["teams"][0].update(strategic_initiative=True),
     "teams: more than one team holds the Strategic Initiative (V13.14)"),
    (lambda d: d["fleets"][2]["units"][3].update(carrier_id="kz-aac-1"),
     "fleets[2].units[3].carrier_id: unit 'kz-aac-1' is neither a carrier nor a PF tender"),
    (lambda d: d.update(version=CURRENT_VERSION + 1),
     f"version: format version {CURRENT_VERSION + 1} is not one this BattleHex reads (1-{CURRENT_VERSION})"),
    (lambda d: d.update(format="vassal-module"),
     'format: not a BattleHex campaign file (expected "format": "battlehex-campaign")'),
])
def test_problems_name_field_and_fault(default_data, spoil, expected):
    spoil(default_data)
    assert expected in _problems(default_data)


def test_every_problem_is_reported_at_once(default_data):
    default_data["fleets"][0]["units"][0]["size_class"] = 0
    default_data["fleets"][1]["units"][0]["crew_quality"] = "heroic"
    assert len(_problems(default_data)) == 2


def test_unreadable_and_non_object_files(tmp_path):
    with pytest.raises(CampaignError, match="cannot read the file"):
        load_campaign(tmp_path / "missing.json")
    assert _problems("[1, 2]") == ["the file does not hold a JSON object"]
    binary = tmp_path / "b.json"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(CampaignError, match=r"not UTF-8 text \(byte 0xff at offset 0 is not UTF-8") as e:
        load_campaign(binary)  # it said "cannot read the file: 'utf-8' codec can't decode byte 0xff in position 0"
    assert str(binary) in e.value.report() and "codec" not in e.value.report()


# -- strategic records (issue 3) ------------------------------------------------------------
def test_in_transit_fleet_needs_a_lane_to_its_destination(default_data):
    fleet = next(f for f in default_data["fleets"] if f["id"] == "kli-home-guard")
    fleet["in_transit_to"] = "0101"
    with pytest.raises(CampaignError) as e:
        parse_campaign(json.dumps(default_data), "x.json")
    assert "in_transit_to: no jump lane joins 1208 to 0101" in e.value.report()


def test_bad_random_terrain_dice_and_row(default_data):
    default_data["map"]["random_terrain"] = {"dice": "2x6", "entries": [{"low": 5, "high": 3, "terrain": "nebula"}]}
    with pytest.raises(CampaignError) as e:
        parse_campaign(json.dumps(default_data), "x.json")
    report = e.value.report()
    assert "map.random_terrain.dice" in report and "map.random_terrain.entries[0]: low 5 is above high 3" in report


def test_battle_hex_record_names_real_teams(default_data):
    default_data["battle_hexes"] = [{"at": "0509", "turn": 1, "attacker": "coalition", "defender": "nobody"}]
    with pytest.raises(CampaignError) as e:
        parse_campaign(json.dumps(default_data), "x.json")
    assert "battle_hexes[0].defender: team 'nobody' does not exist" in e.value.report()


def test_orders_through_a_closed_lane_are_a_problem(default_data):
    fleet = next(f for f in default_data["fleets"] if f["id"] == "lyr-red-claw")
    fleet["orders"] = ["0604", "0705"]
    with pytest.raises(CampaignError) as e:
        parse_campaign(json.dumps(default_data), "x.json")
    assert "orders[1]: the lane 0604-0705 is closed" in e.value.report()


def test_compact_save_holds_the_same_campaign_on_one_line(tmp_path):
    c = load_campaign(DEFAULT)
    save_campaign(c, tmp_path / "pretty.json")
    save_campaign(c, tmp_path / "compact.json", compact=True)
    compact = (tmp_path / "compact.json").read_text(encoding="utf-8")
    assert compact.count("\n") == 1 and len(compact) < len((tmp_path / "pretty.json").read_text(encoding="utf-8"))
    assert load_campaign(tmp_path / "compact.json") == load_campaign(tmp_path / "pretty.json") == c
    assert json.loads(compact) == json.loads(dumps(c))
