"""The command line on a campaign with sealed secrets (issues 11 and 20): ``--check``, ``turn``
and ``battle`` name whose passphrase is needed; with ``--passphrase NAME=FILE`` a holder replays
the battle byte for byte; and each change a player with the file in hand could make to the seals
(issue 20) is refused with a message naming what was changed.

The commands run in this process through their entry functions (``main.check``, the ``run`` of
``main.py battle`` and ``main.py turn``), so the suite's cheap scrypt cost (tests/conftest.py)
applies; one test runs ``main.py`` in its own process, where the real floor refuses that cost."""
from __future__ import annotations

import base64
import io
import json
import re

import pytest

import main
from hexmap import Label
from rules.systems.v13.procedure import BattleProcedure
from rules.battlehex.headless import run as battle_run
from rules.model import load_with_passphrases, save_campaign
from rules.model.seals import Keyring, new_key, pin_of
from rules.model.secrets import with_key
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.turn.headless import run as turn_run
from tests.test_main_cli import TAU, _battle, _run
from tests.hand_kept import hand_kept

GM_PASS, ALLIANCE_PASS, COALITION_PASS = "the game master", "alliance only", "coalition only"


@pytest.fixture(scope="module")
def sealed(tmp_path_factory):
    """The default campaign after movement, 0509's battle 5 answers in, keyed for the GM, the
    Alliance and the Coalition as File > Passphrases keys it; with the passphrase files."""
    folder = tmp_path_factory.mktemp("sealed")
    c = hand_kept()
    questions = end_movement(c, build_graph(c)).questions  # as `battle` does: each answered 'pay attention'
    formed = end_movement(c, build_graph(c), {(q.at, q.team, q.other): False for q in questions}).campaign
    b = BattleProcedure(formed, Label.parse("0509"), seed=4, answers=TAU)
    c, ring = b.saved(), Keyring()
    gm, gm_private = new_key(GM_PASS, holder="gm")
    ring.add("gm", gm_private)
    c = with_key(c, "gm", gm, ring)
    for team, text in (("alliance", ALLIANCE_PASS), ("coalition", COALITION_PASS)):
        c = with_key(c, team, new_key(text, holder=team, pin=pin_of(c.keys))[0], ring)
    path = folder / "sealed.json"
    save_campaign(c, path)
    for name, text in (("gm", GM_PASS), ("alliance", ALLIANCE_PASS), ("coalition", COALITION_PASS),
                       ("wrong", "not the passphrase"), ("mine", "the alliance's own")):
        (folder / f"{name}.txt").write_text(text + "\n")
    return path, folder


def check(capsys, path, *passphrases):
    """``main.py --check PATH --passphrase ...``: (exit code, stdout, stderr)."""
    code = main.main(["--check", str(path), *[a for p in passphrases for a in ("--passphrase", p)]])
    out = capsys.readouterr()
    return code, out.out, out.err


def command(run, *argv):
    """``main.py battle|turn ARGV``: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    code = run([str(a) for a in argv], out, err)
    return code, out.getvalue(), err.getvalue()


def spoiled(sealed, tmp_path, spoil):
    """A copy of the sealed file changed by ``spoil(data)`` as a player with the file would."""
    path, _folder = sealed
    data = json.loads(path.read_text())
    spoil(data)
    out = tmp_path / "spoiled.json"
    out.write_text(json.dumps(data))
    return out


def test_check_names_whose_passphrase_is_needed(sealed, capsys):
    path, folder = sealed
    code, _out, err = check(capsys, path)
    assert code == 1 and "holds secrets sealed for" in err and "the GM" in err
    code, out, err = check(capsys, path, f"gm={folder / 'gm.txt'}")
    assert code == 0 and "OK" in out, err
    code, _out, err = check(capsys, path, f"gm={folder / 'wrong.txt'}")
    assert code == 1 and "not the passphrase of the GM" in err


def test_the_gm_replays_the_saved_battle_byte_for_byte(sealed, tmp_path):
    path, folder = sealed
    code, out, err = command(battle_run, path, "--hex", "0509", "--viewer", "gm", "--replay")
    assert code == 2 and "a passphrase is needed" in err and out == ""
    code, out, err = command(battle_run, path, "--hex", "0509", "--viewer", "gm", "--replay",
                             "--passphrase", f"gm={folder / 'gm.txt'}")
    assert code == 0, err
    plain = _battle(tmp_path, TAU)  # the same answers on the unsealed default campaign
    assert out == plain.stdout


def test_a_teams_key_alone_does_not_open_another_teams_secrets(sealed):
    """The Coalition's cloaked squadron is sealed for the Coalition and the GM: the Alliance's
    passphrase opens the Alliance's secrets only, and the command says what is missing."""
    path, folder = sealed
    code, _out, err = command(battle_run, path, "--hex", "0509", "--viewer", "alliance", "--replay",
                              "--passphrase", f"alliance={folder / 'alliance.txt'}")
    assert code == 2 and "sealed for Coalition or the GM" in err
    code, out, err = command(battle_run, path, "--hex", "0509", "--viewer", "alliance", "--replay",
                             "--passphrase", f"alliance={folder / 'alliance.txt'}",
                             "--passphrase", f"gm={folder / 'gm.txt'}")
    assert code == 0 and json.loads(out)["answers_used"] == len(TAU), err


