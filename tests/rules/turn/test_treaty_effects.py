"""Effects of the seed 004 treaty states on the Combat Phase (issue 23): "Military ships can travel
through each other's systems, but ground forces cannot be moved to other treaty powers' systems
and vice versa" (Mutual Defense Treaty, 004 Intel Phase)."""
from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.turn.cargo import GroundItem, disembark, embark
from tests.rules.turn.test_cargo import base, planet


def test_no_ground_forces_on_a_mutual_defense_partners_planet() -> None:
    c = embark(base(relations={("fed", "klingon"): "mutual_defense"}), "tr", "Earth", GroundItem("g1"), 1)
    with pytest.raises(RuleError, match="Mutual Defense Treaty: ground forces cannot be moved") as e:
        disembark(c, "tr", "g1", "Kronos", 2)
    assert e.value.rule == "004 Intel Phase"
    assert planet(disembark(c, "tr", "g1", "Earth", 2), "Earth").ground_units[-1].id == "g1"  # its own planet


def test_alliance_partners_may_still_land_on_each_others_planets() -> None:
    c = embark(base(relations={("fed", "klingon"): "alliance"}), "tr", "Earth", GroundItem("g1"), 1)
    assert [g.id for g in planet(disembark(c, "tr", "g1", "Kronos", 2), "Kronos").ground_units] == ["g1"]
