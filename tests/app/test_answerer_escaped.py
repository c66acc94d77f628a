"""tests/app/gui.py's Answerer names a dialog it had to escape because it stayed open after its
answer (what the three-turn acceptance asserts never happens, in place of a wall-time limit)."""
from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from tests.app.gui import Answerer


def _shown(title: str, handler) -> Answerer:
    box = QMessageBox(QMessageBox.Icon.Question, title, "Still there?")
    answerer = Answerer(handler, interval=5)
    try:
        box.exec()  # offscreen: returns once the dialog is answered or escaped
    finally:
        answerer.stop()
    return answerer


def test_a_dialog_left_open_after_its_answer_is_escaped_and_named(qtbot):
    answerer = _shown("Left open", lambda d: True)  # "answered", yet left open
    assert answerer.seen == [("QMessageBox", "Left open")] and answerer.escaped == [("QMessageBox", "Left open")]


def test_a_dialog_its_answer_closes_is_not_named(qtbot):
    answerer = _shown("Closed", lambda d: d.accept() or True)
    assert answerer.seen == [("QMessageBox", "Closed")] and answerer.escaped == []
