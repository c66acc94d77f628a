"""A window that shows the rules texts shipped with BattleHex, with find-as-you-type."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QDialog, QHBoxLayout, QLabel, QLineEdit, QPlainTextEdit, QPushButton, QVBoxLayout

from app.paths import RULES_TEXTS


@dataclass(frozen=True)
class RulesText:
    title: str
    path: Path
    shortcut: str = ""


def rules_texts(folder: Path = RULES_TEXTS) -> list[RulesText]:
    """The rules texts listed in ``assets/rules/index.json``, in menu order."""
    entries = json.loads((folder / "index.json").read_text(encoding="utf-8"))
    return [RulesText(e["title"], folder / e["file"], e.get("shortcut", "")) for e in entries]


class RulesViewer(QDialog):
    """One rules text, read-only, with a find box (Ctrl+F, Enter / F3 for the next match)."""

    def __init__(self, text: RulesText, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle(text.title)
        self.resize(900, 760)
        self.view = QPlainTextEdit(self)
        self.view.setReadOnly(True)
        self.view.setPlainText(text.path.read_text(encoding="utf-8", errors="replace"))
        self.find = QLineEdit(self)
        self.find.setPlaceholderText("Find (e.g. V13.812)")
        self.find.returnPressed.connect(self.find_next)
        self.find.textEdited.connect(lambda _t: self.find_next(from_top=True))
        self.status = QLabel("", self)
        nxt = QPushButton("Next", self)
        nxt.clicked.connect(lambda: self.find_next())
        row = QHBoxLayout()
        row.addWidget(self.find, 1)
        row.addWidget(nxt)
        row.addWidget(self.status)
        lay = QVBoxLayout(self)
        lay.addLayout(row)
        lay.addWidget(self.view, 1)
        QShortcut(QKeySequence.Find, self, activated=self.find.setFocus)
        QShortcut(QKeySequence.FindNext, self, activated=self.find_next)

    def find_next(self, from_top: bool = False) -> bool:
        """Select the next occurrence of the find text; wrap around once."""
        needle = self.find.text()
        if not needle:
            self.status.setText("")
            return False
        if from_top:
            cursor = self.view.textCursor()
            cursor.setPosition(0)
            self.view.setTextCursor(cursor)
        found = self.view.find(needle)
        if not found:
            cursor = self.view.textCursor()
            cursor.setPosition(0)
            self.view.setTextCursor(cursor)
            found = self.view.find(needle)
        self.status.setText("" if found else "not found")
        return found

