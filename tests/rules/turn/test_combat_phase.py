"""Seed 004's Combat Phase on the campaign (issue 13): End Movement -> Supply -> Encounters ->
Space Combat -> Orbital Bombardment -> Troop Combat -> the next turn; each step refused with its
rule while the phase waits for something; the seed's encounter cases end to end."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.model.records import Phase
from rules.model.turn_model import EncounterState, Scenario
from rules.model.types import DiplomaticState
from rules.strategic import build_graph
from rules.strategic.turn import PhaseError, gm_resolve
from rules.turn import combat_phase as cp
from tests.rules.strategic.builder import L, campaign, fleet


def seed004(**kw):
    c = campaign(settings={"combat_phase": "seed004"}, **kw)
    return c, build_graph(c)


def entered(**kw):
    """Blue (fed) enters 0304 where Red (klingon) stands; movement ended: the Supply Phase."""
    c, g = seed004(fleets=[fleet("f", "fed", "0303", ("0304",)), fleet("k", "klingon", "0304")], **kw)
    c = cp.end_movement(c, g).campaign
    return c, g


def to_encounters(**kw):
    c, g = entered(**kw)
    return cp.advance(c, g), g


def where(c, fid):
    f = next(f for f in c.fleets if f.id == fid)
    return str(f.sector), f.in_transit_to


def test_end_movement_enters_the_supply_phase_with_supply_in_the_log():
    c, g = entered()
    assert c.phase is Phase.SUPPLY and not cp.fightable(c)
    assert any(e.rule == "004 Supply Phase" and "Fleet f (Fed) at 0304: Out of Supply" in e.text for e in c.log)  # the power by name


def test_a_v13_campaign_keeps_its_loop():
    c = campaign(fleets=[fleet("f", "fed", "0303", ("0304",)), fleet("k", "klingon", "0304")])
    g = build_graph(c)
    c = cp.end_movement(c, g).campaign
    assert c.phase is Phase.BATTLES and cp.fightable(c) == [0]
    c = gm_resolve(c, L("0304"), "by hand")
    assert cp.advance(c, g).phase is Phase.ORDERS and cp.advance(c, g).turn == 2


def test_the_encounter_waits_for_the_defender_first_and_end_phase_is_refused_meanwhile():
    c, g = to_encounters()
    assert c.phase is Phase.ENCOUNTERS and c.battle_hexes[0].encounter is EncounterState.PENDING
    i, q = cp.pending(c, g)
    assert i == 0 and q.to == "red" and q.key == "encounter/0304/demand/red" and q.rule == "004 Encounters Phase"
    with pytest.raises(PhaseError, match="the Combat: Encounters phase waits for: Red: you meet Blue in 0304"):
        cp.advance(c, g)
    with pytest.raises(IllegalAnswer):
        cp.answer(c, g, "orbit")
    assert not cp.fightable(c)


def test_nobody_demands_no_scenario_both_stay_and_the_turn_goes_on_to_the_next():
    c, g = to_encounters()
    c = cp.answer(c, g, "none")  # the defender
    c = cp.answer(c, g, "none")  # the attacker
    r = c.battle_hexes[0]
    assert r.encounter is EncounterState.NONE and r.resolved and where(c, "f") == ("0304", None)
    for phase in (Phase.BATTLES, Phase.BOMBARDMENT, Phase.TROOPS):
        c = cp.advance(c, g)
        assert c.phase is phase
    c = cp.advance(c, g)
    assert c.phase is Phase.ORDERS and c.turn == 2


def test_the_attacker_refuses_a_deep_space_demand_and_returns_to_its_last_sector():
    c, g = to_encounters()
    c = cp.answer(c, g, "deep_space")
    assert cp.pending(c, g)[1].key == "encounter/0304/agree/blue"
    c = cp.answer(c, g, False)
    assert cp.pending(c, g)[1].key == "encounter/0304/pursuit/red"
    c = cp.answer(c, g, False)
    assert c.battle_hexes[0].encounter is EncounterState.NONE and where(c, "f") == ("0303", None)
    assert any("f returns to its last sector, 0303" in e.text for e in c.log)


def test_an_agreed_deep_space_encounter_is_fought_in_the_space_combat_phase():
    c, g = to_encounters()
    c = cp.answer(c, g, "deep_space")
    c = cp.answer(c, g, True)
    r = c.battle_hexes[0]
    assert r.encounter is EncounterState.SCENARIO and r.scenario is Scenario.DEEP_SPACE and not r.resolved
    c = cp.advance(c, g)
    assert c.phase is Phase.BATTLES and cp.fightable(c) == [0]
    with pytest.raises(PhaseError, match="V13.12"):
        cp.advance(c, g)
    c = gm_resolve(c, L("0304"), "fought at the table")
    assert cp.advance(c, g).phase is Phase.BOMBARDMENT


def test_fleets_that_meet_between_sectors_and_both_refuse_both_return():
    c, g = seed004(fleets=[fleet("f", "fed", "0101", ("0102",)), fleet("k", "klingon", "0102", ("0101",))])
    c = cp.advance(cp.end_movement(c, g).campaign, g)
    r = c.battle_hexes[-1]
    assert (str(r.at), str(r.between)) == ("0101", "0102") and r.encounter is EncounterState.PENDING
    c = cp.answer(c, g, "none")
    c = cp.answer(c, g, "none")
    assert where(c, "f") == ("0101", None) and where(c, "k") == ("0102", None)
    assert c.battle_hexes[-1].resolved


def test_a_deep_space_battle_between_sectors_has_both_sides_on_its_roster():
    from rules.battlehex.roster import build_roster
    from rules.strategic.state import StrategicState
    c, g = seed004(fleets=[fleet("f", "fed", "0101", ("0102",)), fleet("k", "klingon", "0102", ("0101",))])
    c = cp.advance(cp.end_movement(c, g).campaign, g)
    c = cp.answer(cp.answer(c, g, "deep_space"), g, "deep_space")  # both demand: both agree
    r = c.battle_hexes[-1]
    assert r.scenario is Scenario.DEEP_SPACE
    assert set(build_roster(c, StrategicState.compute(c, g), r)) == {"f-1", "k-1"}


def planet(*units):
    return {"0505": {"owner": "klingon", "star_system": {"name": "Vor", "planets": [
        {"name": "Vor I", "owner": "klingon", "census": 3, "morale": 3, "ground_units": list(units)}]}}}


def test_troop_combat_asks_the_gm_the_losses_then_the_largest_attrition_conquers():
    kl = {"id": "g1", "name": "Klingon legion", "power": "klingon", "attrition": 2}
    fed = {"id": "g2", "name": "Fed marines", "power": "fed", "attrition": 3, "marines": True}
    kz = {"id": "g3", "name": "Kzinti troops", "power": "kzinti", "attrition": 1}
    c, g = seed004(fleets=[fleet("x", "fed", "0101")], sectors=planet(kl, fed, kz))
    c = cp.end_movement(c, g).campaign
    for _ in range(4):
        c = cp.advance(c, g)
    assert c.phase is Phase.TROOPS and [(str(x.at), x.planet) for x in c.ground_combats] == [("0505", "Vor I")]
    i, q = cp.pending(c, g)
    assert q.to == "gm" and set(q.options) == {"g1", "g2", "g3"}
    with pytest.raises(PhaseError):
        cp.advance(c, g)
    c = cp.answer(c, g, ["g1"])
    pl = c.sector_at("0505").star_system.planets[0]
    assert pl.owner == "fed" and pl.seized_turn == 1  # fed's 3 beats kzinti's 1 (allies: not contested)
    # Update Asset's Morale Check Chart ("Hostile force seized system last turn | 3 | -3 to Morale"),
    # kept by hand as a phase, is asked here: the GM says whether the check failed
    i, q = cp.pending(c, g)
    assert q.key == "morale/seized/0505/Vor I" and q.to == "gm"
    with pytest.raises(PhaseError):
        cp.advance(c, g)
    c = cp.answer(c, g, True)
    assert c.sector_at("0505").star_system.planets[0].morale == 0  # 3 - 3
    assert cp.pending(c, g) is None and cp.advance(c, g).phase is Phase.ORDERS


def test_the_winner_of_a_battle_between_sectors_stays_there_and_the_loser_returns():
    """Seed 004, meet in the middle: "Both agree. Resolve a Deep Space encounter. Winner remains
    between sectors. Loser returns to the last sector." """
    c, g = seed004(fleets=[fleet("f", "fed", "0101", ("0102",)), fleet("k", "klingon", "0102", ("0101",))])
    c = cp.advance(cp.end_movement(c, g).campaign, g)
    c = cp.answer(cp.answer(c, g, "deep_space"), g, "deep_space")
    c = cp.advance(c, g)
    assert c.phase is Phase.BATTLES and cp.fightable(c) == [len(c.battle_hexes) - 1]
    c = gm_resolve(c, L("0101"), "fought at the table")
    i, q = cp.pending(c, g)
    assert q.key == "encounter/0101-0102/winner" and q.to == "gm" and q.data["option_words"] == {"blue": "Blue",
                                                                                               "red": "Red"}
    with pytest.raises(PhaseError, match="who won"):
        cp.advance(c, g)
    with pytest.raises(IllegalAnswer):
        cp.answer(c, g, "orions")
    c = cp.answer(c, g, "red")
    assert where(c, "f") == ("0101", None)  # Blue lost: back to its last sector
    assert where(c, "k") == ("0102", L("0101"))  # Red won: still between 0102 and 0101
    # "After resolving scenarios, fleets can choose to continue to their original destination or
    # return to the last system": Red, the winner, chooses; End Phase waits for it
    i, q = cp.pending(c, g)
    assert q.key == "encounter/0101-0102/continue/red" and q.to == "red" and q.text.endswith("(no)? k (to 0101)")
    assert q.rule == "004 Encounters Phase (continue or return)"
    with pytest.raises(PhaseError, match="Continue to the original destination"):
        cp.advance(c, g)
    on = cp.answer(c, g, True)
    assert where(on, "k") == ("0102", L("0101"))  # still between sectors: it arrives at the next Movement Phase
    assert on.log[-1].text == "Red continues to its original destination: k to 0101"
    assert cp.pending(on, g) is None and cp.advance(on, g).phase is Phase.BOMBARDMENT
    back = cp.answer(c, g, False)
    assert where(back, "k") == ("0102", None) and "k returns to its last sector, 0102" in back.log[-1].text
    assert cp.pending(back, g) is None
    with pytest.raises(IllegalAnswer):
        cp.answer(c, g, "later")


