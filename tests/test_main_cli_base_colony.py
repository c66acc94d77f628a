"""Issue 23 headless: ``main.py turn`` takes a purchase of a base built outside the planet's orbit
with its Transport Fleets (and refuses one with too few, exit 1 naming the rule); a sealed orders
file (``main.py orders``, then ``main.py turn --orders``) carries the same order to the GM's turn,
and an order at a colony in its first turn is refused at export with the seed's rule."""
from __future__ import annotations

import json

import pytest

from rules.model import dumps, save_campaign
from rules.model.seals import Keyring, new_key, pin_of
from rules.model.secrets import with_key
from rules.turn.run import play
from tests.rules.turn.test_base_transport import with_transports
from tests.rules.turn.test_colony_first_turn import TURN_2_ORDERS
from tests.rules.turn.test_colonize import colonize, with_colony_fleet
from tests.rules.turn.test_empire import EXAMPLE
from tests.test_main_cli import _run
from tests.test_main_cli_sealed_orders import PASSES, _export, _turn

ELSEWHERE = {"purchase": {"class": "BASE11", "at": "0207", "planet": "Vanguard II",
                          "elsewhere": {"at": "0509", "transports": ["fed-tf-1", "fed-tf-2"]}}}


def _headless(tmp_path, answers):
    camp, f = tmp_path / "camp.json", tmp_path / "answers.json"
    camp.write_text(dumps(with_transports()), encoding="utf-8")
    f.write_text(json.dumps(answers), encoding="utf-8")
    return _run("turn", str(camp), "--answers", str(f))


def test_main_py_turn_orders_a_base_elsewhere_and_refuses_one_without_its_fleets(tmp_path):
    order = {"purchase": {"power": "fed", **ELSEWHERE["purchase"]}}
    r = _headless(tmp_path, [order])
    assert r.returncode == 0, r.stderr
    assert "orders a BASE11 at Vanguard II (0207) for 11" in r.stdout and "built at 0509, carried by fed-tf-1, " \
        "fed-tf-2" in r.stdout
    order["purchase"]["elsewhere"] = {"at": "0509", "transports": ["fed-tf-1"]}
    r = _headless(tmp_path, [order])
    assert r.returncode == 1
    error = json.loads(r.stdout)["error"]
    assert error["rule"] == "004 Turn Orders Phase (bases outside the planet's orbit)" and error["answer_index"] == 0
    assert "needs 2 Transport Fleets" in error["message"]


def _keyed(c, folder):
    ring = Keyring()
    gm, private = new_key(PASSES["gm"], 10, holder="gm")
    ring.add("gm", private)
    c = with_key(c, "gm", gm, ring)
    for team in ("alliance", "coalition"):
        c = with_key(c, team, new_key(PASSES[team], 10, holder=team, pin=pin_of(c.keys))[0], ring)
    save_campaign(c, folder / "K.json")
    for name, text in PASSES.items():
        (folder / f"{name}.txt").write_text(text + "\n")


def test_a_sealed_file_carries_the_base_elsewhere_to_the_gms_turn(tmp_path, capsys):
    c = with_transports()
    c.settings.turn_orders = "powers"
    _keyed(c, tmp_path)
    assert _export(tmp_path, "fed", "alliance", [ELSEWHERE], "fed.orders") == 0
    assert '"BASE11"' not in (tmp_path / "fed.orders").read_text()
    code, out, err = _turn(tmp_path, capsys, "fed.orders", answers=["done"] * 5)
    assert code == 0, err
    assert "built at 0509, carried by fed-tf-1, fed-tf-2" in json.dumps(json.loads(out)["log"])


@pytest.mark.parametrize("order", [{"purchase": {"class": "CL", "at": "0207", "planet": "Vanguard III"}},
                                   {"productivity": {"at": "0207", "planet": "Vanguard III"}}])
def test_an_order_at_a_new_colony_is_refused_at_export(tmp_path, capsys, order):
    c = play(with_colony_fleet(), [*EXAMPLE[:8], colonize(), *EXAMPLE[8:], *TURN_2_ORDERS]).campaign
    c.settings.turn_orders = "powers"
    _keyed(c, tmp_path)
    assert _export(tmp_path, "fed", "alliance", [order], "fed.orders") == 1
    err = capsys.readouterr().err
    assert "004 Update Asset Phase (colonization)" in err and "Vanguard III (0207) became a colony at turn 1" in err
    assert not (tmp_path / "fed.orders").exists()
