"""The GM's way out of a stuck Combat Phase step (issue 19): what the engine cannot ask, why,
and the ruling that settles it (:mod:`rules.turn.unblock`), with the GM's note for the log."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QLineEdit, QVBoxLayout, QWidget

from rules.turn.unblock import Stuck


class RulingDialog(QDialog):
    """Offers the GM to settle the step the Combat Phase cannot ask; accepted: settle it."""

    def __init__(self, stuck: Stuck, phase: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ruling_dialog")
        self.setWindowTitle(f"GM ruling: the {phase} phase is stuck")
        self.stuck = stuck
        text = QLabel(
            f"BattleHex could not go on with {stuck.where}: {stuck.error}.\n\n"
            "Without an answer the phase would wait for ever. As Game Master you may settle this step by a "
            f"ruling.\nThe ruling: {stuck.ruling}.\n\n"
            "The ruling goes into the campaign log with your note; Edit > Undo takes it back.", self)
        text.setObjectName("ruling_text")
        text.setTextFormat(Qt.TextFormat.PlainText)
        text.setWordWrap(True)
        text.setMinimumWidth(560)
        self.note_edit = QLineEdit(self)
        self.note_edit.setObjectName("ruling_note")
        self.note_edit.setPlaceholderText("What happened at the table (goes into the log; may be empty)")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.settle_button = buttons.addButton("Settle by GM ruling", QDialogButtonBox.ButtonRole.AcceptRole)
        self.settle_button.setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(text)
        layout.addWidget(QLabel("GM's note:", self))
        layout.addWidget(self.note_edit)
        layout.addWidget(buttons)

    def note(self) -> str:
        """The GM's note for the log."""
        return self.note_edit.text()
