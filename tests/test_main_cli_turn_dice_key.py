"""Issue 25 headless: a battle fought through ``main.py turn`` (a ``{"battle": ..., "answers": [...]}`` answer) had
no secret dice key - its secret rolls (a cloak scan's dice) came from the plain seed every view prints. The turn
command now keys a battle it begins as ``main.py battle`` and the GM's app do: ``--dice-key FILE``, else the answers
file's ``"dice_key"``, else a new key for the run; the key is the record's, kept out of every view; the same
campaign, seed, answers and key print the same bytes and write the same file."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import main
from rules.model import load_campaign, save_campaign
from rules.systems import start
from tests.conftest import ROOT
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.v13.helpers import AT
from tests.test_main_cli_stcs_dice_key import ANSWERS, KEY, scan_faces

TURN = [{"battle": "0304", "answers": ANSWERS}]


def faces_of(campaign) -> list[str]:
    """The GM's scan lines of the STCS battle at 0304 replayed from ``campaign``'s record."""
    return scan_faces(json.loads(start(campaign, AT).events_json()))


def test_a_battle_fought_by_the_turn_command_is_keyed_by_its_dice_key(tmp_path, capsys) -> None:
    camp, out = tmp_path / "stcs.json", tmp_path / "after.json"
    save_campaign(stcs_campaign(), camp)
    (tmp_path / "a.json").write_text(json.dumps({"answers": TURN, "dice_key": KEY}))
    code = main.main(["turn", str(camp), "--answers", str(tmp_path / "a.json"), "--out", str(out)])
    printed, err = capsys.readouterr()
    assert code == 0, err
    rec = next(b for b in load_campaign(out).battle_hexes if b.at == AT)
    assert rec.dice_key == KEY and rec.answers == ANSWERS and KEY not in printed
    app = start(stcs_campaign(), AT)  # the GM's app, keyed with the same key
    assert app.key_secret_dice(KEY)
    for a in ANSWERS:
        app.answer(a)
    plain = start(stcs_campaign(), AT)  # no key: the streams a player computes from the printed seed
    for a in ANSWERS:
        plain.answer(a)
    app_faces = scan_faces(json.loads(app.events_json()))
    assert len([t for t in app_faces if "scan die" in t]) == 2
    assert faces_of(load_campaign(out)) == app_faces != scan_faces(json.loads(plain.events_json()))


def test_without_a_key_the_turn_command_makes_one_for_the_run(tmp_path, capsys) -> None:
    camp, out = tmp_path / "stcs.json", tmp_path / "after.json"
    save_campaign(stcs_campaign(), camp)
    (tmp_path / "a.json").write_text(json.dumps(TURN))
    assert main.main(["turn", str(camp), "--answers", str(tmp_path / "a.json"), "--out", str(out)]) == 0
    printed, err = capsys.readouterr()
    key = next(b for b in load_campaign(out).battle_hexes if b.at == AT).dice_key
    assert len(key) == 64 and key not in printed
    assert "a new secret dice key was made for this run (Battle Hex 0304" in err


def turn(tmp_path, *extra: str, hash_seed: str, name: str) -> tuple[subprocess.CompletedProcess[str], bytes]:
    camp = tmp_path / "stcs.json"
    if not camp.exists():
        save_campaign(stcs_campaign(), camp)
    (tmp_path / "a.json").write_text(json.dumps(TURN))
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "QT_QPA_PLATFORM": "offscreen"}
    r = subprocess.run([sys.executable, "main.py", "turn", str(camp), "--answers", str(tmp_path / "a.json"),
                        "--out", str(tmp_path / name), *extra], cwd=ROOT, env=env, capture_output=True, text=True,
                       timeout=300)
    return r, (tmp_path / name).read_bytes()


def test_the_same_key_prints_the_same_bytes_and_writes_the_same_file(tmp_path) -> None:
    key = tmp_path / "gm.key"
    one, file_one = turn(tmp_path, "--dice-key", str(key), hash_seed="1", name="one.json")
    assert one.returncode == 0, one.stderr
    assert "turn: " + str(key) + ": a new secret dice key was made and written there" in one.stderr
    made = key.read_text().strip()
    two, file_two = turn(tmp_path, "--dice-key", str(key), hash_seed="2", name="two.json")
    assert two.returncode == 0 and two.stdout == one.stdout and file_two == file_one
    assert made not in one.stdout and "made" not in two.stderr
    blue, _ = turn(tmp_path, "--dice-key", str(key), "--viewer", "blue", hash_seed="3", name="blue.json")
    assert blue.returncode == 0 and made not in blue.stdout


def test_the_key_is_sealed_for_the_gm_in_the_file_written(tmp_path) -> None:
    """A campaign keyed for the GM (File > Passphrases): ``--out`` seals the battle's key for the GM alone, as the
    app's save does; opened with the GM's passphrase it is the key given."""
    from rules.model import load_with_passphrases
    from rules.model.seals import Keyring, new_key
    from rules.model.secrets import with_key

    ring = Keyring()
    gm, private = new_key("the game master", holder="gm")
    ring.add("gm", private)
    camp, out = tmp_path / "sealed.json", tmp_path / "after.json"
    save_campaign(with_key(stcs_campaign(), "gm", gm, ring), camp)
    (tmp_path / "gm.txt").write_text("the game master\n")
    (tmp_path / "a.json").write_text(json.dumps({"answers": TURN, "dice_key": KEY}))
    assert main.main(["turn", str(camp), "--answers", str(tmp_path / "a.json"), "--out", str(out),
                      "--passphrase", f"gm={tmp_path / 'gm.txt'}"]) == 0
    assert KEY not in out.read_text()
    opened = load_with_passphrases(out, {"gm": "the game master"})
    assert next(b for b in opened.battle_hexes if b.at == AT).dice_key == KEY


def test_a_bad_key_exits_2(tmp_path, capsys) -> None:
    camp = tmp_path / "stcs.json"
    save_campaign(stcs_campaign(), camp)
    (tmp_path / "bad.key").write_text("not a key\n")
    (tmp_path / "a.json").write_text(json.dumps(TURN))
    assert main.main(["turn", str(camp), "--answers", str(tmp_path / "a.json"), "--dice-key",
                      str(tmp_path / "bad.key")]) == 2
    assert "turn: " in capsys.readouterr().err
