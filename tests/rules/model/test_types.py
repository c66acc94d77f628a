"""Issue 21 start-up: the campaign records build their validators at first use (defer_build),
so a start that takes the built-in campaign from the cache builds none before its window is up;
main.py's warm-up builds them all (build_all)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules.model import parse_campaign

ROOT = Path(__file__).resolve().parents[3]


def test_importing_the_model_builds_no_record_and_build_all_builds_every_one():
    code = ("import rules.model\n"
            "from rules.model import Campaign\n"
            "from rules.model.records import BattleStart\n"
            "from rules.model.types import Strict, build_all\n"
            "print(Campaign.__pydantic_complete__, BattleStart.__pydantic_complete__)\n"
            "n = build_all()\n"
            "todo, left = [Strict], []\n"
            "while todo:\n"
            "    cls = todo.pop(); todo.extend(cls.__subclasses__())\n"
            "    left += [cls.__name__] if cls is not Strict and not cls.__pydantic_complete__ else []\n"
            "print(n > 30, left, build_all())\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                         timeout=60).stdout.split("\n")
    assert out[0] == "False False", "importing the model built its records' validators"
    assert out[1] == "True [] 0"


def test_a_record_built_at_first_use_validates(default_data):
    """A deferred record still refuses a bad assignment (its validator built then)."""
    c = parse_campaign(json.dumps(default_data))
    with pytest.raises(ValueError, match="sector"):
        c.fleets[0].sector = "nowhere"
