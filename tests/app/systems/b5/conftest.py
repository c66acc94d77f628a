"""The B5 GUI tests' shared set-up as fixtures: a Babylon 5 battle window, opened as the GM opens it,
its first answers given (tests/app/systems/b5/opening.py)."""
from __future__ import annotations

import pytest

from tests.app.systems.b5.opening import open_b5_by_ctrl_f, open_b5_window


@pytest.fixture
def b5_window(qtbot, tmp_path):
    """``open(answers=(), campaign=None, at="0604", hold=True, size=None) -> (main, battle window)``:
    :func:`tests.app.systems.b5.opening.open_b5_window` in the test's own folder."""
    return lambda *a, **kw: open_b5_window(qtbot, tmp_path, *a, **kw)


@pytest.fixture
def b5_by_ctrl_f(qtbot, tmp_path):
    """``open(campaign, at="0304") -> (main, battle window)``: :func:`tests.app.systems.b5.opening.
    open_b5_by_ctrl_f` in the test's own folder."""
    return lambda *a, **kw: open_b5_by_ctrl_f(qtbot, tmp_path, *a, **kw)
