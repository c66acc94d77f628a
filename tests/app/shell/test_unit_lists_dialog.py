"""Campaign > Unit Lists... (issue 23): the GM enters a power's buildable classes (a campaign unit
as template, its cost typed in the table) and ground units through the dialog's widgets, applied
as one undoable, logged step; a bad row refused in the dialog naming the power, the row and the
field, nothing changed; the shipped default's empty state says the seed gives no costs; a Team at
the screen hands it over to the GM first."""
from __future__ import annotations

from fractions import Fraction

import pytest

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit, QPushButton, QTableWidget

from tests.app.gui import Answerer, cancel, menu_action, ok, open_campaign, press, show_active, take_over


def type_cell(table: QTableWidget, row: int, col: int, text: str) -> None:
    """Type ``text`` into a cell as a person does (its dialog active): the cell chosen, F2, the text, Return."""
    for _ in range(250):  # the dialog active (the answerer may meet it before the window manager made it so)
        if table.window().isActiveWindow():
            break
        table.window().activateWindow()
        QTest.qWait(20)
    assert table.window().isActiveWindow(), "the dialog never became active"
    table.setFocus()
    table.setCurrentCell(row, col)
    QTest.keyClick(table, Qt.Key.Key_F2)
    editor = QApplication.focusWidget()  # the cell's editor has the keyboard
    assert isinstance(editor, QLineEdit) and editor.parent() is table.viewport(), editor
    editor.selectAll()
    QTest.keyClicks(editor, text)
    QTest.keyClick(editor, Qt.Key.Key_Return)
    QApplication.processEvents()  # the delegate commits the text queued, as between a person's keys


def button(d, words: str) -> QPushButton:
    return next(b for b in d.findChildren(QPushButton) if b.text().replace("&", "") == words)


def enter_class(d, power: str, template: str, cost: str, year: str) -> None:
    """``power`` chosen in the Unit Lists dialog ``d``, the template whose words start with
    ``template`` added as a class, its cost and in-service year typed in its row."""
    d.power_box.setCurrentIndex(d.power_box.findData(power))
    d.template_box.setCurrentIndex(next(i for i in range(d.template_box.count())
                                        if d.template_box.itemText(i).startswith(template)))
    button(d, "Add from Template").click()
    row = d.classes.rowCount() - 1
    type_cell(d.classes, row, 2, cost)
    type_cell(d.classes, row, 3, year)


def enter_ff(d, cost: str, year: str = "150") -> None:
    """The Federation chosen, its FF (the USS Buckner's counter) added from the template list, its
    cost and in-service year typed; a ground unit added too."""
    enter_class(d, "fed", "FF \u2014 USS Buckner", cost, year)
    button(d, "Add Ground Unit").click()
    type_cell(d.grounds, 0, 0, "Starfleet Marines")
    type_cell(d.grounds, 0, 4, "2")
    d.grounds.item(0, 2).setCheckState(Qt.CheckState.Checked)


def test_the_gm_enters_a_class_from_a_template_and_undoes_it(qtbot, tmp_path):
    from app.shell.unit_lists_dialog import UnitListsDialog

    main = open_campaign(qtbot, tmp_path)
    empty: list[str] = []

    def lists(d) -> bool:
        if not isinstance(d, UnitListsDialog):
            return False
        empty.append(d.empty.text() if d.empty.isVisible() else "")
        assert d.power_box.currentData() == "fed"  # the power's own counters offered first
        assert d.template_box.currentText() == "CA \u2014 USS Kongo (United Federation of Planets, ship)"
        d.power_box.setCurrentIndex(d.power_box.findData("klingon"))
        assert d.template_box.currentText().endswith("(Klingon Empire, ship)")
        enter_ff(d, "9/2")
        assert not d.empty.isVisible()
        return ok(d)

    answerer = Answerer(lists)
    try:
        menu_action(main, "Unit Lists...").trigger()
        qtbot.waitUntil(lambda: bool(answerer.seen) and QApplication.activeModalWidget() is None)
    finally:
        answerer.stop()
    assert empty == ["The campaign's rules give no unit costs: enter the classes each power may build."]  # no seed number
    fed = main.campaign.power("fed")
    (b,), (g,) = fed.unit_list, fed.ground_list
    assert (b.unit.class_designation, b.unit.name, b.cost, b.in_service, b.unit.fe.attack) == \
        ("FF", "USS Buckner", Fraction(9, 2), 150, 4)
    assert (g.unit.name, g.unit.marines, g.cost) == ("Starfleet Marines", True, 2)
    assert main.campaign.log[-1].text.startswith("The GM sets United Federation of Planets' unit lists: class FF "
                                                 "added (9/2 EP, in service 150)")
    assert "Unit lists changed: United Federation of Planets" in main.statusBar().currentMessage()
    assert main.isWindowModified()
    show_active(main, qtbot)
    press(main, "Ctrl+Z")
    qtbot.waitUntil(lambda: main.campaign.power("fed").unit_list == [])
    assert main.campaign.power("fed").ground_list == []


