"""The form of one diplomatic action (issue 23, seed 004 Intel Phase): the GM's Turn > Diplomacy
(app/shell/diplomacy_dialog.py) and a power's own, on its orders dialog's Diplomacy page behind its
hand-over (app/shell/orders_dialog.py). It gathers the order and shows the Exhibit B chance the engine
computes; it decides nothing."""
from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QSpinBox, QVBoxLayout, QWidget

from rules.economy.diplomacy import Treaty
from rules.model.campaign import Campaign
from rules.model.economy_model import PowerEconomy
from rules.turn import diplomacy_phase as dp
from rules.turn.diplomacy_orders import odds

ACTIONS = (("propose", "Propose a treaty"), ("accept", "Accept a proposed treaty"),
           ("reject", "Reject a proposed treaty"), ("break", "Break or withdraw from a treaty"),
           ("declare", "Declare"))
_SIGNED = [t for t in Treaty if t not in (Treaty.HOSTILITIES, Treaty.WAR)]


class DiplomacyForm(QWidget):
    """A power (fixed when ``power`` is given: a power's own Turn Orders behind its hand-over), the action,
    the other power, the treaty and the Intel Points spent; the chance of a break or declaration shown
    as the engine computes it - for a power's own form, from the facts its Team may know
    (rules/turn/diplomacy_orders.py ``odds``, docs/SECRETS.md)."""

    def __init__(self, campaign: Campaign, power: str | None = None, parent: QWidget | None = None,
                 allowed: list[str] | None = None) -> None:
        super().__init__(parent)
        self.c, self.mine = campaign, power
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        form = QFormLayout()
        self.power_box, self.action_box, self.other_box, self.treaty_box = (QComboBox(), QComboBox(), QComboBox(),
                                                                            QComboBox())
        self.intel = QSpinBox()
        for w, name in ((self.power_box, "&Power:"), (self.action_box, "&Action:"), (self.other_box, "&With:"),
                        (self.treaty_box, "&Treaty:"), (self.intel, "&Intel Points spent:")):
            w.setAccessibleName(name.replace("&", "").rstrip(":"))
            if w is not self.power_box or power is None:
                form.addRow(name, w)
        if power is not None:
            note = QLabel("Recorded with your Turn Orders: a proposal, a treaty signed and a break or declaration "
                          "that succeeds are told to every player; the Intel Points spent, the odds and a failed "
                          "attempt stay your Team's.")
            note.setWordWrap(True)
            lay.addWidget(note)
        lay.addLayout(form)
        self.odds = QLabel("")
        self.odds.setObjectName("odds")
        self.odds.setWordWrap(True)
        lay.addWidget(self.odds)
        for p in campaign.powers:
            if (power is None or p.id == power) and (allowed is None or p.id in allowed):
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
        if action in ("accept", "reject"):
            self.odds.setText(self._proposed())
            return
        if action not in ("break", "declare") or self.other_box.currentData() is None:
            self.odds.setText("Signing is free: no roll." if action == "propose" else "")
            return
        t = Treaty[str(self.treaty_box.currentData()).upper()]
        me, other = str(self.power_box.currentData()), str(self.other_box.currentData())
        now = dp.relations(self.c).between(me, other) or frozenset()
        if action == "break" and t not in now:
            self.odds.setText(f"No {t.title} stands between them.")
            return
        shown = (dp.chance(self.c, me, other, t, self.intel.value()) if self.mine is None  # the GM: every fact
                 else odds(self.c, me, other, t, self.intel.value()))
        self.odds.setText(shown.words())

    def _proposed(self) -> str:
        """The treaties proposed to the chosen power and not answered yet, in names (what it may accept)."""
        me = self.power_box.currentData()
        named = {p.id: p.name for p in self.c.powers}
        waiting = [f"the {Treaty[p.treaty.upper()].title} from {named.get(p.by, p.by)}" for p in self.c.proposals
                   if p.to == me]
        return ("Proposed and not answered yet: " + "; ".join(waiting) + ".") if waiting else \
            "No treaty is proposed to this power now."

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

    def words(self) -> str:
        """The order in the words of the undo step (no Intel Points, no odds)."""
        return f"{self.action_box.currentText()} - {self.power_box.currentText()} and {self.other_box.currentText()}, " \
               f"{self.treaty_box.currentText()}"
