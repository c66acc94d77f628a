"""``main.py orders`` prints the odds of each break or declaration it seals (issue 23), in the words File > Export
My Orders... shows them: every Exhibit B part, then "no roll now: the GM rolls the d100 when the turn runs". Before,
the command printed only the file it wrote, so a player exporting headless never saw the chance of a break."""
from __future__ import annotations

import io
import json

import pytest

from rules.model import save_campaign
from rules.turn.orders_headless import run
from tests.app.shell.test_sealed_orders_gui import PASSES, keyed
from tests.rules.turn.test_sealed_break_preview import BREAK, ODDS

DECLARE = {"declare": {"against": "kzinti", "declaration": "hostilities", "intel": 0}}


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    d = tmp_path_factory.mktemp("odds")
    save_campaign(keyed(), d / "K.json")
    for name, text in PASSES.items():
        (d / f"{name}.txt").write_text(text + "\n")
    return d


def export(folder, given, name):
    (folder / f"{name}.in.json").write_text(json.dumps(given))
    out, err = io.StringIO(), io.StringIO()
    code = run([str(folder / "K.json"), "--power", "lyran", "--answers", str(folder / f"{name}.in.json"),
                "--passphrase", f"coalition={folder / 'coalition.txt'}", "--passphrase", f"gm={folder / 'gm.txt'}",
                "--out", str(folder / name)], out, err)
    return code, out.getvalue().splitlines(), err.getvalue()


def test_a_break_and_a_declaration_print_their_odds_as_the_export_dialog_shows_them(folder):
    code, lines, err = export(folder, [BREAK, DECLARE], "lyran.orders")
    assert code == 0, err
    assert lines[0] == f"{folder / 'lyran.orders'}: 2 orders of lyran for turn 1, sealed to the GM"
    assert lines[1] == f"{ODDS}; no roll now: the GM rolls the d100 when the turn runs"
    assert lines[2:] == ["Lyran Star Empire against Kzinti Hegemony: Make a Declaration of Hostilities: base 20 = "
                         "20%; no roll now: the GM rolls the d100 when the turn runs"]


def test_orders_without_a_roll_print_no_odds(folder):
    code, lines, err = export(folder, [{"intel": {"points": 1}}], "quiet.orders")
    assert code == 0, err
    assert lines == [f"{folder / 'quiet.orders'}: 1 order of lyran for turn 1, sealed to the GM"]


def test_a_tech_investment_is_no_turn_order_and_is_refused_naming_the_kinds(folder):
    """The Tech Phase's investment is its own question (``main.py turn``), asked with its odds; the orders file has
    no such order."""
    code, lines, err = export(folder, [{"invest": {"points": 5}}], "tech.orders")
    assert code == 1 and lines == [] and "order 1: one of purchase" in err
