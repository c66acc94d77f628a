"""View > Empire Sheet (Ctrl+Shift+K): a power's planets and their economy as the engine computes
them (rules/economy/sheet.py): utilized Productivity, output and dock spaces with the reason for
any cut, and the Total Domestic Product; exported as CSV or HTML.

With ``settings.empire_turn`` seed004 it adds the power's Point Pool, research and the orders
waiting in its record (rules/economy/sheet.py ``economy_lines``), its damaged bases with their damage
levels to repair and the repairs ordered (``damage_lines``), its treaties with the chance of each
break or declaration now (``treaty_lines``) and the charts of its income and
fleet strength over turns (app/shell/empire_charts.py) -- a power's secret. The sheet is hot-seat safe as the campaign
log is: the GM view (View > GM View) sees every power's; a Team that took the seat ("Take the
seat...", behind its hand-over screen) sees only its own powers, every figure of them; the
table's view (nobody seated) sees the planets and nobody's secret. A seated Team that leaves the
seat or closes the sheet (its close button, Escape, View > Empire Sheet) is done with it: the screen
goes back to the GM behind "Pass the screen back to the Game Master", as after a Team's last
question (app/shell/combat.py hand_back). Turning the GM view on or off gives it back to the table.
"""
from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QComboBox,
    QDockWidget,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.shell.empire_charts import ChartView, charts, svg
from app.shell.signals import connect_plain
from app.widgets.titles import plain_words
from rules.model import Campaign
from rules.model.visibility import GM, TABLE

if TYPE_CHECKING:  # the economy loads when the sheet is first shown, not before the first frame (issue 21)
    from rules.economy.sheet import Sheet

NOT_YET = ("Point Pool, maintenance, commerce, research and orders are not run by BattleHex yet: the GM keeps "
           "them by hand (docs/economy.md).")
SECRET = ("The Point Pool, research, orders, damaged bases, treaty chances and charts are the power's secret: shown "
          "to its Team (Take the seat...) and in the GM view (View > GM View, Ctrl+Shift+G).")


def html_text(s: Sheet, notes: tuple[str, ...] = (NOT_YET,), pictures: tuple[str, ...] = ()) -> str:
    """The sheet as a small HTML page, ``notes`` (the economy's lines, what is not run) and the charts
    (``pictures``: inline SVG) below it."""
    from rules.economy.sheet import HEADERS

    head = "".join(f"<th>{html.escape(h)}</th>" for h in HEADERS)
    rows = "".join("<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in p.cells()) + "</tr>"
                   for p in s.planets)
    total = f"<tr><th colspan=7>Total Domestic Product</th><th>{s.tdp}</th><th>{s.docks}</th><th></th></tr>"
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(s.name)}: Empire Sheet</title>"
            f"</head><body><h1>{html.escape(s.name)}</h1><table border=1><tr>{head}</tr>{rows}{total}</table>"
            + "".join(f"<p>{html.escape(n)}</p>" for n in notes) + "".join(f"<p>{p}</p>" for p in pictures)
            + "</body></html>\n")


def _csv(s: Sheet, notes: tuple[str, ...] = ()) -> str:
    """The sheet as CSV, then the economy's lines (a row each; what is not run is left out)."""
    import csv
    import io

    from rules.economy.sheet import csv_text

    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows([n] for n in notes if n != NOT_YET)
    return csv_text(s) + out.getvalue()


