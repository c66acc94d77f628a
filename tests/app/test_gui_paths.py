"""The main path through the app, reached as a person reaches it: shortcuts pressed on the
window, dialogs answered through their widgets, buttons clicked. These failed on the main of
2026-11-22, where ``triggered(bool)`` filled ``fight(at)``, ``end_battle(reason)`` and
``export_report(path)`` with ``False``."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton

from app.battle.window import BattleWindow
from tests.app.gui import (
    Answerer,
    choose_item,
    end_movement_listing,
    ok,
    open_main_window,
    press,
    save_file,
    to_space_combat,
    type_text,
)


@pytest.fixture
def main(qtbot, tmp_path):
    return open_main_window(qtbot, tmp_path)


def battle_windows() -> list[BattleWindow]:
    return [w for w in QApplication.topLevelWidgets() if isinstance(w, BattleWindow) and w.isVisible()]


def end_movement(main, qtbot) -> None:
    """Ctrl+E, every question answered with its default; the Battle Hex list closed; then, as
    the default campaign plays seed 004's Combat Phase, End Phase through Supply and the
    Encounters (each defender demands a Deep Space encounter, each attacker agrees) to the
    Space Combat Phase, where the Battle Hexes are fought."""
    listing = end_movement_listing(main, qtbot)
    assert "0604" in listing.browser.toPlainText()
    ok(listing)  # its Close button
    main.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is main)
    to_space_combat(main, qtbot)


def end_movement_and_fight(main, qtbot, at: str) -> BattleWindow:
    """Ctrl+E with its questions accepted, then Ctrl+F choosing the Battle Hex ``at``."""
    end_movement(main, qtbot)
    answerer = Answerer(choose_item(at))
    press(main, "Ctrl+F")
    qtbot.waitUntil(lambda: bool(battle_windows()))
    answerer.stop()
    assert ("QInputDialog", "Fight a Battle Hex") in answerer.seen
    bw = battle_windows()[-1]
    qtbot.waitExposed(bw)
    return bw


def test_ctrl_f_opens_the_battle_hex_chosen_in_the_dialog(main, qtbot):
    bw = end_movement_and_fight(main, qtbot, "0604")
    title = bw.windowTitle()
    assert title.startswith("Battle Hex 0604 \u2014 Coalition attacks Alliance")
    assert main.campaign.name in title and "False" not in title and "None" not in title
    assert bw.b is not None and str(bw.b.record.at) == "0604"


def test_the_menu_action_fights_too(main, qtbot):
    answerer = Answerer(ok)
    main.end_movement_action.trigger()
    answerer.stop()
    kinds = [kind for kind, _t in answerer.seen]
    assert kinds[0] == "HandOverDialog" and "IgnoreDialog" in kinds  # each side behind its own hand-over
    seen = to_space_combat(main, qtbot)
    assert ("QuestionDialog", "Encounters Phase \u2014 Coalition") in seen  # 0907's defender demands
    answerer = Answerer(choose_item("0907"))
    main.fight_action.trigger()
    answerer.stop()
    assert [w.windowTitle()[:15] for w in battle_windows()] == ["Battle Hex 0907"]


def test_cancelling_the_choice_opens_nothing(main, qtbot):
    end_movement(main, qtbot)
    answerer = Answerer()  # cancels whatever opens
    press(main, "Ctrl+F")
    qtbot.waitUntil(lambda: bool(answerer.seen))
    answerer.stop()
    assert not battle_windows()


def battle_in_combat(main, qtbot) -> BattleWindow:
    """The battle window of 0604 in combat, opened as Fight opens it (so these tests hit only
    their own path); the set-up by engine answers (it has its own GUI tests)."""
    from tests.app.battle.test_window import set_up_0604

    end_movement(main, qtbot)
    bw = BattleWindow(main.session, _at(main, "0604"), main)
    qtbot.addWidget(bw)
    bw.auto_dialogs = False
    bw.show()
    qtbot.waitExposed(bw)
    set_up_0604(bw)
    assert bw.panel.combat_mode()
    return bw


def _at(main, text: str):
    return next(b.at for b in main.campaign.battle_hexes if str(b.at) == text)


def test_end_battle_button_asks_for_the_reason(main, qtbot):
    bw = battle_in_combat(main, qtbot)
    button = next(b for b in bw.findChildren(QPushButton) if b.text().startswith("End battle"))
    answerer = Answerer(type_text("both fleets agree to part"))
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    answerer.stop()
    b = bw.ctl.last
    assert b.state.ended and "both fleets agree to part" in b.state.end_reason
    assert "False" not in b.state.end_reason


def test_end_battle_cancelled_changes_nothing(main, qtbot):
    bw = battle_in_combat(main, qtbot)
    before = list(bw.b.answers)
    button = next(b for b in bw.findChildren(QPushButton) if b.text().startswith("End battle"))
    answerer = Answerer()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    answerer.stop()
    assert bw.b.answers == before and not bw.b.state.ended


def test_ctrl_shift_s_exports_the_report_to_the_chosen_file(main, qtbot, tmp_path):
    bw = battle_in_combat(main, qtbot)
    bw.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
    target = tmp_path / "report 0604.html"
    answerer = Answerer(save_file(str(target)))
    press(bw, "Ctrl+Shift+S")
    answerer.stop()
    assert [k for k, _t in answerer.seen] == ["QFileDialog"]
    html = target.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "0604" in html
    assert "Battle report written to" in bw.statusBar().currentMessage()


def test_set_up_questions_open_by_themselves_one_at_a_time(main, qtbot):
    """Through the hand-overs to placement, never pressing Answer...: each question opens by
    itself (also the next one for the same player), and never two at once."""
    from rules.battlehex.questions import QKind

    bw = end_movement_and_fight(main, qtbot, "0604")
    stacked: list[int] = []

    def answer(d) -> bool:
        stacked.append(sum(1 for w in QApplication.topLevelWidgets() if w.isVisible() and w.isModal()))
        return ok(d)
    answerer = Answerer(answer)
    try:
        for _ in range(30):
            if bw.b.pending.kind is QKind.PLACE and bw.stack.currentIndex() == 0:
                break
            if bw.stack.currentIndex() == 1:
                qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
            before = len(bw.b.answers)
            qtbot.waitUntil(lambda b=before: len(bw.b.answers) > b or bw.stack.currentIndex() == 1
                            or bw.b.pending.kind is QKind.PLACE, timeout=3000)
    finally:
        answerer.stop()
    assert bw.b.pending.kind is QKind.PLACE, bw.b.pending
    assert len(bw.b.answers) >= 3 and max(stacked) == 1
    assert ("WeaponStatusDialog", "Weapon Status (V13.413-V13.415)") in answerer.seen


def test_log_in_words_and_a_rule_number_click_opens_the_rules_there(main, qtbot):
    from PySide6.QtGui import QTextCursor

    from app.shell.rules_viewer import RulesViewer

    bw = battle_in_combat(main, qtbot)
    text = bw.log_view.toPlainText()
    assert "places" in text and "{" not in text and "kz-cv-claw" not in text and "null" not in text
    shown = bw.log_view.document().blockCount()
    bw.log_view.document().firstBlock().setUserState(42)  # gone if the log were rendered anew
    press_target = next(b for b in bw.findChildren(QPushButton) if b.text() == "+1 impulse")
    qtbot.mouseClick(press_target, Qt.MouseButton.LeftButton)
    assert bw.log_view.document().blockCount() > shown
    assert bw.log_view.document().firstBlock().userState() == 42  # appended, not re-rendered
    assert "impulse 2" in bw.log_view.toPlainText().splitlines()[-1] or "impulse 2" in bw.log_view.toPlainText()
    # click the first V13.480 link in the log
    doc = bw.log_view.document()
    cursor = doc.find("V13.480")
    assert not cursor.isNull()
    cursor.setPosition(cursor.selectionStart() + 2, QTextCursor.MoveMode.MoveAnchor)
    bw.log_view.ensureCursorVisible()
    bw.log_view.setTextCursor(cursor)
    bw.log_view.ensureCursorVisible()
    pos = bw.log_view.cursorRect(cursor).center()
    qtbot.mouseClick(bw.log_view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    viewers = [w for w in QApplication.topLevelWidgets() if isinstance(w, RulesViewer) and w.isVisible()]
    assert viewers, "no rules viewer opened"
    top = viewers[0].view.cursorForPosition(viewers[0].view.viewport().rect().topLeft()).block().text()
    assert "V13.480" in top or "V13.48" in top


def test_enter_on_the_hand_over_screen_takes_over(main, qtbot):
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    assert bw.stack.currentIndex() == 1
    bw.activateWindow()
    qtbot.waitUntil(lambda: bw.handover_button.hasFocus())
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert bw.stack.currentIndex() == 0 and bw.viewer == "alliance"


def test_place_a_unit_from_the_hex_menu(main, qtbot):
    """Placement without a drag: the roster's unit, then right-click a legal hex > Place."""
    from PySide6.QtWidgets import QMenu

    from app.systems.v13.map import centre_of
    from hexmap import Facing
    from tests.app.battle.test_window import to_defender_placement

    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    to_defender_placement(bw)
    bw.panel.facing = Facing.D
    h = bw.b.ctx.window.hex_at("2103")
    bw.panel.view.centerOn(centre_of(h))
    QTest.mousePress(bw.panel.view.viewport(), Qt.MouseButton.RightButton, pos=bw.panel.view.mapFromScene(centre_of(h)))
    qtbot.waitUntil(lambda: isinstance(QApplication.activePopupWidget(), QMenu))
    menu = QApplication.activePopupWidget()
    place = next(a for a in menu.actions() if a.text().startswith("Place "))
    assert bw.b.state.units[bw.panel.selected_unit()].name in place.text()
    place.trigger()
    menu.close()
    assert bw.b.state.placed_order and bw.b.state.units[bw.b.state.placed_order[0]].pos == h


