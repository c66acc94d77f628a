"""The first Fight in a fresh process does not pay for the battle's imports (issue 21: first
Fight < 150 ms; it was 340-386 ms, some 150 modules imported by the Fight): once the window is
shown, main.py imports the engines and the battle window while the user looks at the map.
Run as a user starts the app (``main.py FILE``), with the probe bench/startup.py reads; no
timing is asserted, only what the Fight still had to import."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.hand_kept import hand_kept_data

ROOT = Path(__file__).resolve().parent.parent


def _battle_ready(tmp_path: Path) -> Path:
    """The default campaign (its empire turn kept by hand, tests/hand_kept.py) with V13's Combat Phase
    after End Movement (``main.py turn``): its Battle Hexes wait to be fought."""
    data = hand_kept_data()
    data["settings"]["combat_phase"] = "v13"
    campaign = tmp_path / "v13.json"
    campaign.write_text(json.dumps(data), encoding="utf-8")
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps(["end_movement", False, False, False]), encoding="utf-8")
    out = tmp_path / "battles.json"
    r = subprocess.run([sys.executable, "main.py", "turn", str(campaign), "--answers", str(answers), "--out", str(out)],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return out


def test_the_first_fight_of_a_fresh_process_finds_its_modules_imported(tmp_path):
    path = _battle_ready(tmp_path)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", BATTLEHEX_DATA=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"), BATTLEHEX_FIGHT_AFTER="5000")  # a slow, shared CI machine
    r = subprocess.run([sys.executable, "main.py", str(path), "--fight-probe", "0604"], cwd=ROOT, capture_output=True,
                       text=True, env=env, timeout=180)
    assert r.returncode == 0, r.stderr
    line = next(x for x in r.stdout.splitlines() if x.startswith("first fight: "))
    assert "(no battle window)" not in line, line
    assert "; 0 modules imported by it" in line, line
    # a reopened battle's checkpoint on disk is checked against the code's digest (~8 ms of reading)
    assert line.endswith("; the code digest ready"), line


WARMED = """
import builtins, json, sys
seen = {}
say = builtins.print
def print(*args, **kw):
    if args and str(args[0]).startswith("first fight: "):
        seen["menus"] = "app.strategic.menus" in sys.modules
        seen["dialogs"] = "app.shell.turn_dialogs" in sys.modules
    say(*args, **kw)
builtins.print = print
sys.argv = ["main.py", sys.argv[1], "--fight-probe", "0604"]
import main
code = main.main()
say(json.dumps(dict(seen, code=code)))
"""


def test_the_warm_up_also_imports_the_maps_right_click_menus(tmp_path):
    """The map's right-click menus and End Movement's dialogs are not imported before the first frame
    (tests/test_main_startup_imports.py); the warm-up imports them after what Fight needs, so the first
    right-click or End Movement does not wait for them either."""
    path = _battle_ready(tmp_path)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", BATTLEHEX_DATA=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"), BATTLEHEX_FIGHT_AFTER="5000")
    r = subprocess.run([sys.executable, "-c", WARMED, str(path)], cwd=ROOT, capture_output=True, text=True, env=env,
                       timeout=180)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout.strip().splitlines()[-1])
    assert got == {"menus": True, "dialogs": True, "code": 0}, r.stdout[-2000:]
