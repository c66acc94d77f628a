"""Seed 004 Turn Orders: Reserve, mothballs and reactivation (issue 23) - "Reserve status allows
units to be deactivated, reducing their maintenance cost. Activating a reserve unit requires an
order and incurs full maintenance cost." "Mothballed units do not incur maintenance costs. To
restore a mothballed ship, the full maintenance cost must be paid, and it requires dock space."
The new status is assumed at Construction Completion, its effect from the next Income Phase."""
from __future__ import annotations

from fractions import Fraction

import pytest

from rules.errors import RuleError
from rules.model import dumps, parse_campaign
from rules.model.campaign import Campaign
from rules.turn.empire_facts import power_ledger
from rules.turn.run import play
from tests.rules.turn.test_empire import EXAMPLE, power
from tests.rules.turn.test_purchases import TO_ORDERS, buy, with_list

RULE = "004 Construction Completion Phase (reserve and mothballs)"


def costed(**status) -> Campaign:
    c = with_list()
    eco = power(c, "fed").economy
    eco.maintenance = {"FF": Fraction(1), "CA": Fraction(3)}
    for k, v in status.items():
        setattr(eco, k, v)
    return parse_campaign(dumps(c))


def order(kind: str, unit: str, planet: str | None = "Vanguard II") -> dict:
    return {kind: {"power": "fed", "unit": unit, **({"planet": planet} if planet else {})}}


def upkeep(c: Campaign) -> dict[str, Fraction]:
    return {i.text: i.amount for i in power_ledger(c, "fed").items if i.text.startswith("Maintenance")}


def test_reserve_halves_and_mothballs_end_the_maintenance_from_construction_completion():
    answers = [*EXAMPLE[:8], order("reserve", "fed-ca-kongo", None), order("mothball", "fed-ff-burke"),
               *EXAMPLE[8:]]
    c = costed()
    assert upkeep(c) == {"Maintenance: 3 FF at 1": -3, "Maintenance: 1 CA at 3": -3}
    run = play(c, answers[:10])
    assert "is mothballed at Construction Completion" in run.campaign.log[-1].text
    assert run.campaign.log[-1].rule == RULE and run.campaign.log[-1].secret_of == ["alliance"]
    assert upkeep(run.campaign) == {"Maintenance: 3 FF at 1": -3, "Maintenance: 1 CA at 3": -3}  # not yet
    for a in answers[10:answers.index("roll")]:
        run.answer(a)
    eco = power(run.campaign, "fed").economy
    assert (eco.reserve, eco.mothballed, eco.status_orders) == (["fed-ca-kongo"], ["fed-ff-burke"], {})
    assert upkeep(run.campaign) == {"Maintenance: 2 FF at 1": -2,
                                    "Maintenance: 1 CA in Reserve at 1/2 of 3": Fraction(-3, 2)}


def test_reactivation_pays_the_full_maintenance_and_a_mothballed_ship_takes_a_dock():
    run = play(costed(reserve=["fed-ca-kongo"], mothballed=["fed-ff-burke"]), TO_ORDERS)
    pool = power(run.campaign, "fed").economy.point_pool
    run.answer(order("reactivate", "fed-ca-kongo", None))  # in Reserve: no dock needed
    assert power(run.campaign, "fed").economy.point_pool == pool - 3
    assert "is reactivated at Construction Completion; full maintenance 3 paid" in run.campaign.log[-1].text
    for _ in range(5):  # Vanguard II has 6 docks: 5 frigates and the restored ship fill them
        run.answer(buy("CL"))
    run.answer(order("reactivate", "fed-ff-burke"))
    with pytest.raises(RuleError, match="no dock space left"):
        run.answer(buy("CL"))


