"""The campaign-level B5 check (issue 24): ``main.py --check`` names every unit of an open Battle Hex fought with
Babylon 5 Fleet Action that has no B5 data, as a warning (exit 0): the engine leaves such units out of the battle,
and refuses it when a side is left with no ship (said beforehand too)."""
from __future__ import annotations

import json
import os
import subprocess
import sys

from hexmap import Label
from rules.battlehex.headless_systems import with_system
from rules.model import io
from rules.systems.b5.unready import LEFT_OUT, warnings
from tests.conftest import ROOT
from tests.play.walk import formed

AT = Label.parse("0604")


def _without_b5(c, ids):
    data = json.loads(io.dumps(c))  # a deep copy of the shared campaign
    for f in data["fleets"]:
        for u in f["units"]:
            if u["id"] in ids:
                del u["b5"]
    return type(c).model_validate(data)


def test_a_b5_battle_hex_with_every_unit_ready_has_no_warning() -> None:
    c, _ = formed(-1)
    assert warnings(with_system(c, AT, "b5", 1)) == []
    assert warnings(c) == []  # 0604 fought with the campaign's own system: not B5's concern


def test_each_unit_without_b5_data_is_named_with_the_rule_that_leaves_it_out() -> None:
    c, _ = formed(-1)
    c = _without_b5(with_system(c, AT, "b5", 1), {"lyr-dd-1"})
    [line] = warnings(c)
    assert line.startswith("Battle Hex 0604 (fought with Babylon 5 Fleet Action): 1 unit without B5 data, ")
    assert LEFT_OUT in line and line.endswith(": LSS Night Prowler (Coalition)"), line


def test_a_side_left_with_no_ship_is_said_to_be_refused() -> None:
    c, _ = formed(-1)
    c = _without_b5(with_system(c, AT, "b5", 1), {"lyr-ca-pride", "lyr-cw-1", "lyr-dd-1"})
    [line] = warnings(c)
    assert "3 units without B5 data" in line
    assert line.endswith("; Coalition is then left with no ship with Babylon 5 data, so the battle "
                         "is refused when it starts"), line


def test_main_check_prints_the_warning_and_exits_0(tmp_path) -> None:
    c, _ = formed(-1)
    path = tmp_path / "c.json"
    io.save_campaign(_without_b5(with_system(c, AT, "b5", 1), {"kz-eff-1"}), path)
    r = subprocess.run([sys.executable, "main.py", "--check", str(path)], cwd=ROOT, capture_output=True, text=True,
                       env={**os.environ, "QT_QPA_PLATFORM": "offscreen"}, timeout=300)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith(f"{path}: OK") and len(lines) == 2, r.stdout
    assert lines[1].startswith(f"{path}: warning: Battle Hex 0604 (fought with Babylon 5 Fleet Action): 1 unit ")