def test_undo_in_a_battle_window_takes_back_only_its_own_battle(main, qtbot):
    """Ctrl+Z in one battle window never undoes another window's answer (issue 10, part 4)."""
    first = end_movement_and_fight(main, qtbot, "0604")
    first.auto_dialogs = False
    turn_top = main.session.undo_stack.undoText()
    assert turn_top == "End Combat: Encounters (turn 1)"  # the turn's last step: End Phase into Space Combat
    other_at = next(b.at for b in main.campaign.battle_hexes if str(b.at) == "0907")
    second = BattleWindow(main.session, other_at, main)
    qtbot.addWidget(second)
    second.auto_dialogs = False
    second.show()
    qtbot.mouseClick(first.handover_button, Qt.MouseButton.LeftButton)
    first.answer(False)  # 0604: no withdrawal before combat
    if second.stack.currentIndex() == 1:
        qtbot.mouseClick(second.handover_button, Qt.MouseButton.LeftButton)
    second.answer(0)  # 0907: the GM's terrain modifier
    assert len(first.b.answers) == 1 and len(second.b.answers) == 1
    first.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is first)
    press(first, "Ctrl+Z")
    assert first.b.answers == [] and second.b.answers == [0]
    rec = {str(r.at): r for r in main.campaign.battle_hexes}
    assert rec["0604"].answers == [] and rec["0907"].answers == [0]
    assert first.ctl.undo_stack.canRedo() and second.ctl.undo_stack.canUndo()  # each battle its own stack
    assert main.session.undo_stack.undoText() == turn_top  # no battle answer on the turn's stack
    press(first, "Ctrl+Shift+Z")  # redo gives the answer back
    assert first.b.answers == [False] and main.campaign.battle_hexes[0] is not None
    assert {str(r.at): r.answers for r in main.campaign.battle_hexes}["0604"] == [False]
