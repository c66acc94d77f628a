"""Turn > Buy a Unit... (Ctrl+Shift+U): the GM enters a power's purchase order of seed 004's Turn
Orders (issue 23) - the power, a class of its unit list (with its cost and in-service year) and one
of its planets (with the capacity and docks this turn's orders leave, as the engine counts them).
The engine judges the order (rules/turn/purchases.py); the dialog only gathers it."""
from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QVBoxLayout, QWidget

from rules.economy.income import points
from rules.model.campaign import Campaign
from rules.turn.colonize import founded
from rules.turn.purchases import room


class PurchaseDialog(QDialog):
    """The power, the unit class and the planet of one purchase; :meth:`answer` is the order."""

    def __init__(self, campaign: Campaign, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Buy a unit (Turn Orders Phase)")
        self.c = campaign
        lay = QVBoxLayout(self)
        note = QLabel("A unit of the power's unit list, built at one of its planets; paid from its Point Pool "
                      "now, completed at Construction Completion where it fits.")
        note.setWordWrap(True)  # in one line it made the dialog wider than a 1600-pixel screen at scale 2
        lay.addWidget(note)
        form = QFormLayout()
        self.power_box, self.class_box, self.planet_box = QComboBox(), QComboBox(), QComboBox()
        for box, name in ((self.power_box, "&Power:"), (self.class_box, "&Unit:"), (self.planet_box, "P&lanet:")):
            box.setAccessibleName(name.replace("&", "").rstrip(":"))
            form.addRow(name, box)
        lay.addLayout(form)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        for p in campaign.powers:
            if p.unit_list:
                self.power_box.addItem(p.name, p.id)
        self.power_box.currentIndexChanged.connect(self._fill)
        self._fill()

    def _fill(self) -> None:
        p = self.c.power(str(self.power_box.currentData()))
        self.class_box.clear()
        self.planet_box.clear()
        if p is None:
            return
        for b in p.unit_list:
            when = f", in service Y{b.in_service}" if b.in_service is not None else ""
            self.class_box.addItem(f"{b.unit.class_designation} ({b.unit.name}): {points(b.cost)}{when}",
                                   b.unit.class_designation)
        for s in self.c.map.sectors:
            for pl in s.star_system.planets if s.star_system else []:
                if pl.owner == p.id:
                    cap, docks = room(self.c, s, pl, self.c.turn)
                    new = founded(self.c, p.id, s, pl)  # a colony's first turn: the engine refuses orders there
                    self.planet_box.addItem(f"{pl.name} ({s.at}): capacity left {points(cap)}, docks {docks}" + (
                        f" - a new colony (turn {new}): it builds nothing this turn" if new is not None else ""),
                        (str(s.at), pl.name))

    def answer(self) -> dict[str, Any]:
        """The order as ``main.py turn`` takes it: ``{"purchase": {power, class, at, planet}}``."""
        at, planet = self.planet_box.currentData() or ("", "")
        return {"purchase": {"power": str(self.power_box.currentData()), "class": str(self.class_box.currentData()),
                             "at": at, "planet": planet}}
