"""View > Empire Sheet (Ctrl+Shift+K): a power's planets and their economy as the engine computes
them (rules/economy/sheet.py): utilized Productivity, output and dock spaces with the reason for
any cut, and the Total Domestic Product; exported as CSV or HTML.

With ``settings.empire_turn`` seed004 it adds the power's Point Pool and research
(rules/economy/sheet.py ``economy_lines``) -- a power's secret, so shown only in the GM view
(View > GM View) -- orders come with the rest of issue 23 and are not shown until then.
"""
from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.shell.signals import connect_plain
from rules.model import Campaign

if TYPE_CHECKING:  # the economy loads when the sheet is first shown, not before the first frame (issue 21)
    from rules.economy.sheet import Sheet

NOT_YET = ("Point Pool, maintenance, commerce, research and orders are not run by BattleHex yet: the GM keeps "
           "them by hand (docs/economy.md).")
ORDERS_NOT_YET = ("Turn Orders other than movement, research, purchases, productivity and repairs (reserve and "
                  "mothballs, scrapping, colonization, intel, diplomacy) are not run by BattleHex yet: the GM keeps "
                  "them by hand (docs/economy.md).")
SECRET = "The Point Pool and research are the power's secret: shown in the GM view (View > GM View, Ctrl+Shift+G)."


def html_text(s: Sheet, notes: tuple[str, ...] = (NOT_YET,)) -> str:
    """The sheet as a small HTML page, ``notes`` (the economy's lines, what is not run) below it."""
    from rules.economy.sheet import HEADERS

    head = "".join(f"<th>{html.escape(h)}</th>" for h in HEADERS)
    rows = "".join("<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in p.cells()) + "</tr>"
                   for p in s.planets)
    total = f"<tr><th colspan=7>Total Domestic Product</th><th>{s.tdp}</th><th>{s.docks}</th><th></th></tr>"
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(s.name)}: Empire Sheet</title>"
            f"</head><body><h1>{html.escape(s.name)}</h1><table border=1><tr>{head}</tr>{rows}{total}</table>"
            + "".join(f"<p>{html.escape(n)}</p>" for n in notes) + "</body></html>\n")


def _csv(s: Sheet, notes: tuple[str, ...] = ()) -> str:
    """The sheet as CSV, then the economy's lines (a row each; what is not run is left out)."""
    import csv
    import io

    from rules.economy.sheet import csv_text

    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows([n] for n in notes if n not in (NOT_YET, ORDERS_NOT_YET))
    return csv_text(s) + out.getvalue()


class EmpireSheet(QDockWidget):
    """The dock: a power chosen from a list, its planets in a table, the totals, and the exports."""

    def __init__(self, parent: QWidget, campaign: Callable[[], Campaign | None]) -> None:
        super().__init__("Empire sheet", parent)
        self.setObjectName("empire_sheet")
        self._campaign = campaign
        body = QWidget(self)
        lay = QVBoxLayout(body)
        top = QHBoxLayout()
        self.power_box = QComboBox(body)
        self.power_box.setAccessibleName("Power")
        top.addWidget(QLabel("&Power:", body))
        top.itemAt(0).widget().setBuddy(self.power_box)
        top.addWidget(self.power_box, 1)
        self.csv_button = QPushButton("Export &CSV...", body)
        self.html_button = QPushButton("Export &HTML...", body)
        top.addWidget(self.csv_button)
        top.addWidget(self.html_button)
        lay.addLayout(top)
        self.table = QTableWidget(0, 0, body)  # its columns set when the sheet is first shown
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        lay.addWidget(self.table, 1)
        self.totals = QLabel(body)
        self.totals.setTextFormat(Qt.TextFormat.PlainText)
        self.totals.setWordWrap(True)
        lay.addWidget(self.totals)
        self.setWidget(body)
        self.sheet: Sheet | None = None
        self.notes: tuple[str, ...] = (NOT_YET,)
        self._gm_followed = False
        connect_plain(self.power_box.currentIndexChanged, self.refresh)
        connect_plain(self.visibilityChanged, self.refresh)
        connect_plain(self.csv_button.clicked, lambda: self._export("CSV files (*.csv)", ".csv", _csv))
        connect_plain(self.html_button.clicked, lambda: self._export("HTML files (*.html)", ".html", html_text))

    def refresh(self) -> None:
        """Show the chosen power's sheet of the campaign as it is now (nothing while hidden)."""
        c = self._campaign()
        if c is None or not self.isVisible():
            return
        from rules.economy.sheet import HEADERS, sheet

        if self.table.columnCount() != len(HEADERS):
            self.table.setColumnCount(len(HEADERS))
            self.table.setHorizontalHeaderLabels(list(HEADERS))
        powers = [(p.id, p.name) for p in c.powers]
        if [self.power_box.itemData(i) for i in range(self.power_box.count())] != [p for p, _ in powers]:
            chosen = self.power_box.currentData()
            self.power_box.blockSignals(True)
            self.power_box.clear()
            for pid, name in powers:
                self.power_box.addItem(name, pid)
            self.power_box.setCurrentIndex(max(self.power_box.findData(chosen), 0))
            self.power_box.blockSignals(False)
        power = self.power_box.currentData()
        if power is None:
            return
        s = self.sheet = sheet(c, str(power))
        self.table.setRowCount(len(s.planets))
        for r, p in enumerate(s.planets):
            for col, v in enumerate(p.cells()):
                item = QTableWidgetItem(str(v))
                if isinstance(v, int):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, col, item)
        from rules.economy.sheet import economy_lines

        lines = economy_lines(c, str(power))
        gm = getattr(self.parent(), "gm_view_action", None)  # made after this dock: followed from here
        if gm is not None and not self._gm_followed:
            self._gm_followed = True
            connect_plain(gm.toggled, self.refresh)
        if lines and not (gm is not None and gm.isChecked()):
            lines = (SECRET,)
        self.notes = (*lines, ORDERS_NOT_YET if c.settings.empire_turn == "seed004" else NOT_YET)
        self.totals.setText(f"Total Domestic Product (construction capacity): {s.tdp}; dock spaces: {s.docks}; "
                            f"{len(s.planets)} planet{'s' if len(s.planets) != 1 else ''}.\n" + "\n".join(self.notes))

    def _export(self, kinds: str, suffix: str, render: Callable[[Sheet, tuple[str, ...]], str]) -> None:
        if self.sheet is None:
            return
        name = f"{self.sheet.power}-empire-sheet{suffix}"
        path, _ = QFileDialog.getSaveFileName(self, "Export the empire sheet", name, kinds)
        if path:
            Path(path).write_text(render(self.sheet, self.notes), encoding="utf-8")
            self.parent().statusBar().showMessage(f"Empire sheet written to {path}", 5000)  # type: ignore[attr-defined]
