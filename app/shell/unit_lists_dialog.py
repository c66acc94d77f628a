"""Campaign > Unit Lists... (issue 23): the GM enters, per power, the classes it may build (the
counter as built, picked from a unit of the campaign as a template or typed; its cost in Economic
Points; its in-service year; its maintenance when seed 004's economy runs) and the ground units
it may raise. Seed 004 gives no unit costs, so the shipped campaigns have none.

The dialog only gathers texts: the engine (rules/turn/unit_lists.py) checks every row and applies
the whole as one undoable, logged step, or refuses naming the power, the row and the field (the
refusal shown in the dialog, which stays open with the rows as typed). The other Teams do not
read a power's list: when a Team holds the screen, it is handed over to the GM first."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QDialog, QDialogButtonBox, QGroupBox, QHBoxLayout,
                               QLabel, QPushButton, QTableWidget, QTableWidgetItem, QVBoxLayout,
                               QWidget)

from app.shell.unit_factors import FactorsDialog, factors_cell, factors_of, item as _item
from rules.model.campaign import Campaign
from rules.turn.unit_lists import EMPTY, ClassRow, GroundRow, PowerLists, rows_of, template, templates
from app.widgets.titles import plain_words

CLASS_COLUMNS = ("Class", "Name", "Cost (EP)", "In service (year)", "Maintenance (EP)", "Factors")
GROUND_COLUMNS = ("Name", "Attrition", "Marines", "Supply depot", "Cost (EP)", "In service (year)")
NO_ECONOMY = "Maintenance is kept in the economy BattleHex runs, which this power has none of"


def _table(name: str, columns, widths) -> QTableWidget:
    """A table of rows picked whole, its columns named and sized, the last one stretched."""
    table = QTableWidget(0, len(columns))
    table.setAccessibleName(name)
    table.setHorizontalHeaderLabels(columns)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.horizontalHeader().setStretchLastSection(True)
    for col, width in enumerate(widths):
        table.setColumnWidth(col, width)
    return table


def _buttons(row: QHBoxLayout, pairs) -> None:
    """Push buttons (text, slot) added to ``row``; none takes Return from the dialog's OK."""
    for text, slot in pairs:
        b = QPushButton(text)
        b.setAutoDefault(False)
        b.clicked.connect(slot)
        row.addWidget(b)


def _type_in(table: QTableWidget, row: int, col: int) -> None:
    """The keyboard in the cell, its editor open: a row just added is typed in at once (on the real
    screen the keys went on into the cell left before)."""
    table.setFocus()
    table.setCurrentCell(row, col)
    table.editItem(table.item(row, col))


def _check(on: bool) -> QTableWidgetItem:
    it = QTableWidgetItem()
    it.setFlags((it.flags() | Qt.ItemFlag.ItemIsUserCheckable) & ~Qt.ItemFlag.ItemIsEditable)
    it.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
    return it


