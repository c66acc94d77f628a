"""Issue 25 headless: the new STCS acts through ``main.py battle`` - a cloaked ship moved by its side in
secret prints the same bytes to Blue whether it crossed the map or held still (Red's view differs),
and a tractor beam taken from an answers file gives the same bytes under any hash seed."""
from __future__ import annotations

import json

from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.v13.helpers import AT
from tests.test_main_cli_stcs import battle


def bop_heading() -> str:
    run = STCSBattle(stcs_campaign(), AT)
    run.answer("sublight")
    run.answer([])
    return run.engine.facing["bop"].name


def test_blue_reads_the_same_bytes_whether_the_cloaked_ship_moved(tmp_path):
    h = bop_heading()
    moved = ["sublight", [], "move:bop", "9", f"{h}:9", "next", "none"]
    held = ["sublight", [], "move:bop", "0", f"{h}:0", "next", "none"]
    out = {}
    for name, answers in (("moved", moved), ("held", held)):
        for viewer in ("blue", "red"):
            (tmp_path / name).mkdir(exist_ok=True)
            r = battle(tmp_path / name, answers, viewer=viewer)
            assert r.returncode == 0, r.stderr
            out[name, viewer] = r.stdout
    assert out["moved", "blue"] == out["held", "blue"]
    assert out["moved", "red"] != out["held", "red"] and "Bird of Prey moves at speed 9" in out["moved", "red"]
    assert "moves at speed" not in out["moved", "blue"]


def test_a_tractor_beam_from_an_answers_file_gives_the_same_bytes(tmp_path):
    answers = ["warp", "shields:enterprise", "toward:lexington", "shields:lexington", "toward:enterprise",
               "tractor:enterprise", "lexington", 10]  # Shield Control, in secret, then the beam
    one, two = battle(tmp_path, answers, hash_seed="1"), battle(tmp_path, answers, hash_seed="2")
    assert one.returncode == 0, one.stderr
    assert one.stdout == two.stdout
    log = " ".join(e["text"] for e in json.loads(one.stdout)["log"])
    assert "Enterprise's tractor beam" in log
