"""``python main.py turn``: a refused movement order names the fleet in words (issue 22: "fleet
fed-trade-vanguard's orders", an id with a possessive written by hand)."""
from __future__ import annotations

from tests.test_main_cli_turn import _turn


def test_orders_that_are_no_list_name_the_fleet_by_its_name(tmp_path):
    r = _turn(tmp_path, [{"orders": {"lyr-pride-hunters": "0206"}}])
    assert r.returncode == 1, r.stdout[-300:]
    assert "004 Movement Phase: Pride Hunters' orders are a list of sectors, not '0206'" in r.stderr, r.stderr
    assert "lyr-pride-hunters" not in r.stderr and "s's" not in r.stderr


def test_orders_for_no_fleet_say_so(tmp_path):
    r = _turn(tmp_path, [{"orders": {"lyr-nobody": "0206"}}])
    assert r.returncode == 1 and "there is no fleet 'lyr-nobody'" in r.stderr, r.stderr


def test_an_order_for_another_power_names_it_with_the_possessive(tmp_path):
    """The Kzinti, asked after the Federation, order for it: "not United Federation of Planets'"."""
    from tests.test_main_cli_turn_orders import BUY, TO_ORDERS
    from tests.test_main_cli_turn_orders import _turn as turn_by_powers

    r = turn_by_powers(tmp_path, [*TO_ORDERS, "done", {"purchase": {"power": "fed", **BUY["purchase"]}}])
    assert r.returncode == 1, r.stdout[-300:]
    assert ("Kzinti Hegemony enters only its own Turn Orders, not United Federation of Planets'\n"
            in r.stderr), r.stderr
