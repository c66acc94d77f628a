"""The strategic map's viewport is made by the view, the same widget Qt would make (issue 21:
start to an interactive window within 3x the bare PySide6 import): handing Qt's own viewport
to Python (the overlay legend is placed by it at start) made PySide6 build some 30 Qt enum types
of classes the window never uses (QWizard's, QFontDialog's...) while it looked up the widget's
class, ~5 ms of every start. A fresh process starts as ``python main.py`` does."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsView

from app.strategic.view import StrategicView

ROOT = Path(__file__).resolve().parents[3]
START = """
import builtins, enum, json, sys
made, seen = [], {}
create = enum.EnumType._create_
def counting(cls, name, *args, **kw):
    made.append(name)
    return create(cls, name, *args, **kw)
enum.EnumType._create_ = counting
say = builtins.print
def print(*args, **kw):
    if args and str(args[0]).startswith("startup to interactive window"):
        seen["wizard"] = "WizardButton" in made
    say(*args, **kw)
builtins.print = print
sys.argv = ["main.py", "--startup-probe"]
import main
code = main.main()
say(json.dumps(dict(seen, code=code)))
"""


def test_the_start_builds_no_enum_types_for_the_maps_viewport(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", BATTLEHEX_DATA=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    r = subprocess.run([sys.executable, "-c", START], cwd=ROOT, capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout.strip().splitlines()[-1]) == {"wizard": False, "code": 0}


def test_the_viewport_is_the_widget_qt_would_make(qtbot):
    ours, theirs = StrategicView(), QGraphicsView()
    theirs.setMouseTracking(True)  # as the strategic view does (it shows the sector under the pointer)
    for view in (ours, theirs):
        qtbot.addWidget(view)
        view.show()

    def looks(v) -> dict:
        w = v.viewport()
        return {"name": w.objectName(), "role": w.backgroundRole(), "fill": w.autoFillBackground(),
                "proxy": w.focusProxy() is v, "attributes": [a for a in Qt.WidgetAttribute if w.testAttribute(a)]}

    assert looks(ours) == looks(theirs)
