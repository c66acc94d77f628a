"""Campaign > Settings... (issue 23): the GM switches who runs the empire's turn, who enters the
Turn Orders, the Random Events option and the battle system for new Battle Hexes, as one undoable
change; the engine refuses what the campaign cannot take (rules/turn/settings_change.py), its
reason shown in the dialog, nothing changed. Its second tab (issue 24) holds the B5 battle system's
readings (settings.b5: where seed 003's numbers disagree, and its optional rules), in the engine's
words (rules/turn/settings_change.py ``B5_READINGS``)."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QTabWidget,
                               QVBoxLayout, QWidget)

from rules.model.campaign import Campaign
from app.widgets.titles import plain_words

EMPIRE = (("by_hand", "Kept by hand (the GM's spreadsheet)"), ("seed004", "Run by BattleHex (the rules' economy)"))
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
        self.tabs = QTabWidget()
        lay.addWidget(self.tabs)
        page = QWidget()
        form = QFormLayout(page)
        self.empire_box, self.orders_box, self.system_box = QComboBox(), QComboBox(), QComboBox()
        for box, items, now in ((self.empire_box, EMPIRE, s.empire_turn), (self.orders_box, ORDERS, s.turn_orders),
                                (self.system_box, tuple((k, b.title) for k, b in systems().items()),
                                 s.battle_system)):
            for key, words in items:
                box.addItem(words, key)
            box.setCurrentIndex(max(0, box.findData(now)))
        self.events_box = QCheckBox("Random Events at End of Turn (the rules' option; the GM enters each)")
        self.events_box.setChecked(s.random_events)
        for label, w in (("&Empire turn:", self.empire_box), ("Turn &Orders:", self.orders_box),
                         ("&Battle system for new Battle Hexes:", self.system_box), ("", self.events_box)):
            w.setAccessibleName(label.replace("&", "").rstrip(":") or "Random Events")
            form.addRow(label, w)
        self.tabs.addTab(page, "&Campaign")
        self.b5_boxes = self._b5_tab(campaign)
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

    def _b5_tab(self, campaign: Campaign) -> dict[str, QComboBox]:
        """The B5 readings' tab: a choice box for each, at the campaign's reading."""
        from rules.turn.settings_change import B5_READINGS

        page = QWidget()
        lay = QVBoxLayout(page)
        note = QLabel("How B5 battles (Babylon 5 Fleet Action) read the rules where their numbers disagree, "
                      "and its optional rules. A change applies to B5 battles begun afterwards; while one is under "
                      "way it is refused (that battle keeps the readings it began with).")
        note.setWordWrap(True)
        lay.addWidget(note)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        boxes: dict[str, QComboBox] = {}
        for key, (label, values) in B5_READINGS.items():
            box = QComboBox()
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            box.setMinimumContentsLength(min(64, max(len(w) for _v, w in values)))  # each choice's words whole
            now = getattr(campaign.settings.b5, key)
            for i, (value, said) in enumerate(values):
                words = plain_words(said)  # "as the rules have it", not "as the seed has it" (issue 22)
                box.addItem(words[0].upper() + words[1:], value)
                box.setItemData(i, words, Qt.ItemDataRole.ToolTipRole)
                if value is now or value == now and type(value) is type(now):
                    box.setCurrentIndex(i)
            box.setAccessibleName(f"B5 {label.lower()}")
            box.currentIndexChanged.connect(lambda _i, b=box: b.setToolTip(b.currentText()))
            box.setToolTip(box.currentText())
            form.addRow(f"{label}:", box)
            boxes[key] = box
        lay.addLayout(form)
        lay.addStretch(1)
        self.tabs.addTab(page, "B&5 battles")
        return boxes

    def showEvent(self, event: Any) -> None:  # noqa: N802 (Qt's name)
        """Never narrower than its layout needs, within the screen: Qt opens a window of wrapped words
        at most two thirds of the screen wide (533 at QT_SCALE_FACTOR=2 on 1600x1000), which squeezed
        the B5 readings' labels to nothing."""
        super().showEvent(event)
        need = min(self.layout().totalMinimumSize().width(), self.screen().availableGeometry().width())
        if self.width() < need:
            self.resize(need, self.height())

    def answer(self) -> dict[str, Any]:
        """The settings as chosen (rules/turn/settings_change.py ``change`` takes them)."""
        return {"empire_turn": self.empire_box.currentData(), "turn_orders": self.orders_box.currentData(),
                "random_events": self.events_box.isChecked(), "battle_system": self.system_box.currentData(),
                "b5": {k: box.currentData() for k, box in self.b5_boxes.items()}}

    def refused(self, why: str) -> None:
        """The engine refused the change: its reason shown above the buttons."""
        self.refusal.setText(f"Refused: {plain_words(why)}")
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
