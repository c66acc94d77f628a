"""A class's factors in Campaign > Unit Lists... (issue 23): the counter as built is the Unit
record's fields, typed as JSON in their own dialog (the engine checks them), and shown in the
table in words, never as JSON (issue 22: plain text)."""
from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QLabel, QPlainTextEdit, QTableWidget, QTableWidgetItem,
                               QVBoxLayout, QWidget)


class FactorsDialog(QDialog):
    """A class's counter typed: the Unit record's fields as JSON (the engine checks them)."""

    def __init__(self, name: str, factors: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Factors of {name}")
        lay = QVBoxLayout(self)
        note = QLabel("The counter as built: the Unit record's fields (docs/campaign_format.md), e.g. "
                      "\"size_class\", \"fe\", \"afef\", \"combat_bpv\". The class and name are the row's.")
        note.setWordWrap(True)
        lay.addWidget(note)
        self.text = QPlainTextEdit()
        self.text.setAccessibleName("Factors")
        try:
            self.text.setPlainText(json.dumps(json.loads(factors or "{}"), indent=2, sort_keys=True))
        except ValueError:
            self.text.setPlainText(factors)
        lay.addWidget(self.text)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        box.accepted.connect(self.accept)
        box.rejected.connect(self.reject)
        lay.addWidget(box)
        self.resize(560, 520)

    def factors(self) -> str:
        """The text as typed, on one line when it is JSON."""
        t = self.text.toPlainText()
        try:
            return json.dumps(json.loads(t), sort_keys=True)
        except ValueError:
            return t


def item(text: str, editable: bool = True, tip: str = "") -> QTableWidgetItem:
    it = QTableWidgetItem(text)
    if not editable:
        it.setFlags(it.flags() & ~Qt.ItemFlag.ItemIsEditable)
    if tip:
        it.setToolTip(tip)
    return it


def factors_words(factors: str) -> str:
    """A class's factors as a person reads them ("combat bpv 125, afef: af 4, ef 8"), not as JSON;
    text that is not JSON (typed, to be refused on OK) as it was typed."""
    def words(value: object) -> str:
        if isinstance(value, dict):
            return ", ".join(f"{str(k).replace('_', ' ')}{': ' if isinstance(v, dict) else ' '}{words(v)}"
                             for k, v in sorted(value.items()))
        if isinstance(value, list):
            return " / ".join(words(v) for v in value) or "none"
        if isinstance(value, bool):
            return "yes" if value else "no"
        return "none" if value is None else str(value).replace("_", " ")

    try:
        parsed = json.loads(factors or "{}")
    except ValueError:
        return factors
    if not isinstance(parsed, dict):
        return factors
    return words(parsed) if parsed else "a new unit's (every factor its default)"


def factors_cell(factors: str) -> QTableWidgetItem:
    """The Factors cell: the words shown, the JSON kept under Qt.UserRole for the engine."""
    it = item(factors_words(factors), False, factors_tip(factors))
    it.setData(Qt.ItemDataRole.UserRole, factors)
    return it


def factors_of(table: QTableWidget, row: int) -> str:
    """The JSON of the class row ``row``'s factors (what the engine reads)."""
    it = table.item(row, 5)
    if it is None:
        return ""
    kept = it.data(Qt.ItemDataRole.UserRole)
    return kept if isinstance(kept, str) else it.text()


def factors_tip(factors: str) -> str:
    """A class's factors in words, then how to type them."""
    return f"{factors_words(factors)}\n\nDouble-click, or Edit Factors..., to type them (the Unit record's fields)"
