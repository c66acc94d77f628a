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
