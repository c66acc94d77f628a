"""``python main.py turn`` with each power entering its own diplomacy among its Turn Orders (issue 23,
settings.turn_orders powers): the Lyrans try to break their Mutual Defense Treaty with the Romulans in
their own orders; the Coalition's view shows the attempt's odds and d100, the Alliance's does not; the
Federation proposes an Armistice the Orions accept - every view reads the signing."""
from __future__ import annotations

import json

from tests.test_main_cli_turn_orders import _turn
from tests.rules.turn.test_purchases import TO_ORDERS

BREAK = {"break": {"with": "romulan", "treaty": "mutual_defense", "intel": 0}}


def test_each_power_enters_its_own_diplomacy_headless(tmp_path):
    answers = [*TO_ORDERS, {"propose": {"to": "orion", "treaty": "armistice"}}, "done", "done", "done", BREAK,
               "done", "done", {"accept": {"from": "fed", "treaty": "armistice"}}, "done"]
    gm = _turn(tmp_path, answers)
    assert gm.returncode == 0, gm.stderr
    assert json.loads(gm.stdout)["answers_used"] == len(answers)
    coalition = json.dumps(json.loads(_turn(tmp_path, answers, "--viewer", "coalition").stdout)["log"])
    alliance = json.dumps(json.loads(_turn(tmp_path, answers, "--viewer", "alliance").stdout)["log"])
    attempt = "Lyran Star Empire against Romulan Star Empire: Break the Mutual Defense Treaty: base 40"
    assert attempt in coalition and attempt not in alliance
    signed = "sign the Armistice Treaty (Normal Relations restored)"
    assert signed in coalition and signed in alliance
