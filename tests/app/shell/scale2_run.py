"""A check script run in a process of its own on one offscreen screen at QT_SCALE_FACTOR=2 (a window's fit
to a small screen cannot be seen in the test process, whose screen is fixed): what it printed last, as JSON."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

from tests.conftest import ROOT
from tests.hand_kept import hand_kept_file


def run_at_scale_2(tmp_path: Path, check: str, width: int, height: int) -> Any:
    """``check`` run with its settings file and the hand-kept default campaign as arguments, on a screen of
    ``width`` x ``height`` pixels at scale 2; the JSON of its last line."""
    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [{"name": "small", "x": 0, "y": 0, "width": width, "height": height,
                                               "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}))
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}", "QT_SCALE_FACTOR": "2",
           "BATTLEHEX_DATA": str(tmp_path / "data"), "HOME": str(tmp_path / "home")}
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(check), str(tmp_path / "s.ini"),
                        str(hand_kept_file(tmp_path))], cwd=ROOT, env=env,
                       check=False, capture_output=True, text=True, timeout=240)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout.strip().splitlines()[-1])
