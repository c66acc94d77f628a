"""Base damage levels and their repair (issue 23; seed 004 Construction Completion: "Bases, atmospheric
ships, and fixed defenses can also be repaired using the construction capacity of planets ... The repair
cost is 25% of the unit's original cost per base damage level"). A battle that cripples a base gives it a
damage level (rules/battlehex/results.py); the repair order pays 25% of its cost per level it repairs
(rules/turn/repairs_ordered.py); Construction Completion takes the levels off (rules/turn/purchases.py).
Readings: docs/combat_phase.md, "Base damage levels"."""
from __future__ import annotations

from fractions import Fraction

import pytest

from rules.battlehex.results import write_back
from rules.battlehex.roster import Status, build_roster
from rules.battlehex.state import BattleState
from rules.errors import RuleError
from rules.model import dumps, parse_campaign
from rules.model.checks import check_campaign
from rules.model.economy_model import PowerEconomy
from rules.model.io import CampaignError
from rules.model.records import Phase
from rules.model.units import base_levels
from rules.strategic import build_graph
from rules.strategic.state import StrategicState
from rules.turn import combat_phase as cp
from rules.turn import purchases
from rules.turn.repairs_ordered import repair
from rules.turn.run import TurnRun
from tests.rules.strategic.builder import campaign, fleet, unit

SEED004 = {"empire_turn": "seed004", "combat_phase": "seed004"}
COST = 24
"""Starbase SB's cost: 25% of it is 6 Economic Points a damage level."""


def earth(levels: int = 0, crippled: bool | None = None, pool: int = 50, kind: str = "starbase") -> dict:
    """Earth at 0303 (Productivity 4 x RAW 5: capacity 20, 4 docks) with the Federation's base SB."""
    sb = unit("sb", kind=kind, cost=COST, crippled=bool(levels) if crippled is None else crippled)
    if levels:
        sb["damage_levels"] = levels
    return {"0303": {"owner": "fed", "garrison": [sb], "star_system": {"name": "Sol", "planets": [
        {"name": "Earth", "owner": "fed", "census": 6, "productivity": 4, "raw": 5, "morale": 6}]}}}


def base_campaign(levels: int = 0, pool: int = 50, fleets: list[dict] | None = None, **kw):
    c = campaign(sectors=earth(levels, **kw), fleets=fleets or [], settings=SEED004)
    c.power("fed").economy = PowerEconomy(point_pool=Fraction(pool))
    return parse_campaign(dumps(c))


def sb(c):
    return next(u for u in c.sector_at("0303").garrison if u.id == "sb")


def order(c, levels: int | None = None):
    body = {"power": "fed", "unit": "sb", "planet": "Earth", **({"levels": levels} if levels is not None else {})}
    return repair(c, body)


def fought(c, crippled: list[str], destroyed: list[str] = ()):
    """The open Battle Hex at 0303 resolved with these units crippled (this battle) or destroyed."""
    g = build_graph(c)
    if not any(not r.resolved for r in c.battle_hexes):
        c = cp.end_movement(c, g).campaign
    rec = next(r for r in c.battle_hexes if not r.resolved)
    st = BattleState(rec, build_roster(c, StrategicState.compute(c, g), rec), {t.id: t for t in c.teams})
    for uid in crippled:
        st.units[uid].crippled = True
    for uid in destroyed:
        st.units[uid].status = Status.DESTROYED
    st.resolved, st.resolution = True, "test"
    return write_back(c, st)


def test_a_battle_that_cripples_a_base_gives_it_a_damage_level_each_time_up_to_four():
    c = base_campaign(fleets=[fleet("k", "klingon", "0303", units=[unit("k-1"), unit("k-2")])])
    after = fought(c, ["sb", "k-1"])
    assert (sb(after).crippled, sb(after).damage_levels) == (True, 1)
    assert next(u for f in after.fleets for u in f.units if u.id == "k-1").damage_levels == 0  # a ship: crippled only
    assert any(e.text == "SB is crippled: 1 damage level to repair (004 Construction Completion Phase: 25% of its cost "
                         "each)" for e in after.log)
    again = after.model_copy(deep=True)
    for r in again.battle_hexes:
        r.resolved = False  # fought again (the GM's results mark the crippled base crippled again)
    again.battle_hexes = again.battle_hexes[:1]
    assert sb(fought(again, ["sb"])).damage_levels == 2
    assert sb(fought(again, [])).damage_levels == 1  # crippled before, not again: no new level
    four = base_campaign(levels=4, fleets=[fleet("k", "klingon", "0303")])
    assert sb(fought(four, ["sb"])).damage_levels == 4  # at most four (all four repaired cost its whole cost)
    old = base_campaign(crippled=True, fleets=[fleet("k", "klingon", "0303")])  # crippled, levels not recorded
    assert sb(fought(old, ["sb"])).damage_levels == 2
    gone = fought(base_campaign(fleets=[fleet("k", "klingon", "0303")]), ["sb"], destroyed=["sb"])
    assert not gone.sector_at("0303").garrison  # destroyed: no level, no base


def test_one_level_repaired_costs_a_quarter_of_the_base_cost():
    c = order(base_campaign(levels=3), 1)
    eco = c.power("fed").economy
    assert eco.point_pool == 50 - 6 and [(j.repair_of, j.levels, j.cost) for j in eco.projects] == [("sb", 1, 6)]
    assert c.log[-1].text == ("Fed orders SB's repair at Earth (0303): 25% of 24 = 6 per damage level, 1 of 3 = 6; "
                              "Point Pool 50 to 44")


