"""Qt for Python's import hook checks every module imported after PySide6 for the word
"PySide6" (its ``__feature__`` switching). It asked ``inspect.getsource``, which read each file
line by line through ``linecache`` and kept its text: ~12 ms of the start (issue 21: start to
an interactive window within 3x the bare PySide6 import) and every module's source held in
memory. main.py's stand-in reads the bytes and gives the same answers."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
START = """
import builtins, json, linecache, sys
seen = {}
say = builtins.print
def print(*args, **kw):
    if args and str(args[0]).startswith("startup to interactive window"):
        seen.update(kept=sorted(f for f in linecache.cache if "/app/" in f))
    say(*args, **kw)
builtins.print = print
sys.argv = ["main.py", "--startup-probe"]
import main
code = main.main()
say(json.dumps(dict(seen, code=code)))
"""


def test_the_start_keeps_no_module_source_in_memory(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", BATTLEHEX_DATA=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    r = subprocess.run([sys.executable, "-c", START], cwd=ROOT, capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout.strip().splitlines()[-1])
    assert got == {"kept": [], "code": 0}, got


SAME = """
import json, sys, types
import main, PySide6
feature = sys.modules["shibokensupport.feature"]
slow = feature._mod_uses_pyside
main._quick_feature_check()
main._quick_feature_check()  # once only: not a stand-in for the stand-in
import app.shell.window, json as plain, PySide6.QtCore
quick = feature._mod_uses_pyside
mods = [m for m in list(sys.modules.values()) if isinstance(m, types.ModuleType)]
mods.append(types.ModuleType("made_here"))
print(json.dumps(dict(stand_in=quick is not slow and quick.quick and quick.__closure__ is not None,
                      differ=[m.__name__ for m in mods if quick(m) != slow(m)],
                      uses=[quick(app.shell.window), quick(plain), quick(PySide6.QtCore)])))
"""


def test_the_stand_in_answers_as_qt_for_pythons_own_check():
    r = subprocess.run([sys.executable, "-c", SAME], cwd=ROOT, capture_output=True, text=True, timeout=120,
                       env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout.strip().splitlines()[-1])
    assert got == {"stand_in": True, "differ": [], "uses": [True, False, False]}, got


HOOK = """
import builtins, json, sys
seen = {}
say = builtins.print
def print(*args, **kw):
    if args and str(args[0]).startswith("startup to interactive window"):
        feature = sys.modules["shibokensupport.feature"]
        seen.update(hook=builtins.__import__.__name__,
                    checked=sorted(m for m in feature.pyside_feature_dict if m.split(".")[0] in ("app", "rules")))
    say(*args, **kw)
builtins.print = print
sys.argv = ["main.py", "--startup-probe"]
import main
code = main.main()
say(json.dumps(dict(seen, code=code)))
"""


def test_the_start_takes_qt_for_pythons_feature_hook_off(tmp_path):
    """No Python function in front of each import statement, no module's source read for the word
    "PySide6" (issue 21: the start with no kept first frame, ~10 ms CPU): BattleHex selects no
    ``__feature__`` (the next test), so Qt reads every module alike without them."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", BATTLEHEX_DATA=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    r = subprocess.run([sys.executable, "-c", HOOK], cwd=ROOT, capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout.strip().splitlines()[-1])
    assert got["hook"] != "__feature_import__" and got["checked"] == [] and got["code"] == 0, got


def test_no_module_selects_a_qt_for_python_feature():
    """What taking the hook off rests on: no ``from __feature__ import ...`` anywhere in BattleHex
    (snake_case or true_property would need the hook)."""
    import ast

    found = []
    for path in [ROOT / "main.py", *(p for d in ("app", "rules", "hexmap", "bench") for p in (ROOT / d).rglob("*.py"))]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [node.module] if isinstance(node, ast.ImportFrom) else \
                [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if "__feature__" in names:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []
