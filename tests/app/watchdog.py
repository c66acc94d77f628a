"""A modal dialog nobody answers fails the test that left it instead of stalling the run.

A window may open its next question by itself from a zero timer (``window_state.later``); a test
that stopped its :class:`tests.app.gui.Answerer` before that timer ran leaves the dialog's
``exec()`` waiting for ever once pytest-qt processes the events after the test: offscreen nobody
clicks, and the whole run (CI too) sits idle in a poll. :class:`ModalWatchdog` escapes such a
dialog after ``limit`` seconds and names it, so tests/app/conftest.py fails that test.
"""
from __future__ import annotations

import time

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialog, QWidget


class ModalWatchdog:
    """Rejects the active modal dialog once it has stayed open ``limit`` seconds, recording it.

    ``unanswered`` names each one escaped (its class and title). An answered dialog is gone long
    before the limit; one a test is still working on (the same dialog asked again after a refusal)
    stays well under it.
    """

    def __init__(self, limit: float = 60.0, interval: int = 500) -> None:
        self.limit = limit
        self.unanswered: list[str] = []
        self._seen: QWidget | None = None
        self._since = 0.0
        self._timer = QTimer()
        self._timer.setInterval(interval)
        self._timer.timeout.connect(self._poll)
        self._timer.start()

    def _poll(self) -> None:
        d = QApplication.activeModalWidget()
        if d is None or not d.isVisible():
            self._seen = None
            return
        now = time.monotonic()
        if d is not self._seen:
            self._seen, self._since = d, now
            return
        if now - self._since < self.limit:
            return
        self.unanswered.append(f"{type(d).__name__} '{d.windowTitle()}'")
        self._seen = None
        if isinstance(d, QDialog):
            d.reject()
        else:
            d.close()

    def stop(self) -> None:
        """Stop watching (the test's end)."""
        self._timer.stop()
