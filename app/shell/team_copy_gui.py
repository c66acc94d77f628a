"""A Team's own copy of the campaign for play by e-mail (issue 23), in the window.

The GM's File > Export Team Copy... writes, for a chosen Team, the copy the engine makes
(:mod:`rules.model.team_copy`: only what that Team may know, signed with the GM's key). A
player opening a copy is asked for its Team's passphrase alone; the window then shows the
campaign as that Team sees it under a banner, and what a copy cannot do (run phases, fight
battles, save, import orders, change passphrases) is disabled with a tooltip saying why. Its
own fleets are given movement orders by the same drag as in the full file (the engine refuses
another Team's fleet; the orders live in the open copy, never saved nor autosaved). The
player's File > Export My Orders... (app/shell/sealed_orders_gui.py) works as with the full
file and carries those movement orders. These dialogs only gather; the engine makes, checks and refuses.
"""
from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QHBoxLayout,
                               QLabel, QLineEdit, QMenu, QMessageBox, QPushButton, QToolBar, QVBoxLayout,
                               QWidget)

from rules.battlehex.words import possessive
from rules.errors import RuleError
from rules.model.campaign import Campaign, TeamCopyMark
from rules.model.checks import Problem
from rules.model.io import CampaignError, SealedError
from rules.model.seals import GM, Keyring, KeyChanged, WrongPassphrase, unlock

COPY_FILTER = "BattleHex Team copies (*.json);;All files (*)"
WHY = {
    "save": "A Team copy is never saved: the GM keeps the campaign's own file. Enter your orders and export "
            "them (File > Export My Orders...)",
    "phase": "A Team copy runs no phase: the GM runs the turn on the campaign's own file with every Team's orders",
    "battle": "A Team copy fights no battle: the GM's file holds what your copy leaves out",
    "gm": "The GM's work is done on the campaign's own file, not on a Team copy",
    "view": "A Team copy holds only what its Team may know: your own hidden units are shown, no other Team's",
    "replay": "A Team copy replays no battle: it leaves out what the other Teams kept secret in them",
}
_ACTIONS = {  # the menu entries a Team copy disables, by text (without '&'), and why
    "Save": "save", "Save As...": "save", "Open Last Autosave": "save", "End Movement (execute orders)": "phase",
    "End Phase": "phase", "Answer the Phase's Questions...": "phase", "GM Ruling on a Battle Hex...": "gm",
    "Fight a Battle Hex (set-up)...": "battle", "Import Orders...": "gm", "Passphrases (sealed secrets)...": "gm",
    "Export Team Copy...": "gm", "Buy a Unit (Turn Orders)...": "save", "Diplomacy (Turn Orders)...": "save",
    "Cargo: Embark, Land, Deploy...": "phase",
    "Replay a Battle...": "replay", "Unit Lists...": "gm", "Settings...": "gm",
}
_PHASE_ACTIONS = ("end_movement_action", "gm_action", "fight_action", "answer_turn_action", "end_phase_action")
"""Enabled by the phase bar itself (app/shell/turn.py) once the copy is closed."""


def banner_text(c: Campaign) -> str:
    """The banner over a Team copy: whose, which turn, what to do."""
    mark = c.team_copy
    assert mark is not None
    team = next((t.name for t in c.teams if t.id == mark.team), mark.team)
    return f"Team copy for {team}, turn {mark.turn}: drag your fleets, enter your orders and export them"


