"""A choice's options are never cut at QT_SCALE_FACTOR=2 on a 1600 x 1000 screen (issue 22, any
screen; seen on the real screen at 0907 of the default campaign, STCS): "warp-speed combat (no
warping in or out; a ship moves at most its emergency warp)" ended at "emergency wa". Qt opens a
dialog with wrapped words at most two thirds of the screen wide (533 logical pixels there), and
the dialog's own minimum width (520) kept its layout from asking for the 560 the option needs:
a radio button's words do not wrap."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

PROBE = """
import json, sys
from PySide6.QtWidgets import QApplication, QRadioButton
app = QApplication(sys.argv)
from app.widgets.question_dialogs import QuestionDialog
from rules.battlehex.questions import choose
from rules.battlehex.log import GM
words = {"sublight": "sub-light combat (warping in and out allowed)",
         "warp": "warp-speed combat (no warping in or out; a ship moves at most its emergency warp)"}
q = choose("stcs/mode", GM, "STCS Warp Movement Rules",
           "Game Master: is this battle fought at sub-light or warp speeds?", ["sublight", "warp"])
q.data["option_words"] = words
d = QuestionDialog(q, "Game Master")
d.show()
app.processEvents()
area = d.screen().availableGeometry()
print(json.dumps({"buttons": [[b.text(), b.width(), b.sizeHint().width()] for b in d.findChildren(QRadioButton)],
                  "dialog": [d.width(), d.height()], "screen": [area.width(), area.height()]}))
"""


def test_a_long_option_is_whole_at_scale_factor_2(tmp_path):
    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [{"name": "small", "x": 0, "y": 0, "width": 1600, "height": 1000,
                                               "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}))
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}", "QT_SCALE_FACTOR": "2"}
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(PROBE)], cwd=ROOT, env=env, check=False,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["screen"] == [800, 500]
    assert len(out["buttons"]) == 2
    for text, width, needed in out["buttons"]:
        assert width >= needed, (text, width, needed, out["dialog"])  # before: 511 < 538, "...emergency wa"
    w, h = out["dialog"]
    assert w <= 800 and h <= 500