def test_a_meeting_diplomacy_forbids_is_decided_at_once_with_nobody_returning():
    """Seed 004: "If encounters cannot be generated (e.g. Non-Aggression treaty), both fleets are
    treated as if they agreed to an encounter, but no encounter is actually generated"."""
    c, g = seed004(fleets=[fleet("f", "fed", "0101", ("0102",)), fleet("k", "klingon", "0102", ("0101",))])
    c = cp.end_movement(c, g).campaign
    c = c.model_copy(update={"diplomacy": [r if set(r.powers) != {"fed", "klingon"} else
                                           r.model_copy(update={"state": DiplomaticState.NORMAL}) for r in c.diplomacy]})
    c = cp.advance(c, g)
    lane = [r for r in c.battle_hexes if r.between is not None]
    assert all(r.encounter is EncounterState.NONE and r.resolved for r in lane)
    assert where(c, "f") == ("0101", L("0102")) and cp.pending(c, g) is None


def test_a_refusing_attacker_pursued_returns_to_its_last_sector_after_the_pursuit():
    c, g = to_encounters()
    c = cp.answer(cp.answer(cp.answer(c, g, "deep_space"), g, False), g, True)  # refused; Red pursues
    r = c.battle_hexes[0]
    assert r.scenario is Scenario.PURSUIT and not r.resolved and where(c, "f") == ("0304", None)
    c = cp.advance(c, g)
    c = gm_resolve(c, L("0304"), "the pursuit fought at the table")
    c = cp.advance(c, g)
    assert c.phase is Phase.BOMBARDMENT and where(c, "f") == ("0303", None)


