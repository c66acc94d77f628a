"""Replacement flights reached in play (issue 23): a fighter destroyed in a battle stays in its fleet as
its loss record (rules/battlehex/results.py write-back, rules/strategic/turn.py next_turn), so the
fighter Earth builds at Construction Completion replaces it at the next Turn Orders (seed 004: "Newly
purchased flights can be transported to a fleet or planet to replace combat losses")."""
from __future__ import annotations

from fractions import Fraction

from rules.battlehex.results import write_back
from rules.battlehex.roster import Status, build_roster
from rules.battlehex.state import BattleState
from rules.model.builds import BuildClass
from rules.model.economy_model import PowerEconomy
from rules.model.records import Phase
from rules.model.units import Unit, UnitFate
from rules.strategic import build_graph
from rules.strategic.state import StrategicState
from rules.turn import combat_phase as cp
from rules.turn import purchases
from rules.turn.replacement import RULE
from rules.turn.run import TurnRun
from tests.rules.strategic.builder import campaign, fleet, unit

EARTH = {"0303": {"owner": "fed", "star_system": {"name": "Sol", "planets": [
    {"name": "Earth", "owner": "fed", "census": 6, "productivity": 4, "raw": 5, "morale": 6}]}}}
SEED004 = {"empire_turn": "seed004", "combat_phase": "seed004"}


def fighter(uid: str, **kw) -> dict:
    return unit(uid, kind="fighter", **kw)


def met(extra: list[dict] = (), settings: dict = SEED004):
    """Fed's carrier group meets a Klingon ship at 0304 on turn 1; Fed ordered a fighter at Earth."""
    cg = fleet("cg", "fed", "0304", units=[unit("cv", is_carrier=True), fighter("f1", carrier_id="cv"),
                                           fighter("f2", carrier_id="cv"), *extra])
    c = campaign(sectors=EARTH, fleets=[cg, fleet("k", "klingon", "0304")], settings=settings)
    fed = c.power("fed")
    fed.economy = PowerEconomy(point_pool=Fraction(50))
    fed.unit_list = [BuildClass(unit=Unit.model_validate(fighter("tpl", class_designation="F-18")), cost=Fraction(3))]
    if settings is SEED004:
        c = purchases.order(c, {"power": "fed", "class": "F-18", "at": "0303", "planet": "Earth"})
    g = build_graph(c)
    return cp.end_movement(c, g).campaign, g


def fought(c, g, destroyed: list[str], captured: list[str] = ()):
    """The Battle Hex at 0304 resolved with these units destroyed or captured, written back."""
    rec = next(r for r in c.battle_hexes if not r.resolved)
    st = BattleState(rec, build_roster(c, StrategicState.compute(c, g), rec), {t.id: t for t in c.teams})
    for uid in destroyed:
        st.units[uid].status = Status.DESTROYED
    for uid in captured:
        st.units[uid].status = Status.CAPTURED
    st.resolved, st.resolution = True, "test"
    return write_back(c, st)


def units(c, fid="cg"):
    return [(u.id, u.carrier_id, u.destroyed) for f in c.fleets if f.id == fid for u in f.units]


def to_next_orders(c, g) -> TurnRun:
    """Every phase to turn 2's Turn Orders, each answered as the GM and powers would with nothing to add."""
    run = TurnRun(c, g)
    while not (run.campaign.turn == 2 and run.campaign.phase is Phase.ORDERS):
        q = run.pending
        run.answer(q.options[0] if q.options else 0 if q.key.startswith("tech/invest") else "end_phase")
    return run


def test_a_fighter_lost_in_battle_is_replaced_at_the_next_turn_orders():
    c, g = met()
    after = fought(c, g, ["f1", "k-1"])
    assert units(after) == [("cv", None, False), ("f1", "cv", True), ("f2", "cv", False)]  # its loss record
    assert [u.fate for f in after.fleets for u in f.units if u.id == "f1"] == [UnitFate.DESTROYED]  # no upkeep
    run = to_next_orders(after, g)
    assert units(run.campaign) == [("cv", None, False), ("f1", "cv", True), ("f2", "cv", False)]  # kept at next_turn
    (new,) = [u.id for f in run.campaign.fleets if f.id == "fed-built-t1-0303" for u in f.units]
    run.answer({"replace": {"power": "fed", "flight": new, "to": "cg"}})
    assert units(run.campaign) == [("cv", None, False), (new, "cv", False), ("f2", "cv", False)]
    line = run.campaign.log[-1]
    assert line.rule == RULE and "replacing F1 lost in combat, aboard CV" in line.text


def test_a_lost_flight_whose_carrier_left_and_a_captured_flight_leave_the_fleet():
    c, g = met([fighter("f3"), unit("dd")])
    after = fought(c, g, ["cv", "f1", "f3"], captured=["f2"])
    assert units(after) == [("f3", None, True), ("dd", None, False)]  # f1's carrier is gone: nowhere to replace it
    assert not any(f.id == "cg" for f in fought(c, g, ["cv", "f1", "f2", "f3", "dd"]).fleets)  # loss records alone: gone


def test_a_campaign_whose_empire_turn_is_kept_by_hand_keeps_no_loss_record():
    c, g = met(settings={"combat_phase": "seed004"})
    assert units(fought(c, g, ["f1"])) == [("cv", None, False), ("f2", "cv", False)]


def test_a_lost_flight_takes_no_part_in_the_next_battle():
    c, g = met()
    after = fought(c, g, ["f1", "k-1"])
    run = to_next_orders(after, g)
    again = run.campaign.model_copy(deep=True)
    again.fleets.append(fleet_model(again, "k2"))
    c2 = cp.end_movement(again, g).campaign
    rec = next(r for r in c2.battle_hexes if not r.resolved)
    roster = build_roster(c2, StrategicState.compute(c2, g), rec)
    assert "f1" not in roster and {"cv", "f2"} <= set(roster)


def fleet_model(c, fid):
    from rules.model.campaign import Fleet
    return Fleet.model_validate(fleet(fid, "klingon", "0304"))
