"""Files that break the tool (issue 11): strict types, bounds, duplicates with their paths, and
deep nesting refused with a CampaignError, never a traceback."""
from __future__ import annotations

import json

import pytest

import main
from rules.model import CampaignError, load_campaign, parse_campaign
from rules.model.checks import map_reach
from tests.conftest import DEFAULT


def _problems(data: dict | str) -> list[str]:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(CampaignError) as info:
        parse_campaign(text, "bad.json")
    return [str(p) for p in info.value.problems]


# -- deep nesting -----------------------------------------------------------------------------
@pytest.mark.parametrize("depth", [60, 1000, 100_000])
def test_a_deeply_nested_file_is_refused_cleanly(tmp_path, depth):
    path = tmp_path / "deep.json"
    text = DEFAULT.read_text(encoding="utf-8")
    path.write_text("[" * depth + text + "]" * depth, encoding="utf-8")
    with pytest.raises(CampaignError) as info:
        load_campaign(path)
    assert info.value.report().startswith(f"{path}: nested too deeply (more than 48 levels")
    assert len(info.value.problems) == 1


def test_deep_nesting_inside_a_field_is_refused(default_data):
    deep: object = 1
    for _ in range(1000):
        deep = [deep]
    default_data["battle_hexes"] = [{"at": "0509", "turn": 1, "attacker": "coalition", "defender": "alliance",
                                     "answers": ["__DEEP__"]}]
    text = json.dumps(default_data).replace('"__DEEP__"', "[" * 1000 + "1" + "]" * 1000)
    assert _problems(text) == ["nested too deeply (more than 48 levels of [ ] and { }; a campaign file needs about 12)"]


def test_check_of_a_deep_file_prints_the_problem_and_exits_1(tmp_path, capsys):
    path = tmp_path / "deep.json"
    path.write_text('{"format": "battlehex-campaign", "x": ' + "[" * 1000 + "]" * 1000 + "}", encoding="utf-8")
    assert main.main(["--check", str(path)]) == 1
    out, err = capsys.readouterr()
    assert "nested too deeply" in err and "Traceback" not in out + err


def test_nan_and_huge_numbers_are_problems_not_crashes(default_data):
    text = json.dumps(default_data)
    assert _problems(text.replace('"version": 2', '"version": NaN', 1)) == ["not usable JSON: NaN is not a JSON number"]
    huge = _problems(text.replace('"version": 2', '"version": ' + "9" * 5000, 1))
    assert len(huge) == 1 and huge[0].startswith("not usable JSON: Exceeds the limit")


# -- strict types -----------------------------------------------------------------------------
@pytest.mark.parametrize("spoil, expected", [
    (lambda d: d["fleets"][0]["units"][0].update(size_class=True),
     "fleets[0].units[0].size_class: input should be a valid integer, not True"),
    (lambda d: d["fleets"][0]["units"][0].update(combat_bpv=12.0),
     "fleets[0].units[0].combat_bpv: input should be a valid integer, not 12.0"),
    (lambda d: d["fleets"][0]["units"][0].update(crew_units_normal="4"),
     "fleets[0].units[0].crew_units_normal: input should be a valid integer, not '4'"),
    (lambda d: d["fleets"][0]["units"][0].update(name=7),
     "fleets[0].units[0].name: input should be a valid string, not 7"),
    (lambda d: d["fleets"][0]["units"][0].update(crippled=1),
     "fleets[0].units[0].crippled: input should be a valid boolean, not 1"),
    (lambda d: d["fleets"][0]["units"][0].update(is_scout="true"),
     "fleets[0].units[0].is_scout: input should be a valid boolean, not 'true'"),
    (lambda d: d.setdefault("settings", {}).update(standard_range=True),
     "settings.standard_range: input should be a valid integer, not True"),
    (lambda d: d["teams"][0].update(powers=["fed", 3]), "teams[0].powers[1]: input should be a valid string, not 3"),
    (lambda d: d.update(turn=2.0), "turn: input should be a valid integer, not 2.0"),
])
def test_no_coercion_into_a_field(default_data, spoil, expected):
    spoil(default_data)
    assert _problems(default_data) == [expected]


def test_labels_enums_and_facings_still_read_from_json_strings(default_data):
    unit = default_data["fleets"][0]["units"][0]
    unit.update(kind="ship", crew_quality="outstanding", forced_strategic_direction="c",
                tactical={"position": "(-3,45)", "facing": "E", "speed": 31})
    c = parse_campaign(json.dumps(default_data))
    assert c.fleets[0].units[0].tactical is not None and c.fleets[0].units[0].tactical.speed == 31


