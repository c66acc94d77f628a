"""The default campaign (scenarios/default_campaign.json, "The Ardana Crisis, Y171") starts in
turn 1's Income Phase and runs seed 004's whole turn (issue 23); from its Turn Orders it exercises
every phase of seed 004's Combat Phase (issue 13): a Trade Fleet on its trade route with an
escort, a Transport Fleet carrying a ground unit toward a planet with a garrison, ground units
on the home planets, a fleet Out of Supply at the Supply Phase, and one turn played headless
with :class:`rules.turn.run.TurnRun` - the encounter at the transport's destination, the battle
ruled on by the GM, the landing and the conquest.

Readings:
    * The 7th Assault Legion was embarked before the campaign starts (its ``embarked_turn`` is
      absent), so seed 004's "Cargo cannot be embarked and disembarked or deployed on the same
      turn" does not hold it back: it lands in turn 1's Troop Combat Phase, the step in which
      "other cargo ... are embarked, disembarked or deployed" (rules/turn/logistics.py). Had it
      been embarked in turn 1, that landing would be refused (tested below).
    * The battle at Tau Ceti is fought at the table; the GM's ruling resolves it and the
      Klingons hold the sector, so the transport is there to land.
"""
from __future__ import annotations

import json

import pytest

from hexmap import Label
from rules.errors import RuleError
from rules.model import load_campaign
from rules.model.campaign import Campaign, Fleet, Planet
from rules.model.records import Phase
from rules.model.turn_model import Cargo, CargoKind, EncounterState, FleetKind, GroundUnit, Scenario
from rules.strategic import build_graph
from rules.strategic.state import StrategicState
from rules.turn.cargo import capacity, disembark, fits
from rules.turn.civilian import MAKE_UP, TRANSPORT_SUPPLY, check_escort, civilian_fleet, trade_route_ok
from rules.turn.logistics import CargoAction, do
from rules.turn.run import TurnRun, play
from rules.turn.supply_phase import supply_report
from tests.conftest import DEFAULT, ROOT

L = Label.parse
IGNORES = ["end_movement", False, False, False]  # V13.16 Orions at 0703 (both teams), V13.18 monitor at 0907
LAND = {"cargo": {"fleet": "kli-transport-7", "verb": "land", "cargo": "kli-legion-7", "planet": "Tau Ceti IV"}}
EMPIRE = ["confirm", "end_phase", 10, 19, 0, 14, 1, "end_phase"]  # Income, Tech (docs/turn_answers.md's example)


@pytest.fixture(scope="module")
def shipped() -> Campaign:
    return load_campaign(DEFAULT)


@pytest.fixture(scope="module")
def default(shipped) -> Campaign:
    """The default campaign in turn 1's Turn Orders: its Income and Tech Phases played."""
    return play(shipped, EMPIRE).campaign


def _fleet(c: Campaign, fid: str) -> Fleet:
    return next(f for f in c.fleets if f.id == fid)


def _planet(c: Campaign, name: str) -> Planet:
    return next(p for s in c.map.sectors if s.star_system for p in s.star_system.planets if p.name == name)


def test_the_default_campaign_plays_seed_004s_whole_turn_from_its_income_phase(shipped, default):
    s = shipped.settings
    assert (s.combat_phase, s.empire_turn, shipped.phase, shipped.turn) == ("seed004", "seed004", Phase.INCOME, 1)
    assert default.phase is Phase.ORDERS and default.turn == 1


def test_a_federation_trade_fleet_of_4_ft_on_a_route_of_three_adjacent_systems(default):
    trade = _fleet(default, "fed-trade-vanguard")
    assert trade.kind is FleetKind.TRADE and trade.power == "fed" and trade.sector == L("0207")
    made = civilian_fleet(FleetKind.TRADE, trade.id, trade.name, "fed", trade.sector)
    assert [(u.id, u.class_designation, u.is_civilian, u.supply_rating) for u in trade.units] == \
        [(u.id, u.class_designation, u.is_civilian, u.supply_rating) for u in made.units]
    assert MAKE_UP[FleetKind.TRADE] == (("FT", 4),) and len(trade.units) == 4
    assert trade.trade_route == [L("0207"), L("0307"), L("0306")]  # Vanguard, the Federation core
    graph = build_graph(default)
    trade_route_ok(default, graph, trade.trade_route)  # up to three adjacent systems: passes
    assert _fleet(default, "fed-logistics").sector in trade.trade_route  # the route runs past the supply group


