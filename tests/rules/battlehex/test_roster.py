"""Who is in the battle (V13.13, V13.14) and for whom (V13.451: Leased Orion units)."""
from __future__ import annotations

from rules.battlehex.roster import Role
from tests.rules.systems.v13.helpers import battle, duel, fleet, unit


def test_a_leased_orion_in_an_orion_fleet_fights_for_its_lessee_v13_451():
    """V13.451: "Leased Orion units [V19.30] are placed at the same time, and in the same
    manner, as units belonging to the Team which has paid the Lease": a unit leased to Red
    that sits in an Orion fleet is Red's, not an independent Orion, and shares Red's Weapon
    Status (no roll for the Orions, who have no other unit here)."""
    leased = fleet("of", "orion", "0304", units=[unit("lo", orion_status="leased", lessee_team="red")])
    b = battle(duel(extra=[leased]), answers=(False,), faces=[2, 2, 4, 4, 6, 6])
    lo = b.state.units["lo"]
    assert (lo.team, lo.role) == ("red", Role.ATTACKER)
    assert set(b.state.ws) == {"red", "blue"} and b.state.ws["red"] == 1
    assert not any("Orions" in e.text for e in b.log.events if e.rule.startswith("V13.41"))


def test_an_unleased_orion_stays_independent_v13_452():
    """V13.452: an Orion unit that is not part of the Attacking or Defending forces."""
    b = battle(duel(extra=[fleet("of", "orion", "0304", units=[unit("o1")])]), answers=(False,),
               faces=[2, 2, 4, 4, 6, 6])
    assert (b.state.units["o1"].team, b.state.units["o1"].role) == ("orions", Role.ORION)
