"""The start-up probe behind a kept first frame (issue 21, app/shell/start_probe.py): the first
frame is the stand-in's, the window ready comes after it with the longest stall of the event loop
in between, and a fresh process's first Fight is timed once the window is ready."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def _start(env: dict[str, str]) -> list[str]:
    r = subprocess.run([sys.executable, "main.py", "--startup-probe"], cwd=ROOT, capture_output=True, text=True,
                       env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout.strip().splitlines()[-2:]


def test_a_start_behind_the_kept_frame_reports_the_frame_then_the_window_and_its_longest_stall(tmp_path):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", BATTLEHEX_DATA=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path),
               BATTLEHEX_T0="1e9")
    for _ in range(6):  # the first start keeps its frame; the settings its close writes make the next key
        first, ready = _start(env)
        if ready.endswith("(kept first frame shown)"):
            break
    else:
        raise AssertionError(f"no start behind the kept first frame: {ready}")
    assert first.startswith("startup to interactive window: ") and ready.startswith("window ready: ")
    frame, window = float(first.split()[4]), float(ready.split()[2])
    stall = float(ready.split("; longest stall ")[1].split()[0])
    assert 0 < frame < window and 0 < stall < window - frame + 1
