"""A sector's ``stcs_bodies`` in the campaign format (rules/model/stcs_map.py): a kind not of the Striking Table or a
hex off the tactical map (more than 60 hexes from its centre 12,0) is refused naming the file and the field; two in
one hex are refused; a campaign without any is written byte for byte as before, one with them read back the same."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.model.io import CampaignError, dumps, load_campaign

DEFAULT = Path(__file__).parents[4] / "scenarios" / "default_campaign.json"


def written(tmp_path: Path, bodies: list[dict[str, str]]) -> tuple[Path, int]:
    data = json.loads(DEFAULT.read_text())
    i = next(k for k, s in enumerate(data["map"]["sectors"]) if s["at"] == "0604")
    data["map"]["sectors"][i]["stcs_bodies"] = bodies
    p = tmp_path / "bodies.json"
    p.write_text(json.dumps(data))
    return p, i


@pytest.mark.parametrize(("bodies", "words"), [
    ([{"kind": "comet", "at": "5,1"}], "stcs_bodies[0].kind: input should be 'planet', 'moon' or 'asteroid', not "
                                       "'comet'"),
    ([{"kind": "planet", "at": "73,0"}], "stcs_bodies[0]: hex 73,0 is off the STCS tactical map: 61 hexes from its "
                                         "centre 12,0 (at most 60)"),
    ([{"kind": "moon", "at": "5 1"}], "stcs_bodies[0].at"),
    ([{"kind": "planet", "at": "5,1"}, {"kind": "moon", "at": "5,1"}], "stcs_bodies: two bodies in hex 5,1 (a planet "
                                                                       "and a moon): one a hex"),
])
def test_a_bad_body_is_refused_naming_the_file_and_the_field(tmp_path: Path, bodies: list[dict[str, str]],
                                                             words: str) -> None:
    p, i = written(tmp_path, bodies)
    with pytest.raises(CampaignError) as err:
        load_campaign(p)
    assert f"{p}: map.sectors[{i}].{words}" in str(err.value)


def test_the_edge_of_the_map_is_taken_and_read_back_the_same(tmp_path: Path) -> None:
    p, i = written(tmp_path, [{"kind": "planet", "at": "72,0", "name": "Edge"}, {"kind": "asteroid", "at": "-48,0"}])
    c = load_campaign(p)
    assert [(b.kind.value, b.hex.q, b.words) for b in c.map.sectors[i].stcs_bodies] == [
        ("planet", 72, "the planet Edge"), ("asteroid", -48, "an asteroid")]
    again = tmp_path / "again.json"
    again.write_text(dumps(c))
    assert dumps(load_campaign(again)) == dumps(c) and '"stcs_bodies"' in dumps(c)


def test_a_campaign_without_bodies_is_written_as_before() -> None:
    c = load_campaign(DEFAULT)
    assert dumps(c) == DEFAULT.read_text()
    sectors = [s for s in c.map.sectors if s.at.col != 5 or s.at.row != 9]  # (0509's are the default campaign's own)
    assert all(s.stcs_bodies == [] for s in sectors)