def test_a_bad_row_is_refused_in_the_dialog_and_nothing_changes(qtbot, tmp_path):
    from app.shell.unit_lists_dialog import UnitListsDialog

    main = open_campaign(qtbot, tmp_path)
    said: list[str] = []

    def lists(d) -> bool:
        if not isinstance(d, UnitListsDialog):
            return False
        enter_ff(d, "three")
        d.power_box.setCurrentIndex(d.power_box.findData("klingon"))  # the refusal shows the power it names

        def refused() -> None:  # the same dialog open again, the rows as typed, saying why
            if not (d.isVisible() and d.refusal.isVisible() and QApplication.activeModalWidget() is d
                    and d.isActiveWindow()):
                QTimer.singleShot(50, refused)
                return
            said.append(d.refusal.text())
            said.append(d.power_box.currentData())
            said.extend([main.campaign.power("fed").unit_list, main.session.undo_stack.count(),
                         [i.row() for i in d.classes.selectionModel().selectedRows()], d.classes.hasFocus()])
            type_cell(d.classes, 0, 2, "3")
            ok(d)
        QTimer.singleShot(0, refused)
        return ok(d)

    answerer = Answerer(lists)
    try:
        menu_action(main, "Unit Lists...").trigger()
        qtbot.waitUntil(lambda: len(said) == 6 and QApplication.activeModalWidget() is None, timeout=10000)
    finally:
        answerer.stop()
    assert said[0].startswith("Refused: Unit lists (Turn Orders): United Federation of Planets, unit class row "
                              "1 (FF), cost: 'three' is not a point figure"), said
    assert said[1] == "fed"
    assert [(b.unit.class_designation, b.cost) for b in main.campaign.power("fed").unit_list] == [("FF", 3)]
    assert said[2:] == [[], 0, [0], True]  # when refused: nothing applied, nothing pushed; its row selected
    assert main.session.undo_stack.count() == 1


@pytest.mark.parametrize("how", ["question", "movement"])
def test_a_team_at_the_screen_hands_it_to_the_gm_first(qtbot, tmp_path, how):
    from app.shell.turn_dialogs import HandOverDialog
    from app.shell.unit_lists_dialog import UnitListsDialog

    main = open_campaign(qtbot, tmp_path)
    if how == "question":
        main.combat_seat = "alliance"  # the Alliance commander answered the last question
    main.take_seat("alliance")  # (movement: it took the screen to plot its fleets' orders)
    order: list[str] = []

    def handover(d) -> bool:
        if not isinstance(d, HandOverDialog):
            return False
        order.append(d.label.text())
        return take_over(d)

    def lists(d) -> bool:
        if not isinstance(d, UnitListsDialog):
            return False
        order.append("lists")
        return cancel(d)

    answerer = Answerer(handover, lists)
    try:
        menu_action(main, "Unit Lists...").trigger()
        qtbot.waitUntil(lambda: len(order) == 2 and QApplication.activeModalWidget() is None)
    finally:
        answerer.stop()
    assert order == ["Pass the screen to the Game Master", "lists"]
    assert main.combat_seat == "gm" and main.strategic_view.scene().seat == "gm"


def test_nothing_to_buy_points_to_the_unit_lists(qtbot, tmp_path):
    """Turn > Buy a Unit (Ctrl+Shift+U) and a power's orders dialog on the shipped default said the
    GM "writes" the list "into the campaign file": the GM enters it in Campaign > Unit Lists... now."""
    from PySide6.QtWidgets import QLabel

    from app.shell.orders_dialog import OrdersDialog
    from tests.app.gui import answering, choose_item, to_turn_orders

    main = open_campaign(qtbot, tmp_path)
    to_turn_orders(main, qtbot)
    press(main, "Ctrl+Shift+U")
    said = main.statusBar().currentMessage()
    assert "no power has a unit list" in said and "Campaign > Unit Lists..." in said and "file" not in said, said
    notes: list[str] = []

    def read(d) -> bool:
        if not isinstance(d, OrdersDialog):
            return False
        d.kind_box.setCurrentIndex(d.kind_box.findText("Buy a unit"))
        notes.extend(lb.text() for lb in d.pages.currentWidget().findChildren(QLabel) if lb.isVisible())
        return cancel(d)

    answering(qtbot, menu_action(main, "Turn Orders for a Power...").trigger, choose_item("United Federation"), read,
              until=lambda: bool(notes), timeout=20000)
    note = " ".join(notes)
    assert "has no unit list" in note and "Campaign > Unit Lists..." in note and "file" not in note, note


