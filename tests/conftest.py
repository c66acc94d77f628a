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


@pytest.fixture(autouse=True)
def _no_failure_unseen():
    """A failure told to the user at the app's edge (app.shell.errors: a slot, the autosave thread...)
    fails the test, unless the test took it (``app.shell.errors.take()``) to check it."""
    import sys

    errors = sys.modules.get("app.shell.errors")
    if errors is not None:
        errors.take()  # another test's leftovers are not this test's failure
    yield
    errors = sys.modules.get("app.shell.errors")
    left = errors.take() if errors is not None else []
    if left:
        pytest.fail("failure reported to the user during the test:\n" + "\n".join(
            f"{f.what} failed: {f.words}\n{f.details}" for f in left), pytrace=False)


@pytest.fixture(scope="session", autouse=True)
def _cheap_passphrases():
    """The test-only switch of scrypt's cost (docs/SECRETS.md): keys made in tests cost 2**10,
    not 2**17, so the suite stays fast. A module attribute set here, never anything a file can
    select; tests/rules/model/test_seals.py proves a file cannot lower the real floor."""
    from rules.model import seals

    real = seals.LOG_N
    seals.LOG_N = 10
    yield
    seals.LOG_N = real
