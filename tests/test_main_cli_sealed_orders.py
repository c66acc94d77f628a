"""Turn Orders by sealed file, headless (issue 23): ``main.py orders`` exports a power's orders
sealed to the GM with its Team's passphrase; the GM's ``main.py turn --orders`` imports every
file and the turn runs with them; a file of the wrong turn or power, changed, forged by another
Team or doubled is refused naming the file and why, and nothing is applied."""
from __future__ import annotations

import io
import json

import pytest

from main import main
from rules.model import save_campaign
from rules.model.seals import Keyring, new_key, pin_of
from rules.model.secrets import with_key
from rules.turn.headless import run as turn_run
from rules.turn.run import play
from tests.rules.turn.test_orders import by_powers
from tests.rules.turn.test_purchases import TO_ORDERS

PASSES = {"gm": "game master pass", "alliance": "alliance pass", "coalition": "coalition pass"}
FED = [{"purchase": {"class": "FF", "at": "0207", "planet": "Vanguard II"}}, {"intel": {"points": 2}}]
KLINGON = [{"intel": {"points": 3}}]
OTHERS = ["done"] * 4  # the Kzinti, Lyrans, Romulans and Orions close theirs at the GM's screen


@pytest.fixture
def folder(tmp_path):
    c, ring = play(by_powers(), TO_ORDERS).campaign, Keyring()
    gm, private = new_key(PASSES["gm"], 10, holder="gm")
    ring.add("gm", private)
    c = with_key(c, "gm", gm, ring)
    for team in ("alliance", "coalition"):
        c = with_key(c, team, new_key(PASSES[team], 10, holder=team, pin=pin_of(c.keys))[0], ring)
    save_campaign(c, tmp_path / "K.json")
    for name, text in PASSES.items():
        (tmp_path / f"{name}.txt").write_text(text + "\n")
    return tmp_path


def _export(folder, power, team, given, name):
    (folder / f"{name}.in.json").write_text(json.dumps(given))
    return main(["orders", str(folder / "K.json"), "--power", power, "--answers", str(folder / f"{name}.in.json"),
                 "--passphrase", f"{team}={folder / f'{team}.txt'}", "--out", str(folder / name),
                 "--passphrase", f"gm={folder / 'gm.txt'}"])  # today a Team opens the file only with the GM


def _turn(folder, capsys, *files, answers=OTHERS):
    (folder / "gm.json").write_text(json.dumps(answers))
    out, err = io.StringIO(), io.StringIO()
    code = turn_run([str(folder / "K.json"), "--passphrase", f"gm={folder / 'gm.txt'}", "--answers",
                 str(folder / "gm.json"), "--out", str(folder / "after.json"),
                     *[a for f in files for a in ("--orders", str(folder / f))]], out, err)  # main.py turn
    return code, out.getvalue(), err.getvalue()


def test_the_round_trip_runs_the_turn_with_every_powers_sealed_orders(folder, capsys):
    assert _export(folder, "fed", "alliance", FED, "fed.orders") == 0
    assert _export(folder, "klingon", "coalition", KLINGON, "klingon.orders") == 0
    sealed = (folder / "fed.orders").read_text()
    # sealed, not plain: the orders' JSON tokens (quoted, or with a space) cannot occur in the base64 of the
    # ciphertext, where a bare "FF" can by chance (a clean clone's CI met "...PyDFFVg..."); '"FF"' cannot
    assert '"Vanguard II"' not in sealed and '"FF"' not in sealed and '"intel"' not in sealed
    code, out, err = _turn(folder, capsys, "fed.orders", "klingon.orders")
    assert code == 0, err
    shown = json.loads(out)
    assert shown["next_question"]["key"] == "turn/1/orders" and shown["answers_used"] == 4 + len(FED) + 1 + 2
    texts = json.dumps(shown["log"])
    assert "orders a FF at Vanguard II" in texts and "buys 2 Intel Points" in texts and "buys 3 Intel Points" in texts
    assert (folder / "after.json").exists()


