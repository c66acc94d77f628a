"""The start-up probe bench/startup.py reads (``main.py --startup-probe``) times the window's
start and not itself (issue 21: start to an interactive window within 3x the bare PySide6
import). It waited for the first frame with an event filter on the whole application, so every
event of every object (threads, settings, timers, Qt's private windows) was handed to Python,
and to hand them over Qt built some 70 enum types of classes the window never uses, QProcess's
among them (~12 ms of a ~400 ms start that a user's start never spends). The probe now watches
the main window alone, and still reports only once the map has been painted."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
START = """
import builtins, enum, json, sys
made, seen, painted = [], {}, []
create = enum.EnumType._create_
def counting(cls, name, *args, **kw):
    made.append(name)
    return create(cls, name, *args, **kw)
enum.EnumType._create_ = counting
say = builtins.print
def print(*args, **kw):
    if args and str(args[0]).startswith("startup to interactive window"):
        seen.update(process_enums="ProcessError" in made, map_painted=bool(painted))
    say(*args, **kw)
builtins.print = print
import main
from PySide6.QtCore import QEvent, QObject
class MapPaints(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint:
            painted.append(1)
        return False
probe = main._probe
def watched(app, opening, fight=None):
    global spy
    spy = MapPaints(opening.window)
    opening.window.strategic_view.viewport().installEventFilter(spy)
    probe(app, opening, fight)
main._probe = watched
sys.argv = ["main.py", "--startup-probe"]
code = main.main()
say(json.dumps(dict(seen, code=code)))
"""


def test_the_probe_reports_after_the_map_is_painted_and_makes_no_types_of_its_own(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", BATTLEHEX_DATA=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    r = subprocess.run([sys.executable, "-c", START], cwd=ROOT, capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout.strip().splitlines()[-1])
    assert got == {"process_enums": False, "map_painted": True, "code": 0}, got
