"""tests/app/watchdog.py: a modal dialog nobody answers is escaped and named, not waited on for ever."""
from __future__ import annotations

import time

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMessageBox

from tests.app.watchdog import ModalWatchdog


def test_a_modal_dialog_nobody_answers_is_escaped_and_named(qtbot):
    dog = ModalWatchdog(limit=0.5, interval=50)
    box = QMessageBox(QMessageBox.Icon.Question, "Nobody answers", "Still there?")
    start = time.monotonic()
    try:
        result = box.exec()  # offscreen, without the watchdog, this waits for ever
    finally:
        dog.stop()
    assert dog.unanswered == ["QMessageBox 'Nobody answers'"]
    assert result != QMessageBox.StandardButton.Ok
    assert time.monotonic() - start >= 0.5  # given its limit first (no upper bound: load only makes it later)


def test_a_dialog_answered_in_time_is_left_alone(qtbot):
    dog = ModalWatchdog(limit=5.0, interval=50)
    box = QMessageBox(QMessageBox.Icon.Question, "Answered", "Yes?")
    qtbot.addWidget(box)
    answered: list[bool] = []

    def answer() -> None:
        answered.append(True)
        box.accept()

    QTimer.singleShot(300, answer)
    try:
        box.exec()
    finally:
        dog.stop()
    assert answered == [True] and dog.unanswered == []
