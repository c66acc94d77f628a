"""File > New Campaign... (issue 23): a seed 004 campaign from the seed's Setup - the name, the
map size, the allowed empires (checked in a list), the year, the sectors each empire owns, the
homeworld's figures the seed does not give, and the file to write. The engine builds and
checks the campaign (rules/economy/setup.py); the dialog only gathers the choices, says why
choices make no campaign, and the window opens the file written."""
from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QHBoxLayout, QLabel,
                               QLineEdit, QListWidget, QListWidgetItem, QPushButton, QSpinBox, QVBoxLayout, QWidget)

from rules.economy.setup import EMPIRES, Homeworld, campaign_data, why_not


def _spin(low: int, high: int, value: int, name: str) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    box.setAccessibleName(name)
    return box


def _buddy(text: str, widget: QWidget) -> QLabel:
    """A form label whose mnemonic focuses ``widget`` (a row holding a layout has no buddy of its own)."""
    label = QLabel(text)
    label.setBuddy(widget)
    return label


class NewCampaignDialog(QDialog):
    """The GM's Setup choices; OK only when they make a campaign and a file is named."""

    def __init__(self, folder: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New Campaign (Setup)")
        lay = QVBoxLayout(self)
        # two lines of its own: one line made the dialog 856 pixels wide, wider than a small screen, and
        # words wrapped by the label were not counted in the dialog's least height (fitted to a small
        # screen, the empire list ran under the next row)
        intro = QLabel("A new campaign: each empire owns sectors around its homeworld,\nevery pair starts "
                       "with no contact, turn 1 begins with the Income Phase.")
        lay.addWidget(intro)
        form = QFormLayout()
        self.name_edit = QLineEdit("New campaign")
        self.name_edit.setAccessibleName("Name")
        form.addRow("&Name:", self.name_edit)
        self.cols, self.rows = _spin(5, 500, 30, "Map columns"), _spin(5, 500, 20, "Map rows")
        size = QHBoxLayout()
        size.addWidget(self.cols)
        size.addWidget(QLabel("x"))
        size.addWidget(self.rows)
        form.addRow(_buddy("Map &size (sectors):", self.cols), size)
        self.year = _spin(1, 999, 171, "Year")
        self.year.setPrefix("Y")
        form.addRow("&Year:", self.year)
        self.owned = _spin(1, 10_000, 7, "Sectors owned per empire")
        form.addRow("Sectors &owned per empire:", self.owned)
        self.census, self.productivity = _spin(0, 99, 10, "Census"), _spin(0, 99, 10, "Productivity")
        self.raw, self.morale = _spin(0, 99, 5, "RAW"), _spin(0, 99, 10, "Morale")
        home = QHBoxLayout()
        for label, box in (("Census", self.census), ("Productivity", self.productivity), ("RAW", self.raw),
                           ("Morale", self.morale)):
            home.addWidget(QLabel(label))
            home.addWidget(box)
        form.addRow(_buddy("&Homeworld (the GM's figures):", self.census), home)
        self.empires = QListWidget()
        self.empires.setAccessibleName("Empires")
        for e in EMPIRES:
            item = QListWidgetItem(f"{e.name} ({e.rule}{', ' + e.module if e.module else ''})")
            item.setData(Qt.ItemDataRole.UserRole, e.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if e.id in ("fed", "klingon") else Qt.CheckState.Unchecked)
            self.empires.addItem(item)
        rows = self.empires.sizeHintForRow(0) * len(EMPIRES) + 2 * self.empires.frameWidth()
        # every allowed empire in sight where the screen allows: a quarter of its height at most (at
        # QT_SCALE_FACTOR=2 on a 1600 x 1000 screen the dialog was 499 of 500 pixels, its OK cut; at a
        # third, the dialog fitted to the screen was below its least height and the list ran under the
        # next row)
        self.empires.setMinimumHeight(min(rows, 420, self.screen().availableGeometry().height() // 4))
        form.addRow("&Empires (allowed by the rules):", self.empires)
        self.random_events = QCheckBox("The GM enters &random events at End of Turn (an optional rule)")
        self.random_events.setToolTip("End of Turn: \"Optional rules like the Random Events option take place in "
                                      "this phase\". The rules print no Random Event table: the GM enters each event "
                                      "- a power's one-time income or expense, or a planet's morale.")
        form.addRow("Optional rules:", self.random_events)
        self.path_edit = QLineEdit(str(folder / "new_campaign.json"))
        self.path_edit.setAccessibleName("File")
        browse = QPushButton("&Browse...")
        browse.clicked.connect(self._browse)
        where = QHBoxLayout()
        where.addWidget(self.path_edit, 1)
        where.addWidget(browse)
        form.addRow(_buddy("&File:", self.path_edit), where)
        lay.addLayout(form)
        self.why = QLabel("")
        self.why.setObjectName("why_not")
        self.why.setWordWrap(True)
        self.why.setStyleSheet("color: #b00020")
        lay.addWidget(self.why)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._ok)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)

    def chosen(self) -> list[str]:
        """The empires checked, in the seed's order."""
        items = [self.empires.item(i) for i in range(self.empires.count())]
        return [str(it.data(Qt.ItemDataRole.UserRole)) for it in items if it.checkState() == Qt.CheckState.Checked]

    def _browse(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, "New campaign file", self.path_edit.text(),
                                              "Campaigns (*.json)")
        if path:
            self.path_edit.setText(path)

    def problem(self) -> str | None:
        """Why the choices make no campaign file (``None``: they do)."""
        why = why_not(self.cols.value(), self.rows.value(), self.chosen(), self.year.value(), self.owned.value())
        if why is not None:
            return why
        if not self.name_edit.text().strip():
            return "give the campaign a name"
        path = Path(self.path_edit.text().strip())
        if not self.path_edit.text().strip() or path.is_dir() or not path.parent.is_dir():
            return f"name a file in an existing folder, not {self.path_edit.text()!r}"
        if path.exists():
            return f"{path.name} exists: choose another file (a new campaign never overwrites one)"
        return None

    def _ok(self) -> None:
        why = self.problem()
        self.why.setText(why or "")
        if why is None:
            self.accept()

    def text(self) -> str:
        """The new campaign as JSON (the choices must make one: :meth:`problem` is ``None``)."""
        home = Homeworld(self.census.value(), self.productivity.value(), self.raw.value(), self.morale.value())
        return json.dumps(campaign_data(self.name_edit.text().strip(), self.cols.value(), self.rows.value(),
                                        self.chosen(), self.year.value(), self.owned.value(), home,
                                        self.random_events.isChecked()))

    def path(self) -> Path:
        """The file to write."""
        return Path(self.path_edit.text().strip())


def new_campaign(window) -> bool:
    """File > New Campaign...: the dialog, then the campaign written and opened (``False``: cancelled
    or refused, the open campaign stays)."""
    from rules.model import parse_campaign, save_campaign
    from rules.model.io import CampaignError

    dialog = NewCampaignDialog(Path.home(), window)  # not beside the open file: it may be the bundled scenarios
    window.new_campaign_dialog = dialog
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return False
    try:
        campaign = parse_campaign(dialog.text(), "the new campaign")
    except CampaignError as e:
        window.show_error("Cannot make the campaign", "\n".join(f"\u2022 {p}" for p in e.problems))
        return False
    save_campaign(campaign, dialog.path())
    opened: bool = window.open_campaign(dialog.path())
    if opened:
        window.statusBar().showMessage(f"New campaign {campaign.name} written to {dialog.path()}", 10000)
    return opened
