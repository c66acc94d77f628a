"""The GM's own campaign file (the one hot seat plays on) seals each power's economy for its Team and
the GM (issue 23, docs/SECRETS.md): a player who opens the file in an editor reads none of another
Team's Point Pool, TDP, research, Intel Points, maintenance, charts or projects, as the screen
shows none of them. Only a power's units in Reserve or mothballed stay plain (the table's view
shows them). The file opens whole with the GM's passphrase and ``main.py turn`` plays on from it; before the fix the figures lay in plain text (test_main_cli_team_copy_economy's
fixture: the Klingons' distinctive figures)."""
from __future__ import annotations

import json

from main import main
from rules.model import load_with_passphrases
from tests.test_main_cli_team_copy_economy import KLINGON_FIGURES, folder  # noqa: F401 (the fixture)
from tests.test_main_cli_sealed_orders import PASSES


def test_the_gm_s_file_holds_no_economy_figure_in_plain_text(folder):  # noqa: F811
    raw = (folder / "K.json").read_text(encoding="utf-8")
    assert [f for f in KLINGON_FIGURES if f in raw] == []
    plain = json.loads(raw)
    economies = {p["id"]: p.get("economy") for p in plain["powers"] if p.get("economy")}
    assert economies == {"klingon": {"reserve": ["kli-mon-korvat"]}, "romulan": {"mothballed": ["rom-kr-talon"]}}
    whole = load_with_passphrases(folder / "K.json", {"gm": PASSES["gm"]})
    kl = whole.power("klingon")
    assert kl is not None and kl.economy is not None and kl.economy.intel_points == 54321


def test_main_py_turn_plays_on_from_the_sealed_file_and_writes_it_sealed(folder, capsys):  # noqa: F811
    (folder / "gm.json").write_text(json.dumps(["done"] * 6))  # every power closes its Turn Orders
    code = main(["turn", str(folder / "K.json"), "--passphrase", f"gm={folder / 'gm.txt'}", "--answers",
                 str(folder / "gm.json"), "--out", str(folder / "after.json")])
    out = capsys.readouterr().out
    assert code == 0, out
    assert [f for f in KLINGON_FIGURES if f in (folder / "after.json").read_text(encoding="utf-8")] == []
    after = load_with_passphrases(folder / "after.json", {"gm": PASSES["gm"]})
    kl = after.power("klingon")
    assert kl is not None and kl.economy is not None and kl.economy.tech_pool == 45678
    assert "orders/klingon" in after.turn_asked
