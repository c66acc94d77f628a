"""Leaving the program with a battle window open (issue 22: the benchmarks, and a person quitting
with a battle still on screen, printed "RuntimeError: ... QUndoStack already deleted" tracebacks
at exit: the undo stacks, cleared as they are destroyed, signalled a window that still listened)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

SCRIPT = """
import sys, tempfile
from pathlib import Path
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QDialog
from app.shell.turn_dialogs import IgnoreDialog
from app.shell.window import MainWindow
from tests.app.battle.test_window import set_up_0604
from tests.app.gui import v13_copy

app = QApplication(sys.argv)
IgnoreDialog.exec = lambda d: QDialog.DialogCode.Accepted  # End Movement's ignore questions
folder = Path(sys.argv[1])
main = MainWindow(settings=QSettings(str(folder / "s.ini"), QSettings.Format.IniFormat))
main.show()
assert main.open_campaign(v13_copy(folder))
main.end_movement()
bw = main.fight(next(b.at for b in main.campaign.battle_hexes if str(b.at) == "0604"))
bw.auto_dialogs = False
set_up_0604(bw)  # answers on the battle's undo stack
app.processEvents()
assert bw.isVisible() and bw.ctl.undo_stack.count() > 0
print("battle open", flush=True)
"""


def test_leaving_with_a_battle_window_open_prints_no_traceback(tmp_path):
    home = tmp_path / "home"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(home), XDG_CONFIG_HOME=str(home / ".config"),
               XDG_DATA_HOME=str(home / ".local" / "share"), PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path)], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "battle open" in done.stdout, done.stdout
    assert "Traceback" not in done.stderr and "already deleted" not in done.stderr, done.stderr[-3000:]