def test_field_repairs_in_the_supply_phase_within_the_supply_ships_points():
    """Seed 004: "Each point of supply rating allows the ship to provide 1 economic point worth of
    repairs"; a repair costs 25% of the ship's cost (read: its Economic BPV, rounded up)."""
    from tests.rules.strategic.builder import unit
    units = [unit("sup", kind="supply_ship", supply_rating=6), unit("ca", crippled=True, economic_bpv=20),
             unit("dd", crippled=True, economic_bpv=17)]  # 5 and 5 (17 / 4 = 4.25 -> 5)
    c, g = seed004(fleets=[fleet("f", "fed", "0303", units=units)], sectors={"0303": {"owner": "fed",
                                                                                     "supply_point": True}})
    c = cp.end_movement(c, g).campaign
    i, q = cp.pending(c, g)
    assert q.key == "repairs/0303/fed" and q.to == "gm" and set(q.options) == {"ca", "dd"}
    assert q.data["names"] == {"ca": "CA (5 EP)", "dd": "DD (5 EP)"} and q.data["points"] == 6
    with pytest.raises(IllegalAnswer, match="cost 10 Economic Points; the supply ships at 0303 give 6"):
        cp.answer(c, g, ["ca", "dd"])
    with pytest.raises(PhaseError):
        cp.advance(c, g)
    c = cp.answer(c, g, ["dd"])
    units = {u.id: u for u in c.fleets[0].units}
    assert not units["dd"].crippled and units["ca"].crippled and cp.pending(c, g) is None
    assert cp.advance(c, g).phase is Phase.ENCOUNTERS
