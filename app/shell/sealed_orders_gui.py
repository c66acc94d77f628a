"""File > Export My Orders... and File > Import Orders... (issue 23, play by e-mail): a power's
Team enters its Turn Orders for this turn in its orders dialog (checked on a scratch copy; the
campaign is not changed) and writes them as a file sealed to the GM with its passphrase, with the
movement orders plotted on the map for its fleets (a drag, in its Team copy as in the full file);
the GM imports every power's file (its own passphrase opens them), each power's orders question is
answered from it and its fleets given their movement orders, as one undoable step. The engine
seals, reads and refuses (rules/turn/sealed_orders.py); these dialogs only gather."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QHBoxLayout, QLabel,
                               QLineEdit, QMessageBox, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget)

from rules.battlehex.words import plural
from rules.errors import RuleError
from rules.model.campaign import Campaign
from rules.model.seals import GM


def _buttons(d: QDialog, lay: QVBoxLayout) -> None:
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    box.accepted.connect(d.accept)
    box.rejected.connect(d.reject)
    lay.addWidget(box)


class ExportOrdersDialog(QDialog):
    """Whose orders, the Team's passphrase and the file to write."""

    def __init__(self, c: Campaign, folder: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Export my orders (sealed to the GM)")
        self._folder, self._turn = folder, c.turn
        lay = QVBoxLayout(self)
        text = QLabel(f"Your power's Turn Orders for turn {c.turn}, sealed so that only the GM opens them and made "
                      "with your Team's key (its passphrase), so no other Team can send orders in your name. You "
                      "enter them next, one at a time.")
        text.setWordWrap(True)
        lay.addWidget(text)
        form = QFormLayout()
        self.power_box = QComboBox()
        for p in c.powers:
            team = c.team_of_power(p.id)
            if team is not None and team.id != GM and team.id in c.keys:
                self.power_box.addItem(f"{p.name} ({team.name})", p.id)
        self.passphrase = QLineEdit()
        self.passphrase.setEchoMode(QLineEdit.EchoMode.Password)
        self.path = QLineEdit()
        self.moves = QLabel("")
        self.moves.setObjectName("export_moves")
        self.moves.setWordWrap(True)
        self._campaign = c
        self.power_box.currentIndexChanged.connect(self._default_path)
        self._default_path()
        file_row = QHBoxLayout()
        file_row.addWidget(self.path)
        browse = QPushButton("&Browse...")
        browse.clicked.connect(self._browse)
        file_row.addWidget(browse)
        for label, w in (("&Power:", self.power_box), ("Team &passphrase:", self.passphrase), ("&File:", self.path)):
            w.setAccessibleName(label.replace("&", "").rstrip(":"))
            if w is self.path:  # a row of a layout gets no buddy by itself: the label's mnemonic needs one
                file_label = QLabel(label)
                file_label.setBuddy(self.path)
                form.addRow(file_label, file_row)
            else:
                form.addRow(label, w)
        lay.addLayout(form)
        lay.addWidget(self.moves)
        if self.power_box.count() == 0:
            form.addRow(QLabel("No power's Team has a seal key: set its passphrase first (File > Passphrases)."))
        _buttons(self, lay)
        self.resize(560, self.sizeHint().height())

    def _default_path(self) -> None:
        """The file beside the campaign's, named by the power and the turn; the movement orders it carries."""
        from rules.turn.sealed_orders import moves_of

        power = self.power_box.currentData()
        if power is not None:
            self.path.setText(str(self._folder / f"{power}-orders-turn{self._turn}.battlehex-orders"))
            c = self._campaign
            names = {f.id: f.name for f in c.fleets}
            moves = moves_of(c, str(power))
            self.moves.setText("Movement orders it carries (drag your fleets on the map to plot them): "
                               + ("; ".join(f"{names[f]} → {' → '.join(p)}" for f, p in moves.items())
                                  if moves else "none plotted") + ".")

    def _browse(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Sealed orders file", self.path.text(),
                                              "Sealed orders (*.battlehex-orders);;All files (*)")
        if path:
            self.path.setText(path)


class ImportOrdersDialog(QDialog):
    """The powers' sealed orders files and, unless the GM's key is open, the GM's passphrase."""

    def __init__(self, needs_passphrase: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Import orders (sealed to the GM)")
        lay = QVBoxLayout(self)
        text = QLabel("Each power's sealed orders file for this turn, one a line. Every file is read before any "
                      "order is given: one of another turn, power or campaign, or changed, refuses them all.")
        text.setWordWrap(True)
        lay.addWidget(text)
        self.files = QPlainTextEdit()
        self.files.setAccessibleName("Files")
        self.files.setTabChangesFocus(True)  # Tab leaves the list (a path holds no tab)
        self.files.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)  # one file a line, as typed
        lay.addWidget(self.files)
        browse = QPushButton("&Browse...")
        browse.clicked.connect(self._browse)
        lay.addWidget(browse)
        form = QFormLayout()
        self.passphrase = QLineEdit()
        self.passphrase.setEchoMode(QLineEdit.EchoMode.Password)
        self.passphrase.setAccessibleName("GM passphrase")
        if needs_passphrase:
            form.addRow("&GM passphrase:", self.passphrase)
        lay.addLayout(form)
        _buttons(self, lay)
        self.resize(620, 360)  # the title and a file's whole path in view

    def _browse(self) -> None:
        paths, _ = QFileDialog.getOpenFileNames(self, "Sealed orders files", "", "Sealed orders (*.battlehex-orders)"
                                                ";;All files (*)")
        if paths:
            self.files.setPlainText("\n".join([*self.paths(), *paths]))

    def paths(self) -> list[str]:
        return [line.strip() for line in self.files.toPlainText().splitlines() if line.strip()]


def export_my_orders(window: Any, power: str | None = None) -> bool:
    """File > Export My Orders...: True once the file is written (``power``: the one it opens at)."""
    from app.shell.orders_dialog import OrdersDialog
    from rules.model.seals import unlock
    from rules.turn.sealed_orders import check, export, moves_of

    session = window.session
    if session is None:
        return False
    c = session.campaign
    if GM not in c.keys:
        window.show_error("Export my orders", "The GM has no seal key: orders cannot be sealed to the GM (File > "
                                              "Passphrases)")
        return False
    ask = ExportOrdersDialog(c, Path(session.path).parent, window)
    if power is not None and ask.power_box.findData(power) >= 0:
        ask.power_box.setCurrentIndex(ask.power_box.findData(power))
    window.export_orders_dialog = ask
    if ask.exec() != QDialog.DialogCode.Accepted or ask.power_box.currentData() is None:
        return False
    power = str(ask.power_box.currentData())
    team = c.team_of_power(power)
    assert team is not None
    try:
        key = unlock(c.keys[team.id], ask.passphrase.text(), team.name, c.keys)
    except RuleError as e:
        window.show_error("Export my orders", str(e))
        return False
    given: list[Any] = []
    scratch = c
    while True:
        dialog = OrdersDialog(scratch, power, window)
        window.orders_dialog = dialog
        if dialog.exec() != QDialog.DialogCode.Accepted:
            window.statusBar().showMessage("Export cancelled: no file written", 8000)
            return False
        raw = dialog.answer()
        if raw == "done":
            break
        try:
            scratch = check(scratch, power, [raw], preview=True)  # a break shows its odds, no roll: the GM rolls it
        except RuleError as e:
            window.show_error("Order refused", str(e))
            continue
        given.append(raw)
    try:
        moves = moves_of(c, power)
        text = export(c, power, given, key, moves, session.graph)
        Path(ask.path.text()).write_text(text, encoding="utf-8")
    except (RuleError, OSError) as e:
        window.show_error("Export my orders", str(e))
        return False
    name = c.power(power).name if c.power(power) is not None else power
    if c.team_copy is not None:  # its plotted orders are in the file now: closing asks of the Team's others only
        if sent(window, power, moves):
            session.undo_stack.setClean()
    fleets = f" and the movement orders of {plural(len(moves), 'fleet')}" if moves else ""
    from rules.turn.diplomacy_phase import PREVIEW

    odds = "".join(f"\n\n{e.text}" for e in scratch.log[len(c.log):] if e.text.endswith(PREVIEW))  # odds, no roll
    done = QMessageBox(QMessageBox.Icon.Information, "Orders exported",
                       f"{ask.path.text()}\n\n{plural(len(given), 'order')}{fleets} of {name} for turn {c.turn}, sealed so "
                       f"that only the GM opens them. Send this file to the GM (File > Import Orders...).{odds}",
                       QMessageBox.StandardButton.Ok, window)
    window.export_done_box = done
    done.exec()
    return True


def import_orders(window: Any) -> bool:
    """File > Import Orders...: True once the files' orders are given (one undoable step)."""
    from rules.model.seals import Keyring, unlock
    from rules.turn.sealed_orders import read_all, run_imported

    session = window.session
    if session is None:
        return False
    c = session.campaign
    ring = session.keyring
    ask = ImportOrdersDialog(ring.get(GM) is None, window)
    window.import_orders_dialog = ask
    if ask.exec() != QDialog.DialogCode.Accepted:
        return False
    try:
        if not ask.paths():
            raise RuleError("004 Turn Orders Phase", "no sealed orders file was named: no orders were imported")
        if ring.get(GM) is None:
            if GM not in c.keys:
                raise RuleError("004 Turn Orders Phase", "the GM has no seal key: no orders were sealed to the GM")
            ring = Keyring()
            ring.add(GM, unlock(c.keys[GM], ask.passphrase.text(), "the GM", c.keys))
        files = []
        for p in ask.paths():
            try:
                files.append((p, Path(p).read_text(encoding="utf-8")))
            except (OSError, ValueError) as e:
                raise RuleError("004 Turn Orders Phase", f"{p}: cannot read it ({e}); no orders were imported") from None
        imported = read_all(c, files, ring)
        session.apply(f"Turn Orders: sealed orders of {plural(len(imported), 'power')} imported",
                      lambda now: run_imported(now, imported, session.graph))
    except RuleError as e:
        window.show_error("Import orders", str(e))
        return False
    window.statusBar().showMessage(f"Imported the sealed orders of {', '.join(sorted(imported))}", 10000)
    window.ask_when_open()
    return True


def copy_book(window: Any) -> tuple[Campaign, dict[str, dict[str, list[str]]]]:
    """The open copy as it was opened and the movement orders exported since, by power (made when
    the copy is first shown, anew for each copy opened)."""
    book = getattr(window, "_copy_book", None)
    if book is None or book[0] is not window.session:
        book = window._copy_book = (window.session, window.session.campaign, {})
    return book[1], book[2]


def unexported(window: Any) -> list[str]:
    """The powers of the open copy's Team whose movement orders now differ from those exported
    last (or, none exported, from the copy as opened), in the Team's order."""
    from rules.turn.sealed_orders import moves_of

    c = window.campaign
    mark = c.team_copy
    team = next((t for t in c.teams if t.id == mark.team), None) if mark is not None else None
    if team is None:
        return []
    opened, given = copy_book(window)
    return [p for p in team.powers if moves_of(c, p) != given.get(p, moves_of(opened, p))]


def sent(window: Any, power: str, moves: dict[str, list[str]]) -> bool:
    """``power``'s movement orders ``moves`` exported from the open copy; True when no power of its
    Team is left with orders not exported (the copy is then marked clean)."""
    copy_book(window)[1][power] = moves
    return not unexported(window)
