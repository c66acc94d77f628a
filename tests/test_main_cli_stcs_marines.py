"""Issue 25 headless: marines board and fight through ``main.py battle`` from an answers file - the
same bytes under any hash seed, the number beamed over the boarding side's alone, and marines in
Stasis answered anyway exit 1 naming Carrying Marines."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

from rules.model import save_campaign
from rules.systems import start
from tests.conftest import ROOT
from tests.rules.systems.stcs.test_troops import KLOTHOS, LEX, troop_campaign
from tests.rules.systems.v13.helpers import AT

CLOSE = ["sublight", ["lexington"], "warpin:lexington", "8,0", "2", "move:d7", "7", "A:6", "shields:lexington",
         "toward:d7", "shields:d7", "toward:lexington"]
"""The Lexington warps in, the Klothos closes to 2 hexes, the shields along the line lowered on both."""


def battle(tmp_path, answers: list[Any], lex: dict[str, Any] = LEX, viewer: str = "gm", hash_seed: str = "0"):
    camp = tmp_path / "marines.json"
    if not camp.exists():  # the battle's record (its seed) kept in the file
        save_campaign(start(troop_campaign(lexington=lex, d7=KLOTHOS), AT).saved(), camp)
    (tmp_path / "a.json").write_text(json.dumps(answers))
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([sys.executable, "main.py", "battle", str(camp), "--hex", "0304", "--system", "stcs",
                           "--answers", str(tmp_path / "a.json"), "--viewer", viewer], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def test_marines_board_and_fight_with_the_same_bytes(tmp_path):
    answers = [*CLOSE, "beam:lexington", "marines:d7", 25, "next", "none", "melee:d7", 10, 10, "no", "stay", "stay"]
    one, two = battle(tmp_path, answers, hash_seed="1"), battle(tmp_path, answers, hash_seed="2")
    assert one.returncode == 0, one.stderr
    assert one.stdout == two.stdout
    log = " ".join(e["text"] for e in json.loads(one.stdout)["log"])
    assert "25 boarders (marines) from Lexington beam onto Klothos" in log
    assert "melee aboard Klothos at 2/3 (strength 20 against 23)" in log  # 25 x 0.99 x 0.8; 10 x 1.1 + 10 x 1.2
    red = battle(tmp_path, answers, viewer="red")
    assert red.returncode == 0, red.stderr
    assert "Klothos is being boarded" in red.stdout and "25 boarders" not in red.stdout


def test_marines_in_stasis_exit_1_naming_the_rule(tmp_path):
    r = battle(tmp_path, [*CLOSE, "beam:lexington", "marines:d7", 20], lex={"marines": 20, "marines_carry": "stasis"})
    assert r.returncode == 1
    assert "STCS Carrying Marines" in r.stderr and "Lexington's marines are in Stasis" in r.stderr
