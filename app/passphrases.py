"""Passphrases in the app: opening a file's sealed secrets, the GM's passphrase before the GM
view, and File > Passphrases to set, change or remove a holder's passphrase.

The engine decides what is secret and seals it (:mod:`rules.model.secrets`); these dialogs only
collect passphrases and hand them to it. Threat model: docs/SECRETS.md.
"""
from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from rules.model.seals import GM, LOG_N, Keyring, WrongPassphrase, new_key, passphrase_problem, rekey, unlock
from rules.model.secrets import secrets_by_holder, with_key

if TYPE_CHECKING:
    from app.session import CampaignSession
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
    d.setWindowTitle(title)
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
        session.keyring.add(GM, unlock(session.campaign.keys[GM], text, "the GM"))
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
        self.setWindowTitle(f"Sealed secrets \u2014 {file_name}")
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
            self.keyring.add(holder, unlock(self.err.keys[holder], self.passphrase.text(), who))
        except WrongPassphrase as e:
            self.feedback.setText(f"<span style='color:#c01010'>{escape(_cap(e.message))}.</span>")
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


class NewPassphraseDialog(QDialog):
    """A new passphrase, typed twice; OK only when both match and it is long enough."""

    def __init__(self, parent: QWidget, who: str) -> None:
        super().__init__(parent)
        self.setObjectName("new_passphrase")
        self.setWindowTitle(f"Passphrase of {who}")
        form = QFormLayout(self)
        self.first, self.second = QLineEdit(self), QLineEdit(self)
        for e, name in ((self.first, "passphrase"), (self.second, "repeat")):
            e.setObjectName(name)
            e.setEchoMode(QLineEdit.EchoMode.Password)
            e.textChanged.connect(self._check)
        form.addRow(QLabel(f"The new passphrase of {escape(who)} (whoever knows it opens its secrets):"))
        form.addRow("&Passphrase:", self.first)
        form.addRow("&Repeat:", self.second)
        self.problem = QLabel("")
        form.addRow(self.problem)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel,
                                        self)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        form.addRow(self.buttons)
        self._check()

    def _check(self) -> None:
        a, b = self.first.text(), self.second.text()
        problem = passphrase_problem(a) or ("the two entries differ" if a != b else "")
        self.problem.setText(f"<span style='color:#606060'>{escape(problem)}</span>" if problem else "")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not problem)

    @property
    def value(self) -> str:
        return self.first.text()


