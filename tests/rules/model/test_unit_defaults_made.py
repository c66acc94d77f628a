"""Opening a file makes each unit's empty lists (``race_flags``, ``towing``) instead of deep-copying
a shared default for each (issue 21, cold reopen: two ``copy.deepcopy`` calls per unit were about a
quarter of validating a 300 v 300 file); a file's bytes do not change (empty lists are left out)."""
from __future__ import annotations

import copy
import sys
from pathlib import Path
from types import FrameType
from typing import Any

import main
from rules.model.io import campaign_text, load_campaign, save_campaign
from tests.play.duel import battle


def _deep_copies(path: Path) -> int:
    """How many times ``copy.deepcopy`` is called while ``main.py --check`` opens ``path``."""
    calls = 0

    def count(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal calls
        if event == "call" and frame.f_code is copy.deepcopy.__code__:
            calls += 1

    sys.setprofile(count)
    try:
        assert main.main(["--check", str(path)]) == 0
    finally:
        sys.setprofile(None)
    return calls


def test_opening_a_file_deep_copies_no_default_per_unit(tmp_path: Path) -> None:
    counts = {}
    for n in (20, 40):
        c, _ = battle(n, "afef")
        path = tmp_path / f"duel{n}.json"
        save_campaign(c, path)
        counts[n] = _deep_copies(path)
    assert counts[40] == counts[20], f"deep copies opening 40 v 40 and 20 v 20 units: {counts}"
    back = load_campaign(path)
    unit = back.fleets[0].units[0]
    assert unit.race_flags == [] and unit.towing == [] and unit.race_flags is not back.fleets[0].units[1].race_flags
    assert '"race_flags"' not in campaign_text(back) and '"towing"' not in campaign_text(back)
