"""Turn > Diplomacy (Turn Orders)... (issue 23, seed 004 Intel Phase): the GM enters one diplomatic
action of a power it runs (every power, unless each enters its own Turn Orders: then a player's power
enters its diplomacy on its orders dialog's Diplomacy page, behind its hand-over, with the same
:class:`app.shell.diplomacy_form.DiplomacyForm`) - propose a treaty, accept or reject one proposed to it, break a treaty in force,
or declare Hostilities or War - and sees the Exhibit B chance with every modifier before it is
rolled. The engine judges and rolls it (rules/turn/diplomacy_phase.py); the dialog only gathers it."""
from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from app.shell.diplomacy_form import ACTIONS, DiplomacyForm
from rules.battlehex.log import GM
from rules.model.campaign import Campaign
from rules.turn import diplomacy_phase as dp

__all__ = ["ACTIONS", "DiplomacyDialog", "DiplomacyForm", "diplomacy", "gm_run"]


class DiplomacyDialog(QDialog):
    """Turn > Diplomacy: the GM's :class:`DiplomacyForm` for the powers the GM runs (``allowed``; None: all)."""

    def __init__(self, campaign: Campaign, parent: QWidget | None = None, allowed: list[str] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Diplomacy (Intel Phase)")
        self.c = campaign
        lay = QVBoxLayout(self)
        lay.addWidget(QLabel("One diplomatic action: signing is free; a break or a declaration is rolled on d100 "
                             "at the chance shown (Exhibit B)."))
        self.form = DiplomacyForm(campaign, None, self, allowed)
        self.power_box, self.action_box, self.other_box = self.form.power_box, self.form.action_box, self.form.other_box
        self.treaty_box, self.intel, self.odds = self.form.treaty_box, self.form.intel, self.form.odds
        lay.addWidget(self.form)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)

    def answer(self) -> tuple[str, dict[str, Any]]:
        """The order as the engine takes it: its kind and its fields."""
        return self.form.answer()


def gm_run(c: Campaign) -> list[str]:
    """The powers whose diplomacy the GM enters: all of them, unless each power enters its own Turn Orders
    (``settings.turn_orders`` powers): then those with no player's Team (a player's power enters its own
    behind its hand-over, in its orders dialog - app/shell/orders_dialog.py)."""
    return [p.id for p in c.powers if c.settings.turn_orders != "powers" or c.team_of_power(p.id) is None
            or c.team_of_power(p.id).id == GM]


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
    mine = gm_run(c)
    if not mine:
        window.statusBar().showMessage("Each power enters its own diplomacy in its Turn Orders: Turn > Answer the "
                                       "Phase's Questions", 10000)
        return
    dialog = DiplomacyDialog(c, window, mine)
    window.diplomacy_dialog = dialog
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return
    kind, raw = dialog.answer()
    text = f"Diplomacy: {dialog.form.words()}"
    if kind in ("break", "declare"):  # the attempt is its Team's (docs/SECRETS.md): the Edit menu is the table's
        text = "Diplomacy: a Team's break or declaration"
    if window._try(lambda: window.session.apply(text, lambda now: dp.order(now, kind, raw))):
        from rules.model import visibility

        last = window.session.campaign.log[-1]
        viewer = visibility.GM if window.gm_view_action.isChecked() else window.team_at_screen() or visibility.TABLE
        window.statusBar().showMessage(last.text if visibility.entry_seen_by(last, viewer) else
                                       "Diplomacy: the order is given; its odds and roll are its Team's "
                                       "(View > GM View shows them in the log)", 10000)
