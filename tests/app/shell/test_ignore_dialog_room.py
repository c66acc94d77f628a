"""The V13.16 / V13.18 ignore questions at QT_SCALE_FACTOR=2 on a 1600 x 1000 screen (issue 22,
any screen): on the real screen the dialog opened 333 logical pixels tall, Qt's two thirds of
the screen, and every question's two lines were cut at the top and the bottom. Each line of
words now gets the height it needs."""
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
from PySide6.QtWidgets import QApplication, QGroupBox, QLabel
app = QApplication(sys.argv)
from app.shell.turn_dialogs import IgnoreDialog
from hexmap import Label
from rules.strategic.battle_hex import IgnoreQuestion
names = {"alliance": "Alliance", "orions": "Orion Pirates", "coalition": "Coalition"}
qs = [IgnoreQuestion(Label.parse("0703"), "alliance", "orions", ("a", "b"), "V13.16", False,
                     ("Black Mira's Revenge", "Jade Serpent")),
      IgnoreQuestion(Label.parse("0907"), "alliance", "coalition", ("c",), "V13.18", False,
                     ("IKV Kor'Vat (sub-light monitor)",))]
d = IgnoreDialog(qs, names, team="alliance")
d.show()
app.processEvents()
area = d.screen().availableGeometry()
labels = [l for l in d.findChildren(QLabel) if l.wordWrap()]
print(json.dumps({"labels": [[l.text()[:30], l.height(), l.heightForWidth(l.width())] for l in labels],
                  "dialog": [d.width(), d.height()], "screen": [area.width(), area.height()]}))
"""


def test_the_ignore_questions_are_not_cut_at_scale_factor_2(tmp_path):
    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [{"name": "small", "x": 0, "y": 0, "width": 1600, "height": 1000,
                                               "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}))
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}", "QT_SCALE_FACTOR": "2"}
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(PROBE)], cwd=ROOT, env=env, check=False,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["screen"] == [800, 500]
    assert len(out["labels"]) == 3  # the intro and the two questions
    for text, height, needed in out["labels"]:
        assert height >= needed, (text, height, needed, out["dialog"])
    w, h = out["dialog"]
    assert w <= 800 and h <= 500