def test_an_illegal_order_is_refused_at_export_with_its_rule(folder, capsys):
    assert _export(folder, "fed", "alliance", [{"purchase": {"class": "D7", "at": "0207", "planet": "Vanguard II"}}],
                   "bad.orders") == 1
    assert "004 Turn Orders Phase" in capsys.readouterr().err and not (folder / "bad.orders").exists()
    assert _export(folder, "fed", "coalition", FED, "forged.orders") == 2  # the Coalition has no Alliance key


def _edited(folder, change):
    data = json.loads((folder / "fed.orders").read_text())
    change(data)
    (folder / "x.orders").write_text(json.dumps(data))


def _flip(data):
    s = data["sealed"]["data"]
    data["sealed"]["data"] = ("A" if s[0] != "A" else "B") + s[1:]


@pytest.mark.parametrize(("change", "why"), [
    (lambda d: d.update(turn=2), "it holds the orders of turn 2, this is turn 1"),
    (lambda d: d.update(power="kzinti"), "it does not open as Kzinti Hegemony's orders for turn 1"),
    (lambda d: d.update(power="monsters"), "is not a power of a player's Team"),
    (_flip, "changed after it was sealed"),
    (lambda d: d.update(campaign="0" * 32), "made for another campaign"),
])
def test_a_wrong_file_is_refused_naming_it_and_nothing_is_applied(folder, capsys, change, why):
    assert _export(folder, "fed", "alliance", FED, "fed.orders") == 0
    _edited(folder, change)
    code, out, err = _turn(folder, capsys, "x.orders")
    assert code == 1 and "x.orders" in err and why in err and "no orders were imported" in err
    assert out == "" and not (folder / "after.json").exists()


def test_two_files_of_one_power_are_refused(folder, capsys):
    assert _export(folder, "fed", "alliance", FED, "fed.orders") == 0
    assert _export(folder, "fed", "alliance", FED[:1], "fed2.orders") == 0
    code, _, err = _turn(folder, capsys, "fed.orders", "fed2.orders")
    assert code == 1 and "fed2.orders" in err and "fed.orders already holds United Federation of Planets' orders" in err


def test_orders_sealed_by_another_team_are_refused(folder, capsys):
    """The Coalition seals 'Federation' orders to the GM with its own key: the MAC is not the Alliance's."""
    from rules.model.io import load_with_passphrases
    from rules.model.seals import unlock
    from rules.turn import sealed_orders

    c = load_with_passphrases(folder / "K.json", {"gm": PASSES["gm"]})
    coalition = unlock(c.keys["coalition"], PASSES["coalition"], "coalition", c.keys)
    alliance_record = c.keys["alliance"]
    forged = c.model_copy(update={"keys": {**c.keys, "alliance": c.keys["coalition"]}})
    (folder / "forged.orders").write_text(sealed_orders.export(forged, "fed", FED, coalition))
    assert c.keys["alliance"] == alliance_record
    code, _, err = _turn(folder, capsys, "forged.orders")
    assert code == 1 and "forged.orders" in err and "not made with Alliance" in err


def test_the_gm_gives_the_imported_orders_as_one_step(folder):
    """rules/turn/sealed_orders.run_imported: every imported power's orders answered on a campaign
    value (the app applies it as one undoable step); a refused order there applies nothing."""
    from rules.model.io import load_with_passphrases
    from rules.model.seals import unlock
    from rules.turn import sealed_orders

    assert _export(folder, "fed", "alliance", FED, "fed.orders") == 0
    c = load_with_passphrases(folder / "K.json", {"gm": PASSES["gm"]})
    ring = Keyring()
    ring.add("gm", unlock(c.keys["gm"], PASSES["gm"], "gm", c.keys))
    got = sealed_orders.read_all(c, [("fed.orders", (folder / "fed.orders").read_text())], ring)
    after = sealed_orders.run_imported(c, got)
    fed = after.power("fed").economy
    assert [j.unit_class for j in fed.projects] == ["FF"] and fed.intel_points == c.power("fed").economy.intel_points + 2
    assert "orders/fed" in after.turn_asked and c.power("fed").economy.projects == []
