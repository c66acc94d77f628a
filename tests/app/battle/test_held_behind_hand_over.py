"""Nothing acts behind a hand-over (issue 22): while the battle window shows its hand-over page, its
actions (Undo, the log, the replay, the play actions) did what they do by shortcut or
``action.trigger()`` behind it: Ctrl+Z behind the next seat's "Pass the screen to ..." took back the
Alliance's answer. The main window covered beside it let Save and Fight act too. Only what the page and
the cover offer acts (the page's button, the Help menu, Quit), the battle's GM view (the Game Master's
way past any page, behind its passphrase: test_battle_put_away_at_main_seat) and its Export report (what
every Team may read: test_visibility_gui); after the hand-over everything acts again."""
from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication

from app.battle.window import BattleWindow
from rules.battlehex.questions import QKind
from tests.app.gui import Answerer, click_button, menu_action, open_main_window, press
from tests.app.test_gui_paths import battle_windows, end_movement_and_fight


def _behind_page(main, qtbot) -> BattleWindow:
    """0604 fought: the Alliance takes the screen and answers its questions (no withdrawal...); the battle
    waits for another seat behind its hand-over page, with the Alliance's answers to take back."""
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    assert bw.handing_over()
    bw.handover_button.click()
    while not bw.handing_over():  # the plainest answers (no withdrawal, no modifier, the lowest range)
        q = bw.b.pending
        assert bw.answer(False if q.kind is QKind.YES_NO else None if q.kind is QKind.OPTIONAL_NUMBER
                         else q.low) is None
    assert bw.b.pending.to != "alliance" and bw.ctl.can_undo()
    return bw


def _saved(main) -> bytes:
    return main.session.path.read_bytes()


def test_nothing_acts_behind_the_hand_over_page(qtbot, tmp_path, monkeypatch):
    main = open_main_window(qtbot, tmp_path)
    bw = _behind_page(main, qtbot)
    reports: list[str] = []
    monkeypatch.setattr(bw, "export_report", lambda path=None: reports.append("written"))
    index, answers = bw.ctl.undo_stack.index(), list(bw.b.answers)
    export = next(a for a in bw.findChildren(QAction) if a.text().startswith("Export"))
    dialogs = Answerer()  # any dialog an action behind the covers would open (Fight's list, a passphrase...)
    try:
        bw.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is bw, timeout=20000)
        for key in ("Ctrl+Z", "Ctrl+L", "Ctrl+Shift+Y"):
            press(bw, key)
        for a in (bw.undo_action, bw.log_room.action, bw.replay.replay_action):
            a.trigger()
        bw.undo_action.setEnabled(True)  # as the window's code enables it at a change: still held
        bw.undo_action.trigger()
        assert bw.ctl.undo_stack.index() == index and list(bw.b.answers) == answers  # the answers stand
        assert not bw.log_dock.isVisible() and not bw.replay.on
        assert bw.handing_over()
        assert [a for a in bw.findChildren(QAction) if a.menu() is None and a.text() and a.isEnabled()] == \
            [bw.gm_action, export]  # greyed but the GM's view and the table's report
        press(bw, "Ctrl+Shift+S")  # (the report of what every Team may read: test_visibility_gui)
        assert reports == ["written"]

        # the main window, covered beside it: neither Save nor Fight nor its Undo acts; Help and Quit may
        saved, campaign = _saved(main), main.session.undo_stack.index()
        assert main.isWindowModified()  # (Save would write)
        main.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is main, timeout=20000)
        for key in ("Ctrl+S", "Ctrl+F", "Ctrl+Z", "Ctrl+Shift+E"):
            press(main, key)
        for a in (main.save_action, main.fight_action, main.undo_action, main.end_phase_action):
            a.trigger()
        qtbot.wait(200)  # (a zero timer's dialog would have opened by now)
        assert _saved(main) == saved and main.session.undo_stack.index() == campaign and dialogs.seen == []
        assert not any(a.isEnabled() for a in (main.save_action, main.fight_action, main.undo_action))
        assert battle_windows() == [bw] and bw.ctl.undo_stack.index() == index
        assert menu_action(main, "About BattleHex").isEnabled() and menu_action(main, "Quit").isEnabled()
    finally:
        dialogs.stop()

    # the page's button: the next side takes the screen; both windows act again
    bw.handover_button.click()
    assert not bw.handing_over() and bw.log_room.action.isEnabled() and bw.gm_action.isEnabled()
    export.trigger()
    bw.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is bw, timeout=20000)
    press(bw, "Ctrl+Shift+S")
    assert reports == ["written"] * 3
    main.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is main, timeout=20000)
    press(main, "Ctrl+S")  # the table's view beside a commander's battle: uncovered, it saves
    assert _saved(main) != saved
    bw.gm_action.trigger()  # the GM's Undo, across the hand-over, once confirmed
    confirm = Answerer(lambda d: click_button(d, "Yes"))
    try:
        bw.undo_action.trigger()
    finally:
        confirm.stop()
    assert bw.ctl.undo_stack.index() == index - 1