@pytest.mark.parametrize(("status", "answer", "words"), [
    ({}, order("mothball", "fed-ca-kongo"), "is not standing at Vanguard II"),
    ({"mothballed": ["fed-ca-kongo"]}, order("reactivate", "fed-ca-kongo", None), "is not standing at"),
    ({}, order("reserve", "kli-d7-1", None), "is not a unit of United Federation of Planets in play"),
    ({"reserve": ["fed-ff-burke"]}, order("mothball", "fed-ff-burke"), "is already in Reserve"),
    ({}, order("reactivate", "fed-ff-burke"), "is active: only a unit in Reserve or mothballed is reactivated"),
    ({"mothballed": ["fed-ff-burke"], "point_pool": Fraction(1, 2)}, order("reactivate", "fed-ff-burke"),
     r"cannot pay .* full maintenance 1"),
])
def test_a_status_order_is_refused_with_the_rule(status, answer, words):
    c = costed(**{k: v for k, v in status.items() if k != "point_pool"})
    run = play(c, TO_ORDERS)
    if "point_pool" in status:
        eco = power(run.campaign, "fed").economy
        run = play(parse_campaign(dumps(run.campaign.model_copy(update={"powers": [
            p.model_copy(update={"economy": eco.model_copy(update={"point_pool": status["point_pool"]})})
            if p.id == "fed" else p for p in run.campaign.powers]}))), [])
    before = run.campaign
    with pytest.raises(RuleError, match=words) as e:
        run.answer(answer)
    assert e.value.rule == RULE and run.campaign is before


def _at_orders(**status) -> Campaign:
    return play(costed(**status), TO_ORDERS).campaign


def _said(c: Campaign, raw: dict) -> str:
    from rules.turn import reserve

    kind = next(iter(raw))
    with pytest.raises(RuleError) as e:
        reserve.order(kind, c, raw[kind])
    return str(e.value)


def test_a_pool_of_exactly_the_full_maintenance_pays_it_and_a_reserve_order_costs_nothing() -> None:
    from rules.turn import reserve

    c = _at_orders(mothballed=["fed-ff-burke"], reserve=["fed-cl-1"])
    power(c, "fed").economy.point_pool = Fraction(1)  # an FF's maintenance, 1: just enough
    paid = reserve.order("reactivate", c, order("reactivate", "fed-ff-burke")["reactivate"])
    assert power(paid, "fed").economy.point_pool == 0 and power(c, "fed").economy.point_pool == 1  # c kept
    assert paid.log[-1].text == ("United Federation of Planets orders: USS Burke is reactivated at Construction "
                                 "Completion; full maintenance 1 paid, Point Pool 1 to 0")
    free = reserve.order("reactivate", paid, order("reactivate", "fed-cl-1", None)["reactivate"])  # no CL figure: 0
    assert power(free, "fed").economy.status_orders == {"fed-ff-burke": "active@0207/Vanguard II", "fed-cl-1": "active"}
    kept = reserve.order("reserve", c, order("reserve", "fed-ca-kongo", None)["reserve"])
    assert power(kept, "fed").economy.point_pool == 1
    assert kept.log[-1].text == ("United Federation of Planets orders: USS Kongo goes to Reserve at Construction "
                                 "Completion")
    assert _said(kept, order("mothball", "fed-ca-kongo")) == f"{RULE}: USS Kongo's status is already ordered this turn"


