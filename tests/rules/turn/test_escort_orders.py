"""Seed 004 Movement Phase: escorts and trade routes (re)assigned as Turn Orders (issue 23 audit:
"escort and trade route assignments as orders" were kept in the file only). The default campaign's
Federation: its Trade Fleet at 0207 trades along 0207, 0307, 0306; its Logistics Command stands at
0307, the Third Fleet at 0607; the Trade Escort escorts the Trade Fleet at 0207."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.errors import RuleError
from rules.model import dumps, load_campaign
from rules.model.campaign import Campaign
from rules.turn.run import TurnRun, play
from tests.conftest import DEFAULT

TO_ORDERS = ["confirm", "end_phase", 10, 19, 0, 14, 1, "end_phase"]
"""Turn 1 of the default campaign to its Turn Orders (docs/turn_answers.md's example)."""


def at_orders() -> TurnRun:
    run = play(load_campaign(DEFAULT), list(TO_ORDERS))
    assert run.pending.key == "turn/1/orders"
    return run


def fleet(c: Campaign, fid: str):
    return next(f for f in c.fleets if f.id == fid)


def test_a_military_fleet_on_the_route_is_made_an_escort_and_removed_to_the_trade_fleet():
    """ "Escorts must be placed in a system on the trade route at the beginning of the movement
    phase"; "Removing Escorts places them at the civilian fleet's current location"."""
    run = at_orders()
    run.answer({"escort": {"power": "fed", "fleet": "fed-logistics", "of": "fed-trade-vanguard"}})
    c = run.campaign
    assert fleet(c, "fed-logistics").escort_of == "fed-trade-vanguard"
    line = c.log[-1]
    assert line.rule == "004 Movement Phase (escorts)" and line.secret_of == ["alliance"]
    assert "Logistics" in line.text and "escorts" in line.text
    run.answer({"escort": {"power": "fed", "fleet": "fed-logistics", "of": None}})
    c = run.campaign
    f = fleet(c, "fed-logistics")
    assert f.escort_of is None and str(f.sector) == "0207" and f.in_transit_to is None and f.orders == []
    assert "placed at its current location, 0207" in c.log[-1].text


@pytest.mark.parametrize("order, words", [
    ({"power": "fed", "fleet": "fed-third", "of": "fed-trade-vanguard"},
     "Escorts must be placed in a system on the trade route"),
    ({"power": "fed", "fleet": "fed-logistics", "of": "fed-third"}, "not a civilian fleet"),
    ({"power": "fed", "fleet": "fed-trade-vanguard", "of": "fed-trade-vanguard"}, "Escorts are military fleets"),
    ({"power": "fed", "fleet": "kli-deep-strike", "of": "fed-trade-vanguard"}, "not a fleet of United Federation"),
    ({"power": "klingon", "fleet": "kli-deep-strike", "of": "fed-trade-vanguard"}, "own power's civilian fleets"),
    ({"power": "fed", "fleet": "fed-trade-escort", "of": "fed-trade-vanguard"}, "already escorts"),
    ({"power": "fed", "fleet": "fed-third", "of": None}, "escorts nothing"),
])
def test_an_illegal_escort_order_is_refused_with_its_rule_and_changes_nothing(order, words):
    run = at_orders()
    before = dumps(run.campaign)
    with pytest.raises(RuleError, match=words) as e:
        run.answer({"escort": order})
    assert e.value.rule.startswith("004 Movement Phase")
    assert dumps(run.campaign) == before


def test_a_trade_fleet_gets_a_new_route_and_an_escort_off_it_is_named():
    run = at_orders()
    run.answer({"escort": {"power": "fed", "fleet": "fed-logistics", "of": "fed-trade-vanguard"}})
    run.answer({"route": {"power": "fed", "fleet": "fed-trade-vanguard", "route": ["0207", "0208"]}})
    c = run.campaign
    assert [str(x) for x in fleet(c, "fed-trade-vanguard").trade_route] == ["0207", "0208"]
    assert c.log[-1].rule == "004 Movement Phase (trade routes)"
    assert "Logistics" in c.log[-1].text and "off the new route" in c.log[-1].text
    # the Income Phase reads the new route: the Federation's commerce is 10% of 0207 and 0208's output
    from rules.turn.empire_facts import power_ledger

    commerce = next(i for i in power_ledger(c, "fed").items if i.text.startswith("Commerce"))
    s0207, s0208 = c.sector_at("0207"), c.sector_at("0208")
    from rules.turn.empire_facts import planet_output

    outs = sum(planet_output(c, s, pl) for s in (s0207, s0208) if s.star_system for pl in s.star_system.planets)
    assert commerce.amount * 10 == outs


@pytest.mark.parametrize("route, words", [
    (["0207", "0609"], "not adjacent"),
    (["0207", "0307", "0306", "0305"], "up to three adjacent systems"),
    ([], "at least one system"),
    (["0207", "0207"], "each system once"),
])
def test_an_illegal_route_is_refused_with_its_rule(route, words):
    run = at_orders()
    before = dumps(run.campaign)
    with pytest.raises(RuleError, match=words) as e:
        run.answer({"route": {"power": "fed", "fleet": "fed-trade-vanguard", "route": route}})
    assert e.value.rule == "004 Movement Phase (trade routes)"
    assert dumps(run.campaign) == before


def test_only_a_trade_fleet_has_a_route_and_a_malformed_order_is_refused():
    run = at_orders()
    with pytest.raises(RuleError, match="only a Trade Fleet"):
        run.answer({"route": {"power": "fed", "fleet": "fed-third", "route": ["0607"]}})
    for bad in ({"route": {"power": "fed", "fleet": "fed-trade-vanguard", "route": "0207"}},
                {"route": {"power": "fed", "fleet": "fed-trade-vanguard", "route": ["xx"]}},
                {"escort": {"power": "fed", "fleet": "fed-logistics"}},
                {"escort": {"power": "fed", "fleet": "fed-logistics", "of": 3}}):
        with pytest.raises(IllegalAnswer):
            run.answer(bad)


def test_the_escort_follows_its_civilian_fleet_at_movement():
    """An escort with its civilian fleet takes its orders ("Escorts follow the civilian fleet's
    movement"): the Klingon Deep Strike Squadron, made the 7th Legion Transport Fleet's escort at
    0609, moves with it to 0509 though its own orders are cleared."""
    run = at_orders()
    run.answer({"escort": {"power": "klingon", "fleet": "kli-deep-strike", "of": "kli-transport-7"}})
    c = run.campaign.model_copy(deep=True)
    fleet(c, "kli-deep-strike").orders = []
    run = TurnRun(c)
    run.answer("end_movement")
    while run.pending.key.startswith("turn/1/ignore"):
        run.answer(False)
    assert str(fleet(run.campaign, "kli-deep-strike").sector) == str(fleet(run.campaign, "kli-transport-7").sector) \
        == "0509"


def test_a_power_enters_its_own_escort_and_route_orders():
    c = load_campaign(DEFAULT).model_copy(deep=True)
    c.settings.turn_orders = "powers"
    run = play(c, list(TO_ORDERS))
    while run.pending.key != "orders/fed":
        run.answer("done")
    run.answer({"escort": {"fleet": "fed-logistics", "of": "fed-trade-vanguard"}})
    run.answer({"route": {"fleet": "fed-trade-vanguard", "route": ["0207", "0307"]}})
    assert fleet(run.campaign, "fed-logistics").escort_of == "fed-trade-vanguard"
    assert [str(x) for x in fleet(run.campaign, "fed-trade-vanguard").trade_route] == ["0207", "0307"]


def test_an_interned_escort_does_not_follow_its_civilian_fleet():
    """An interned fleet's movement orders are refused (004 Intel Phase, Non-Aggression Treaty:
    internment); as an escort it took its civilian fleet's orders all the same and moved with it."""
    c = at_orders().campaign.model_copy(deep=True)
    fleet(c, "fed-trade-escort").interned_by = "orion"
    fleet(c, "fed-trade-vanguard").orders = [fleet(c, "fed-trade-vanguard").trade_route[1]]  # to 0307
    run = TurnRun(c)
    run.answer("end_movement")
    while run.pending.key.startswith("turn/1/ignore"):
        run.answer(False)
    moved = run.campaign
    assert str(fleet(moved, "fed-trade-vanguard").sector) == "0307"
    assert str(fleet(moved, "fed-trade-escort").sector) == "0207"
    assert any(e.text == "Vanguard Trade Escort is interned: it does not follow Vanguard Trade Fleet this turn"
               for e in moved.log)
