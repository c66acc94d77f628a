"""Issue 25 headless: ``main.py battle --system stcs`` had no secret dice key - its secret rolls (a cloak scan's
dice, a cloaked ship's activation die) came from the plain seed, which every view prints, so a player could
recompute them. A headless battle is now keyed as the GM's app keys one: the record's own key, else
``--dice-key FILE`` (made there if the file does not exist) or the answers file's ``"dice_key"``, else a new key
for the run; the same scenario, seed, answers and key print the same bytes."""
from __future__ import annotations

import json
import os
import stat
import subprocess
import sys

import main
from rules.model import save_campaign
from rules.systems import start
from tests.conftest import ROOT
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.v13.helpers import AT

ANSWERS = ["sublight", ["lexington"], "scan:enterprise", 4, "next", "none", "scan:enterprise", 4, "next",
           "warpout:bop:2"]
KEY = "ab" * 32


def scan_faces(log: list[dict]) -> list[str]:
    return [e["text"] for e in log if "scan die" in e["text"] or "Bird of Prey" in e["text"]]


def test_a_headless_battle_is_keyed_as_the_gms_app_keys_it(tmp_path, monkeypatch, capsys) -> None:
    camp = tmp_path / "stcs.json"
    save_campaign(stcs_campaign(), camp)
    (tmp_path / "a.json").write_text(json.dumps(ANSWERS))
    monkeypatch.setattr("rules.battlehex.headless_systems.new_dice_key", lambda: KEY, raising=False)
    code = main.main(["battle", str(camp), "--hex", "0304", "--system", "stcs", "--answers", str(tmp_path / "a.json"),
                      "--viewer", "gm"])
    out, err = capsys.readouterr()
    assert code == 0, err
    app = start(stcs_campaign(), AT)  # the GM's app: a fresh key when the battle begins
    assert app.key_secret_dice(KEY)
    for a in ANSWERS:
        app.answer(a)
    plain = start(stcs_campaign(), AT)  # no key: the streams a player computes from the printed seed
    for a in ANSWERS:
        plain.answer(a)
    log = json.loads(out)["log"]
    assert len([t for t in scan_faces(log) if "scan die" in t]) == 2
    assert scan_faces(log) == scan_faces(json.loads(app.events_json()))
    assert scan_faces(log) != scan_faces(json.loads(plain.events_json()))
    assert KEY not in out and "a new secret dice key was made for this run" in err


def battle(tmp_path, answers, *extra: str, viewer: str = "gm", hash_seed: str = "0"):
    camp = tmp_path / "stcs.json"
    if not camp.exists():
        save_campaign(stcs_campaign(), camp)
    (tmp_path / "a.json").write_text(json.dumps(answers))
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run([sys.executable, "main.py", "battle", str(camp), "--hex", "0304", "--system", "stcs",
                           "--answers", str(tmp_path / "a.json"), "--viewer", viewer, *extra], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def test_the_same_key_prints_the_same_bytes(tmp_path) -> None:
    key = tmp_path / "gm.key"
    one = battle(tmp_path, ANSWERS, "--dice-key", str(key), hash_seed="1")  # made there: the file did not exist
    assert one.returncode == 0, one.stderr
    assert "a new secret dice key was made and written there" in one.stderr
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    made = key.read_text().strip()
    assert len(made) == 64 and made not in one.stdout
    two = battle(tmp_path, ANSWERS, "--dice-key", str(key), hash_seed="2")
    assert two.returncode == 0 and two.stdout == one.stdout and "made" not in two.stderr
    inline = battle(tmp_path, {"answers": ANSWERS, "dice_key": made}, hash_seed="3")  # the answers file's key
    assert inline.returncode == 0 and inline.stdout == one.stdout
    blue = battle(tmp_path, ANSWERS, "--dice-key", str(key), viewer="blue")
    again = battle(tmp_path, ANSWERS, "--dice-key", str(key), viewer="blue", hash_seed="4")
    assert blue.returncode == 0 and blue.stdout == again.stdout and made not in blue.stdout


def test_a_bad_or_contradicting_key_exits_2(tmp_path) -> None:
    bad = tmp_path / "bad.key"
    bad.write_text("not a key\n")
    r = battle(tmp_path, ANSWERS, "--dice-key", str(bad))
    assert r.returncode == 2 and "is not a secret dice key" in r.stderr
    good = tmp_path / "good.key"
    good.write_text(KEY + "\n")
    r = battle(tmp_path, {"answers": ANSWERS, "dice_key": "cd" * 32}, "--dice-key", str(good))
    assert r.returncode == 2 and "not the answers file's" in r.stderr
    r = battle(tmp_path, ANSWERS, "--dice-key", str(good), "--system", "table")
    assert r.returncode == 2 and "rolls no secret dice" in r.stderr
