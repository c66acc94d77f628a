"""What the main window's first frame does not need is made or imported later (issue 21: start
to an interactive window < 0.5 s and within 3x the bare PySide6 import): the tactical map's
1,260 hexes (its dock starts closed), the Empire Sheet and the campaign log (their docks start
hidden) and the sheet's economy, the passphrase dialogs (the GM view asks when opened), the Combat Phase (the default campaign starts in the Income Phase),
the battle systems' registry (Turn > Battle System fills itself as it opens) and pydantic's plugin
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
print(json.dumps({"modules": sorted(m for m in ("rules.economy.sheet", "rules.systems.registry", "app.shell.campaign_log",
                                                "app.shell.empire_sheet", "rules.turn.combat_phase",
                                                "app.shell.passphrases") if m in sys.modules),
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
    default = json.loads((ROOT / "scenarios" / "default_campaign.json").read_text(encoding="utf-8"))
    assert not default.get("log")  # nothing to read: the campaign log dock is not made (app/shell/docks.py)
    assert got == {"modules": [], "hexes": 0, "plugins searched": False, "map": 140}, got


INCOME = """
import json, sys
import main
main._preload()
from PySide6.QtWidgets import QApplication
from app.shell.window import MainWindow
from pathlib import Path
app = QApplication(sys.argv[:1])
window = MainWindow(Path(sys.argv[1]), offer_recovery=False, reopen_last=False)
window.show()
app.processEvents()
print(json.dumps({"phase": window.campaign.phase.value, "combat phase": "rules.turn.combat_phase" in sys.modules,
                  "answer": window.answer_turn_action.isEnabled(), "end phase": window.end_phase_action.isEnabled()}))
window.close()
"""


def test_a_start_in_an_empire_phase_imports_no_combat_phase(tmp_path):
    """The window asks the engine for the Income Phase's question without the Combat Phase's
    modules (issue 21: ~11 ms of a start in the Income Phase): Turn > Answer is on, End Phase off."""
    data = json.loads((ROOT / "scenarios" / "default_campaign.json").read_text(encoding="utf-8"))
    data["phase"] = "income"
    data["settings"]["empire_turn"] = "seed004"
    path = tmp_path / "income.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", BATTLEHEX_DATA=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    r = subprocess.run([sys.executable, "-c", INCOME, str(path)], cwd=ROOT, capture_output=True, text=True, env=env,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout.strip().splitlines()[-1])
    assert got == {"phase": "income", "combat phase": False, "answer": True, "end phase": False}, got