def test_all_levels_repaired_cost_a_quarter_each_and_no_level_is_ordered_twice():
    c = order(base_campaign(levels=3))  # no levels named: all of them
    eco = c.power("fed").economy
    assert eco.point_pool == 50 - 18 and [(j.levels, j.cost) for j in eco.projects] == [(3, 18)]
    assert "25% of 24 = 6 per damage level, 3 of 3 = 18" in c.log[-1].text
    with pytest.raises(RuleError, match=r"SB's repair is already ordered \(3 damage levels, all it has\)"):
        order(c)
    part = order(base_campaign(levels=3), 2)
    with pytest.raises(RuleError, match=r"SB has 1 damage level left to repair, not 2 \(2 ordered already\)"):
        order(part, 2)
    rest = order(part)
    assert [(j.levels, j.cost) for j in rest.power("fed").economy.projects] == [(2, 12), (1, 6)]
    with pytest.raises(RuleError, match="SB has 2 damage levels left to repair, not 3"):
        order(base_campaign(levels=2), 3)


def test_an_undamaged_base_is_refused_and_so_is_a_repair_the_pool_cannot_pay():
    with pytest.raises(RuleError, match=r"SB is undamaged \(no damage level\): nothing to repair") as e:
        order(base_campaign())
    assert e.value.rule == "004 Construction Completion Phase"
    short = base_campaign(levels=3, pool=17)
    with pytest.raises(RuleError, match="Point Pool 17 cannot pay SB's repair: 25% of 24 = 6 per damage level, 3 of "
                                        "3 = 18") as e:
        order(short)
    assert e.value.rule == "004 Turn Orders Phase"
    assert order(short, 2).power("fed").economy.point_pool == 5  # two levels fit the pool
    assert order(base_campaign(levels=1, pool=6)).power("fed").economy.point_pool == 0  # the boundary: exactly 25%
    with pytest.raises(RuleError, match="cannot pay"):
        order(base_campaign(levels=1, pool=5))
    with pytest.raises(RuleError, match="construction capacity left this turn is 20, the repair costs 24"):
        order(base_campaign(levels=4, pool=50))  # four levels: 24 EP, Earth's capacity 20


def test_construction_completion_takes_the_levels_repaired_off_and_a_base_whole_again_is_not_crippled():
    one = purchases.complete(order(base_campaign(levels=3), 1))
    assert (sb(one).crippled, sb(one).damage_levels) == (True, 2)
    assert any("SB: 1 damage level repaired at 0303, 2 damage levels left (still crippled)" in e.text
               for e in one.log)
    assert one.power("fed").economy.projects == []
    every = purchases.complete(order(order(base_campaign(levels=3), 1)))
    assert (sb(every).crippled, sb(every).damage_levels) == (False, 0)
    assert any("SB is whole again at 0303" in e.text for e in every.log)
    assert not check_campaign(every) and not check_campaign(one)


def test_a_base_crippled_in_battle_is_repaired_through_the_turn():
    """In play: the Klingons cripple SB at 0303 in turn 1; at turn 2's Turn Orders the Federation orders
    its one level repaired; turn 3 begins with SB whole and the pool 6 lower."""
    c = base_campaign(fleets=[fleet("k", "klingon", "0303")])
    after = fought(c, ["sb"], destroyed=["k-1"])
    run = TurnRun(after, build_graph(after))

    def to_orders(turn: int) -> None:
        while not (run.campaign.turn == turn and run.campaign.phase is Phase.ORDERS):
            q = run.pending
            run.answer(q.options[0] if q.options else 0 if q.key.startswith("tech/invest") else
                       "end_movement" if run.campaign.phase is Phase.ORDERS else "end_phase")
    to_orders(2)
    assert base_levels(sb(run.campaign)) == 1
    pool = run.campaign.power("fed").economy.point_pool
    run.answer({"repair": {"power": "fed", "unit": "sb", "planet": "Earth"}})
    assert run.campaign.power("fed").economy.point_pool == pool - 6
    to_orders(3)
    assert (sb(run.campaign).crippled, sb(run.campaign).damage_levels) == (False, 0)
    assert any(e.turn == 2 and "SB is whole again at 0303" in e.text for e in run.campaign.log)


def test_damage_levels_in_a_file_absent_is_undamaged_and_only_a_crippled_base_has_them():
    assert base_levels(sb(base_campaign())) == 0 and sb(base_campaign()).damage_levels == 0
    assert "damage_levels" not in dumps(base_campaign())  # an undamaged base writes nothing new
    assert base_levels(sb(base_campaign(crippled=True))) == 1  # a file from before the levels: crippled is one
    bad = base_campaign(levels=2)
    sb(bad).crippled = False
    assert [str(p) for p in check_campaign(bad)] == [
        "map.sectors[14].garrison[0].damage_levels: a base with damage levels is crippled (crippled: true) until "
        "every level is repaired"]
    with pytest.raises(CampaignError, match=r"map.sectors\[14\].garrison\[0\].damage_levels: only a base or fixed "
                                            "defence has damage levels; a ship is crippled or not"):
        base_campaign(levels=1, kind="ship")
    text = dumps(base_campaign(levels=4))
    assert '"damage_levels": 4' in text
    with pytest.raises(CampaignError, match=r"map.sectors\[14\].garrison\[0\].damage_levels: .*less than or equal "
                                            "to 4"):
        parse_campaign(text.replace('"damage_levels": 4', '"damage_levels": 5'))
