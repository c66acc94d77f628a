"""File > Passphrases: who holds a passphrase, and the buttons to set, change, remove or (the
GM) reset one; each an undoable, logged step. The engine signs and seals
(:mod:`rules.model.secrets`); this dialog only collects passphrases. Threat model:
docs/SECRETS.md.
"""
from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.shell.passphrases import _cap, ask_passphrase, holder_name
from rules.errors import RuleError
from rules.battlehex.words import possessive
from rules.model.seals import GM, SealKey, WrongPassphrase, new_key, passphrase_problem, pin_of, rekey, unlock
from rules.model.secrets import secrets_by_holder, with_key

if TYPE_CHECKING:
    from app.shell.session import CampaignSession


GM_FIRST = ("{who} is to hold a passphrase, and the GM holds none yet. The GM's passphrase comes first: it seals "
            "the secrets of the Teams that hold none, and the GM's own, for the GM. Without it they would lie "
            "readable in the file every player has (BattleHex refuses to save them so). Then {whose} passphrase.")
"""Why the GM's passphrase is asked before a Team's first one (issue 23)."""


class NewPassphraseDialog(QDialog):
    """A new passphrase, typed twice; OK only when both match and it is long enough."""

    def __init__(self, parent: QWidget, who: str, why: str = "") -> None:
        super().__init__(parent)
        self.setObjectName("new_passphrase")
        self.setWindowTitle(f"Passphrase of {who}")
        form = QFormLayout(self)
        if why:  # why this passphrase is asked for now (the GM's, before a Team's: issue 23)
            reason = QLabel(why, self)
            reason.setTextFormat(Qt.TextFormat.PlainText)  # its words as they are (an apostrophe escaped showed "&#x27;")
            reason.setObjectName("why")
            reason.setWordWrap(True)
            form.addRow(reason)
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
    buttons to set, change, remove or (the GM, for a Team that lost its passphrase) reset one;
    each an undoable step of the campaign, logged. The GM's key signs the key records, so a
    change needs the GM's passphrase once the GM holds one."""

    def __init__(self, parent: QWidget, session: CampaignSession) -> None:
        super().__init__(parent)
        self.setObjectName("passphrases")
        self.session = session
        self.setWindowTitle(f"Passphrases \u2014 {session.campaign.name}")
        lay = QVBoxLayout(self)
        intro = QLabel("What only one Team may know (incidental units V13.03, cloaked units and written denials "
                       "V13.29, secret choices V13.723) is sealed in saved files for that Team and the GM when "
                       "either holds a passphrase; the file then shows ciphertext. Opening the file asks for the "
                       "passphrases; the GM view asks for the GM's. A Team's passphrase needs the GM's first; "
                       "when nobody holds one, secrets are stored readable.")
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
        self.reset_button = QPushButton("Re&set with the GM's passphrase...", self)
        self.reset_button.setObjectName("reset")
        for b, slot in ((self.set_button, self._set), (self.change_button, self._change),
                        (self.remove_button, self._remove), (self.reset_button, self._reset)):
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
        self.reset_button.setEnabled(has and h != GM and GM in self.session.campaign.keys)

    def _new(self, who: str, why: str = "") -> str | None:
        d = NewPassphraseDialog(self, who, why)
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
                self.session.keyring.add(h, unlock(c.keys[h], text, holder_name(c, h), c.keys), text)
                return True
            except WrongPassphrase as e:
                if type(e) is not WrongPassphrase:  # the key opened, but the file's key records were changed
                    self.status.setText(f"<span style='color:#c01010'>{escape(_cap(e.message))}.</span>")
                    return False
                continue
        self.status.setText(f"<span style='color:#c01010'>That is not the passphrase of {escape(who)}"
                            + (" nor the GM's" if len(may) > 1 else "") + ": nothing changed.</span>")
        return False

    def _gm_signs(self, doing: str) -> bool:
        """The GM's key open when the GM holds one (it signs the key records), asked if needed."""
        c = self.session.campaign
        if GM not in c.keys or GM in self.session.keyring:
            return True
        text = ask_passphrase(self, f"{doing.capitalize()} \u2014 the GM signs",
                              f"The GM's key signs the key records. To {doing}, the GM's passphrase:")
        if text is None:
            return False
        try:
            self.session.keyring.add(GM, unlock(c.keys[GM], text, "the GM", c.keys), text)
        except WrongPassphrase as e:
            self.status.setText(f"<span style='color:#c01010'>{escape(_cap(e.message))}: nothing changed.</span>")
            return False
        return True

    def _apply(self, what: str, holder: str, record: SealKey | None, log: str) -> bool:
        """One undoable step: ``holder``'s key set to ``record`` (``None``: removed), signed, logged."""
        ring = self.session.keyring
        try:
            with_key(self.session.campaign, holder, record, ring)  # refused here, before the step, if it must be
        except RuleError as e:
            self.status.setText(f"<span style='color:#c01010'>{escape(_cap(e.message))}: nothing changed.</span>")
            return False
        self.session.apply(what, lambda c: with_key(c, holder, record, ring, log))
        return True

    def _set(self) -> None:
        h = self._holder()
        if h is None:
            return
        who = holder_name(self.session.campaign, h)
        if h != GM and GM not in self.session.campaign.keys \
                and not self._set_one(GM, GM_FIRST.format(who=who, whose=possessive(who))):
            if GM not in self.session.campaign.keys:
                self.status.setText(f"<span style='color:#c01010'>{escape(_cap(who))} holds no passphrase: the "
                                    "GM's comes first (it seals the secrets of the Teams that hold none).</span>")
            return
        if h != GM and not self._gm_signs("set a passphrase"):
            return
        self._set_one(h)

    def _set_one(self, h: str, why: str = "") -> bool:
        """``h``'s new passphrase asked (``why``: why now), its key set: one undoable, logged step."""
        who = holder_name(self.session.campaign, h)
        text = self._new(who, why)
        if text is None:
            return False
        record, private = new_key(text, holder=h, pin=pin_of(self.session.campaign.keys))
        self.session.keyring.add(h, private, text)
        if not self._apply(f"Set the passphrase of {who}", h, record, f"{_cap(who)} holds a passphrase now."):
            return False
        sealed = "every Team's secrets are sealed for the GM" if h == GM else "its secrets are sealed"
        self.status.setText(f"{escape(_cap(who))} holds a passphrase: {sealed} from the next save "
                            "(File \u2192 Save).")
        self._fill()
        return True

    def _change(self) -> None:
        h = self._holder()
        if h is None or not self._proved(h, "change the passphrase") or not self._gm_signs("change a passphrase"):
            return
        who = holder_name(self.session.campaign, h)
        private = self.session.keyring.get(h)
        text = self._new(who)
        if text is None:
            return
        pin = pin_of(self.session.campaign.keys)
        if private is None:  # proved with the GM's passphrase: a Team's forgotten one gets a new key
            record, private = new_key(text, holder=h, pin=pin)
            log = f"The GM reset the key of {who}: a new passphrase (its secrets are sealed for it from the next save)."
        else:
            record = rekey(private, text, holder=h, pin=pin)
            log = f"The passphrase of {who} was changed."
        self.session.keyring.add(h, private, text)
        if self._apply(f"Change the passphrase of {who}", h, record, log):
            self.status.setText(f"The passphrase of {escape(who)} is changed.")
        self._fill()

    def _reset(self) -> None:
        """A Team that lost its passphrase: the GM's passphrase (typed now) gives it a new key."""
        h = self._holder()
        c = self.session.campaign
        if h is None or h == GM or GM not in c.keys:
            return
        who = holder_name(c, h)
        text = ask_passphrase(self, f"Reset the key \u2014 {who}",
                              f"To give {who} a new key (its old passphrase no longer opens anything), the GM's "
                              "passphrase:")
        if text is None:
            return
        try:
            self.session.keyring.add(GM, unlock(c.keys[GM], text, "the GM", c.keys), text)
        except WrongPassphrase as e:
            self.status.setText(f"<span style='color:#c01010'>{escape(_cap(e.message))}: nothing changed.</span>")
            return
        phrase = self._new(who)
        if phrase is None:
            return
        record, private = new_key(phrase, holder=h, pin=pin_of(c.keys))
        self.session.keyring.add(h, private, phrase)
        if self._apply(f"Reset the key of {who}", h, record,
                       f"The GM reset the key of {who}: a new passphrase (its secrets are sealed for it from the "
                       "next save)."):
            self.status.setText(f"{escape(_cap(who))} has a new key: its secrets are sealed for it from the next "
                                "save.")
        self._fill()

    def _remove(self) -> None:
        h = self._holder()
        if h is None or not self._proved(h, "remove the passphrase") or not self._gm_signs("remove a passphrase"):
            return
        who = holder_name(self.session.campaign, h)
        if not self._apply(f"Remove the passphrase of {who}", h, None, f"{_cap(who)} holds no passphrase now."):
            return
        self.status.setText(f"{escape(_cap(who))} holds no passphrase now: its secrets are sealed for the "
                            "GM only (stored readable only when nobody holds a passphrase).")
        self._fill()