# -- bounds -----------------------------------------------------------------------------------
@pytest.mark.parametrize("spoil, expected", [
    (lambda d: d.setdefault("settings", {}).update(standard_range=1_000_000),
     "settings.standard_range: input should be less than or equal to 600, not 1000000"),
    (lambda d: d.setdefault("settings", {}).update(attacker_spread=10**30),
     "settings.attacker_spread: input should be less than or equal to 600, not 1000000000000000000000000000000"),
    (lambda d: d.setdefault("settings", {}).update(standard_range=101),
     "settings.standard_range: 101 hexes is beyond the reach of the 42 x 30 map (no two hexes lie more than "
     "100 apart)"),
    (lambda d: d.setdefault("settings", {}).update(map_cols=10, map_rows=10, standard_range=20, attacker_spread=40),
     "settings.attacker_spread: 40 hexes is beyond the reach of the 10 x 10 map (no two hexes lie more than "
     "28 apart)"),
    (lambda d: d["fleets"][0]["units"][0].update(tactical={"position": "2115", "facing": "A", "speed": 33}),
     "fleets[0].units[0].tactical.speed: input should be less than or equal to 32, not 33"),
    (lambda d: d["fleets"][0]["units"][0].update(crew_units_normal=-1),
     "fleets[0].units[0].crew_units_normal: input should be greater than or equal to 0, not -1"),
    (lambda d: d["fleets"][0]["units"][0].update(officers={"captain": 99}),
     "fleets[0].units[0].officers.captain: input should be less than or equal to 10, not 99"),
    (lambda d: d["fleets"][0]["units"][0].update(economic_bpv=10**12),
     "fleets[0].units[0].economic_bpv: input should be less than or equal to 100000, not 1000000000000"),
    (lambda d: d["fleets"][0]["units"][0].update(tactical={"position": "(10000,1)", "facing": "A"}),
     "fleets[0].units[0].tactical.position: (10000,1) lies too far off any map (columns and rows within +/-9999)"),
    (lambda d: d.update(dice_seed=2**80), f"dice_seed: input should be less than or equal to {2**32}, not {2**80}"),
])
def test_numbers_have_bounds_named_by_field(default_data, spoil, expected):
    spoil(default_data)
    assert _problems(default_data) == [expected]


def test_map_reach_is_the_legal_regions_diameter():
    assert map_reach(42, 30) == 100  # the standard range, 50, fits twice
    assert map_reach(200, 200) <= 600


# -- duplicates: one line each, with the path of both ---------------------------------------
def test_each_duplicate_names_its_path_and_the_first(default_data):
    default_data["fleets"][3]["id"] = default_data["fleets"][1]["id"]
    first = default_data["fleets"][1]["id"]
    assert _problems(default_data) == [f"fleets[3].id: {first!r} is used more than once (first at fleets[1])"]


def test_a_repeated_fleet_is_one_problem_not_one_per_unit(default_data):
    default_data["fleets"].append(json.loads(json.dumps(default_data["fleets"][2])))
    n = len(default_data["fleets"]) - 1
    assert _problems(default_data) == [f"fleets[{n}].id: {default_data['fleets'][2]['id']!r} is used more than "
                                       "once (first at fleets[2])"]


def test_a_repeated_team_is_one_problem(default_data):
    default_data["teams"].append(json.loads(json.dumps(default_data["teams"][1])))
    assert _problems(default_data) == [f"teams[{len(default_data['teams']) - 1}].id: 'coalition' is used more "
                                       "than once (first at teams[1])"]


def test_duplicate_sector_and_power(default_data):
    default_data["map"]["sectors"].append(dict(default_data["map"]["sectors"][0]))
    default_data["powers"].append(dict(default_data["powers"][0]))
    n, m = len(default_data["map"]["sectors"]) - 1, len(default_data["powers"]) - 1
    assert _problems(default_data) == [
        f"powers[{m}].id: 'fed' is used more than once (first at powers[0])",
        f"map.sectors[{n}].at: sector 0101 is defined more than once (first at map.sectors[0])"]


def test_a_renamed_power_is_one_line_not_one_per_reference(default_data):
    default_data["powers"][3]["id"] = "lyran-empire"
    problems = _problems(default_data)
    assert len(problems) <= 3, problems
    assert problems[0].startswith("teams[1].powers[1]: power 'lyran' does not exist (also at ")


def test_unknown_fields_of_one_object_make_one_line(default_data):
    default_data["fleets"][0]["units"][0].update(speed=3, colour="red", sise=4)
    assert _problems(default_data) == ["fleets[0].units[0]: unknown fields speed, colour, sise (not part of the "
                                       "campaign format; check their spelling)"]
