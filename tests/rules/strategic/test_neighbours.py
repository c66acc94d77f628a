"""The sector beyond a tactical facing, as a team sees it (A-46, A-47, A-49)."""
from __future__ import annotations

import pytest

from hexmap import Facing
from rules.strategic.neighbours import Stance, neighbourhood, sector_toward
from tests.rules.strategic.builder import L, campaign, fleet, state, unit


@pytest.mark.parametrize(("owner", "relations", "stance"), [
    ("fed", None, Stance.FRIENDLY),
    ("kzinti", None, Stance.FRIENDLY),  # same team
    ("klingon", None, Stance.HOSTILE),
    (None, None, Stance.NEUTRAL),
    ("orion", {("fed", "orion"): "normal", ("kzinti", "orion"): "normal"}, Stance.NEUTRAL),  # A-47 third party
    ("orion", None, Stance.HOSTILE),  # at hostilities
])
def test_stance_of_the_sector_beyond_a_facing(owner, relations, stance):
    c = campaign(sectors={"0302": {"owner": owner}}, relations=relations)
    n = sector_toward(state(c), L("0303"), Facing.A, "blue")
    assert (n.at, n.stance) == (L("0302"), stance)


def test_hostile_force_and_deployed_orions_are_reported():
    normal = {("fed", "orion"): "normal", ("kzinti", "orion"): "normal"}
    c = campaign(sectors={"0302": {"owner": "fed"}}, relations=normal,
                 fleets=[fleet("m", "monsters", "0302", units=[unit("amoeba", kind="monster")]),
                         fleet("o", "orion", "0302", units=[unit("ori", orion_status="independent")])])
    n = sector_toward(state(c), L("0303"), Facing.A, "blue")
    assert n.stance is Stance.FRIENDLY and set(n.hostile_units) == {"amoeba", "ori"}


def test_off_the_map_and_closed_lane():
    c = campaign(closed=[("0303", "0302")])
    s = state(c)
    assert sector_toward(s, L("0101"), Facing.A, "blue").stance is Stance.OFF_MAP
    n = sector_toward(s, L("0303"), Facing.A, "blue")
    assert n.at == L("0302") and not n.lane_open and "lane closed" in n.describe()


def test_all_six_directions():
    got = [n.at for n in neighbourhood(state(campaign()), L("0303"), "blue")]
    assert got == [L(x) for x in ("0302", "0402", "0403", "0304", "0203", "0202")]