class UnitListsDialog(QDialog):
    """Every power's lists, one power shown at a time; :meth:`answer` is every power's rows."""

    def __init__(self, campaign: Campaign, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Unit Lists (Turn Orders)")
        self.setObjectName("unit_lists")
        self.c = campaign
        self.rows: dict[str, PowerLists] = {p.id: rows_of(campaign, p.id) for p in campaign.powers}
        self.shown: str | None = None
        lay = QVBoxLayout(self)
        head = QLabel("The classes each power may build and the ground units it may raise, as the GM enters them: "
                      "costs in Economic Points (fractions such as 9/2 allowed), the in-service year blank for "
                      "always. OK applies every power's lists as one step (Edit > Undo takes it back).")
        head.setWordWrap(True)
        lay.addWidget(head)
        top = QHBoxLayout()
        self.power_box = QComboBox()
        self.power_box.setAccessibleName("Power")
        for p in campaign.powers:
            self.power_box.addItem(p.name, p.id)
        label = QLabel("&Power:")
        label.setBuddy(self.power_box)
        top.addWidget(label)
        top.addWidget(self.power_box, 1)
        lay.addLayout(top)
        self.empty = QLabel(f"{EMPTY[:1].upper()}{EMPTY[1:]}.")
        self.empty.setObjectName("unit_lists_empty")
        self.empty.setWordWrap(True)
        self.empty.setStyleSheet("QLabel { background: #fff3c4; color: #3a2c00; padding: 6px; }")
        lay.addWidget(self.empty)
        lay.addWidget(self._classes_box(), 3)
        lay.addWidget(self._grounds_box(), 2)
        self.refusal = QLabel()
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet("color: #b00020")
        self.refusal.setAccessibleName("Refused")
        self.refusal.hide()
        lay.addWidget(self.refusal)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        self.power_box.currentIndexChanged.connect(self._show_power)
        self._show_power()
        self.resize(1100, 680)

    def _classes_box(self) -> QGroupBox:
        box = QGroupBox("Classes it may &build")
        lay = QVBoxLayout(box)
        self.classes = _table("Classes", CLASS_COLUMNS, (110, 180, 80, 120, 130))
        self.classes.cellDoubleClicked.connect(lambda row, col: self.edit_factors(row) if col == 5 else None)
        lay.addWidget(self.classes)
        row = QHBoxLayout()
        self.template_box = QComboBox()
        self.template_box.setAccessibleName("Template")
        # as wide as the room, not its longest template (591 pixels: the dialog 1129 wide, wider than a small screen)
        self.template_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.template_box.setMinimumContentsLength(16)
        self.template_powers: list[str] = []
        for t in templates(self.c):
            self.template_box.addItem(t.words, t.unit)
            self.template_powers.append(t.power)
        label = QLabel("&Template:")
        label.setBuddy(self.template_box)
        row.addWidget(label)
        row.addWidget(self.template_box, 1)
        _buttons(row, (("&Add from Template", self.add_from_template), ("Add T&yped", self.add_typed),
                       ("Edit &Factors...", lambda: self.edit_factors(self.classes.currentRow())),
                       ("&Remove Class", self.remove_class)))
        lay.addLayout(row)
        return box

    def _grounds_box(self) -> QGroupBox:
        box = QGroupBox("&Ground units it may raise")
        lay = QVBoxLayout(box)
        self.grounds = _table("Ground units", GROUND_COLUMNS, (200, 80, 80, 100, 80))
        lay.addWidget(self.grounds)
        row = QHBoxLayout()
        row.addStretch(1)
        _buttons(row, (("Add Gro&und Unit", self.add_ground), ("Remove Grou&nd Unit", self.remove_ground)))
        lay.addLayout(row)
        return box

    def _economy(self) -> bool:
        p = self.c.power(str(self.power_box.currentData()))
        return p is not None and p.economy is not None

    def _show_power(self) -> None:
        """Keep the rows of the power shown, then show the chosen one's."""
        if self.shown is not None:
            self.rows[self.shown] = self._read(self.shown)
        self.shown = str(self.power_box.currentData())
        lists = self.rows[self.shown]
        self.classes.setRowCount(0)
        for r in lists.classes:
            self._class_row(r)
        self.grounds.setRowCount(0)
        for g in lists.grounds:
            self._ground_row(g)
        if self.shown in self.template_powers:  # its own counters first offered (any may be chosen)
            self.template_box.setCurrentIndex(self.template_powers.index(self.shown))
        self._empty_state()

    def _empty_state(self) -> None:
        self.empty.setVisible(self.classes.rowCount() == 0)

    def _class_row(self, r: ClassRow) -> int:
        i = self.classes.rowCount()
        self.classes.insertRow(i)
        economy = self._economy()
        for col, text in enumerate((r.class_designation, r.name, r.cost, r.in_service)):
            self.classes.setItem(i, col, _item(text))
        self.classes.setItem(i, 4, _item(r.maintenance if economy else "", economy, "" if economy else NO_ECONOMY))
        self.classes.setItem(i, 5, factors_cell(r.factors))
        self._empty_state()
        return i

    def _ground_row(self, g: GroundRow) -> int:
        i = self.grounds.rowCount()
        self.grounds.insertRow(i)
        self.grounds.setItem(i, 0, _item(g.name))
        self.grounds.setItem(i, 1, _item(g.attrition))
        self.grounds.setItem(i, 2, _check(g.marines))
        self.grounds.setItem(i, 3, _check(g.supply_depot))
        self.grounds.setItem(i, 4, _item(g.cost))
        self.grounds.setItem(i, 5, _item(g.in_service))
        return i

    def add_from_template(self) -> int:
        """A class row built as the chosen template, its cost to enter; the row's index."""
        unit_id = self.template_box.currentData()
        if unit_id is None:
            return -1
        i = self._class_row(template(self.c, str(unit_id)))
        _type_in(self.classes, i, 2)  # its cost next
        return i

    def add_typed(self) -> int:
        """An empty class row, its counter typed with Edit Factors...; the row's index."""
        i = self._class_row(ClassRow("", "", "{}", ""))
        _type_in(self.classes, i, 0)
        return i

    def add_ground(self) -> int:
        """An empty ground unit row (attrition 1); the row's index."""
        i = self._ground_row(GroundRow("", "1", ""))
        _type_in(self.grounds, i, 0)
        return i

    def remove_class(self) -> None:
        """The selected class row goes."""
        if self.classes.currentRow() >= 0:
            self.classes.removeRow(self.classes.currentRow())
        self._empty_state()

    def remove_ground(self) -> None:
        """The selected ground unit row goes."""
        if self.grounds.currentRow() >= 0:
            self.grounds.removeRow(self.grounds.currentRow())

    def edit_factors(self, row: int) -> None:
        """The class row's counter, typed in its own dialog."""
        if row < 0:
            return
        name = self.classes.item(row, 0).text() or "a new class"
        d = FactorsDialog(name, factors_of(self.classes, row), self)
        self.factors_dialog = d
        if d.exec() == QDialog.DialogCode.Accepted:
            self.classes.setItem(row, 5, factors_cell(d.factors()))

    def _read(self, power: str) -> PowerLists:
        def text(t: QTableWidget, r: int, col: int) -> str:
            it = t.item(r, col)
            return it.text() if it is not None else ""

        classes = tuple(ClassRow(text(self.classes, r, 0), text(self.classes, r, 1), factors_of(self.classes, r),
                                 *(text(self.classes, r, col) for col in (2, 3, 4)))
                        for r in range(self.classes.rowCount()))
        grounds = tuple(GroundRow(text(self.grounds, r, 0), text(self.grounds, r, 1), text(self.grounds, r, 4),
                                  text(self.grounds, r, 5),
                                  self.grounds.item(r, 2).checkState() == Qt.CheckState.Checked,
                                  self.grounds.item(r, 3).checkState() == Qt.CheckState.Checked)
                        for r in range(self.grounds.rowCount()))
        return PowerLists(power, classes, grounds)

    def answer(self) -> list[PowerLists]:
        """Every power's rows as they stand (rules/turn/unit_lists.py ``change`` takes them)."""
        if self.shown is not None:
            self.rows[self.shown] = self._read(self.shown)
        return [self.rows[p.id] for p in self.c.powers]

    def refused(self, why: str, error: Exception | None = None) -> None:
        """The engine refused the lists: its reason shown above the buttons, the power and the row
        it names shown and selected."""
        from rules.turn.unit_lists import RowRefused

        self.refusal.setText(f"Refused: {plain_words(why)}")
        self.refusal.show()
        power = error.power if isinstance(error, RowRefused) else next(
            (self.power_box.itemData(i) for i in range(self.power_box.count())
             if f": {self.power_box.itemText(i)}, " in why), None)
        if power is not None and self.power_box.findData(power) >= 0:
            self.power_box.setCurrentIndex(self.power_box.findData(power))
        if isinstance(error, RowRefused) and error.row >= 0:
            table = self.classes if error.table == "classes" else self.grounds
            table.selectRow(error.row)
            table.setFocus()


def unit_lists(window: Any) -> None:
    """Campaign > Unit Lists...: the GM's screen (handed over from a Team first), the dialog, then
    every power's lists as one undoable step; a refusal shown in the dialog, which stays open."""
    from rules.errors import RuleError
    from rules.turn.unit_lists import change

    if window.session is None:
        return
    if _team_at_screen(window) and not _handed_to_gm(window):
        return
    dialog = UnitListsDialog(window.session.campaign, window)
    window.unit_lists_dialog = dialog
    while dialog.exec() == QDialog.DialogCode.Accepted:
        lists = dialog.answer()
        before = window.session.campaign
        try:
            after = window.session.apply("Unit lists", lambda now: change(now, lists))
        except RuleError as e:
            dialog.refused(str(e), e)
            continue
        if after is before:
            window.statusBar().showMessage("Unit lists: nothing changed", 10000)
        else:
            names = [p.name for p in after.powers if (p.unit_list, p.ground_list) != _lists(before, p.id)]
            window.statusBar().showMessage(f"Unit lists changed: {', '.join(names) or 'maintenance'} (Edit > Undo "
                                           "takes it back)", 10000)
        return


def _lists(c: Campaign, power: str) -> tuple[Any, Any]:
    p = c.power(power)
    return (p.unit_list, p.ground_list) if p is not None else ([], [])


def _team_at_screen(window: Any) -> bool:
    """Whether a Team's commander holds the screen (took it at a hand-over: a question, movement
    orders, the Empire Sheet's seat); the GM view means the GM has it."""
    if window.gm_view_action.isChecked():
        return False
    scene = window.strategic_view.scene()
    sheet = getattr(window, "empire_sheet", None)
    return (getattr(window, "combat_seat", None) not in (None, "gm")
            or getattr(scene, "seat", None) not in (None, "gm")
            or getattr(sheet, "seat", None) is not None)


def _handed_to_gm(window: Any) -> bool:
    """A Team holds the screen: the hand-over to the GM, True once the GM took it."""
    from app.shell.turn_dialogs import HandOverDialog

    screen = HandOverDialog("Game Master", "The Game Master enters the powers' unit lists, which the other "
                                           "players do not see.", "Cancel", window, "Hand over to GM: Unit Lists",
                            commander=False)
    window.handover_dialog = screen
    if screen.exec() != HandOverDialog.DialogCode.Accepted:
        return False
    window.combat_seat = "gm"
    window.take_seat("gm")
    return True
