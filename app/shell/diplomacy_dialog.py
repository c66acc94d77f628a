"""Turn > Diplomacy (Turn Orders)... (issue 23, seed 004 Intel Phase): the GM enters one diplomatic
action of a power - propose a treaty, accept or reject one proposed to it, break a treaty in force,
or declare Hostilities or War - and sees the Exhibit B chance with every modifier before it is
rolled. The engine judges and rolls it (rules/turn/diplomacy_phase.py); the dialog only gathers it."""
from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QSpinBox, QVBoxLayout,
                               QWidget)

from rules.economy.diplomacy import Treaty
from rules.model.campaign import Campaign
from rules.model.economy_model import PowerEconomy
from rules.turn import diplomacy_phase as dp

ACTIONS = (("propose", "Propose a treaty"), ("accept", "Accept a proposed treaty"),
           ("reject", "Reject a proposed treaty"), ("break", "Break or withdraw from a treaty"),
           ("declare", "Declare"))
_SIGNED = [t for t in Treaty if t not in (Treaty.HOSTILITIES, Treaty.WAR)]


class DiplomacyDialog(QDialog):
    """A power, the action, the other power, the treaty and the Intel Points spent; the chance of a
    break or declaration shown as the engine computes it."""

    def __init__(self, campaign: Campaign, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Diplomacy (Intel Phase)")
        self.c = campaign
        lay = QVBoxLayout(self)
        lay.addWidget(QLabel("One diplomatic action: signing is free; a break or a declaration is rolled on d100 "
                             "at the chance shown (Exhibit B)."))
        form = QFormLayout()
        self.power_box, self.action_box, self.other_box, self.treaty_box = (QComboBox(), QComboBox(), QComboBox(),
                                                                            QComboBox())
        self.intel = QSpinBox()
        for w, name in ((self.power_box, "&Power:"), (self.action_box, "&Action:"), (self.other_box, "&With:"),
                        (self.treaty_box, "&Treaty:"), (self.intel, "&Intel Points spent:")):
            w.setAccessibleName(name.replace("&", "").rstrip(":"))
            form.addRow(name, w)
        lay.addLayout(form)
        self.odds = QLabel("")
        self.odds.setObjectName("odds")
        self.odds.setWordWrap(True)
        lay.addWidget(self.odds)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        for p in campaign.powers:
            self.power_box.addItem(p.name, p.id)
        for key, words in ACTIONS:
            self.action_box.addItem(words, key)
        for box in (self.power_box, self.action_box):
            box.currentIndexChanged.connect(self._fill)
        for box in (self.other_box, self.treaty_box):
            box.currentIndexChanged.connect(self._show_odds)
        self.intel.valueChanged.connect(self._show_odds)
        self._fill()

    def _fill(self) -> None:
        """The other powers and treaties the chosen action may name."""
        me, action = self.power_box.currentData(), self.action_box.currentData()
        self.other_box.blockSignals(True)
        self.treaty_box.blockSignals(True)
        self.other_box.clear()
        self.treaty_box.clear()
        for p in self.c.powers:
            if p.id != me:
                self.other_box.addItem(p.name, p.id)
        treaties = [Treaty.HOSTILITIES, Treaty.WAR] if action == "declare" else _SIGNED
        if action == "break":
            treaties = [t for t in _SIGNED if t is not Treaty.ARMISTICE]
        for t in treaties:
            self.treaty_box.addItem(t.title, t.name.lower())
        eco = (self.c.power(me) if me else None)
        held = (eco.economy or PowerEconomy()).intel_points if eco is not None else 0
        self.intel.setRange(0, held)
        self.intel.setEnabled(action in ("break", "declare"))
        self.other_box.blockSignals(False)
        self.treaty_box.blockSignals(False)
        self._show_odds()

    def _show_odds(self) -> None:
        action = self.action_box.currentData()
        if action not in ("break", "declare") or self.other_box.currentData() is None:
            self.odds.setText("Signing is free: no roll." if action == "propose" else "")
            return
        t = Treaty[str(self.treaty_box.currentData()).upper()]
        me, other = str(self.power_box.currentData()), str(self.other_box.currentData())
        now = dp.relations(self.c).between(me, other) or frozenset()
        if action == "break" and t not in now:
            self.odds.setText(f"No {t.title} stands between them.")
            return
        self.odds.setText(dp.chance(self.c, me, other, t, self.intel.value()).words())

    def answer(self) -> tuple[str, dict[str, Any]]:
        """The order as the engine takes it: its kind and its fields."""
        action = str(self.action_box.currentData())
        me, other, t = self.power_box.currentData(), self.other_box.currentData(), self.treaty_box.currentData()
        if action == "propose":
            return action, {"power": me, "to": other, "treaty": t}
        if action in ("accept", "reject"):
            return action, {"power": me, "from": other, "treaty": t}
        if action == "break":
            return action, {"power": me, "with": other, "treaty": t, "intel": self.intel.value()}
        return action, {"power": me, "against": other, "declaration": t, "intel": self.intel.value()}


def diplomacy(window) -> None:
    """Turn > Diplomacy (Turn Orders)...: the dialog, then the order as one undoable step (a refusal
    shown with its rule, nothing changed)."""
    from app.shell.orders_dialog import orders_closed

    if window.session is None:
        return
    c = window.session.campaign
    closed = orders_closed(c, "Diplomacy")
    if closed:
        window.statusBar().showMessage(closed, 10000)
        return
    dialog = DiplomacyDialog(c, window)
    window.diplomacy_dialog = dialog
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return
    kind, raw = dialog.answer()
    text = f"Diplomacy: {dialog.action_box.currentText()} - {dialog.power_box.currentText()} and " \
           f"{dialog.other_box.currentText()}, {dialog.treaty_box.currentText()}"
    if kind in ("break", "declare"):  # the attempt is its Team's (docs/SECRETS.md): the Edit menu is the table's
        text = "Diplomacy: a Team's break or declaration"
    if window._try(lambda: window.session.apply(text, lambda now: dp.order(now, kind, raw))):
        from rules.model import visibility

        last = window.session.campaign.log[-1]
        viewer = visibility.GM if window.gm_view_action.isChecked() else window.team_at_screen() or visibility.TABLE
        window.statusBar().showMessage(last.text if visibility.entry_seen_by(last, viewer) else
                                       "Diplomacy: the order is given; its odds and roll are its Team's "
                                       "(View > GM View shows them in the log)", 10000)