# -- issue 20: each change a player with the file could make is refused, naming it ----------

def test_check_refuses_a_swapped_key_record(sealed, tmp_path, capsys):
    """The Alliance replaces the Coalition's key record with one of its own passphrase."""
    def swap(data):
        mine = new_key("the alliance's own", holder="coalition")[0]
        data["keys"]["coalition"] = mine.model_dump(exclude_none=True)
    path = spoiled(sealed, tmp_path, swap)
    folder = sealed[1]
    code, out, err = check(capsys, path, f"gm={folder / 'gm.txt'}")
    assert code == 1 and out == ""
    assert f"{path}: keys['coalition']: the key record of Coalition is not the one the GM signed" in err
    code, out, err = check(capsys, path, f"alliance={folder / 'alliance.txt'}", f"coalition={folder / 'mine.txt'}")
    assert code == 1 and "the key record of Coalition is not the one the GM signed" in err


def test_turn_refuses_a_flipped_bit_in_a_wrapped_key(sealed, tmp_path):
    def flip(data):
        raw = bytearray(base64.b64decode(data["keys"]["coalition"]["private"]))
        raw[30] ^= 1
        data["keys"]["coalition"]["private"] = base64.b64encode(raw).decode()
    path = spoiled(sealed, tmp_path, flip)
    answers = tmp_path / "answers.json"
    answers.write_text("[]")
    out_file = tmp_path / "M.json"
    code, out, err = command(turn_run, path, "--answers", answers, "--passphrase", f"gm={sealed[1] / 'gm.txt'}",
                             "--out", out_file)
    assert code == 2 and out == "" and not out_file.exists()
    assert "keys['coalition']: the key record of Coalition is not the one the GM signed" in err


def test_turn_refuses_a_lowered_work_factor(sealed, tmp_path):
    path = spoiled(sealed, tmp_path, lambda d: d["keys"]["coalition"].update(log_n=9))
    answers = tmp_path / "answers.json"
    answers.write_text("[]")
    code, _out, err = command(turn_run, path, "--answers", answers, "--passphrase", f"gm={sealed[1] / 'gm.txt'}")
    assert code == 2 and "the key record of Coalition is not the one the GM signed" in err
    assert "scrypt cost 2**9 is below the floor 2**10" in err


def test_check_refuses_a_dropped_blob(sealed, tmp_path, capsys):
    """Deleting the Alliance's part made its incidental units vanish (55 -> 52 units), and --check passed."""
    def drop(data):
        data["sealed"]["blobs"] = [b for b in data["sealed"]["blobs"] if b["to"] != ["alliance", "gm"]]
    path = spoiled(sealed, tmp_path, drop)
    code, _out, err = check(capsys, path)
    assert code == 1 and "the secrets sealed for Alliance or the GM are missing from the file" in err
    code, out, err = check(capsys, path, f"gm={sealed[1] / 'gm.txt'}")
    assert code == 1 and out == "" and "are missing from the file" in err


