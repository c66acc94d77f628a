"""Passphrases in the app: opening a file's sealed secrets, the GM's passphrase before the GM
view, and File > Passphrases (:mod:`app.shell.passphrases_dialog`) to set, change, remove or reset a
holder's passphrase.

The engine decides what is secret and seals it (:mod:`rules.model.secrets`); these dialogs only
collect passphrases and hand them to it. Threat model: docs/SECRETS.md.
"""
from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from rules.model.seals import GM, Keyring, WrongPassphrase, unlock
from app.widgets.titles import fit_title

if TYPE_CHECKING:
    from app.shell.session import CampaignSession
    from rules.model import Campaign
    from rules.model.io import SealedError

OPEN, SEALED = "Open", "Sealed"
HOT_SEAT = ("Hand the keyboard to each holder in turn: what one types is never shown, and nobody "
            "else's secrets open with it.")


def holder_name(campaign_or_names: Campaign | dict[str, str], holder: str) -> str:
    """``"the GM"`` or the Team's name."""
    if holder == GM:
        return "the GM"
    if isinstance(campaign_or_names, dict):
        return campaign_or_names.get(holder, holder)
    return next((t.name for t in campaign_or_names.teams if t.id == holder), holder)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def ask_passphrase(parent: QWidget, title: str, label: str) -> str | None:
    """A passphrase typed in a dialog (never shown on screen); ``None`` when cancelled."""
    d = QInputDialog(parent)
    d.setObjectName("passphrase_prompt")
    d.setWindowTitle(fit_title(title))
    d.setLabelText(label)
    d.setTextEchoMode(QLineEdit.EchoMode.Password)
    d.setInputMode(QInputDialog.InputMode.TextInput)
    return d.textValue() if d.exec() == QDialog.DialogCode.Accepted else None


def gm_may_see(parent: QWidget, session: CampaignSession | None, what: str = "The GM view") -> bool:
    """True when the GM view may open: no GM passphrase is set, or it was typed right now (asked
    each time, as the player at the screen may have changed)."""
    if session is None or GM not in session.campaign.keys:
        return True
    text = ask_passphrase(parent, "GM passphrase", f"{what} shows what the rules keep from the Teams.\n"
                                                   "The GM's passphrase:")
    if text is None:
        return False
    try:
        session.keyring.add(GM, unlock(session.campaign.keys[GM], text, "the GM", session.campaign.keys), text)
    except WrongPassphrase as e:
        QMessageBox.warning(parent, "Wrong passphrase", f"{what} stays closed: {e.message}.")
        return False
    return True


class UnlockDialog(QDialog):
    """Open the sealed secrets of a file: the holders type their passphrases in turn (or the
    GM alone, whose key opens every secret sealed for the GM). Accepted when all are open."""

    def __init__(self, parent: QWidget | None, file_name: str, err: SealedError) -> None:
        super().__init__(parent)
        self.setObjectName("unlock_secrets")
        self.setWindowTitle(fit_title(f"Sealed secrets \u2014 {file_name}"))  # the whole name is in the intro
        self.err, self.keyring = err, Keyring()
        lay = QVBoxLayout(self)
        intro = QLabel(f"<b>{escape(file_name)}</b> holds secrets sealed with passphrases. Each part opens with "
                       f"the passphrase of one of its holders.<br>{HOT_SEAT}")
        intro.setWordWrap(True)
        lay.addWidget(intro)
        self.parts = QListWidget(self)
        self.parts.setObjectName("sealed_parts")
        self.parts.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.parts.setMaximumHeight(90)
        lay.addWidget(self.parts)
        form = QFormLayout()
        self.holder = QComboBox(self)
        self.holder.setObjectName("holder")
        self.passphrase = QLineEdit(self)
        self.passphrase.setObjectName("passphrase")
        self.passphrase.setEchoMode(QLineEdit.EchoMode.Password)
        form.addRow("&Holder:", self.holder)
        form.addRow("&Passphrase:", self.passphrase)
        lay.addLayout(form)
        self.feedback = QLabel("")
        self.feedback.setObjectName("feedback")
        self.feedback.setWordWrap(True)
        lay.addWidget(self.feedback)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.unlock_button = buttons.addButton("&Unlock", QDialogButtonBox.ButtonRole.ActionRole)
        self.unlock_button.setDefault(True)
        self.unlock_button.clicked.connect(self._unlock)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.resize(520, self.sizeHint().height())
        self._refresh()

    def _open(self, to: tuple[str, ...]) -> bool:
        return any(n in self.keyring for n in to)

    def _refresh(self) -> None:
        self.parts.clear()
        for to in self.err.locked:
            who = " or ".join(holder_name(self.err.names, n) for n in to)
            state = OPEN if self._open(to) else SEALED
            self.parts.addItem(f"{state}: the secrets sealed for {who}")
        waiting = [n for n in sorted({n for to in self.err.locked if not self._open(to) for n in to},
                                     key=lambda n: (n != GM, holder_name(self.err.names, n)))
                   if n in self.err.keys and n not in self.keyring]
        self.holder.clear()
        for n in waiting:
            self.holder.addItem(holder_name(self.err.names, n), n)
        self.passphrase.clear()
        self.passphrase.setFocus()

    def _unlock(self) -> None:
        holder = self.holder.currentData()
        if holder is None:
            return
        who = holder_name(self.err.names, holder)
        try:
            text = self.passphrase.text()
            self.keyring.add(holder, unlock(self.err.keys[holder], text, who, self.err.keys), text)
        except WrongPassphrase as e:
            forgot = (f"<br>If {escape(who)} lost its passphrase, the GM can give it a new key: open the file with "
                      "the GM's passphrase, then File \u2192 Passphrases, <i>Reset with the GM's passphrase</i>."
                      if holder != GM and type(e) is WrongPassphrase and GM in self.err.keys else "")
            self.feedback.setText(f"<span style='color:#c01010'>{escape(_cap(e.message))}.</span>{forgot}")
            self.passphrase.clear()
            return
        self.feedback.setText(f"Opened the secrets sealed for {escape(who)}.")
        self._refresh()
        if all(self._open(to) for to in self.err.locked):
            self.accept()


def unlock_file(parent: QWidget | None, file_name: str, err: SealedError) -> Keyring | None:
    """Ask for the passphrases that open ``err``'s sealed secrets; ``None`` when cancelled."""
    d = UnlockDialog(parent, file_name, err)
    return d.keyring if d.exec() == QDialog.DialogCode.Accepted else None


__all__ = ["UnlockDialog", "ask_passphrase", "gm_may_see", "holder_name",
           "unlock_file"]
