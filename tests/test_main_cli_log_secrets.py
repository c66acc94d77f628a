"""Issue 20, the log leak: ``main.py turn ... --viewer alliance --out M.json`` on the default
campaign keyed for the GM, the Alliance and the Coalition. The cloaked Shadow Squadron moves to
0509; its movement and supply lines name it and its ships. Before the fix the sealed file's plain
``log`` and the Alliance's stdout read "Shadow Squadron (cloaked) moves to 0509" and listed its
ships by name. Now those lines are the Coalition's secret: sealed for it and the GM, left out of
the Alliance's output, shown to the Coalition and the GM.

The command runs in this process through its entry function (the suite's cheap scrypt cost,
tests/conftest.py applies)."""
from __future__ import annotations

import io
import json

import pytest

from rules.model import load_with_passphrases, save_campaign
from rules.model.seals import Keyring, new_key, pin_of
from rules.model.secrets import with_key
from rules.turn.headless import run as turn_run
from tests.hand_kept import hand_kept, hand_kept_data

PASSES = {"gm": "the game master", "alliance": "alliance only", "coalition": "coalition only"}
MOVE = ["end_movement", False, False, False]


def coalition_secrets() -> list[str]:
    """The names and ids of the Coalition's hidden units and fleets in the default campaign,
    read from the file itself (cloaked or incidental units; a fleet made only of them)."""
    data = hand_kept_data()
    powers = next(t["powers"] for t in data["teams"] if t["id"] == "coalition")
    out = []
    for f in data["fleets"]:
        if f["power"] not in powers:
            continue
        hidden = [u for u in f["units"] if u.get("is_cloaked") or u.get("is_incidental")]
        if hidden and len(hidden) == len(f["units"]):
            out += [f["name"], f["id"]]
        out += [s for u in hidden for s in (u["name"], u["id"])]
    return out


@pytest.fixture(scope="module")
def keyed(tmp_path_factory):
    """The default campaign keyed as File > Passphrases keys it, and the passphrase files."""
    folder = tmp_path_factory.mktemp("log_secrets")
    c, ring = hand_kept(), Keyring()
    gm, private = new_key(PASSES["gm"], holder="gm")
    ring.add("gm", private)
    c = with_key(c, "gm", gm, ring)
    for team in ("alliance", "coalition"):
        c = with_key(c, team, new_key(PASSES[team], holder=team, pin=pin_of(c.keys))[0], ring)
    save_campaign(c, folder / "K.json")
    for name, text in PASSES.items():
        (folder / f"{name}.txt").write_text(text + "\n")
    (folder / "answers.json").write_text(json.dumps(MOVE))
    return folder


def turn(folder, viewer, out_name):
    out, err = io.StringIO(), io.StringIO()
    code = turn_run([str(folder / "K.json"), "--passphrase", f"gm={folder / 'gm.txt'}", "--answers",
                     str(folder / "answers.json"), "--viewer", viewer, "--out", str(folder / out_name)], out, err)
    assert code == 0, err.getvalue()
    return out.getvalue()


def test_the_secrets_searched_for_are_the_shadow_squadron():
    assert {"Shadow Squadron (cloaked)", "rom-shadow", "RIS Talon", "RIS Vaed", "RIS Sith"} <= set(coalition_secrets())


def test_the_alliance_reads_no_line_about_the_cloaked_fleet(keyed):
    stdout = turn(keyed, "alliance", "M.json")
    saved = (keyed / "M.json").read_text()
    assert "moves to 0509" in stdout  # the Alliance's own and the visible fleets' lines are there
    for secret in coalition_secrets():
        assert secret not in stdout, f"the Alliance's stdout names {secret!r}"
        assert secret not in saved, f"the saved file, read without a passphrase, names {secret!r}"


def test_the_coalition_and_the_gm_read_its_lines_and_the_file_keeps_them_sealed(keyed):
    assert "Shadow Squadron (cloaked) moves to 0509" in turn(keyed, "coalition", "C.json")
    assert "Shadow Squadron (cloaked) moves to 0509" in turn(keyed, "gm", "G.json")
    opened = load_with_passphrases(keyed / "G.json", {"gm": PASSES["gm"]})
    lines = [e for e in opened.log if "Shadow Squadron (cloaked)" in e.text or "RIS Talon" in e.text]
    assert lines and {tuple(e.secret_of) for e in lines} == {("coalition",)}
    assert opened.log[-1].text == load_with_passphrases(keyed / "G.json", {"coalition": PASSES["coalition"],
                                                                          "alliance": PASSES["alliance"]}).log[-1].text
