"""What the main window's first frame does not need is made or imported later (issue 21: start
to an interactive window < 0.5 s and within 3x the bare PySide6 import): the tactical map's
1,260 hexes (its dock starts closed), the empire sheet's economy (its dock starts hidden), the
battle systems' registry (Turn > Battle System fills itself as it opens) and pydantic's plugin
search through every installed package. A fresh process starts the window as main.py does."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
START = """
import json, sys
import main
main._preload()
from PySide6.QtWidgets import QApplication
from app.shell.window import MainWindow
from app.strategic.tactical_view import TacticalHexItem
import pydantic.plugin._loader as plugins
app = QApplication(sys.argv[:1])
window = MainWindow(None, offer_recovery=False, reopen_last=False)
window.show()
app.processEvents()
print(json.dumps({"modules": sorted(m for m in ("rules.economy.sheet", "rules.systems.registry") if m in sys.modules),
                  "hexes": sum(isinstance(i, TacticalHexItem) for i in window.tactical_scene.items()),
                  "plugins searched": plugins._plugins is not None, "map": len(window.strategic_view.scene().sector_items)}))
window.close()
"""


def test_the_first_frame_makes_and_imports_only_what_it_shows(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", BATTLEHEX_DATA=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    env.pop("PYDANTIC_DISABLE_PLUGINS", None)
    r = subprocess.run([sys.executable, "-c", START], cwd=ROOT, capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout.strip().splitlines()[-1])
    assert got == {"modules": [], "hexes": 0, "plugins searched": False, "map": 140}, got