def test_the_trade_fleet_has_a_military_escort_on_its_route(default):
    escort = _fleet(default, "fed-trade-escort")
    assert escort.escort_of == "fed-trade-vanguard" and escort.kind is FleetKind.MILITARY
    check_escort(default, escort.id)  # raises if the escort were misplaced or not military
    moved = default.model_copy(deep=True)
    _fleet(moved, escort.id).sector = L("0208")  # off the route: refused
    with pytest.raises(RuleError, match="trade route"):
        check_escort(moved, escort.id)


def test_a_klingon_transport_fleet_carries_one_ground_unit_to_tau_ceti(default):
    t = _fleet(default, "kli-transport-7")
    assert t.kind is FleetKind.TRANSPORT and t.power == "klingon" and len(t.units) == 7
    assert {u.class_designation for u in t.units} == {"FT"} and all(u.is_civilian for u in t.units)
    assert [u.supply_rating for u in t.units] == [TRANSPORT_SUPPLY] + [0] * 6 and capacity(t) == 10
    (legion,) = t.cargo
    assert legion.kind is CargoKind.GROUND_UNIT and legion.needs == 10 and legion.embarked_turn is None
    assert legion.ground_unit is not None
    assert (legion.ground_unit.power, legion.ground_unit.attrition) == ("klingon", 2)
    assert fits(t) is None  # one ground unit: just inside the Supply rating of 10
    second = Cargo(id="x", kind=CargoKind.GROUND_UNIT, ground_unit=GroundUnit(id="x", name="X", power="klingon"))
    assert fits(t, [second]) is not None  # a second one: just outside
    strike = _fleet(default, "kli-deep-strike")
    assert t.sector == strike.sector == L("0609") and t.orders == strike.orders == [L("0509")]


def test_tau_ceti_iv_holds_a_small_federation_garrison(default):
    tau = _planet(default, "Tau Ceti IV")
    assert tau.owner == "fed" and [(g.id, g.power, g.attrition) for g in tau.ground_units] == \
        [("fed-militia-tau", "fed", 1)]
    assert default.sector_at("0509").owner == "fed"


def test_the_home_planets_hold_their_owners_ground_units(default):
    for name in ("Vanguard II", "Kzin Prime", "Qo'noS Minor", "Pride Home", "Tagh II", "Remus Outpost"):
        p = _planet(default, name)
        assert p.ground_units and {g.power for g in p.ground_units} == {p.owner}, name
    assert any(g.supply_depot for g in _planet(default, "Qo'noS Minor").ground_units)
    assert any(g.marines for g in _planet(default, "Vanguard II").ground_units)


def _to_supply(c: Campaign) -> TurnRun:
    run = TurnRun(c)
    for a in IGNORES:
        run.answer(a)
    assert run.campaign.phase is Phase.SUPPLY
    return run


def test_at_the_supply_phase_fleets_far_from_supply_are_out_of_supply(default):
    run = _to_supply(default)
    c = run.campaign
    report = supply_report(c, StrategicState.compute(c, run.graph))
    assert not report.fleet("kli-transport-7").in_supply and not report.fleet("kli-deep-strike").in_supply
    assert not report.fleet("fed-second").in_supply  # deep in Klingon space at 0907
    assert report.fleet("fed-trade-vanguard").in_supply and report.fleet("fed-logistics").in_supply
    assert any(e.rule == "004 Supply Phase" and e.text.startswith("Fleet 7th Legion Transport Fleet (Klingon Empire) at "
                                                                  "0509: Out of Supply") for e in c.log)


def _answer_until(run: TurnRun, stop: str, tau: tuple = ("deep_space", True)) -> None:
    """Answer every question up to the one whose key starts with ``stop``: Tau Ceti's meeting
    with ``tau`` (the Federation's demand, then the Klingons' reply...), nobody demands elsewhere,
    the GM rules on each Battle Hex."""
    tau_answers = list(tau)
    for _ in range(60):
        q = run.pending
        assert q is not None
        if q.key.startswith(stop):
            return
        if q.key.startswith("encounter/0509/"):
            run.answer(tau_answers.pop(0))
        elif q.key.startswith("encounter/"):
            run.answer("none")
        elif "/battle/" in q.key:
            run.answer({"battle": q.options[0], "ruling": "fought at the table"})
        else:
            run.answer("end_phase")
    raise AssertionError(f"never asked {stop}")


