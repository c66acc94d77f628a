"""Cargo, escorts, civilian fleets and Trade Fleets in the campaign turn (seed 004; issue 13)."""
from __future__ import annotations

import pytest

from rules.battlehex.results import write_back
from rules.battlehex.roster import Status, build_roster
from rules.battlehex.state import BattleState
from rules.errors import RuleError
from rules.model.records import Phase
from rules.strategic.state import StrategicState
from rules.turn import combat_phase as cp
from rules.turn import encounter_step
from rules.turn.logistics import actions, do, when_refused
from tests.rules.strategic.builder import fleet, unit
from tests.rules.turn.test_combat_phase import planet, seed004

LEGION = {"id": "c1", "kind": "ground_unit",
          "ground_unit": {"id": "g9", "name": "Fed legion", "power": "fed", "attrition": 4}}


def transport(at: str = "0505", **kw):
    ships = [unit(f"t-{i}", kind="freighter", is_civilian=True, supply_rating=10 if i == 1 else 0)
             for i in range(1, 8)]
    return fleet("t", "fed", at, units=ships, kind="transport", **({"cargo": [LEGION]} | kw))


def at_troops(c, g):
    c = cp.end_movement(c, g).campaign
    while c.phase is not Phase.TROOPS:
        c = cp.advance(c, g)
    return c


def test_cargo_moves_in_the_troop_combat_step_only_seed_004():
    kl = {"id": "g1", "name": "Klingon legion", "power": "klingon", "attrition": 2}
    c, g = seed004(fleets=[transport()], sectors=planet(kl))
    land = next(a for a in actions(c, "t") if a.verb == "land")
    assert land.text == "Land Fed legion on Vor I" and land.cargo == "c1" and land.planet == "Vor I"
    assert "Troop Combat phase (now: Turn Orders)" in when_refused(c)
    with pytest.raises(RuleError, match="Troop Combat"):
        do(c, g, "t", land)
    c = at_troops(c, g)
    assert c.ground_combats == [] or all(x.done for x in c.ground_combats)  # one army only: no ground combat yet
    c = do(c, g, "t", land)
    assert [x.id for x in c.sector_at("0505").star_system.planets[0].ground_units] == ["g1", "g9"]
    assert [(str(x.at), x.planet, x.done) for x in c.ground_combats] == [("0505", "Vor I", False)]
    assert cp.pending(c, g)[1].key == "ground/0505/Vor I"  # the landing made it this turn's ground combat
    c = cp.answer(c, g, ["g1"])
    assert c.sector_at("0505").star_system.planets[0].owner == "fed"


def test_cargo_embarked_this_turn_is_not_landed_this_turn():
    c, g = seed004(fleets=[transport(cargo=[])],
                   sectors={"0505": {"owner": "fed", "star_system": {"name": "Vor", "planets": [
                       {"name": "Vor I", "owner": "fed", "census": 3, "morale": 3,
                        "ground_units": [LEGION["ground_unit"]]}]}}})
    c = at_troops(c, g)
    c = do(c, g, "t", next(a for a in actions(c, "t") if a.verb == "embark" and a.cargo == "g9"))
    land = next(a for a in actions(c, "t") if a.verb == "land")
    with pytest.raises(RuleError, match="same turn"):
        do(c, g, "t", land)


def test_escorts_follow_their_civilian_fleets_movement():
    c, g = seed004(fleets=[transport("0303", orders=["0304"], cargo=[]),
                           fleet("e", "fed", "0303", escort_of="t")])
    c = cp.end_movement(c, g).campaign
    assert {f.id: str(f.sector) for f in c.fleets} == {"t": "0304", "e": "0304"}


def fight_out(c, g, destroyed: list[str], crippled: list[str] = ()):
    """Resolve the Battle Hex at 0304 with these units destroyed or crippled (the write-back)."""
    state = StrategicState.compute(c, g)
    rec = next(r for r in c.battle_hexes if not r.resolved)
    st = BattleState(rec, build_roster(c, state, rec), {t.id: t for t in c.teams})
    for uid in destroyed:
        st.units[uid].status = Status.DESTROYED
    for uid in crippled:
        st.units[uid].crippled = True
    st.resolved, st.resolution = True, "test"
    return write_back(c, st)


