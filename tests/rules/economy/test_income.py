"""Seed 004 Income Phase: the formula, commerce from surviving Trade Fleets, fractional maintenance,
intel upkeep, and a power that cannot pay."""
from __future__ import annotations

from fractions import Fraction

import pytest

from rules.economy.income import Item, TradeRoute, ledger, points


def test_tdp_plus_commerce_plus_misc_minus_maintenance_is_income_added_to_the_pool():
    led = ledger([("Earth", 40), ("Vulcan", 12)], [TradeRoute("fed-trade", (40, 0, 12))],
                 [("Random event: a windfall", Fraction(3))], [("CA x2", Fraction(2)), ("FF x4", Fraction(4, 3))],
                 intel_points=15, carried=Fraction(7))
    assert [i.amount for i in led.items] == [52, Fraction(52, 10), 3, -2, Fraction(-4, 3), Fraction(-3, 2)]
    assert led.income == Fraction(52) + Fraction(26, 5) + 3 - 2 - Fraction(4, 3) - Fraction(3, 2)
    assert led.pool == 7 + led.income and not led.in_debt
    assert led.lines()[0] == "Total Domestic Product (Earth 40, Vulcan 12): 52"
    assert led.lines()[1] == "Commerce (fed-trade 5 1/5): 5 1/5"
    assert led.lines()[-1].startswith("Income: 55 11/30; Point Pool 7 to 62 11/30")


@pytest.mark.parametrize("survived, visited, earns", [(True, True, 5), (False, True, 0), (True, False, 0)])
def test_only_a_trade_fleet_that_survived_and_visited_its_route_earns(survived, visited, earns):
    assert TradeRoute("t", (20, 30), survived, visited).earns() == earns


def test_a_power_that_cannot_pay_is_in_debt():
    led = ledger([], [], [], [("BB", Fraction(10))], 0, Fraction(4))
    assert led.pool == -6 and led.in_debt
    assert "in debt" in led.lines()[-1]
    assert led.items[0] == Item("Total Domestic Product (no planets)", Fraction(0))


def test_bad_figures_are_refused():
    with pytest.raises(ValueError):
        ledger([("X", -1)], [], [], [], 0, Fraction(0))
    with pytest.raises(ValueError):
        ledger([], [], [], [("X", Fraction(-1))], 0, Fraction(0))
    with pytest.raises(ValueError):
        ledger([], [], [], [], -1, Fraction(0))


@pytest.mark.parametrize("x, text", [(Fraction(12), "12"), (Fraction(7, 2), "3 1/2"), (Fraction(-1, 4), "-1/4"),
                                     (Fraction(-7, 2), "-3 1/2"), (Fraction(0), "0")])
def test_points_in_words(x, text):
    assert points(x) == text


def test_a_planet_with_no_output_and_free_maintenance_are_fine():
    led = ledger([("Outpost", 0)], [], [], [("Old FF", Fraction(0))], 1, Fraction(0))
    assert led.lines() == ("Total Domestic Product (Outpost 0): 0", "Maintenance: Old FF: 0",
                           "Intel upkeep (1 points, 1 per 10): -1/10",
                           "Income: -1/10; Point Pool 0 to -1/10 (in debt: no purchases until it is paid back)")


def test_refusals_say_why():
    with pytest.raises(ValueError, match="planet outputs and Intel Points are not negative"):
        ledger([("X", -1)], [], [], [], 0, Fraction(0))
    with pytest.raises(ValueError, match=r"maintenance is a cost, not negative \(X: -1\)"):
        ledger([], [], [], [("X", Fraction(-1))], 0, Fraction(0))


def test_misc_items_keep_their_words_and_routes_join_with_commas():
    led = ledger([], [TradeRoute("a", (10,)), TradeRoute("b", (20,))], [("Windfall", Fraction(2))], [], 0,
                 Fraction(0))
    assert led.lines()[1:3] == ("Commerce (a 1, b 2): 3", "Windfall: 2")
    assert not led.in_debt and led.lines()[-1] == "Income: 5; Point Pool 0 to 5"


def test_a_positive_fraction_has_no_sign():
    assert points(Fraction(1, 4)) == "1/4" and points(Fraction(9, 4)) == "2 1/4"


def test_a_trade_fleet_that_earns_nothing_says_why():
    led = ledger([], [TradeRoute("a", (10,), survived=False), TradeRoute("b", (10,), visited=False),
                      TradeRoute("c", (10,))], [], [], 0, Fraction(0))
    assert led.lines()[1] == ("Commerce (a 0 (did not survive), b 0 (visited no system of its route in the last "
                              "Movement Phase), c 1): 1")
