"""The battle window's Undo at a hot-seat hand-over (issue 22): after the Alliance announced its
withdrawal (V13.21) and handed the screen to the Coalition, the Coalition's Ctrl+Z took the
Alliance's answer back. A Team's seat now never undoes back over its hand-over (Undo disabled, its
tooltip saying why, naming nothing of the Alliance's); the GM view may, after a confirmation."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from app.widgets.question_dialogs import QuestionDialog
from hexmap import Label
from tests.app.battle.test_window import main  # noqa: F401 (the fixture: 0604 ready to fight)
from tests.app.gui import Answerer, cancel, ok, press, show_active

ASKED: list[str] = []


def alliance_withdraws(d) -> bool:
    """The Alliance announces a withdrawal; the Coalition puts its "oppose?" off (Cancel)."""
    if not isinstance(d, QuestionDialog):
        return False
    ASKED.append(d.q.key)
    if d.q.key == "V13.21/announce":
        d.group.button(0).setChecked(True)  # Yes
        return ok(d)
    return cancel(d)


def test_the_next_seat_cannot_undo_back_over_its_hand_over(main, qtbot):  # noqa: F811
    ASKED.clear()
    bw = main.fight(Label.parse("0604"))  # Turn > Fight a Battle Hex on 0604
    qtbot.waitExposed(bw)
    answerer = Answerer(alliance_withdraws)
    try:
        for _ in range(200):
            if "V13.22/oppose" in ASKED:
                break
            if bw.handing_over():
                qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
            qtbot.wait(25)
    finally:
        answerer.stop()
    bw.auto_dialogs = False  # the Coalition's question waits in the window
    assert ASKED[:2] == ["V13.21/announce", "V13.22/oppose"] and bw.viewer == "coalition"
    assert bw.b.answers == [True]
    assert not bw.undo_action.isEnabled()  # before: the Coalition was offered the Alliance's answer
    assert "hand-over to Coalition" in bw.undo_action.toolTip() and "withdrawal" not in bw.undo_action.toolTip()
    show_active(bw, qtbot)
    press(bw, "Ctrl+Z")
    assert bw.b.answers == [True]
    bw.gm_action.trigger()  # the GM view: the GM may, once it says yes
    assert bw.undo_action.isEnabled()
    seen: list[str] = []

    def answer_box(button):
        def handle(d) -> bool:
            if isinstance(d, QMessageBox) and d.objectName() == "undo_across_handover":
                seen.append(d.text())
                d.button(button).click()
                return True
            return False
        return handle
    for button, left in ((QMessageBox.StandardButton.No, [True]), (QMessageBox.StandardButton.Yes, [])):
        answerer = Answerer(answer_box(button))
        try:
            show_active(bw, qtbot)
            press(bw, "Ctrl+Z")
            qtbot.waitUntil(lambda: len(seen) == (1 if left else 2), timeout=3000)
        finally:
            answerer.stop()
        assert bw.b.answers == left
    assert "before the last hand-over" in seen[0]
    bw.close()
