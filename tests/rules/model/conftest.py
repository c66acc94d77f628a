from __future__ import annotations

import json
from pathlib import Path

import pytest

DEFAULT = Path(__file__).resolve().parents[3] / "scenarios" / "default_campaign.json"


@pytest.fixture
def default_data() -> dict:
    """The built-in campaign as plain JSON data, to spoil in tests."""
    return json.loads(DEFAULT.read_text(encoding="utf-8"))