class PassphrasesDialog(QDialog):
    """File > Passphrases: who holds a passphrase, how many secrets each Team has, and the
    buttons to set, change or remove one (each an undoable step of the campaign)."""

    def __init__(self, parent: QWidget, session: CampaignSession) -> None:
        super().__init__(parent)
        self.setObjectName("passphrases")
        self.session = session
        self.setWindowTitle(f"Passphrases \u2014 {session.campaign.name}")
        lay = QVBoxLayout(self)
        intro = QLabel("What only one Team may know (incidental units V13.03, cloaked units and written denials "
                       "V13.29, secret choices V13.723) is sealed in saved files for that Team and the GM when "
                       "either holds a passphrase; the file then shows ciphertext. Opening the file asks for the "
                       "passphrases; the GM view asks for the GM's. Without a passphrase, secrets are stored "
                       "readable.")
        intro.setWordWrap(True)
        lay.addWidget(intro)
        self.table = QTableWidget(0, 3, self)
        self.table.setObjectName("holders")
        self.table.setHorizontalHeaderLabels(["Holder", "Passphrase", "Secrets now"])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        for col, mode in enumerate((QHeaderView.ResizeMode.ResizeToContents, QHeaderView.ResizeMode.ResizeToContents,
                                    QHeaderView.ResizeMode.Stretch)):
            header.setSectionResizeMode(col, mode)
        self.table.itemSelectionChanged.connect(self._selected)
        lay.addWidget(self.table)
        row = QHBoxLayout()
        self.set_button = QPushButton("&Set...", self)
        self.change_button = QPushButton("&Change...", self)
        self.remove_button = QPushButton("&Remove...", self)
        for b, slot in ((self.set_button, self._set), (self.change_button, self._change),
                        (self.remove_button, self._remove)):
            b.clicked.connect(slot)
            row.addWidget(b)
        row.addStretch(1)
        close = QPushButton("Close", self)
        close.clicked.connect(self.accept)
        row.addWidget(close)
        lay.addLayout(row)
        self.status = QLabel("")
        self.status.setWordWrap(True)
        lay.addWidget(self.status)
        self.resize(640, 360)
        self._fill()
        self.table.selectRow(0)

    @property
    def holders(self) -> list[str]:
        return [GM, *(t.id for t in self.session.campaign.teams if t.id != GM)]

    def _fill(self) -> None:
        c = self.session.campaign
        counts = secrets_by_holder(c)
        current = self.table.currentRow()
        self.table.setRowCount(0)
        for h in self.holders:
            r = self.table.rowCount()
            self.table.insertRow(r)
            n = counts.get(h, 0)
            for col, text in enumerate((_cap(holder_name(c, h)),
                                        "set" if h in c.keys else "none",
                                        (f"{n} (sealed when saved)" if n and self._sealed_for(h) else
                                         f"{n} (stored readable)" if n else "none"))):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, h)
                self.table.setItem(r, col, item)
        self.table.selectRow(max(0, current))
        self._selected()

    def _sealed_for(self, holder: str) -> bool:
        return holder in self.session.campaign.keys or GM in self.session.campaign.keys

    def _holder(self) -> str | None:
        item = self.table.item(self.table.currentRow(), 0)
        return None if item is None else str(item.data(Qt.ItemDataRole.UserRole))

    def _selected(self) -> None:
        h = self._holder()
        has = h is not None and h in self.session.campaign.keys
        self.set_button.setEnabled(h is not None and not has)
        self.change_button.setEnabled(has)
        self.remove_button.setEnabled(has)

    def _new(self, who: str) -> str | None:
        d = NewPassphraseDialog(self, who)
        return d.value if d.exec() == QDialog.DialogCode.Accepted else None

    def _proved(self, holder: str, doing: str) -> bool:
        """The holder's current passphrase (or, for a Team, the GM's) typed and right."""
        c = self.session.campaign
        who = holder_name(c, holder)
        may = [h for h in (holder, GM) if h in c.keys]
        text = ask_passphrase(self, f"{doing.capitalize()} \u2014 {who}",
                              f"To {doing}, type the current passphrase of {who}"
                              + (" or the GM's" if len(may) > 1 else "") + ":")
        if text is None:
            return False
        for h in may:
            try:
                self.session.keyring.add(h, unlock(c.keys[h], text, holder_name(c, h)))
                return True
            except WrongPassphrase:
                continue
        self.status.setText(f"<span style='color:#c01010'>That is not the passphrase of {escape(who)}"
                            + (" nor the GM's" if len(may) > 1 else "") + ": nothing changed.</span>")
        return False

    def _set(self) -> None:
        h = self._holder()
        if h is None:
            return
        who = holder_name(self.session.campaign, h)
        text = self._new(who)
        if text is None:
            return
        record, private = new_key(text, LOG_N)
        self.session.keyring.add(h, private)
        self.session.apply(f"Set the passphrase of {who}", lambda c: with_key(c, h, record))
        sealed = "every Team's secrets are sealed for the GM" if h == GM else "its secrets are sealed"
        self.status.setText(f"{escape(_cap(who))} holds a passphrase: {sealed} from the next save "
                            "(File \u2192 Save).")
        self._fill()

    def _change(self) -> None:
        h = self._holder()
        if h is None or not self._proved(h, "change the passphrase"):
            return
        who = holder_name(self.session.campaign, h)
        private = self.session.keyring.get(h)
        text = self._new(who)
        if text is None:
            return
        if private is None:  # proved with the GM's passphrase: a Team's forgotten one gets a new key
            record, private = new_key(text, LOG_N)
            self.session.keyring.add(h, private)
        else:
            record = rekey(private, text, LOG_N)
        self.session.apply(f"Change the passphrase of {who}", lambda c: with_key(c, h, record))
        self.status.setText(f"The passphrase of {escape(who)} is changed.")
        self._fill()

    def _remove(self) -> None:
        h = self._holder()
        if h is None or not self._proved(h, "remove the passphrase"):
            return
        who = holder_name(self.session.campaign, h)
        self.session.apply(f"Remove the passphrase of {who}", lambda c: with_key(c, h, None))
        self.status.setText(f"{escape(_cap(who))} holds no passphrase now: its secrets are sealed for the "
                            "GM only, or stored readable when the GM holds none either.")
        self._fill()
