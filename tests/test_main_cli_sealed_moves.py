"""Movement orders by sealed file, headless (issue 23): the player's ``main.py orders COPY --moves
FILE`` seals its fleets' movement orders with its Turn Orders; the GM's ``main.py turn --orders``
gives them to those fleets at the GM's movement question; a path the GM's file refuses exits 1
naming the file, the fleet and the rule, and no campaign is written."""
from __future__ import annotations

import json

from main import main
from rules.model import save_campaign
from rules.opening import open_campaign_file
from tests.test_main_cli_sealed_orders import FED, KLINGON, OTHERS, PASSES, _turn, folder  # noqa: F401
from tests.test_main_cli_team_copy import _copy


def _orders(folder, copy, power, team, given, moves, out):
    (folder / f"{out}.in.json").write_text(json.dumps(given))
    (folder / f"{out}.moves.json").write_text(json.dumps(moves))
    return main(["orders", str(folder / copy), "--power", power, "--answers", str(folder / f"{out}.in.json"),
                 "--moves", str(folder / f"{out}.moves.json"), "--passphrase", f"{team}={folder / f'{team}.txt'}",
                 "--out", str(folder / out)])


def test_moves_from_a_copy_are_given_on_the_gms_file(folder, capsys):
    assert _copy(folder, "alliance", "alliance-copy.json") == 0
    assert _copy(folder, "coalition", "coalition-copy.json") == 0
    assert _orders(folder, "alliance-copy.json", "fed", "alliance", FED,
                   {"fed-third": ["0608"], "fed-logistics": ["0407"]}, "fed.orders") == 0
    assert "and the movement orders of 2 fleets of fed" in capsys.readouterr().out
    assert _orders(folder, "coalition-copy.json", "klingon", "coalition", KLINGON, {"kli-home-guard": ["1108"]},
                   "klingon.orders") == 0
    sealed = (folder / "fed.orders").read_text()
    assert "fed-third" not in sealed and '"0608"' not in sealed  # quoted: base64 may hold 0608 by chance
    code, out, err = _turn(folder, capsys, "fed.orders", "klingon.orders")
    assert code == 0, err
    assert json.loads(out)["next_question"]["key"] == "turn/1/orders"
    after = open_campaign_file(folder / "after.json", passphrases={"gm": PASSES["gm"]})
    orders = {f.id: [str(x) for x in f.orders] for f in after.fleets}
    assert orders["fed-third"] == ["0608"] and orders["fed-logistics"] == ["0407"]
    assert orders["kli-home-guard"] == ["1108"] and orders["kli-deep-strike"] == ["0509"]


def test_another_teams_fleet_is_refused_at_export(folder, capsys):
    assert _copy(folder, "alliance", "alliance-copy.json") == 0
    assert _orders(folder, "alliance-copy.json", "fed", "alliance", [], {"kli-deep-strike": ["0509"]}, "x.orders") == 1
    err = capsys.readouterr().err
    assert "004 Movement Phase" in err and "Deep Strike Squadron is not one of them" in err
    assert not (folder / "x.orders").exists()


def test_a_path_blocked_on_the_gms_file_refuses_the_turn(folder, capsys):
    """The cloaked Romulan squadron, not in the Alliance's copy, arrives at 0607 along the lane from
    0608 (004 Movement Phase: it prevents the Third Fleet at 0607 from using that path)."""
    c = open_campaign_file(folder / "K.json", passphrases={"gm": PASSES["gm"]})
    from hexmap import Label

    c = c.model_copy(update={"fleets": [f.model_copy(update={"in_transit_to": Label.parse("0607"),
                                                              "orders": [Label.parse("0607")]})
                                        if f.id == "rom-shadow" else f for f in c.fleets]})
    save_campaign(c, folder / "K.json")
    assert _copy(folder, "alliance", "alliance-copy.json") == 0
    assert _orders(folder, "alliance-copy.json", "fed", "alliance", FED, {"fed-third": ["0608"]}, "fed.orders") == 0
    code, out, err = _turn(folder, capsys, "fed.orders", answers=["done"] * 5)
    assert code == 1 and out == "" and not (folder / "after.json").exists()
    assert "fed.orders: Third Fleet to 0608: Shadow Squadron (cloaked) arrived from 0608 and blocks that lane" in err
    assert "004 Movement Phase (between sectors)" in err