class EmpireSheet(QDockWidget):
    """The dock: a power chosen from a list, its planets in a table, the totals, and the exports."""

    def __init__(self, parent: QWidget, campaign: Callable[[], Campaign | None]) -> None:
        super().__init__("Empire sheet", parent)
        self.setObjectName("empire_sheet")
        self._campaign = campaign
        body = self._body = QWidget(self)
        lay = QVBoxLayout(body)
        lay.setContentsMargins(4, 4, 4, 4)  # a dock is short: its height goes to the rows
        self._top = top = QBoxLayout(QBoxLayout.Direction.LeftToRight)  # two rows in a narrow dock
        choice, buttons = QHBoxLayout(), QHBoxLayout()
        self.power_box = QComboBox(body)
        self.power_box.setAccessibleName("Power")
        choice.addWidget(QLabel("&Power:", body))
        choice.itemAt(0).widget().setBuddy(self.power_box)
        choice.addWidget(self.power_box, 1)
        self.csv_button = QPushButton("Export &CSV...", body)
        self.html_button = QPushButton("Export &HTML...", body)
        self.seat_button = QPushButton("Take the &seat...", body)
        self.seat_button.setToolTip("The chosen power's Team takes the screen behind its hand-over and sees its own "
                                    "powers' whole sheet; click again to give the screen back to the Game Master")
        self.power_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.power_box.setMinimumContentsLength(10)  # a long name elided in a narrow dock, not widening it
        choice.addWidget(self.seat_button)
        buttons.addWidget(self.csv_button)
        buttons.addWidget(self.html_button)
        buttons.addStretch(1)
        self._rows = (choice, QHBoxLayout(), buttons)  # the middle one holds the seat in a narrow dock
        top.addLayout(choice, 1)
        top.addLayout(self._rows[1])
        top.addLayout(buttons)
        lay.addLayout(top)
        body.installEventFilter(self)
        self.table = QTableWidget(0, 0, body)  # its columns set when the sheet is first shown
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.totals = QLabel(body)
        self.totals.setTextFormat(Qt.TextFormat.PlainText)
        self.totals.setWordWrap(True)
        self.tabs = QTabWidget(body)  # the charts on a page of their own: a dock is short
        page = QWidget(self.tabs)
        figures = QVBoxLayout(page)
        figures.setContentsMargins(0, 0, 0, 0)
        figures.addWidget(self.table, 1)
        figures.addWidget(self.totals)
        self.tabs.addTab(page, "Fi&gures")
        scroll = QScrollArea(self.tabs)  # the two charts side by side, or one above the other in a narrow dock
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidgetResizable(True)
        page = QWidget(scroll)
        self._chart_row = row = QBoxLayout(QBoxLayout.Direction.LeftToRight, page)
        row.setContentsMargins(0, 0, 0, 0)
        self.charts = (ChartView(page), ChartView(page))
        for view in self.charts:
            row.addWidget(view)
        scroll.setWidget(page)
        self.tabs.addTab(scroll, "Cha&rts")
        lay.addWidget(self.tabs, 1)
        area = QScrollArea(self)  # the sheet scrolls in what a short window leaves it (issue 22)
        area.setObjectName("empire_sheet_scroll")
        area.setFrameShape(QFrame.Shape.NoFrame)
        area.setWidgetResizable(True)
        area.setWidget(body)
        self.setWidget(area)
        self.seat: str | None = None
        """The Team that took the seat (hot seat); None: the table's view (or the GM's)."""
        self.sheet: Sheet | None = None
        self.notes: tuple[str, ...] = (NOT_YET,)
        self._gm_followed = False
        connect_plain(self.power_box.currentIndexChanged, self.refresh)
        connect_plain(self.visibilityChanged, self._shown)
        connect_plain(self.seat_button.clicked, self._seat_clicked)
        connect_plain(self.csv_button.clicked, lambda: self._export("CSV files (*.csv)", ".csv", _csv))
        connect_plain(self.html_button.clicked, lambda: self._export(
            "HTML files (*.html)", ".html",
            lambda s, n: html_text(s, n, tuple(svg(v.chart) for v in self.charts
                                               if self.tabs.isTabEnabled(1) and v.chart))))

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        """The Power choice and the buttons in one row, or in three when the dock is too narrow
        for one (the dock beside the map at ``QT_SCALE_FACTOR=2``): the Power, the seat button (on
        the Power's row it made the sheet wider than the dock, cut at the right), the exports."""
        if obj is self._body and event.type() == QEvent.Type.Resize:
            choice, seat_row, buttons = self._rows
            margins = self._body.layout().contentsMargins()
            label, seat = choice.itemAt(0).widget(), self.seat_button
            wide = label.sizeHint().width() + self.power_box.sizeHint().width() + seat.sizeHint().width() \
                + 2 * choice.spacing() + 120 + buttons.sizeHint().width() + self._top.spacing() \
                + margins.left() + margins.right() <= self._body.width()
            direction = QBoxLayout.Direction.LeftToRight if wide else QBoxLayout.Direction.TopToBottom
            if self._top.direction() != direction:
                self._top.setDirection(direction)
                self._chart_row.setDirection(direction)
                while seat_row.count():  # the seat and its stretch of a narrow turn
                    seat_row.takeAt(0)
                (choice if wide else seat_row).addWidget(seat)
                if not wide:
                    seat_row.addStretch(1)
        return False

    def wants_height(self) -> int:
        """The height the dock needs to show its controls and its table's first rows (the notes
        below them scroll): a bottom area that cannot give it this puts it beside the map."""
        margins = self._body.layout().contentsMargins()
        bar = self.height() - self.widget().height() if self.isVisible() else self.fontMetrics().height() + 10
        return (bar + margins.top() + margins.bottom() + self._top.sizeHint().height() + self._body.layout().spacing()
                + self.tabs.tabBar().sizeHint().height() + self.table.minimumHeight() + 8)

    def _fit_rows(self) -> None:
        """The table keeps room for its header and first rows (three at most), however much of the
        dock the notes below it would take: the sheet scrolls to them instead."""
        rows = min(3, self.table.rowCount()) or 1
        self.table.setMinimumHeight(self.table.horizontalHeader().sizeHint().height()
                                    + rows * self.table.verticalHeader().defaultSectionSize()
                                    + 2 * self.table.frameWidth()
                                    + self.table.horizontalScrollBar().sizeHint().height())

    def viewer(self) -> str:
        """Who reads the sheet: a Team copy's Team (it holds no other Team's economy), the GM (GM
        view), the seated Team, or the table."""
        c = self._campaign()
        if c is not None and c.team_copy is not None:
            return c.team_copy.team
        gm = getattr(self.parent(), "gm_view_action", None)
        if gm is not None and gm.isChecked():
            return GM
        return self.seat or TABLE

    def _shown(self) -> None:
        if self.seat is not None and not self._in_sight():
            QTimer.singleShot(0, self._closed)  # floated or docked again, it is hidden for a moment
        self.refresh()

    def _in_sight(self) -> bool:
        """Shown, and not under another dock's tab (the Sector inspector's, beside the map)."""
        return self.isVisible() and not self.visibleRegion().isEmpty()

    def _closed(self) -> None:
        """The seated sheet was closed or another dock's tab raised over it: its Team is done."""
        if self.seat is not None and not self._in_sight():
            self._give_back()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt name)
        """Escape closes the sheet a Team is seated at (the GM's own sheet stays open, as before)."""
        if event.key() == Qt.Key.Key_Escape and self.seat is not None:
            self.close()
            return
        super().keyPressEvent(event)

    def _seat_clicked(self) -> None:
        """Take the seat..., or Leave the seat: the Team gives the screen back."""
        if self.seat is None:
            self.take_seat()
        else:
            self._give_back()

    def _give_back(self) -> None:
        """The seated Team is done with the sheet: the screen goes back to the GM behind its hand-over
        (the main window's ``hand_back``, which leaves the seat first), or to the table when the
        window is closing (no hand-over then) or has no hot seat."""
        window = self.parent()
        hand_back = getattr(window, "hand_back", None)
        if hand_back is None or not window.isVisible() or not hand_back():  # type: ignore[attr-defined]
            self._leave()
            self.refresh()
            self._seat_changed()

    def _leave(self) -> None:
        self.seat = None
        self.seat_button.setText("Take the &seat...")

    def seat_again(self, team: str) -> None:
        """``team``'s commander, seated here before, took the screen back at a hand-over (a battle replay
        another Team watched was closed): the sheet is seated for it again, as it was."""
        self.seat = team
        self.seat_button.setText("&Leave the seat")
        self.refresh()  # (the window's take_seat for it, just before, looked at the battle windows)

    def take_seat(self) -> None:
        """The chosen power's Team takes the screen behind its hand-over (or, seated, gives it back):
        the main window's seat as well (its ``take_seat``; the Team that kept the screen at a question
        has left it), so the map, the drags and the campaign log are the Team's too."""
        c = self._campaign()
        if self.seat is not None or c is None:  # (from the main window's take_seat, for another Team: it follows)
            self._leave()
            self.refresh()
            return
        team = c.team_of_power(str(self.power_box.currentData()))
        if team is None or team.id in (GM, TABLE):  # the GM's own powers: seen in the GM view
            return
        from app.shell.turn_dialogs import HandOverDialog

        screen = HandOverDialog(team.name, "The Empire Sheet shows this Team's own powers: their Point Pool, "
                                           "research, orders and charts, which the other commanders do not see.",
                                parent=self, title=f"Hand over to {team.name}: Empire Sheet")
        if screen.exec() != HandOverDialog.DialogCode.Accepted:
            return
        self.seat = team.id
        self.seat_button.setText("&Leave the seat")
        window = self.parent()
        if hasattr(window, "take_seat"):  # one seat, one hand-over: the window's too (issue 22): the map draws
            window.combat_seat = team.id  # type: ignore[attr-defined]  # the Team's orders, its fleets are dragged
            window.take_seat(team.id)  # type: ignore[attr-defined]  # with no other hand-over, the log shows its lines
        self.refresh()  # (the battle windows beside it: the window's take_seat looked at them, once)

    def _seat_changed(self) -> None:
        """The main window's viewer changed with the sheet's seat, with no seat taken in the main window (its
        ``take_seat`` looks at the battle windows itself: handover.screen_taken): the seat left as the window
        closes, the GM view toggled. A battle window another Team's commander holds beside it covers it, or
        shows it again, as at every change of viewer (issue 22)."""
        window = self.parent()
        if getattr(window, "_battle_windows", None):  # (the battle machinery loads with a battle only)
            from app.battle.handover import follow_main

            follow_main(window)

    def refresh(self) -> None:
        """Show the chosen power's sheet of the campaign as it is now (nothing while hidden)."""
        c = self._campaign()
        if c is None or not self.isVisible():
            return
        from rules.economy.sheet import HEADERS, sheet

        if self.table.columnCount() != len(HEADERS):
            self.table.setColumnCount(len(HEADERS))
            self.table.setHorizontalHeaderLabels(list(HEADERS))
        viewer = self.viewer()
        if viewer == GM and self.seat is not None:
            self._leave()
        team_of = {p.id: (t.id if (t := c.team_of_power(p.id)) else None) for p in c.powers}
        powers = [(p.id, p.name) for p in c.powers if viewer in (GM, TABLE) or team_of[p.id] == viewer]
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
        self._fit_rows()
        from rules.economy.sheet import damage_lines, economy_lines, treaty_lines

        lines = economy_lines(c, str(power)) + damage_lines(c, str(power)) + treaty_lines(c, str(power))  # its secrets
        gm = getattr(self.parent(), "gm_view_action", None)  # made after this dock: followed from here
        if gm is not None and not self._gm_followed:
            self._gm_followed = True
            connect_plain(gm.toggled, self._gm_toggled)
        own = viewer == GM or team_of[str(power)] == viewer
        self.seat_button.setEnabled(viewer != GM and c.team_copy is None and (self.seat is not None
                                                      or team_of[str(power)] not in (None, GM, TABLE)))
        if lines and not own:
            lines = (SECRET,)
        eco = c.power(str(power)).economy  # type: ignore[union-attr]
        shown = charts(eco.history) if own and c.settings.empire_turn == "seed004" and eco is not None else ()
        for view, chart in zip(self.charts, shown or (None, None)):
            view.set_chart(chart)
        self.tabs.setTabEnabled(1, bool(shown))  # nobody's secret charts in the table's view
        self.tabs.setTabToolTip(1, "" if shown else SECRET if lines == (SECRET,) else "no charts: the empire turn "
                                "is kept by hand")
        # a seed-004 campaign runs every Turn Order kind (bases carried by Transport Fleets too, issue 23):
        # only a campaign kept by hand says what is not run; the rules in words, not the seed's number
        kept = () if c.settings.empire_turn == "seed004" else (NOT_YET,)
        self.notes = tuple(plain_words(n) for n in (*lines, *kept))
        self.totals.setText(f"Total Domestic Product (construction capacity): {s.tdp}; dock spaces: {s.docks}; "
                            f"{len(s.planets)} planet{'s' if len(s.planets) != 1 else ''}.\n" + "\n".join(self.notes))

    def _gm_toggled(self) -> None:
        self._leave()  # the GM view on or off: the screen is back with the table (or the GM)
        self.refresh()
        self._seat_changed()  # after the leave: a battle window's guard may have read the seat before it

    def _export(self, kinds: str, suffix: str, render: Callable[[Sheet, tuple[str, ...]], str]) -> None:
        if self.sheet is None:
            return
        name = f"{self.sheet.power}-empire-sheet{suffix}"
        path, _ = QFileDialog.getSaveFileName(self, "Export the empire sheet", name, kinds)
        if path:
            Path(path).write_text(render(self.sheet, self.notes), encoding="utf-8")
            self.parent().statusBar().showMessage(f"Empire sheet written to {path}", 5000)  # type: ignore[attr-defined]
