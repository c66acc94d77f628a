"""Raids on cargo carriers (seed 004 Encounters Phase): "When a system is raided, it temporarily
stops producing income and requires a morale check as if it had been seized by an enemy force."
Red (klingon) enters 0304, Blue's (fed) system, where a Blue Trade Fleet stands; played from
answers as the headless turn plays them."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.model.turn_model import FleetKind
from rules.turn.civilian import civilian_fleet
from rules.turn.run import play
from tests.rules.strategic.builder import L, fleet
from tests.rules.turn.test_combat_phase import seed004

BLUE_WORLD = {"0304": {"owner": "fed", "star_system": {"name": "Sol", "planets": [
    {"name": "Terra", "owner": "fed", "census": 5, "morale": 5}, {"name": "Mars", "owner": None}]}}}
TO_BATTLE = ["end_movement", "end_phase", "none", "deep_space", "end_phase",
             {"battle": "0304", "ruling": "fought at the table"}]


def raid_campaign(kind=FleetKind.TRADE, moved=False):
    carrier = civilian_fleet(kind, "tf", "Trade One", "fed", L("0303" if moved else "0304"),
                             trade_route=[L("0304")] if kind is FleetKind.TRADE else [])
    data = carrier.model_dump(mode="json") | ({"orders": ["0304"]} if moved else {})
    return seed004(fleets=[fleet("k", "klingon", "0303", ("0304",)), data], sectors=BLUE_WORLD)


def planet(c, name):
    return next(p for p in c.sector_at("0304").star_system.planets if p.name == name)


def test_a_raid_stops_income_and_checks_morale_as_if_seized():
    c, g = raid_campaign()
    run = play(c, TO_BATTLE, g)
    q = run.pending
    assert q.key == "raid/0304/blue" and q.to == "gm" and q.rule == "004 Encounters Phase (raids)"
    assert "Red fought Blue's cargo carriers (Trade One) in 0304" in q.text
    before = run.campaign
    run.answer(True)
    assert planet(run.campaign, "Terra").raided_turn == 1 and planet(run.campaign, "Mars").raided_turn is None
    assert planet(before, "Terra").raided_turn is None  # a new campaign: the one answered is untouched
    assert "Terra produce no income in the next Income Phase" in run.campaign.log[-1].text
    for a in ("end_phase", "end_phase"):  # -> Orbital Bombardment -> Troop Combat
        run.answer(a)
    q = run.pending
    assert q.key == "morale/raided/0304/Terra" and q.to == "gm" and "target number 3" in q.text
    before = run.campaign
    run.answer(True)
    assert planet(run.campaign, "Terra").morale == 2 and planet(before, "Terra").morale == 5  # 5 - 3
    run.answer("end_phase")
    assert run.campaign.turn == 2 and planet(run.campaign, "Terra").raided_turn == 1
    again = play(c, run.answers, g)
    assert [e.to_dict() for e in again.log] == [e.to_dict() for e in run.log]


def test_no_raid_records_nothing_and_asks_no_morale_check():
    c, g = raid_campaign()
    run = play(c, [*TO_BATTLE, False, "end_phase", "end_phase"], g)
    assert planet(run.campaign, "Terra").raided_turn is None and run.pending.key != "morale/raided/0304/Terra"
    with pytest.raises(IllegalAnswer):
        from rules.turn import raids
        raids.answer(run.campaign, 0, "blue", True)


@pytest.mark.parametrize(("kind", "moved", "asked"), [(FleetKind.TRANSPORT, True, True),
                                                      (FleetKind.TRANSPORT, False, False),
                                                      (FleetKind.COLONY, True, True)])
def test_colony_and_transport_fleets_only_when_newly_arrived(kind, moved, asked):
    """"involving trade fleets or newly arrived colony or transport fleets" """
    c, g = raid_campaign(kind, moved)
    run = play(c, TO_BATTLE if not moved else ["end_movement", "end_phase", "none", "deep_space", "end_phase",
                                                {"battle": "0304", "ruling": "fought at the table"}], g)
    assert (run.pending is not None and run.pending.key == "raid/0304/blue") is asked


def test_no_raid_question_where_there_is_no_system():
    """A scenario in a sector without a star system raids no system."""
    carrier = civilian_fleet(FleetKind.TRADE, "tf", "Trade One", "fed", L("0304"), trade_route=[L("0304")])
    c, g = seed004(fleets=[fleet("k", "klingon", "0303", ("0304",)), carrier.model_dump(mode="json")],
                   sectors={"0304": {"owner": "fed"}})
    run = play(c, TO_BATTLE, g)
    assert run.pending is None or not run.pending.key.startswith("raid/")
