"""The words of the V13.811 centre question (issue 22): the proposal names the defence it is."""
from __future__ import annotations

from tests.rules.systems.v13.helpers import battle, duel, place, unit


def test_a_carrier_anchor_is_named_not_called_a_base_or_planet_v13_811():
    """At 0604 of the default campaign the anchor is KHS Claw of Rrit, a carrier (V13.431): the
    proposal said "the defending Base or planet"."""
    b = battle(duel([unit("cv", name="KHS Claw of Rrit", is_carrier=True)], [unit("r1")]),
               answers=(False, 20, 20, place("cv", "2103", "D"), place("r1", "2125", "A")), faces=[1, 1, 1, 1])
    q = b.pending
    assert q.key == "V13.811/centre" and q.data["proposed"] == "2103"
    assert "Base or planet" not in q.text
    assert "proposed: 2103, the hex of KHS Claw of Rrit, the defence the set-up is placed around" in q.text
