"""The hot-seat hand-over screen of the battle window: nothing of the battle is shown until
the player the question is for says they have the screen (Enter or the button)."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from rules.battle.log import GM


class HandOverPage(QWidget):
    """"Pass the screen to ..." with the button the next player presses; ``take_over`` is
    called when they do."""

    def __init__(self, take_over: Callable[[], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.team: str | None = None
        self.setStyleSheet("QWidget { background: #20242e; } QLabel { color: #f2f2f2; }")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)  # the whole page dark, not the labels only
        lay = QVBoxLayout(self)
        lay.addStretch(1)
        self.label = QLabel("")
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.label.setStyleSheet("QLabel { font-size: 26px; font-weight: bold; }")
        self.label.setWordWrap(True)  # a long Team name wraps: the page never widens the window (issue 22)
        lay.addWidget(self.label)
        self.note = QLabel("Nothing of the battle is shown until the right player takes over.")
        self.note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.note.setWordWrap(True)
        lay.addWidget(self.note)
        row = QHBoxLayout()
        row.addStretch(1)
        self.button = QPushButton("")
        self.button.setStyleSheet("QPushButton { font-size: 16px; padding: 10px 24px; color: #101010; "
                                  "background: #f2c230; border-radius: 4px; }")
        self.button.clicked.connect(lambda: take_over())
        for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):  # Enter takes over too (the button has the focus)
            QShortcut(QKeySequence(key), self, activated=lambda: take_over(),
                      context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
        row.addWidget(self.button)
        row.addStretch(1)
        lay.addLayout(row)
        lay.addStretch(1)

    def ask_for(self, team: str, name: str) -> None:
        """Ask for the player of ``team`` (named ``name``)."""
        who = "Game Master" if team == GM else f"{name} commander"
        self.label.setText(f"Pass the screen to the {who}")
        self.button.setText(f"I am the {who} \u2014 show me")
        self.team = team
        QTimer.singleShot(0, self, lambda: self.button.setFocus())