def test_one_turn_encounter_battle_landing_and_conquest(default):
    run = _to_supply(default)
    _answer_until(run, "turn/1/battle/0509")
    c = run.campaign
    rec = next(r for r in c.battle_hexes if str(r.at) == "0509")
    assert rec.encounter is EncounterState.SCENARIO and rec.scenario is Scenario.DEEP_SPACE
    assert run.pending.options == ("0509",)  # nobody demanded a scenario anywhere else
    run.answer({"battle": "0509", "ruling": "the Deep Strike Squadron drives off Battle Station Tau's defenders"})
    _answer_until(run, "turn/1/bombardment/end")
    with pytest.raises(RuleError, match="004 Invasion Phase"):  # cargo moves in the Troop Combat Phase only
        do(run.campaign, run.graph, "kli-transport-7", CargoAction("land", "Land", "kli-legion-7", "Tau Ceti IV"))
    run.answer({"end_phase": "no bombardment at Tau Ceti"})
    assert run.campaign.phase is Phase.TROOPS and run.campaign.ground_combats == []  # nobody has landed yet
    run.answer(LAND)
    c = run.campaign
    assert _fleet(c, "kli-transport-7").cargo == []
    assert [g.id for g in _planet(c, "Tau Ceti IV").ground_units] == ["fed-militia-tau", "kli-legion-7"]
    assert run.pending.key == "ground/0509/Tau Ceti IV"
    run.answer(["fed-militia-tau"])  # the GM: the militia was eliminated at the table
    c = run.campaign
    tau = _planet(c, "Tau Ceti IV")
    assert (tau.owner, tau.seized_turn, [g.id for g in tau.ground_units]) == ("klingon", 1, ["kli-legion-7"])
    # the system's only planet fell, but Battle Station Tau and its defences (ruled on, not destroyed) still
    # stand: the sector, whose fixed units belong to its owner, stays the Federation's
    assert c.sector_at("0509").owner == "fed" and any("stays United Federation of Planets' while its fixed units stand" in e.text
                                                      for e in c.log)
    texts = [e.text for e in c.log]
    assert any(t.startswith("Planet Tau Ceti IV at 0509 is conquered: it passes from United Federation of Planets "
                            "to Klingon Empire") for t in texts)
    assert run.pending.key == "morale/seized/0509/Tau Ceti IV"  # the seizure's morale check (target 3, -3)
    morale = tau.morale
    run.answer(True)  # the GM: it failed
    assert _planet(run.campaign, "Tau Ceti IV").morale == morale - 3
    run.answer("end_phase")  # Construction Completion, then Update Asset (seed 004's empire turn)
    assert (run.campaign.turn, run.campaign.phase, run.pending.key) == (1, Phase.CONSTRUCTION, "construction/confirm")
    run.answer("confirm")
    run.answer("end_phase")
    assert (run.campaign.turn, run.campaign.phase, run.pending.key) == (1, Phase.UPDATE, "update/roll")


def test_a_militia_that_survives_keeps_tau_ceti_federal(default):
    run = _to_supply(default)
    _answer_until(run, "turn/1/troops/end")
    run.answer(LAND)
    run.answer([])  # the GM: no ground unit eliminated
    tau = _planet(run.campaign, "Tau Ceti IV")
    assert tau.owner == "fed" and tau.seized_turn is None and run.campaign.sector_at("0509").owner == "fed"


def test_a_refused_encounter_sends_the_transport_back_and_nothing_lands(default):
    run = _to_supply(default)
    _answer_until(run, "encounter/0509/demand/alliance", ())
    run.answer("deep_space")
    run.answer(False)  # the Klingons refuse: they return to their last sector
    run.answer(False)  # no Pursuit
    c = run.campaign
    assert _fleet(c, "kli-transport-7").sector == L("0609") and _fleet(c, "kli-deep-strike").sector == L("0609")
    _answer_until(run, "turn/1/troops/end")
    with pytest.raises(RuleError, match="no planet named|there is no planet"):
        run.answer(LAND)  # no Tau Ceti IV where the transport stands now


