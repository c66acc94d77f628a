"""AF/EF Break off needs its reason (issue 19): the engine's refusal of a break-off without one
says the reason is missing, and the Break off dialog keeps OK disabled (Return does nothing)
until a reason is typed, so an empty reason never reaches the engine."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox, QInputDialog, QLineEdit, QMenu, QWidget

from rules.battlehex.log import IllegalAnswer
from tests.app.gui import Answerer, choose_item, ok, open_main_window
from tests.app.systems.test_afef_bound import HOLD_FIRE
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight


def _to_the_gm_question(main, qtbot):
    system_action(main.findChild(QMenu, "battle_systems_menu"), "afef").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    for _ in range(20):  # round 1 by engine answers: nobody fires
        q = bw.b.pending
        if q.key.endswith("/continue"):
            break
        assert bw.answer(HOLD_FIRE[q.key.split("/")[2]]) is None
    for _ in range(3):  # the GM takes the screen
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
        qtbot.wait(5)
    assert bw.b.pending.key == "afef/1/continue"
    return bw


@pytest.mark.parametrize("reason", ["", "   ", None])
def test_the_engine_says_the_reason_is_missing(qtbot, tmp_path, reason):
    bw = _to_the_gm_question(open_main_window(qtbot, tmp_path), qtbot)
    answer = {"break_off": "both"} if reason is None else {"break_off": "both", "reason": reason}
    with pytest.raises(IllegalAnswer, match="reason is missing") as e:
        bw.b.answer(answer)
    assert e.value.rule == "AF/EF 4.2.d" and bw.b.pending.key == "afef/1/continue"


def test_the_break_off_dialog_keeps_ok_disabled_until_a_reason_is_typed(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    bw = _to_the_gm_question(main, qtbot)
    seen: list[tuple[str, bool, bool]] = []

    def reason(d: QWidget) -> bool:
        if not isinstance(d, QInputDialog) or d.comboBoxItems():
            return False
        edit, buttons = d.findChild(QLineEdit), d.findChild(QDialogButtonBox)
        okb = buttons.button(QDialogButtonBox.StandardButton.Ok)
        edit.selectAll()
        QTest.keyClick(edit, Qt.Key.Key_Delete)
        QTest.keyClick(edit, Qt.Key.Key_Return)  # an empty reason: Return does nothing
        seen.append((edit.text(), okb.isEnabled(), d.isVisible()))
        QTest.keyClicks(edit, "  ")
        seen.append((edit.text(), okb.isEnabled(), d.isVisible()))
        QTest.keyClicks(edit, "the Klingons run out of fuel")
        seen.append((edit.text().strip(), okb.isEnabled(), d.isVisible()))
        return ok(d)

    pick = choose_item("both")
    answerer = Answerer(lambda d: pick(d) if getattr(d, "comboBoxItems", list)() else reason(d))
    qtbot.mouseClick(bw.panel.break_button, Qt.MouseButton.LeftButton)
    answerer.stop()
    assert seen == [("", False, True), ("  ", False, True), ("the Klingons run out of fuel", True, True)]
    assert bw.b.status().resolved
    assert any("the Klingons run out of fuel" in e.text for e in bw.b.log.events if e.kind == "ruling")
