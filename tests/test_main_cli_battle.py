"""``python main.py battle`` run as a user would (issue 19): the same campaign, seed and
answers print the same bytes in any process, and an answer the V13 rules do not allow exits 1
naming its rule."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

WITHDRAW_ALL = [True, False, ["kz-cv-claw", "kz-aac-1", "kz-eff-1"]]
"""0604: the Alliance announces a Withdrawal Before Combat, the Coalition does not oppose, and
every selectable unit goes (its fighters and the auxiliaries go with it, V13.23)."""


def _battle(tmp_path: Path, hex_: str, answers: list[object], *extra: str,
            hashseed: str = "0") -> subprocess.CompletedProcess[str]:
    f = tmp_path / f"answers-{hashseed}.json"
    f.write_text(json.dumps(answers), encoding="utf-8")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONHASHSEED=hashseed)
    return subprocess.run([sys.executable, "main.py", "battle", "scenarios/default_campaign.json", "--hex", hex_,
                           "--answers", str(f), "--viewer", "gm", *extra], cwd=ROOT, capture_output=True,
                          text=True, env=env, timeout=120)


def test_the_withdrawn_line_is_the_same_bytes_under_any_hash_seed_v13_23(tmp_path):
    runs = [_battle(tmp_path, "0604", WITHDRAW_ALL, "--seed", "1370927494", hashseed=s) for s in ("1", "2", "3")]
    assert all(r.returncode == 0 for r in runs), [r.stderr for r in runs]
    assert "withdrawn: KHS Claw of Rrit, KHS Hunting Cry, KHS Swift Stalker, " in runs[0].stdout
    assert runs[0].stdout == runs[1].stdout == runs[2].stdout


TO_COMBAT_0509 = [None, None, 50, {"unit": "fed-bats-tau", "at": "2115"},
                  {"unit": "kli-d7-kumara", "at": "2165", "facing": "A"},
                  *({"unit": uid, "at": "1361"} for uid in ("kli-d6-vorn", "kli-f5-ghos", "kli-f5-taq", "rom-kr-talon",
                                                            "rom-spa-vaed", "rom-we-sith",
                                                            *(f"kli-transport-7-{i}" for i in range(1, 8)))),
                  False, *({"unit": uid, "at": "1110"} for uid in ("fed-gb-tau1", "fed-gb-tau2", "fed-defsat-tau")),
                  "1638"]
"""0509 at seed 4, from the range answers to the first ``combat`` question (each placement the
engine's own example, the proposed centre)."""


def test_by_a_team_that_does_not_fight_here_exits_1_naming_the_rule_v13_480(tmp_path):
    ok = _battle(tmp_path, "0509", [*TO_COMBAT_0509, {"clock": 1, "by": "coalition"}], "--seed", "4")
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["next_question"]["kind"] == "action"
    r = _battle(tmp_path, "0509", [*TO_COMBAT_0509, {"clock": 1, "by": "orions"}], "--seed", "4")
    assert r.returncode == 1, r.stdout[-300:]
    assert f"answer {len(TO_COMBAT_0509) + 1} is illegal: V13.480: 'by' names a Team of this battle" in r.stderr


def test_a_placement_docked_null_exits_1_v13_430(tmp_path):
    r = _battle(tmp_path, "0509", [*TO_COMBAT_0509[:3], {"unit": "fed-bats-tau", "at": "2115", "docked": None}],
                "--seed", "4")
    assert r.returncode == 1 and "answer 4 is illegal: V13.430: 'docked' is true or false, not None" in r.stderr
