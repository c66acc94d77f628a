"""Issue 21 (the plain start, within 3x of the bare PySide6 import): the main window's refit on
its first show (app/shell/window_state.py: unsqueeze, keep_central) looks at the window's own docks
only. ``findChildren(QDockWidget)`` walked the whole widget tree, and PySide6 hands every object of
it to Python to test its type: its inspector's text document, the docks' animations... whose Python
types were made then, their Qt enum types with them (QTextDocument's five, QAbstractAnimation's three),
before the first frame. The docks it keeps are the window's direct children, so it asks for those
alone. A fresh process shows the window as main.py does and lists the Qt enum types made meanwhile."""
from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SHOW = """
import enum, sys
import main
main._preload()
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
from app.shell.window import MainWindow
window = MainWindow(None, offer_recovery=False, reopen_last=False)
made = []
create = enum.EnumType._create_
def record(*args, **kw):
    cls = create(*args, **kw)
    made.append(cls.__qualname__)
    return cls
enum.EnumType._create_ = record
window.show()
for _ in range(5):  # the show, then the refit (a 0 ms timer)
    app.processEvents()
docks = {d.objectName(): d.width() for d in (window.inspector_dock, window.tactical_dock) if d.isVisible()}
print(sorted(made))
print(docks)
"""
TEXT_DOCUMENT = {"MarkdownFeature", "MetaInformation", "FindFlag", "ResourceType", "Stacks"}


def test_the_first_show_makes_no_qt_type_of_the_objects_inside_the_docks(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", BATTLEHEX_DATA=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    r = subprocess.run([sys.executable, "-c", SHOW], cwd=ROOT, capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    made, docks = r.stdout.strip().splitlines()[-2:]
    assert not TEXT_DOCUMENT & set(ast.literal_eval(made)), made
    widths = ast.literal_eval(docks)
    assert list(widths) == ["inspector"] and widths["inspector"] >= 240, docks  # the refit's docks as before
