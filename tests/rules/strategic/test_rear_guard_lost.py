"""A crippled Rear Guard unit Lost by V13.753 in the campaign: Out of Supply while Lost, no
V13.914 Helmsman roll (A-43), back on the map (Active) when its Lost turns are over, and it
cannot move while Lost."""
from __future__ import annotations

import pytest

from rules.model.records import Phase
from rules.model.units import UnitFate
from rules.strategic import build_graph
from rules.strategic.lost import lost_rear_guard
from rules.strategic.movement import check_orders
from rules.strategic.turn import end_movement_phase
from tests.rules.strategic.builder import L, campaign, fleet, state, unit

POINT = {"owner": "fed", "supply_point": True}


def lost(uid: str = "rg", turns: int = 3, **kw: object) -> dict:
    return unit(uid, fate="lost", lost_turns_remaining=turns, crippled=True, officers={"helmsman": 10}, **kw)


def rear_guard_campaign(turns: int = 3, **kw: object):
    """Fed supply point at 0101; the Lost unit has reappeared in 0102, next to a Fed fleet."""
    return campaign(cols=1, rows=4, sectors={"0101": POINT}, phase=Phase.BATTLES.value,
                    fleets=[fleet("f-0102-lost", "fed", "0102", units=[lost(turns=turns, **kw)]),
                            fleet("f", "fed", "0102", units=[unit("ok")])])


def test_v13_753_a_lost_rear_guard_unit_is_out_of_supply():
    s = state(rear_guard_campaign())
    assert s.supply.in_supply("fed", L("0102"))
    assert s.unit_supply() == {"rg": False, "ok": True}
    assert not s.fleet_in_supply(s.campaign.fleets[0])
    assert s.fleet_in_supply(s.campaign.fleets[1])


def test_v13_753_out_of_supply_only_while_lost():
    c = rear_guard_campaign()
    c.fleets[0].units[0].fate, c.fleets[0].units[0].lost_turns_remaining = UnitFate.ACTIVE, 0
    assert state(c).unit_supply()["rg"] is True


def test_a43_v13_914_helmsman_does_not_roll_for_a_v13_753_lost_unit(monkeypatch: pytest.MonkeyPatch):
    calls: list[str] = []

    def found(u, dice):
        calls.append(u.id)
        return True
    monkeypatch.setattr("rules.strategic.turn.helmsman_recovery", found)
    c = rear_guard_campaign(turns=3)
    new = end_movement_phase(c, build_graph(c))
    u = new.fleets[0].units[0]
    assert calls == []
    assert (u.fate, u.lost_turns_remaining) == (UnitFate.LOST, 2)
    assert not any(e.rule == "V13.914" for e in new.log)


def test_v13_753_the_unit_reappears_active_when_its_lost_turns_are_over():
    c = rear_guard_campaign(turns=1, lost_by="V13.753")
    new = end_movement_phase(c, build_graph(c))
    u = new.fleets[0].units[0]
    assert (u.fate, u.lost_turns_remaining, u.lost_by) == (UnitFate.ACTIVE, 0, "")
    assert new.fleets[0].sector == L("0102")
    assert any(e.rule == "V13.753" and "reappears" in e.text and "0102" in e.text for e in new.log)


def test_v13_914_a_sublight_evader_still_rolls_and_becomes_locatable(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr("rules.strategic.turn.helmsman_recovery", lambda u, dice: True)
    c = rear_guard_campaign(turns=3, warp_engines_dropped=True)
    new = end_movement_phase(c, build_graph(c))
    assert new.fleets[0].units[0].fate is UnitFate.LOCATABLE


def test_lost_rear_guard_tells_v13_753_from_v13_91x():
    c = rear_guard_campaign()
    rg = c.fleets[0].units[0]
    assert lost_rear_guard(rg)
    assert not lost_rear_guard(rg.model_copy(update={"warp_engines_dropped": True}))
    assert not lost_rear_guard(rg.model_copy(update={"fate": UnitFate.ACTIVE}))


def test_v13_753_a_lost_unit_cannot_be_ordered_to_move():
    c = rear_guard_campaign()
    check = check_orders(state(c), c.fleets[0], [L("0103")])
    assert not check.ok and "Lost" in check.reason and "V13.753" in check.rule


def test_the_rule_that_made_a_unit_lost_decides_v13_753_against_v13_91x():
    """``lost_by`` names the rule; without it (an older file) a Lost unit with its warp engines
    is a V13.753 loss and one that dropped them a V13.91x one."""
    from rules.model.units import Unit
    base = Unit.model_validate(lost())
    assert lost_rear_guard(base)  # older file: warp engines kept
    assert not lost_rear_guard(base.model_copy(update={"warp_engines_dropped": True}))
    # a unit that dropped its warp engines in an earlier battle and is then Lost as a Rear Guard unit
    assert lost_rear_guard(base.model_copy(update={"warp_engines_dropped": True, "lost_by": "V13.753"}))
    assert not lost_rear_guard(base.model_copy(update={"lost_by": "V13.91x"}))
    assert not lost_rear_guard(base.model_copy(update={"fate": UnitFate.ACTIVE, "lost_by": "V13.753"}))


def test_a_lost_unit_starts_no_battle_hex_v13_753():
    """A Lost unit is nowhere until found: an enemy moving into its reappearance sector meets
    only the units really there."""
    from rules.strategic.battle_hex import teams_fighting_in
    c = campaign(cols=1, rows=4, sectors={"0101": POINT}, phase=Phase.BATTLES.value,
                 fleets=[fleet("f-0102-lost", "fed", "0102", units=[lost(lost_by="V13.753")]),
                         fleet("k", "klingon", "0102", units=[unit("k1")])])
    assert teams_fighting_in(state(c), L("0102")) == []
    c.fleets[0].units[0].fate = UnitFate.ACTIVE
    assert teams_fighting_in(state(c), L("0102")) != []
