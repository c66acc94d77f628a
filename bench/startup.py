"""Start-up bench (issue 10): ``main.py`` with no arguments (the built-in campaign), from the
process's start to the main window shown, its first frame painted and the event loop idle
(``main.py --startup-probe`` reports it). Median of 5 runs in fresh processes, offscreen, with
settings and autosaves in a temporary folder; never asserts times.

Two figures: with the bytecode cached (what a user sees from the second start of an installed
or checked-out copy: one start before the measured ones fills the cache, kept apart in a
temporary folder) and with none (``PYTHONDONTWRITEBYTECODE``: every module compiled again).

    python bench/startup.py
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from common import SMOKE, Row, main  # noqa: E402

GOAL = "< 500 ms"
MEASURED = "fresh process start to its first frame painted and the event loop idle, offscreen"


def start_once(env: dict[str, str]) -> float:
    """One start of main.py: milliseconds from the process's start to the idle window."""
    env = dict(env, BATTLEHEX_T0=repr(time.time()))
    out = subprocess.run([sys.executable, "main.py", "--startup-probe"], cwd=ROOT, env=env, capture_output=True,
                         text=True, check=True, timeout=60).stdout
    line = next(x for x in out.splitlines() if x.startswith("startup to interactive window"))
    return float(line.rsplit("from process start", 1)[1].split()[0])


def rows(runs: int = 5) -> list[Row]:
    with tempfile.TemporaryDirectory(prefix="battlehex-startup-") as tmp:
        base = dict(os.environ, QT_QPA_PLATFORM="offscreen", BATTLEHEX_DATA=tmp, XDG_CONFIG_HOME=tmp)
        cached = dict(base, PYTHONPYCACHEPREFIX=str(Path(tmp) / "pycache"))
        cached.pop("PYTHONDONTWRITEBYTECODE", None)
        start_once(cached)  # fills the bytecode cache
        warm = statistics.median(start_once(cached) for _ in range(runs))
        cold = statistics.median(start_once(dict(base, PYTHONDONTWRITEBYTECODE="1")) for _ in range(runs))
    return [Row(f"start-up to an interactive main window (median of {runs})", warm, GOAL),
            Row(f"start-up, no bytecode cache (median of {runs})", cold)]


if __name__ == "__main__":
    main(lambda: rows(1 if SMOKE else 5))
