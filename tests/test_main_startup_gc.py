"""No garbage collection while the program starts (issue 21: start to an interactive window
within 3x the bare PySide6 import): the imports and the first window make some 100,000 objects
that last and no garbage, and the collector went through them ~120 times (~50 ms of a 420 ms
start). Once the window is up the collector is on again, with what the start made set aside for
good (``gc.freeze``). A fresh process starts as ``python main.py`` does."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
START = """
import builtins, gc, json, sys
runs, seen = [], {}
gc.callbacks.append(lambda phase, info: runs.append(info["generation"]) if phase == "start" else None)
say = builtins.print
def print(*args, **kw):
    if args and str(args[0]).startswith("startup to interactive window"):
        seen.update(collections=list(runs), on=gc.isenabled())
    say(*args, **kw)
builtins.print = print
sys.argv = ["main.py", "--startup-probe"]
import main
code = main.main()
say(json.dumps(dict(seen, code=code, after=gc.isenabled(), frozen=gc.get_freeze_count())))
"""


def test_the_start_collects_no_garbage_and_collects_again_once_the_window_is_up(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", BATTLEHEX_DATA=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    r = subprocess.run([sys.executable, "-c", START], cwd=ROOT, capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout.strip().splitlines()[-1])
    assert got["code"] == 0 and got["on"] and got["after"], got
    # before: ~120 (108 of the youngest, 10 middle, 1 full); now a few of the youngest once the window is up
    assert len(got["collections"]) <= 6 and set(got["collections"]) <= {0}, got
    assert got["frozen"] > 50_000, got  # the start's objects, set aside for good


def test_a_command_collects_again_before_it_runs(tmp_path):
    """``main.py --check`` and the headless commands run with the collector on (only their
    imports are spared it), and nothing is frozen in a process that did not start the window."""
    code = ("import gc, main\n"
            "main.check = lambda *a: print('collecting', gc.isenabled()) or 0\n"
            "assert main.main(['--check', 'x.json']) == 0 and gc.isenabled() and gc.get_freeze_count() == 0\n")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "collecting True" in r.stdout, r.stderr
