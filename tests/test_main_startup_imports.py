"""Start-up imports only what the first window needs (issue 21: start to an interactive window
< 0.5 s and within 3x the bare PySide6 import): the cargo dialog, the passphrases dialog and
the rules viewer are imported when their menu is first used, not before the first frame, and
the map's right-click menus (with the cargo rules they ask) when the map is first right-clicked, and
End Movement's dialogs when it is first pressed (each also imported by the warm-up after the first frame). A
fresh process starts the window as main.py does (the engine first, then Qt and the window) and
lists which of them it imported."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LATER = ("app.shell.cargo_dialog", "app.shell.passphrases_dialog", "app.shell.rules_viewer",
         "app.strategic.menus", "rules.turn.logistics",  # the map's right-click menus and what they ask
         "app.shell.turn_dialogs")  # End Movement's and the Battle Hexes list's dialogs (~5 ms)
START = f"""
import sys
import main
main._preload()
from PySide6.QtWidgets import QApplication
from app.shell.window import MainWindow
app = QApplication(sys.argv[:1])
window = MainWindow(None, offer_recovery=False, reopen_last=False)
window.show()
app.processEvents()
print(sorted(m for m in {LATER!r} if m in sys.modules))
window.close()
"""


def test_the_first_window_does_not_import_what_only_a_menu_needs(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", BATTLEHEX_DATA=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    r = subprocess.run([sys.executable, "-c", START], cwd=ROOT, capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().splitlines()[-1] == "[]", r.stdout