def test_battle_replay_refuses_a_rolled_back_blob(sealed, tmp_path):
    """The Coalition's part of this save swapped into a later save of the same campaign."""
    path, folder = sealed
    c = load_with_passphrases(path, {"gm": GM_PASS})
    later = tmp_path / "later.json"
    save_campaign(c, later)
    older = json.loads(path.read_text())
    data = json.loads(later.read_text())
    i = next(i for i, b in enumerate(data["sealed"]["blobs"]) if b["to"] == ["coalition", "gm"])
    data["sealed"]["blobs"][i] = next(b for b in older["sealed"]["blobs"] if b["to"] == ["coalition", "gm"])
    later.write_text(json.dumps(data))
    code, out, err = command(battle_run, later, "--hex", "0509", "--viewer", "gm", "--replay",
                             "--passphrase", f"gm={folder / 'gm.txt'}")
    assert code == 2 and out == ""
    assert "the secrets sealed for Coalition or the GM come from an older save (rolled back)" in err


def test_check_refuses_a_forged_deep_blob(sealed, tmp_path, capsys):
    """Sealing needs only public keys: a forged part held a 300-deep list past the 48-level limit."""
    from rules.model.seals import SealKey, seal

    def forge(data):
        deep: list = []
        for _ in range(300):
            deep = [deep]
        plain = json.dumps({"with": [b["to"] for b in data["sealed"]["blobs"]],
                            "secrets": [[["battle_hexes", 0, "answers", 0], deep]]}).encode()
        blob = seal(plain, {n: SealKey.model_validate(data["keys"][n]) for n in ("alliance", "gm")},
                    data["key_book"]["campaign"], data["sealed"]["save"])
        i = next(i for i, b in enumerate(data["sealed"]["blobs"]) if b["to"] == ["alliance", "gm"])
        data["sealed"]["blobs"][i] = blob.model_dump(exclude_none=True)
    path = spoiled(sealed, tmp_path, forge)
    code, out, err = check(capsys, path, f"gm={sealed[1] / 'gm.txt'}")
    assert code == 1 and out == "" and "Traceback" not in err
    assert re.search(r"sealed\[0\]: the secrets sealed for Alliance or the GM nest 30\d levels deep, more than a "
                     r"file may \(48\): refused", err), err


def test_a_real_process_refuses_a_cost_below_the_floor(sealed):
    """The suite's keys cost 2**10 (tests/conftest.py lowers the floor in this process only):
    main.py in a process of its own refuses them, whatever the file says."""
    path, folder = sealed
    r = _run("--check", str(path), "--passphrase", f"gm={folder / 'gm.txt'}")
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "keys.gm: log_n 10 is below the floor 17: a file cannot lower the cost of guessing a passphrase" \
        in r.stderr


def test_turn_opens_a_file_sealed_before_issue_20_and_writes_it_in_format_2(tmp_path, capsys):
    """Migration: main's format-1 file (scrypt 2^15, no key book) opens with its passphrases;
    ``turn --out`` writes it sealed in format 2, and the log says so."""
    from tests.rules.model.test_seals_attacks import LEGACY

    (tmp_path / "gm.txt").write_text("legacy game master\n")
    code, out, err = check(capsys, LEGACY, f"gm={tmp_path / 'gm.txt'}")
    assert code == 0 and "OK" in out, err
    answers = tmp_path / "answers.json"
    answers.write_text("[]")
    saved = tmp_path / "M.json"
    code, _out, err = command(turn_run, LEGACY, "--answers", answers, "--passphrase", f"gm={tmp_path / 'gm.txt'}",
                              "--out", saved)
    assert code == 0, err
    data = json.loads(saved.read_text())
    assert data["keys"]["gm"]["v"] == 2 and data["key_book"]["signature"] and set(data["sealed"]) == {
        "campaign", "save", "blobs"}
    assert "Seals of a file from before issue 20" in data["log"][-1]["text"]
    code, out, err = check(capsys, saved, f"gm={tmp_path / 'gm.txt'}")
    assert code == 0 and "OK" in out, err