def test_a_row_added_takes_the_keys_at_once(qtbot, tmp_path):
    """On the real screen, "Add Ground Unit" clicked and a name typed went on into the class
    table's cell left before (its Maintenance read "Starfleet Marines"): a row added now has the
    keyboard in its first cell to fill, its editor open (a class from a template: its cost)."""
    from app.shell.unit_lists_dialog import UnitListsDialog

    main = open_campaign(qtbot, tmp_path)
    read: list[object] = []

    def typed(words: str) -> None:
        QTest.keyClicks(QApplication.focusWidget(), words)
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)  # to the next cell, as a person goes on
        QApplication.processEvents()

    def lists(d) -> bool:
        if not isinstance(d, UnitListsDialog):
            return False
        for _ in range(250):
            if d.isActiveWindow():
                break
            QTest.qWait(20)
        QTest.mouseClick(button(d, "Add from Template"), Qt.MouseButton.LeftButton)
        typed("12")
        QTest.mouseClick(button(d, "Add Ground Unit"), Qt.MouseButton.LeftButton)
        typed("Starfleet Marines")
        read.extend([d.classes.item(0, 2).text(), d.classes.item(0, 4).text(), d.grounds.item(0, 0).text()])
        return cancel(d)

    answerer = Answerer(lists)
    try:
        menu_action(main, "Unit Lists...").trigger()
        qtbot.waitUntil(lambda: bool(read) and QApplication.activeModalWidget() is None)
    finally:
        answerer.stop()
    assert read == ["12", "", "Starfleet Marines"]


def test_a_class_typed_with_its_factors(qtbot, tmp_path):
    """Add Typed, its class, name and cost typed in the row, its counter typed in Edit Factors...;
    a factor the Unit record does not know is refused naming the field, then put right."""
    from app.shell.unit_lists_dialog import FactorsDialog, UnitListsDialog

    main = open_campaign(qtbot, tmp_path)
    said: list[str] = []
    factors = iter(['{"size_class": 5, "fe": {"attack": 3, "defense": 2}, "warp": 9}',
                    '{"size_class": 5, "fe": {"attack": 3, "defense": 2}}'])

    def typed_factors(d) -> bool:
        if not isinstance(d, FactorsDialog):
            return False
        d.text.selectAll()
        QTest.keyClicks(d.text, next(factors))
        return ok(d)

    seen: list[object] = []

    def lists(d) -> bool:
        if not isinstance(d, UnitListsDialog):
            return False
        if d not in seen:  # worked on outside the answerer's own call: its timer answers the factors' dialog
            seen.append(d)
            QTimer.singleShot(0, lambda: work(d))
        return True

    def work(d) -> None:
        d.power_box.setCurrentIndex(d.power_box.findData("klingon"))
        button(d, "Add Typed").click()
        for col, text in ((0, "F5X"), (1, "IKV Typed"), (2, "7/2")):
            type_cell(d.classes, 0, col, text)
        d.classes.setCurrentCell(0, 5)
        button(d, "Edit Factors...").click()  # answered by typed_factors

        def refused() -> None:
            if not (d.isVisible() and d.refusal.isVisible() and QApplication.activeModalWidget() is d):
                QTimer.singleShot(50, refused)
                return
            said.append(d.refusal.text())
            d.edit_factors(0)  # typed again, answered by typed_factors
            ok(d)
        QTimer.singleShot(0, refused)
        ok(d)

    answerer = Answerer(lists, typed_factors)
    try:
        menu_action(main, "Unit Lists...").trigger()
        qtbot.waitUntil(lambda: bool(said) and QApplication.activeModalWidget() is None, timeout=10000)
    finally:
        answerer.stop()
    assert said == ["Refused: Unit lists (Turn Orders): Klingon Empire, unit class row 1 (F5X), factors: warp: "
                    "Extra inputs are not permitted"], said
    (b,) = main.campaign.power("klingon").unit_list
    assert (b.unit.class_designation, b.unit.name, b.cost, b.unit.size_class, b.unit.fe.attack, b.unit.fe.defense) == \
        ("F5X", "IKV Typed", Fraction(7, 2), 5, 3, 2)