def test_landing_on_the_turn_of_embarking_is_refused(default):
    c = default.model_copy(deep=True)
    t = _fleet(c, "kli-transport-7")
    t.sector, t.orders = L("0509"), []
    with pytest.raises(RuleError, match="embarked this turn"):
        disembark(c.model_copy(update={"fleets": [
            f.model_copy(update={"cargo": [t.cargo[0].model_copy(update={"embarked_turn": 1})]})
            if f.id == t.id else f for f in c.fleets]}), t.id, "kli-legion-7", "Tau Ceti IV", 1)
    landed = disembark(c, t.id, "kli-legion-7", "Tau Ceti IV", 1)  # embarked before the campaign: allowed
    assert "kli-legion-7" in [g.id for g in _planet(landed, "Tau Ceti IV").ground_units]


def test_the_example_of_docs_turn_answers_plays_this_turn(shipped):
    """docs/turn_answers.md's example answers file is this same turn, answer for answer, from the
    shipped file's Income Phase to turn 2's."""
    text = (ROOT / "docs" / "turn_answers.md").read_text(encoding="utf-8")
    example = text.split("## Example: one turn of the default campaign", 1)[1].split("```json", 1)[1].split("```")[0]
    answers = json.loads(example)
    assert LAND in answers and ["fed-militia-tau"] in answers and answers[:len(EMPIRE)] == EMPIRE
    run = play(shipped, answers)
    c = run.campaign
    assert (c.turn, c.phase) == (2, Phase.INCOME) and len(run.answers) == len(answers)
    assert _planet(c, "Tau Ceti IV").owner == "klingon" and c.sector_at("0509").owner == "fed"
    assert any(e.text.endswith("no bombardment at Tau Ceti") for e in c.log)


def test_the_tau_ceti_battle_hex_can_be_fought_with_stcs(default):
    """Issue 25: the default campaign's 0509 Battle Hex carries seed 002 ship data - the Federation's
    Battle Station Tau (a monitor), the Klingon Deep Strike Squadron and the cloaked Romulan Shadow Fleet; since
    every unit has STCS data, the ground bases, the satellite and the transports too (docs/stcs.md)."""
    from rules.systems.stcs.battle import STCSBattle
    run = _to_supply(default)
    _answer_until(run, "turn/1/battle/0509")
    rec = next(r for r in run.campaign.battle_hexes if str(r.at) == "0509")
    battle = STCSBattle(run.campaign, rec.at)
    battle.answer("sublight")
    assert "fed-bats-tau" not in battle.pending.options  # a monitor cannot warp in
    battle.answer(["rom-we-sith"])  # the War Eagle arrives by warp
    e = battle.engine
    nations = {x: (e.data(x).nation.value, e.cloaked[x]) for x in e.units}
    assert nations["fed-bats-tau"] == ("federation", False) and e.data("fed-bats-tau").monitor
    assert {x for x, (n, _) in nations.items() if n == "klingon"} == {"kli-d7-kumara", "kli-d6-vorn", "kli-f5-ghos",
                                                                       "kli-f5-taq"} | {f"kli-transport-7-{i}"
                                                                                       for i in range(1, 8)}
    assert {x for x, (n, c) in nations.items() if n == "romulan" and c} == {"rom-kr-talon", "rom-spa-vaed",
                                                                             "rom-we-sith"}
    assert {"fed-gb-tau1", "fed-gb-tau2", "fed-defsat-tau"} <= set(e.units)  # every unit has STCS data (docs/stcs.md)
    assert "no STCS data (left to the table" not in battle.events_json()
    assert {"scan:fed-bats-tau", "move:kli-d7-kumara", "warpin:rom-we-sith"} <= set(battle.pending.options)
    assert "at most 3 points" in battle.pending.data["option_words"]["move:fed-bats-tau"]  # Outpost Movement
    battle.answer("move:kli-d7-kumara")
    battle.answer("8")
    battle.answer(f"{e.facing['kli-d7-kumara'].name}:8")
    battle.answer("pass")  # onto the moon Tau Ceti IVa's hex, 8 ahead: the GM's ruling (docs/stcs.md)
    assert e.range("kli-d7-kumara", "fed-bats-tau") == 16 and "fire:kli-d7-kumara:fed-bats-tau" in battle.pending.options
    battle.answer("resolve")
    battle.answer([])
    assert battle.state.resolved
