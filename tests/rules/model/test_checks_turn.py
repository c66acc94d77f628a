"""Version-2 cross references (issue 13): each bad reference is one problem naming its field."""
from __future__ import annotations

import pytest

from rules.model.checks import check_campaign
from tests.rules.strategic.builder import campaign, fleet


def problems(**changes):
    c = campaign(fleets=[fleet("t", "fed", "0303"), fleet("e", "fed", "0303"), fleet("k", "klingon", "0505")])
    data = c.model_dump(mode="json")
    for fid, fields in changes.items():
        f = next(x for x in data["fleets"] if x["id"] == fid)
        f.update(fields)
    return [str(p) for p in check_campaign(type(c).model_validate(data))]


def test_a_consistent_campaign_has_no_problems():
    assert problems(t={"kind": "trade", "trade_route": ["0303", "0304", "0404"]}, e={"escort_of": "t"}) == []


@pytest.mark.parametrize(("changes", "expected"), [
    ({"e": {"escort_of": "nope"}}, "fleets[1].escort_of: fleet 'nope' does not exist"),
    ({"e": {"escort_of": "t"}}, "fleets[1].escort_of: an escort is a military fleet protecting a trade, transport or "
                                "colony fleet (seed 004 Movement Phase)"),
    ({"t": {"kind": "trade"}, "k": {"escort_of": "t"}}, "fleets[2].escort_of: fleet 't' belongs to 'fed', not "
                                                         "'klingon'"),
    ({"t": {"kind": "trade", "trade_route": ["0303", "0305"]}},
     "fleets[0].trade_route[1]: 0303 and 0305 are not adjacent: a trade route is up to three adjacent systems (seed 004)"),
    ({"t": {"trade_route": ["0303"]}}, "fleets[0].trade_route: only a trade fleet has a trade route (seed 004 Movement "
                                       "Phase)"),
    ({"t": {"last_sector": "0909"}}, "fleets[0].last_sector: sector 0909 does not exist"),
    ({"t": {"cargo": [{"id": "c1", "kind": "census", "size": 9}]}},
     "fleets[0].cargo[0].size: census takes a Supply rating of at least 10 (seed 004 Movement Phase), not 9"),
    ({"t": {"cargo": [{"id": "c1", "kind": "ground_unit"}]}},
     "fleets[0].cargo[0].ground_unit: ground_unit cargo names the ground unit it carries"),
    ({"t": {"cargo": [{"id": "c1", "kind": "marines", "ground_unit": {"id": "g", "name": "G", "power": "fed"}}]}},
     "fleets[0].cargo[0].kind: marines are carried as 'marines' cargo, other ground units as 'ground_unit'"),
    ({"t": {"cargo": [{"id": "c1", "kind": "census"}]}, "e": {"cargo": [{"id": "c1", "kind": "supply"}]}},
     "fleets[1].cargo[0].id: 'c1' is used more than once (first at fleets[0].cargo[0])"),
])
def test_each_bad_reference_is_named(changes, expected):
    assert expected in problems(**changes)
