"""``python main.py --check FILE`` on a file with a battle resolved and the inputs it began with
kept for its replay (issue 22, the Battle Hex record's ``began``): accepted; a malformed one is
refused naming the field."""
from __future__ import annotations

import json

import pytest

from hexmap import Label
from rules.model import save_campaign
from rules.model.visibility import mark
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from tests.play.random_battle import play_at_random
from tests.test_main_cli import _run
from tests.hand_kept import hand_kept

AT = Label.parse("0604")
QUIET = {(Label.parse("0703"), "alliance", "orions"): False, (Label.parse("0703"), "coalition", "orions"): False,
         (Label.parse("0907"), "alliance", "coalition"): False}


@pytest.fixture(scope="module")
def resolved(tmp_path_factory) -> tuple[str, int]:
    """A saved default campaign whose 0604 battle was fought by SIDCORS to its end: (text, index)."""
    c0 = hand_kept()
    g = build_graph(c0)
    before = mark(c0, end_movement(c0, g, QUIET).campaign)
    after = mark(before, play_at_random(before, AT, "sidcors", 4, g).run.saved())
    path = tmp_path_factory.mktemp("began") / "resolved.json"
    save_campaign(after, path)
    index = next(i for i, r in enumerate(after.battle_hexes) if r.at == AT and r.resolved)
    return path.read_text(encoding="utf-8"), index


def test_check_accepts_a_file_with_a_resolved_battle_kept(tmp_path, resolved):
    text, index = resolved
    assert json.loads(text)["battle_hexes"][index]["began"]["fleets"]
    path = tmp_path / "resolved.json"
    path.write_text(text, encoding="utf-8")
    r = _run("--check", str(path))
    assert r.returncode == 0, r.stderr
    assert f"{path}: OK" in r.stdout


@pytest.mark.parametrize("spoil, expected", [
    (lambda b: b.update(turn=0), "began.turn: "),
    (lambda b: b["fleets"][0].update(units=[]), "began.fleets[0].units: "),
    (lambda b: b.update(system="chess"), "began.system: "),
    (lambda b: b.update(garrison=[{"id": "x"}]), "began.garrison[0]."),
    (lambda b: b["fleets"][0].update(sector="9999"), "began.fleets[0].sector: sector 9999 does not exist"),
    (lambda b: b["fleets"][1].update(power="nobody"), "began.fleets[1].power: power 'nobody' does not exist"),
    (lambda b: b["fleets"][1].update(id=b["fleets"][0]["id"]), "began.fleets[1].id: "),
    (lambda b: b["fleets"][1]["units"].append(b["fleets"][0]["units"][0]), "began.fleets[1].units[3].id: "),
])
def test_check_refuses_a_malformed_began_naming_the_field(tmp_path, resolved, spoil, expected):
    text, index = resolved
    data = json.loads(text)
    spoil(data["battle_hexes"][index]["began"])
    path = tmp_path / "spoiled.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    r = _run("--check", str(path))
    assert r.returncode == 1, r.stdout
    assert f"{path}: battle_hexes[{index}].{expected}" in r.stderr, r.stderr
    assert "Traceback" not in r.stderr
