"""The command line on a campaign with sealed secrets (issue 11): ``--check`` and ``battle``
name whose passphrase is needed, and with ``--passphrase NAME=FILE`` a holder replays the
battle byte for byte."""
from __future__ import annotations

import json

import pytest

from hexmap import Label
from rules.battle import BattleProcedure
from rules.model import load_campaign, save_campaign
from rules.model.seals import new_key
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from tests.conftest import DEFAULT
from tests.test_main_cli import TAU, _battle, _run

GM_PASS, ALLIANCE_PASS = "the game master", "alliance only"


@pytest.fixture(scope="module")
def sealed(tmp_path_factory):
    """The default campaign after movement, 0509's battle 5 answers in, sealed for the GM and the
    Alliance; with the passphrase files."""
    folder = tmp_path_factory.mktemp("sealed")
    c = load_campaign(DEFAULT)
    questions = end_movement(c, build_graph(c)).questions  # as `battle` does: each answered 'pay attention'
    formed = end_movement(c, build_graph(c), {(q.at, q.team, q.other): False for q in questions}).campaign
    b = BattleProcedure(formed, Label.parse("0509"), seed=4, answers=TAU)
    keys = {"gm": new_key(GM_PASS, 10)[0], "alliance": new_key(ALLIANCE_PASS, 10)[0]}
    path = folder / "sealed.json"
    save_campaign(b.saved().model_copy(update={"keys": keys}), path)
    for name, text in (("gm", GM_PASS), ("alliance", ALLIANCE_PASS), ("wrong", "not the passphrase")):
        (folder / f"{name}.txt").write_text(text + "\n")
    return path, folder


def test_check_names_whose_passphrase_is_needed(sealed):
    path, folder = sealed
    r = _run("--check", str(path))
    assert r.returncode == 1 and "holds secrets sealed for" in r.stderr and "the GM" in r.stderr
    ok = _run("--check", str(path), "--passphrase", f"gm={folder / 'gm.txt'}")
    assert ok.returncode == 0 and "OK" in ok.stdout, ok.stderr
    wrong = _run("--check", str(path), "--passphrase", f"gm={folder / 'wrong.txt'}")
    assert wrong.returncode == 1 and "not the passphrase of the GM" in wrong.stderr


def test_the_gm_replays_the_saved_battle_byte_for_byte(sealed, tmp_path):
    path, folder = sealed
    locked = _run("battle", str(path), "--hex", "0509", "--viewer", "gm", "--replay")
    assert locked.returncode == 2 and "a passphrase is needed" in locked.stderr and locked.stdout == ""
    replayed = _run("battle", str(path), "--hex", "0509", "--viewer", "gm", "--replay",
                    "--passphrase", f"gm={folder / 'gm.txt'}")
    assert replayed.returncode == 0, replayed.stderr
    plain = _battle(tmp_path, TAU)  # the same answers on the unsealed default campaign
    assert replayed.stdout == plain.stdout


def test_a_teams_key_alone_does_not_open_another_teams_secrets(sealed):
    """The Coalition's cloaked squadron is sealed for the GM (the Coalition holds no key): the
    Alliance's passphrase opens the Alliance's secrets only, and the command says what is missing."""
    path, folder = sealed
    r = _run("battle", str(path), "--hex", "0509", "--viewer", "alliance", "--replay",
             "--passphrase", f"alliance={folder / 'alliance.txt'}")
    assert r.returncode == 2 and "sealed for the GM" in r.stderr
    both = _run("battle", str(path), "--hex", "0509", "--viewer", "alliance", "--replay",
                "--passphrase", f"alliance={folder / 'alliance.txt'}", "--passphrase", f"gm={folder / 'gm.txt'}")
    assert both.returncode == 0 and json.loads(both.stdout)["answers_used"] == len(TAU)
