"""pydantic's plugin loader imports ``importlib.metadata`` (email, zipfile, csv: ~20 ms, 5% of
the start, issue 21) when it builds its first model, even with every plugin off, which BattleHex
sets: main.py stands in for the loader then, and the first window imports none of it. With a
plugin on, pydantic's own loader is used. A fresh process starts the window as main.py does."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
START = """
import json, sys
import main
main._preload()
from PySide6.QtWidgets import QApplication
from app.shell.window import MainWindow
import pydantic.plugin._loader as loader
app = QApplication(sys.argv[:1])
window = MainWindow(None, offer_recovery=False, reopen_last=False)
window.show()
app.processEvents()
print(json.dumps({"metadata": "importlib.metadata" in sys.modules, "plugins": list(loader.get_plugins()),
                  "stand-in": loader.__file__ is None if hasattr(loader, "__file__") else True,
                  "map": len(window.strategic_view.scene().sector_items)}))
window.close()
"""


@pytest.mark.parametrize("plugins, stand_in", [(None, True), ("__all__", True), ("some_plugin", False)])
def test_with_every_plugin_off_the_first_window_imports_no_package_metadata(tmp_path, plugins, stand_in):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", BATTLEHEX_DATA=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    env.pop("PYDANTIC_DISABLE_PLUGINS", None)
    if plugins is not None:
        env["PYDANTIC_DISABLE_PLUGINS"] = plugins
    r = subprocess.run([sys.executable, "-c", START], cwd=ROOT, capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout.strip().splitlines()[-1])
    # before: importlib.metadata was imported with every plugin off too
    assert got == {"metadata": not stand_in, "plugins": [], "stand-in": stand_in, "map": 140}, got
