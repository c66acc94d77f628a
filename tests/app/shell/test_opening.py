"""Opening the main window as main.py does (issue 21, app/shell/opening.py): a plain start (no
first frame kept, or a file named) imports nothing of the stand-in (~20 ms of Qt types it only
needs behind a kept frame) and keeps its first frame for the next start."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PLAIN = """
import sys
import main
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
opening = main._opening(None, None, False, True)
opening.show()
for _ in range(20):
    app.processEvents()
from app.shell import first_frame
print(opening.drawn, "app.shell.stand_in" in sys.modules, first_frame.read_picture(opening.key) is not None)
opening.tear_down()
"""


def test_a_plain_start_imports_nothing_of_the_stand_in_and_keeps_its_frame(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", BATTLEHEX_DATA=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path))
    r = subprocess.run([sys.executable, "-c", PLAIN], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split()[-3:] == ["False", "False", "True"], r.stdout
