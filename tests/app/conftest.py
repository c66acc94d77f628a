"""Each GUI test starts on an empty screen with the mouse pointer parked where no test aims.

Qt sends no move event for a move to where the pointer already is, so a pointer left by the
previous test on the same spot would swallow the next test's hover; a window a test left open
(a rules viewer, a list) would catch the next test's mouse."""
from __future__ import annotations

import pytest
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QApplication


@pytest.fixture(autouse=True)
def _clean_screen(qapp):
    QCursor.setPos(3, 997)
    yield
    for w in QApplication.topLevelWidgets():
        if w.isVisible():
            w.close()
    QApplication.processEvents()
