"""Sector status (seed 004 Movement Phase; RULES_MATRIX §2.1) and V13 ownership (B-20)."""
from __future__ import annotations

import pytest

from rules.strategic import ControlStatus
from tests.rules.strategic.builder import L, campaign, fleet, state, unit

CTRL, CONT, NEUT = ControlStatus.CONTROLLED, ControlStatus.CONTESTED, ControlStatus.NEUTRAL


def colony(owner: str, census: int = 5, supply: bool = False) -> dict:
    return {"owner": owner, "supply_point": supply,
            "star_system": {"name": f"{owner}-sys", "planets": [{"name": "P", "owner": owner, "census": census}]}}


@pytest.mark.parametrize(("case", "sectors", "fleets", "at", "status", "powers"), [
    ("only Fed units -> Controlled(Fed)", {}, [fleet("f", "fed", "0303")], "0303", CTRL, {"fed"}),
    ("empty, in Fed supply range only -> Controlled(Fed)", {"0101": colony("fed", supply=True)}, [],
     "0103", CTRL, {"fed"}),
    ("empty, in Fed and Klingon range -> Neutral", {"0101": colony("fed", supply=True),
                                                    "0105": colony("klingon", supply=True)}, [], "0103", NEUT, set()),
    ("Fed colony + Klingon fleet -> Contested", {"0303": colony("fed")}, [fleet("k", "klingon", "0303")],
     "0303", CONT, {"fed", "klingon"}),
    ("allied Fed and Kzinti fleets -> Controlled by both", {},
     [fleet("f", "fed", "0303"), fleet("z", "kzinti", "0303")], "0303", CTRL, {"fed", "kzinti"}),
    ("outside every range and empty -> Neutral", {"0101": colony("fed", supply=True)}, [], "0106", NEUT, set()),
    ("a monster alone controls nothing", {}, [fleet("m", "monsters", "0303")], "0303", NEUT, set()),
    ("allied ranges overlap -> Controlled", {"0101": colony("fed", supply=True), "0105": colony("kzinti", supply=True)},
     [], "0103", CTRL, {"fed", "kzinti"}),
])
def test_sector_status(case, sectors, fleets, at, status, powers):
    st = state(campaign(sectors=sectors, fleets=fleets)).status(L(at))
    assert (st.status, set(st.powers)) == (status, powers), case


def test_contested_becomes_controlled_when_the_foreign_fleet_leaves():
    c = campaign(sectors={"0303": colony("fed")}, fleets=[fleet("k", "klingon", "0303")])
    assert state(c).status(L("0303")).status is CONT
    c.fleets[0].sector = L("0304")
    assert state(c).status(L("0303")).powers == frozenset({"fed"})


def test_mutual_defense_partners_do_not_contest_but_normal_relations_do():
    mdt = campaign(relations={("fed", "orion"): "mutual_defense"},
                   fleets=[fleet("f", "fed", "0303"), fleet("o", "orion", "0303")])
    assert state(mdt).status(L("0303")).status is CTRL
    normal = campaign(relations={("fed", "orion"): "normal"},
                      fleets=[fleet("f", "fed", "0303"), fleet("o", "orion", "0303")])
    assert state(normal).status(L("0303")).status is CONT


def test_a_fleet_between_sectors_is_in_no_sector():
    c = campaign(fleets=[fleet("f", "fed", "0303", in_transit_to="0304")])
    assert state(c).status(L("0303")).status is NEUT


def test_owner_of_an_unowned_controlled_sector_is_the_nearest_colony_ties_to_census():
    # B-20: Fed colony 1 jump away, Kzinti colony 1 jump away with a larger census -> Kzinti.
    c = campaign(sectors={"0302": colony("fed", 3), "0304": colony("kzinti", 9)},
                 fleets=[fleet("f", "fed", "0303"), fleet("z", "kzinti", "0303")])
    assert state(c).owner(L("0303")) == "kzinti"
    c2 = campaign(sectors={"0302": colony("fed", 3), "0305": colony("kzinti", 9)},
                  fleets=[fleet("f", "fed", "0303"), fleet("z", "kzinti", "0303")])
    assert state(c2).owner(L("0303")) == "fed"  # nearer wins over larger


def test_recorded_owner_stands_and_neutral_unowned_has_none():
    c = campaign(sectors={"0303": {"owner": "klingon"}}, fleets=[fleet("f", "fed", "0505")])
    s = state(c)
    assert s.owner(L("0303")) == "klingon"
    assert s.owner(L("0101")) is None


def test_garrison_counts_as_the_owners_asset():
    c = campaign(sectors={"0303": {"owner": "lyran", "garrison": [unit("bats", kind="battle_station")]}},
                 fleets=[fleet("f", "fed", "0303")])
    assert state(c).status(L("0303")).status is CONT


def test_supply_ranges_kept_for_a_map_give_the_statuses_of_each_campaigns_alliances():
    """Issue 21: the supply ranges are kept per map and supply points, with the statuses by range
    they give under each set of alliances: the same as computing them afresh."""
    from rules.strategic import StrategicState, build_graph

    secs = {"0202": colony("fed", supply=True), "0602": colony("klingon", supply=True)}  # both ranges reach 0402
    war = campaign(sectors=secs)
    allied = campaign(sectors=secs, relations={("fed", "klingon"): "alliance"})
    graph = build_graph(war)
    for c, status in ((war, None), (allied, CTRL), (war, None), (allied, CTRL)):
        kept = StrategicState.compute(c, graph)
        assert kept.control == StrategicState.compute(c, build_graph(c)).control
        at = kept.control.get(L("0402"))
        assert (at.status if at else None) is status
