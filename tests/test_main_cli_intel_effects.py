"""``python main.py turn`` plays what a successful Intel mission did (issue 23): after the GM's
ruling, the effects the GM names (a morale check with the GM's target number and Morale lost, a
base destroyed) are applied by the engine from the answers file; each Team reads only its lines:
the target's Team what happened in its system (not whose mission unless caught), the mission's
Team its own mission."""
from __future__ import annotations

import json

from tests.rules.turn.test_intel_missions import mission, spies
from tests.rules.turn.test_purchases import TO_ORDERS
from tests.test_main_cli_turn_intel import _turn

RULE = "004 Intel Phase (Intel missions)"
ANSWERS = [*TO_ORDERS, mission(3, kind="sabotage"), "succeeded", "morale", 4, 2, "destroyed/fed-sb-11", "none"]


def test_a_sabotage_s_effects_are_applied_headless(tmp_path):
    r = _turn(tmp_path, spies(), ANSWERS, "--out", str(tmp_path / "after.json"))
    assert r.returncode == 0, r.stderr
    shown = json.loads(r.stdout)
    assert shown["answers_used"] == len(ANSWERS) and shown["next_question"]["key"] == "turn/1/orders"
    after = json.loads((tmp_path / "after.json").read_text())
    base = next(s for s in after["map"]["sectors"] if s["at"] == "0207")["garrison"][0]
    assert base["name"] == "Starbase 11" and base["destroyed"] is True
    gm = [e["text"] for e in shown["log"] if e["rule"] == RULE]
    assert "Klingon Empire's sabotage mission against United Federation of Planets at 0207: Starbase 11 destroyed" in gm
    alliance = [e["text"] for e in json.loads(_turn(tmp_path, spies(), ANSWERS, "--viewer", "alliance").stdout)["log"]
                if e["rule"] == RULE]
    assert alliance[-2:][1] == ("Sabotage at 0207 against United Federation of Planets, by whom is not known: "
                                "Starbase 11 destroyed")
    assert alliance[0].startswith("Sabotage at 0207 against United Federation of Planets, by whom is not known: "
                                  "Morale Check Chart \"Use of Intel\": Vanguard II d10 ")
    assert not any("Klingon" in t for t in alliance)
    coalition = [e["text"] for e in json.loads(_turn(tmp_path, spies(), ANSWERS, "--viewer", "coalition").stdout)["log"]
                 if e["rule"] == RULE]
    assert not any("by whom is not known" in t for t in coalition) and any("Starbase 11 destroyed" in t
                                                                          for t in coalition)
    again = json.loads(_turn(tmp_path, spies(), ANSWERS).stdout)
    assert again == shown  # same campaign and answers: the same bytes (the d10 included)
