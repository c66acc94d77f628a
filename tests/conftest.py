"""Test set-up: Qt runs headless; nothing a test writes lands in the user's settings."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ROOT / "scenarios" / "default_campaign.json"


@pytest.fixture
def default_data() -> dict:
    """The built-in campaign as plain JSON data, to spoil in tests."""
    return json.loads(DEFAULT.read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def _autosave_in_tmp(tmp_path, monkeypatch):
    """Autosaves go to the test's own folder, never the user's data directory."""
    monkeypatch.setenv("BATTLEHEX_DATA", str(tmp_path / "userdata"))
