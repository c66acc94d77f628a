"""Turn > Cargo: Embark, Land, Deploy... (Ctrl+Shift+C): the keyboard's way to the cargo actions
of the strategic map's right-click Cargo menu (seed 004 Invasion Phase; issue 19).

The dialog lists, for every fleet the viewer may see, what the engine says it could do with
cargo where it stands (``rules.turn.logistics.actions``); arrows choose one (a line the engine
would refuse says why under the list, with its rule), Return does it through the main window
(one undoable step, the engine's refusal shown with its rule),
Escape closes. In a phase where cargo does not move, the engine's reason is shown and
nothing can be chosen.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from rules.model import Campaign, Fleet, visibility
from rules.turn.logistics import CargoAction, actions, refusal, when_refused
from app.widgets.titles import plain_words

if TYPE_CHECKING:
    from app.shell.window import MainWindow


_VERBS = ("land", "deploy", "embark")  # the list's order: the landings first (typing "Land" finds them too)


def cargo_choices(c: Campaign, gm: bool) -> list[tuple[Fleet, CargoAction]]:
    """Every fleet's cargo actions, as the engine lists them, for the fleets the viewer may see:
    the landings first, then deployments, then embarkations, each in the campaign's fleet order."""
    found = [(f, a) for f in c.fleets if gm or visibility.seen_by(c, f.name, visibility.TABLE)
             for a in actions(c, f.id)]
    return sorted(found, key=lambda fa: _VERBS.index(fa[1].verb) if fa[1].verb in _VERBS else len(_VERBS))


class CargoDialog(QDialog):
    """The cargo actions of ``choices``, one a line; OK (Return) chooses the current one."""

    def __init__(self, choices: list[tuple[Fleet, CargoAction]], refused: str | None, parent: QWidget | None = None,
                 refusals: list[str | None] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Cargo: embark, land, deploy")
        self.choices = choices
        lay = QVBoxLayout(self)
        note = QLabel("Invasion Phase: " + (refused or "choose what a fleet does with its cargo where it "
                                                      "stands (arrows or the first letters, then Return; Escape closes)"))
        note.setWordWrap(True)
        lay.addWidget(note)
        self.list = QListWidget()
        why = refusals if refusals is not None else [None] * len(choices)
        for (fleet, action), no in zip(choices, why):
            item = QListWidgetItem(f"{action.text} \u2014 {fleet.name} ({fleet.sector})")
            if no is not None:
                item.setToolTip(f"Refused: {plain_words(no)}")
            self.list.addItem(item)
        # opens at the first line the engine would do now, so that Return does something
        self.list.setCurrentRow(next((i for i, no in enumerate(why) if no is None), 0))
        self.list.setMinimumWidth(min(900, self.list.sizeHintForColumn(0) + 40))  # every line whole
        self.list.itemActivated.connect(lambda _item: self.accept())
        lay.addWidget(self.list, 1)
        # the current line's refusal in words under the list (a tooltip alone is seen only by hovering)
        self.why = QLabel()
        self.why.setWordWrap(True)
        self.why.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.why.setMinimumHeight(self.why.fontMetrics().lineSpacing() * 4)  # room kept: the list does not jump
        self.why.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        lay.addWidget(self.why)
        self.list.currentRowChanged.connect(lambda row: self._said(why, row))
        self._said(why, self.list.currentRow())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setText("Do it")
        ok.setDefault(True)
        ok.setEnabled(refused is None and bool(choices))
        if refused is not None:
            self.list.setEnabled(False)
            ok.setToolTip(refused)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.ok_button = ok
        self.list.setFocus(Qt.FocusReason.OtherFocusReason)
        self.resize(560, 320)

    def _said(self, why: list[str | None], row: int) -> None:
        no = why[row] if 0 <= row < len(why) else None
        self.why.setText(f"Refused: {plain_words(no)}" if no is not None else "")
        item = self.list.item(row)
        if item is not None:  # still in view once a longer refusal has taken more of the dialog's height
            QTimer.singleShot(0, lambda: self.list.scrollToItem(item))

    def accept(self) -> None:
        if self.ok_button.isEnabled():  # Return in a phase where cargo does not move does nothing
            super().accept()

    def chosen(self) -> tuple[Fleet, CargoAction] | None:
        row = self.list.currentRow()
        return self.choices[row] if 0 <= row < len(self.choices) else None


def open_cargo_dialog(window: MainWindow) -> bool:
    """Turn > Cargo...: ask which cargo action to do and do it; True once one is done."""
    session = window.session
    if session is None:
        return False
    c = session.campaign
    choices = cargo_choices(c, window.gm_view_action.isChecked())
    if not choices:
        window.statusBar().showMessage("No fleet has cargo to embark, land or deploy where it stands", 8000)
        return False
    phase = when_refused(c)
    refusals = None if phase is not None else [refusal(c, session.graph, f.id, a) for f, a in choices]
    dialog = CargoDialog(choices, phase, window, refusals)
    got = dialog.chosen() if dialog.exec() == QDialog.DialogCode.Accepted else None
    if got is None:
        return False
    fleet, action = got
    return bool(window.cargo(fleet.id, action))