def test_only_a_ship_is_mothballed_at_the_planet_named_and_orders_keep_their_shape() -> None:
    from rules.battlehex.log import IllegalAnswer
    from rules.turn import reserve

    c = _at_orders(mothballed=["fed-ff-burke"])
    assert _said(c, order("mothball", "fed-sb-11")) == (f"{RULE}: Starbase 11 is not a ship: ships are mothballed "
                                                        "(at a shipyard)")
    assert _said(c, order("mothball", "fed-ff-esc", "Nowhere")) == (
        f"{RULE}: USS Tripoli is not standing at Nowhere, a planet of United Federation of Planets (a mothballed ship "
        "is restored in a dock)")
    assert _said(c, order("reactivate", "fed-ff-burke", None)) == (
        f"{RULE}: USS Burke is not standing at (no planet named), a planet of United Federation of Planets (a "
        "mothballed ship is restored in a dock)")
    assert _said(c, order("reserve", "fed-ff-burke", None)) == f"{RULE}: USS Burke is already mothballed"
    for bad in (order("reserve", "fed-ca-kongo")["reserve"], {"power": "fed", "unit": 7}, "fed-ca-kongo", 7):
        with pytest.raises(IllegalAnswer) as e:
            reserve.order("reserve", c, bad)
        assert str(e.value) == ('004 Turn Orders Phase: a reserve order is '
                                f'{{"reserve": {{"power": ..., "unit": ...}}}}, '
                                f"not {bad!r}")
    with pytest.raises(IllegalAnswer) as e:
        reserve.order("reserve", c, {"power": "gorn", "unit": "x"})
    assert str(e.value) == "004 Turn Orders Phase: there is no power 'gorn'"
    by_hand = c.model_copy(deep=True)
    by_hand.settings.empire_turn = "by_hand"
    assert _said(by_hand, order("reserve", "fed-ca-kongo", None)) == (
        "004 Turn Orders Phase: reserve orders are kept by hand in this campaign (settings.empire_turn by_hand)")


@pytest.mark.parametrize("bought, second_refused", [(4, False), (5, True)])
def test_each_mothballed_ship_restored_takes_one_of_the_docks_left(bought: int, second_refused: bool) -> None:
    from hexmap import Label
    from rules.turn import reserve

    c = costed(mothballed=["fed-ff-burke", "fed-ff-1"])
    next(f for f in c.fleets if f.id == "fed-third").sector = Label.parse("0207")  # Buckner at Vanguard II too
    c = play(c, [*TO_ORDERS, *[buy("CL")] * bought]).campaign  # Vanguard II's 6 docks: 2 or 1 left
    c = reserve.order("reactivate", c, order("reactivate", "fed-ff-burke")["reactivate"])
    if second_refused:
        assert _said(c, order("reactivate", "fed-ff-1")) == (
            f"{RULE}: Vanguard II has no dock space left this turn (restoring a mothballed ship takes one)")
    else:
        reserve.order("reactivate", c, order("reactivate", "fed-ff-1")["reactivate"])


def test_construction_completion_assumes_each_powers_statuses_logged_by_name() -> None:
    from rules.turn import reserve

    c = costed(mothballed=["fed-ff-burke", "fed-ff-1"])
    power(c, "fed").economy.status_orders = {"fed-ff-burke": "active@0207/Vanguard II", "fed-ca-kongo": "reserve",
                                             "fed-lost": "reserve"}  # a unit no longer in play: named by its id
    kli = power(c, "klingon")
    kli.economy = (kli.economy or type(power(c, "fed").economy)()).model_copy(
        update={"status_orders": {"kli-d7-kumara": "mothball"}})
    power(c, "fed").economy, fed_eco = None, power(c, "fed").economy  # a power without economy is passed over
    reserve.assume(c)
    eco = power(c, "klingon").economy
    assert (eco.mothballed, eco.status_orders) == (["kli-d7-kumara"], {})
    power(c, "fed").economy = fed_eco
    reserve.assume(c)
    eco = power(c, "fed").economy
    assert (eco.reserve, eco.mothballed, eco.status_orders) == (["fed-ca-kongo", "fed-lost"], ["fed-ff-1"], {})
    assert [(e.rule, e.text) for e in c.log[-3:]] == [
        (RULE, "United Federation of Planets: USS Kongo goes to Reserve; its maintenance changes from the next Income"),
        (RULE, "United Federation of Planets: USS Burke is reactivated; its maintenance changes from the next Income"),
        (RULE, "United Federation of Planets: fed-lost goes to Reserve; its maintenance changes from the next Income")]