class ExportTeamCopyDialog(QDialog):
    """Which Team, the GM's passphrase (unless open) and the file to write."""

    def __init__(self, c: Campaign, folder: Path, needs_passphrase: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("export_team_copy")
        self.setWindowTitle("Export Team Copy (play by e-mail)")
        self._folder, self._turn = folder, c.turn
        lay = QVBoxLayout(self)
        text = QLabel(f"A copy of turn {c.turn} holding only what the Team may know: no other Team's secret, not "
                      "even sealed. It opens with the Team's passphrase alone, read-only, and is signed with the "
                      "GM's key, so a copy changed by hand does not open. The player exports orders from it; "
                      "File > Import Orders... takes them here.")
        text.setWordWrap(True)
        lay.addWidget(text)
        form = QFormLayout()
        self.team_box = QComboBox()
        self.team_box.setAccessibleName("Team")
        for t in c.teams:
            if t.id != GM and t.id in c.keys:
                self.team_box.addItem(t.name, t.id)
        form.addRow("&Team:", self.team_box)
        self.passphrase = QLineEdit()
        self.passphrase.setEchoMode(QLineEdit.EchoMode.Password)
        self.passphrase.setAccessibleName("GM passphrase")
        if needs_passphrase:
            form.addRow("&GM passphrase:", self.passphrase)
        self.path = QLineEdit()
        self.path.setAccessibleName("File")
        row = QHBoxLayout()
        row.addWidget(self.path)
        browse = QPushButton("&Browse...")
        browse.clicked.connect(self._browse)
        row.addWidget(browse)
        label = QLabel("&File:")
        label.setBuddy(self.path)
        form.addRow(label, row)
        if self.team_box.count() == 0:
            form.addRow(QLabel("No Team holds a passphrase: set one first (File > Passphrases)."))
        lay.addLayout(form)
        self.team_box.currentIndexChanged.connect(self._default_path)
        self._default_path()
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        box.accepted.connect(self.accept)
        box.rejected.connect(self.reject)
        lay.addWidget(box)
        self.resize(600, self.sizeHint().height())

    def _default_path(self) -> None:
        team = self.team_box.currentData()
        if team is not None:
            self.path.setText(str(self._folder / f"{team}-copy-turn{self._turn}.json"))

    def _browse(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "Team copy", self.path.text(), COPY_FILTER)
        if path:
            self.path.setText(path)


def export_team_copy(window: Any) -> bool:
    """File > Export Team Copy...: True once the copy is written."""
    from rules.model.safe_write import safe_write_text
    from rules.model.team_copy import make_copy, refuse_own_file

    session = window.session
    if session is None:
        return False
    c = session.campaign
    if GM not in c.keys:
        window.show_error("Export Team Copy", "The GM holds no passphrase: a Team copy is signed with the GM's key "
                                              "(File > Passphrases)")
        return False
    ring = session.keyring
    ask = ExportTeamCopyDialog(c, Path(session.path).parent, ring.get(GM) is None, window)
    window.export_team_copy_dialog = ask
    if ask.exec() != QDialog.DialogCode.Accepted or ask.team_box.currentData() is None:
        return False
    try:
        gm = ring.get(GM) or unlock(c.keys[GM], ask.passphrase.text(), "the GM", c.keys)
        refuse_own_file(Path(ask.path.text()), Path(session.path))
        text = make_copy(c, str(ask.team_box.currentData()), gm)
        safe_write_text(Path(ask.path.text()), text)
    except (RuleError, OSError) as e:
        window.show_error("Export Team Copy", str(e))
        return False
    done = QMessageBox(QMessageBox.Icon.Information, "Team copy exported",
                       f"{ask.path.text()}\n\n{possessive(ask.team_box.currentText())} copy of turn {c.turn}. "
                       "Send it to the Team: its passphrase opens it. The orders it exports come back to you: File > "
                       "Import Orders.", QMessageBox.StandardButton.Ok, window)
    window.export_team_copy_box = done
    done.exec()
    return True


class TeamPassphraseDialog(QDialog):
    """A Team copy's one question: its Team's passphrase (never shown)."""

    def __init__(self, parent: QWidget | None, title: str, text: str, label: str) -> None:
        super().__init__(parent)
        self.setObjectName("team_copy_passphrase")
        self.setWindowTitle(title)
        lay = QVBoxLayout(self)
        intro = QLabel(text)
        intro.setObjectName("team_copy_prompt_text")
        intro.setWordWrap(True)
        lay.addWidget(intro)
        form = QFormLayout()
        self.passphrase = QLineEdit()
        self.passphrase.setEchoMode(QLineEdit.EchoMode.Password)
        self.passphrase.setAccessibleName("Passphrase")
        form.addRow(label, self.passphrase)
        lay.addLayout(form)
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        box.accepted.connect(self.accept)
        box.rejected.connect(self.reject)
        lay.addWidget(box)
        self.resize(520, self.sizeHint().height())  # the title names the file (a real screen cut it at 320 px)


def unlock_copy(window: Any, path: Path, err: SealedError, mark: TeamCopyMark) -> Keyring | None:
    """The key that opens the Team copy at ``path``: its Team's passphrase, asked until it opens
    (``None`` when cancelled).

    Raises:
        CampaignError: the Team's key was not made with the copy's GM key (the file was changed).
    """
    team = err.names.get(mark.team, mark.team)
    record = err.keys.get(mark.team)
    if record is None:
        raise CampaignError(str(path), [Problem("team_copy", f"{team} holds no key in its copy: the file was "
                                                             "changed")])
    note = ""
    while True:
        d = TeamPassphraseDialog(window, f"Team copy \u2014 {path.name}",
                                 f"{note}{path.name} is {possessive(team)} copy, turn {mark.turn}.",
                                 f"{possessive(team)} &passphrase:")
        window.team_copy_prompt = d
        if d.exec() != QDialog.DialogCode.Accepted:
            return None
        ring = Keyring()
        try:
            ring.add(mark.team, unlock(record, d.passphrase.text(), team, err.keys), d.passphrase.text())
        except KeyChanged as e:
            raise CampaignError(str(path), [Problem("keys", e.message)]) from None
        except WrongPassphrase as e:
            note = f"{e.message[:1].upper()}{e.message[1:]}.\n\n"
            continue
        return ring


def show_mode(window: Any) -> None:
    """The window as the campaign shown needs it: a Team copy's banner and disabled actions, or
    (another file opened since) everything back as it was."""
    c = window.campaign
    copy = c is not None and c.team_copy is not None
    saved: dict[QAction, tuple[str, str]] | None = getattr(window, "_team_copy_saved", None)
    if not copy:
        if saved is not None:
            _leave(window, saved)
        return
    if saved is None:
        saved = window._team_copy_saved = {}
        bar = QToolBar("Team copy", window)
        bar.setObjectName("team_copy_bar")
        bar.setMovable(False)
        label = QLabel("")
        label.setObjectName("team_copy_banner")
        label.setStyleSheet("QLabel { background: #fff3c4; color: #3a2c00; font-weight: bold; padding: 6px 12px; }")
        bar.addWidget(label)
        export = bar.addAction("Export My Orders...")
        export.setObjectName("team_copy_export")
        export.triggered.connect(lambda: _export(window))
        window.addToolBarBreak(Qt.ToolBarArea.TopToolBarArea)
        window.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
        window._team_copy_bar = bar
        for act in _all_actions(window):
            saved[act] = (act.toolTip(), _ACTIONS.get(act.text().replace("&", ""), "phase"))
        saved[window.gm_view_action] = (window.gm_view_action.toolTip(), "view")
    window._team_copy_bar.findChild(QLabel, "team_copy_banner").setText(escape(banner_text(c)))
    for act, (_tip, why) in saved.items():
        act.setEnabled(False)
        act.setToolTip(WHY[why])
        for menu in act.associatedObjects():
            if isinstance(menu, QMenu):
                menu.setToolTipsVisible(True)  # the why of a disabled entry shows on hover
    from app.shell.sealed_orders_gui import copy_book

    copy_book(window)  # the copy as opened: what its orders are told apart from
    _team_view(window, True)


def may_close_copy(window: Any, doing: str) -> bool:
    """Before a Team copy goes away (File > Quit, the window closed, another file opened) with
    movement orders plotted for a power of its Team and not exported: a copy is never saved, so
    the question is whether to export them (Export / Discard / Cancel), asked again while a power
    is left. True once all are exported, or discarded; False when cancelled, or when an export did
    not happen (the copy stays open as it was)."""
    from app.shell.sealed_orders_gui import export_my_orders, unexported

    c = window.campaign
    while True:
        left = unexported(window)
        if not left:
            return True
        names = [escape(possessive(p.name if (p := c.power(x)) is not None else x), quote=False) for x in left]
        box = QMessageBox(QMessageBox.Icon.Warning, "Orders not exported",
                          f"<b>{' and '.join(names)}</b> movement orders plotted in this copy are not exported.<br>"
                          f"Export them for the GM before {escape(doing, quote=False)}?",
                          QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel, window)
        box.setObjectName("unexported_orders")
        box.setInformativeText("A Team copy is never saved: the orders reach the GM only as an exported file "
                               "(File > Export My Orders..., one a power). If you discard them, they are lost.")
        box.setStyleSheet("QLabel#qt_msgbox_informativelabel { min-width: 460px; }")
        export = box.addButton("&Export My Orders...", QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(export)
        box.setEscapeButton(QMessageBox.StandardButton.Cancel)
        window.unexported_orders_box = box
        box.exec()
        if box.clickedButton() is not export:
            return box.clickedButton() is box.button(QMessageBox.StandardButton.Discard)
        if not export_my_orders(window, left[0]):
            return False


def _export(window: Any) -> None:
    from app.shell.sealed_orders_gui import export_my_orders
    export_my_orders(window)


def _all_actions(window: Any) -> list[QAction]:
    out: list[QAction] = []

    def walk(actions: list[QAction]) -> None:
        for act in actions:
            out.append(act)
            if act.menu() is not None:
                walk(act.menu().actions())

    walk(window.menuBar().actions())
    for act in (window.end_phase_action,):  # its text names the phase ("End Movement Phase")
        if act not in out:
            out.append(act)
    return [a for a in out if _ACTIONS.get(a.text().replace("&", "")) or a is window.end_phase_action]


def _team_view(window: Any, on: bool) -> None:
    """The map and log show everything the copy holds (what its Team may know), the GM's red
    label left off."""
    from app.strategic.scene import StrategicScene

    window.gm_view_action.setChecked(on)
    window._gm_label.setVisible(False)
    scene = window.strategic_view.scene()
    if isinstance(scene, StrategicScene):
        scene.blockSignals(True)
        scene.set_gm(on)
        scene.blockSignals(False)
    window._show_log()
    if on and window.campaign_path is not None:
        window.setWindowTitle(f"BattleHex \u2014 {window.campaign.name} [{window.campaign_path.name}][*] "
                              f"\u2014 {banner_text(window.campaign).split(':')[0]}")


def _leave(window: Any, saved: dict[QAction, tuple[str, str]]) -> None:
    bar = window._team_copy_bar
    window.removeToolBar(bar)
    bar.deleteLater()
    phase = {getattr(window, n) for n in _PHASE_ACTIONS}
    for act, (tip, _why) in saved.items():
        if act is not window.end_phase_action:
            act.setToolTip(tip)
        if act not in phase:
            act.setEnabled(True)
    window._team_copy_saved = window._team_copy_bar = None
    _team_view(window, False)
    window._set_title()
