"""``python main.py turn`` with each power entering its own Turn Orders (issue 23, settings.turn_orders
powers): the Federation's Team buys behind its hand-over, the Coalition's view of the same run
shows nothing of it, the GM's shows all; an order for another power exits 1 naming the rule."""
from __future__ import annotations

import json

from rules.model import dumps
from tests.rules.turn.test_orders import ASKED, by_powers
from tests.rules.turn.test_purchases import TO_ORDERS
from tests.test_main_cli import _run

BUY = {"purchase": {"class": "FF", "at": "0207", "planet": "Vanguard II"}}


def _turn(tmp_path, answers, *extra):
    camp, f = tmp_path / "camp.json", tmp_path / "answers.json"
    camp.write_text(dumps(by_powers()), encoding="utf-8")
    f.write_text(json.dumps(answers), encoding="utf-8")
    return _run("turn", str(camp), "--answers", str(f), *extra)


def test_each_power_orders_in_secret_headless(tmp_path):
    answers = [*TO_ORDERS, BUY, *["done"] * len(ASKED)]
    gm = _turn(tmp_path, answers)
    assert gm.returncode == 0, gm.stderr
    shown = json.loads(gm.stdout)
    assert shown["next_question"]["key"] == "turn/1/orders" and shown["answers_used"] == len(answers)
    assert "orders a FF at Vanguard II" in json.dumps(shown["log"])
    alliance = json.dumps(json.loads(_turn(tmp_path, answers, "--viewer", "alliance").stdout)["log"])
    coalition = json.dumps(json.loads(_turn(tmp_path, answers, "--viewer", "coalition").stdout)["log"])
    assert "orders a FF at Vanguard II" in alliance
    assert "orders a FF" not in coalition and "United Federation of Planets: your Turn Orders" not in coalition
    assert "Klingon Empire: your Turn Orders" in coalition and "Klingon Empire: your Turn Orders" not in alliance


def test_an_order_for_another_power_exits_1_with_the_rule(tmp_path):
    bad = {"purchase": {"power": "klingon", **BUY["purchase"]}}
    r = _turn(tmp_path, [*TO_ORDERS, bad])
    assert r.returncode == 1
    shown = json.loads(r.stdout)
    assert shown["error"]["rule"] == "004 Turn Orders Phase" and shown["error"]["answer_index"] == len(TO_ORDERS)
    assert "enters only its own Turn Orders" in shown["error"]["message"]


def test_scrapping_and_reserve_orders_play_headless(tmp_path):
    orders = [{"reserve": {"unit": "fed-ca-kongo"}}, {"scrap": {"unit": "fed-ff-burke", "planet": "Vanguard II"}}]
    r = _turn(tmp_path, [*TO_ORDERS, *orders])
    assert r.returncode == 1  # the frigate has no cost in the file: refused with the rule, after the Reserve order
    shown = json.loads(r.stdout)
    assert shown["error"]["rule"] == "004 Construction Completion Phase (scrapping)"
    assert shown["error"]["answer_index"] == len(TO_ORDERS) + 1 and "50% of it cannot be counted" in \
        shown["error"]["message"]
    r = _turn(tmp_path, [*TO_ORDERS, orders[0], *["done"] * len(ASKED)])
    assert r.returncode == 0, r.stderr
    assert "goes to Reserve at Construction Completion" in json.dumps(json.loads(r.stdout)["log"])
