"""Edit > Undo at a hot-seat hand-over (issue 22, real-screen pass): after Red's secret demand and
the hand-over to Blue, Ctrl+Z was offered to Blue and took Red's demand back. A commander's seat
now never undoes back over its hand-over (Edit > Undo and Ctrl+Z disabled, the tooltip saying
why); the GM's seat may, after a confirmation naming what it takes back. A commander who puts its
question off hands the screen back to the GM: Undo then asks the GM."""
from __future__ import annotations

from PySide6.QtWidgets import QInputDialog, QMessageBox

from app.shell.turn_dialogs import HandOverDialog
from app.widgets.question_dialogs import QuestionDialog
from rules.model.records import Phase
from tests.app.gui import Answerer, cancel, choose_item, press, show_active, type_text
from tests.app.test_combat_phase_gui import answers, opened, seed004_campaign


def test_reds_demand_is_not_undone_without_the_gm_after_blue_puts_its_question_off(qtbot, tmp_path):
    w = opened(qtbot, tmp_path, seed004_campaign())
    press(w, "Ctrl+E")
    seen: list[str] = []
    red_demands = answers(seen)

    def blue_puts_off(d) -> bool:  # Red demands; Blue takes the screen, then puts its question off
        if isinstance(d, QuestionDialog) and "/agree/" in d.q.key:
            seen.append(d.q.key)
            return cancel(d)
        return red_demands(d)
    answerer = Answerer(blue_puts_off)
    try:
        show_active(w, qtbot)
        press(w, "Ctrl+Shift+E")  # Supply -> Encounters: the questions open by themselves
        qtbot.waitUntil(lambda: "handover/Game Master" in seen, timeout=5000)
    finally:
        answerer.stop()
    assert seen == ["handover/Red commander", "encounter/0304/demand/red", "handover/Blue commander",
                    "encounter/0304/agree/blue", "handover/Game Master"], seen  # Blue hands the screen back
    stack = w.session.undo_stack
    before = (stack.index(), w.campaign.battle_hexes[0].encounter)
    assert stack.canUndo()  # Red's demand is the last change
    undo = w.undo_action  # Edit > Undo (and the toolbar's)
    assert undo.isEnabled() and "stops at the hand-over" not in undo.text()  # the GM's seat: offered, asked first
    asked: list[str] = []
    answerer = Answerer(lambda d: isinstance(d, QMessageBox) and (asked.append(d.objectName()) or cancel(d)))
    try:
        show_active(w, qtbot)
        press(w, "Ctrl+Z")  # whoever walks up: the GM is asked first, and says No
    finally:
        answerer.stop()
    assert asked == ["undo_across_handover"]
    assert (stack.index(), w.campaign.battle_hexes[0].encounter) == before


def test_the_gm_seat_undoes_back_over_its_hand_over_after_a_confirmation(qtbot, tmp_path):
    w = opened(qtbot, tmp_path, seed004_campaign())
    press(w, "Ctrl+E")
    seen: list[str] = []
    answerer = Answerer(answers(seen))
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+E")  # Encounters: Red demands, Blue agrees
    qtbot.waitUntil(lambda: "encounter/0304/agree/blue" in seen, timeout=5000)
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+E")  # -> Space Combat
    answerer.stop()
    pick, why = choose_item("0304"), type_text("fought at the table")
    answerer = Answerer(lambda d: pick(d) if isinstance(d, QInputDialog) and d.comboBoxItems() else why(d))
    show_active(w, qtbot)
    press(w, "Ctrl+G")
    qtbot.waitUntil(lambda: w.campaign.battle_hexes[0].resolved, timeout=5000)
    answerer.stop()
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+E")  # -> Orbital Bombardment
    answerer = Answerer(type_text("no bombardment"), answers(seen))
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+E")  # -> Troop Combat: the GM takes the screen for the ground losses
    qtbot.waitUntil(lambda: bool(w.campaign.ground_combats) and w.campaign.ground_combats[0].done
                    and w.session.combat_pending() is None, timeout=5000)
    answerer.stop()
    assert any(s.startswith("handover/G") for s in seen), seen  # the GM took the screen
    stack = w.session.undo_stack
    undo = w.undo_action
    while w.seat_undo.crossing() is None:  # the GM's own answers since its hand-over: no question asked
        show_active(w, qtbot)
        press(w, "Ctrl+Z")
    assert undo.isEnabled()  # the GM's seat is offered it
    at, text = stack.index(), stack.undoText()
    asked: list[str] = []

    def answer_box(button):
        def handle(d) -> bool:
            if isinstance(d, QMessageBox) and d.objectName() == "undo_across_handover":
                asked.append(d.text())
                d.button(button).click()
                return True
            return False
        return handle
    for button, after in ((QMessageBox.StandardButton.No, at), (QMessageBox.StandardButton.Yes, at - 1)):
        answerer = Answerer(answer_box(button))
        try:
            show_active(w, qtbot)
            press(w, "Ctrl+Z")
            qtbot.waitUntil(lambda: len(asked) >= (1 if button == QMessageBox.StandardButton.No else 2), timeout=3000)
        finally:
            answerer.stop()
        assert stack.index() == after
    assert text in asked[0] and "handed to the GM" in asked[0]
    assert w.campaign.phase is not Phase.ORDERS
    assert not any(isinstance(d, HandOverDialog) and d.isVisible() for d in w.findChildren(HandOverDialog))
