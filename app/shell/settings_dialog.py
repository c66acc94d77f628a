"""Campaign > Settings... (issue 23): the GM switches who runs the empire's turn, who enters the
Turn Orders, the Random Events option and the battle system for new Battle Hexes, as one undoable
change; the engine refuses what the campaign cannot take (rules/turn/settings_change.py), its
reason shown in the dialog, nothing changed."""
from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QVBoxLayout,
                               QWidget)

from rules.model.campaign import Campaign

EMPIRE = (("by_hand", "Kept by hand (the GM's spreadsheet)"), ("seed004", "Run by BattleHex (seed 004's economy)"))
ORDERS = (("gm", "The GM enters them"), ("powers", "Each power, behind its hand-over"))


class SettingsDialog(QDialog):
    """The four settings as they stand; :meth:`answer` is the change asked for."""

    def __init__(self, campaign: Campaign, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from rules.systems import systems

        self.setWindowTitle("Campaign Settings")
        s = campaign.settings
        lay = QVBoxLayout(self)
        head = QLabel("The GM's settings of this campaign, changed as one step (Edit > Undo takes it back).")
        head.setWordWrap(True)
        lay.addWidget(head)
        form = QFormLayout()
        self.empire_box, self.orders_box, self.system_box = QComboBox(), QComboBox(), QComboBox()
        for box, items, now in ((self.empire_box, EMPIRE, s.empire_turn), (self.orders_box, ORDERS, s.turn_orders),
                                (self.system_box, tuple((k, b.title) for k, b in systems().items()),
                                 s.battle_system)):
            for key, words in items:
                box.addItem(words, key)
            box.setCurrentIndex(max(0, box.findData(now)))
        self.events_box = QCheckBox("Random Events at End of Turn (seed 004's option; the GM enters each)")
        self.events_box.setChecked(s.random_events)
        for label, w in (("&Empire turn:", self.empire_box), ("Turn &Orders:", self.orders_box),
                         ("&Battle system for new Battle Hexes:", self.system_box), ("", self.events_box)):
            w.setAccessibleName(label.replace("&", "").rstrip(":") or "Random Events")
            form.addRow(label, w)
        lay.addLayout(form)
        self.refusal = QLabel()
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet("color: #b00020")
        self.refusal.setAccessibleName("Refused")
        self.refusal.hide()
        lay.addWidget(self.refusal)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.setMinimumWidth(560)

    def answer(self) -> dict[str, Any]:
        """The settings as chosen (rules/turn/settings_change.py ``change`` takes them)."""
        return {"empire_turn": self.empire_box.currentData(), "turn_orders": self.orders_box.currentData(),
                "random_events": self.events_box.isChecked(), "battle_system": self.system_box.currentData()}

    def refused(self, why: str) -> None:
        """The engine refused the change: its reason shown above the buttons."""
        self.refusal.setText(f"Refused: {why}")
        self.refusal.show()
        self.adjustSize()


def campaign_settings(window: Any) -> None:
    """Campaign > Settings...: the dialog, then the change as one undoable step; a refusal shown in
    the dialog, which stays open until the change is taken or cancelled."""
    from rules.errors import RuleError
    from rules.turn.settings_change import change

    if window.session is None:
        return
    dialog = SettingsDialog(window.session.campaign, window)
    window.settings_dialog = dialog
    while dialog.exec() == QDialog.DialogCode.Accepted:
        wanted = dialog.answer()
        try:
            window.session.apply("Campaign settings", lambda now: change(now, wanted))
        except RuleError as e:
            dialog.refused(str(e))
            continue
        window.statusBar().showMessage(window.session.campaign.log[-1].text, 10000)
        return