def test_a_lost_carrying_ship_loses_the_cargo_and_a_civilian_fleet_falls_at_three_quarters():
    c, g = seed004(fleets=[transport("0304"), fleet("k", "klingon", "0304")])
    c = cp.end_movement(c, g).campaign
    after = fight_out(c, g, ["t-1"])
    t = next(f for f in after.fleets if f.id == "t")
    assert t.cargo == [] and any("lost its cargo (c1)" in e.text for e in after.log)
    # 7 ships: destroyed when destroyed + crippled/2 >= 6 (3/4 of 7, rounded up)
    five_and_two = fight_out(c, g, ["t-1", "t-2", "t-3", "t-4", "t-5"], ["t-6", "t-7"])
    assert not any(f.id == "t" for f in five_and_two.fleets)  # 5 + 2/2 = 6: the whole fleet is destroyed
    five = fight_out(c, g, ["t-2", "t-3", "t-4", "t-5", "t-6"])
    assert [len(f.units) for f in five.fleets if f.id == "t"] == [2]  # 5 of 7 destroyed: not yet 6
    c6 = c.model_copy(update={"fleets": five.fleets, "battle_hexes": c.battle_hexes})
    assert not any(f.id == "t" for f in fight_out(c6, g, ["t-7"]).fleets)  # the 6th, in a later battle: destroyed
    five_and_one = fight_out(c, g, ["t-1", "t-2", "t-3", "t-4", "t-5"], ["t-6"])
    assert [len(f.units) for f in five_and_one.fleets if f.id == "t"] == [2]  # 5.5 < 6: it survives
    assert any("t is crippled: all its ships are crippled" in e.text for e in five_and_one.log)  # 1 + 2 x 5 >= 7


def test_a_trade_fleet_on_its_route_is_met_where_the_enemy_entered_by_the_roll():
    trade = fleet("tf", "fed", "0304", units=[unit(f"tf-{i}", kind="freighter", is_civilian=True) for i in range(4)],
                  kind="trade", trade_route=["0304", "0305"])
    c, g = seed004(fleets=[trade, fleet("k", "klingon", "0405", ("0305",))])
    c = cp.end_movement(c, g).campaign
    state = StrategicState.compute(c, g)
    rolls = []
    for seed in range(1, 40):  # the 1d2 names 0304 or 0305: met at 0305 exactly when it names 0305
        c2 = c.model_copy(update={"dice_seed": seed})
        out = encounter_step.trade_fleets_met(c2.model_copy(deep=True), state)
        met = str(next(f for f in out.fleets if f.id == "tf").sector) == "0305"
        face = next(e.text for e in out.log if "1d2" in e.text)
        rolls.append((met, face.rstrip().endswith("rolled 2")))
    assert all(met == two for met, two in rolls) and {m for m, _ in rolls} == {True, False}


def test_a_garrison_unit_is_embarked_by_its_defense_and_deployed_next_turn_headless():
    """Seed 004: "units that may be carried as cargo" - a DefSat of the garrison, unsized, takes
    ceil(defense / 2): defense 19 -> 10 fits a Transport Fleet's 10 (just inside); defense 21 -> 11
    does not (just outside). Played from answers (the headless turn), then deployed on turn 2."""
    from rules.turn.run import play

    def camp(defense):
        ds = unit("ds1", name="DefSat One", kind="defsat", strategic_movement_capable=False, fe={"defense": defense})
        return seed004(fleets=[transport("0505", cargo=[])], sectors={"0505": {"owner": "fed", "garrison": [ds]}})

    c, g = camp(19)
    offer = next(a for a in actions(c, "t") if a.verb == "embark")
    assert (offer.text, offer.cargo, offer.planet) == ("Embark DefSat One from the garrison of 0505", "ds1", "")
    to_troops = ["end_movement", "end_phase", "end_phase", "end_phase", "end_phase"]
    order = {"cargo": {"fleet": "t", "verb": "embark", "cargo": "ds1"}}
    run = play(c, [*to_troops, order], g)
    t = next(f for f in run.campaign.fleets if f.id == "t")
    assert [(x.id, x.needs) for x in t.cargo] == [("ds1", 10)] and run.campaign.sector_at("0505").garrison == []
    deploy_order = {"cargo": {"fleet": "t", "verb": "deploy", "cargo": "ds1"}}
    with pytest.raises(RuleError, match="embarked this turn"):
        run.answer(deploy_order)
    run.answer("end_phase")
    assert run.campaign.turn == 2
    for a in to_troops:
        run.answer(a)
    run.answer(deploy_order)
    assert [u.id for u in run.campaign.sector_at("0505").garrison] == ["ds1"]
    c, g = camp(21)
    with pytest.raises(RuleError, match="Supply rating of 11; t has 10"):
        play(c, [*to_troops, order], g)


def test_refusal_says_why_an_action_would_be_refused_and_changes_nothing():
    """rules.turn.logistics.refusal (the cargo dialog opens at the first action it does not refuse)."""
    from rules.model.io import dumps
    from rules.turn.logistics import refusal

    kl = {"id": "g1", "name": "Klingon legion", "power": "klingon", "attrition": 2}
    c, g = seed004(fleets=[transport()], sectors=planet(kl))
    land = next(a for a in actions(c, "t") if a.verb == "land")
    assert "Troop Combat phase" in (refusal(c, g, "t", land) or "")
    c = at_troops(c, g)
    before = dumps(c)
    assert refusal(c, g, "t", land) is None and dumps(c) == before
