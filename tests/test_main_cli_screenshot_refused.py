"""``main.py --screenshot`` to a place it cannot write says so on stderr with the reason (I8's hostile command lines,
session of 2026-11-28): it printed 'could not write /nowhere/x.png' on stdout, with no reason, like a success line."""
from __future__ import annotations

import pytest

from tests.test_main_cli import _run


@pytest.mark.parametrize("where, why", [
    ("nowhere/x.png", "no such folder"),
    ("x.notapicture", "not a file name Qt can write a picture to (.png, .jpg, .bmp ...)"),
])
def test_a_screenshot_it_cannot_write_is_refused_on_stderr_with_the_reason(tmp_path, where, why):
    out = tmp_path / where
    r = _run("--screenshot", str(out))
    assert r.returncode == 1
    assert f"--screenshot {out}: could not write it ({why})" in r.stderr
    assert "could not write" not in r.stdout and not out.exists()
