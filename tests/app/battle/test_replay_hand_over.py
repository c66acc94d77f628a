"""File > Replay a Battle... as a Team goes behind that Team's hand-over (issue 22, seen on the real
screen): the Orion Pirates' commander, seated at the Empire Sheet, chose "Coalition" in the replay's
"Watched by" list and the battle window showed at once, with no hand-over, the Coalition's view of
0509: its cloaked RIS Talon, RIS Vaed and RIS Sith and the Alliance's Tau Defense Satellite. A Team's
view is now shown only once its commander took the screen (the main window seated for it too); a
commander who already holds the screen is not asked again."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QMenu

from tests.app.battle.test_replay import _pick
from tests.app.gui import Answerer, open_main_window, take_over
from tests.app.systems.test_table import results, system_action
from tests.app.test_gui_paths import battle_windows, end_movement_and_fight


def _replay(main, *handlers) -> Answerer:
    """File > Replay a Battle..., its dialogs answered by ``handlers`` (any other cancelled)."""
    answerer = Answerer(*handlers)
    next(a for a in main.findChildren(QAction) if a.text() == "Replay a &Battle...").trigger()
    answerer.stop()
    return answerer


def test_a_team_s_replay_comes_behind_its_hand_over(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "table").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    answerer = Answerer(results(destroyed=["lyr-dd-1"], crippled=["kz-aac-1"]))
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bw.b.status().resolved, timeout=5000)
    answerer.stop()
    bw.close()
    assert main.team_at_screen() is None  # the table's view: nobody's commander holds the screen
    before = set(battle_windows())

    cancelled = _replay(main, _pick("0604"), _pick("Coalition"))  # the hand-over is cancelled
    assert [k for k, _t in cancelled.seen] == ["QInputDialog", "QInputDialog", "HandOverDialog"], cancelled.seen
    assert cancelled.seen[-1][1] == "Hand over to Coalition: replay of Battle Hex 0604"
    assert cancelled.dialogs[-1].label.text() == "Pass the screen to the Coalition commander"
    assert not [w for w in battle_windows() if w not in before and w.replay.on]  # nothing of it shown
    assert main.team_at_screen() is None

    taken = _replay(main, _pick("0604"), _pick("Coalition"), take_over)
    assert [k for k, _t in taken.seen] == ["QInputDialog", "QInputDialog", "HandOverDialog"], taken.seen
    rw = battle_windows()[-1]
    assert rw.replay.on and rw.viewer == "coalition"
    assert main.team_at_screen() == "coalition"  # the main window is the Coalition's too (its log, its map)

    again = _replay(main, _pick("0604"), _pick("Coalition"))  # its commander holds the screen: not asked again
    assert [k for k, _t in again.seen] == ["QInputDialog", "QInputDialog"], again.seen
    assert battle_windows()[-1].replay.on and battle_windows()[-1].viewer == "coalition"
    _close(rw, qtbot, take_over)


def _fought(qtbot, tmp_path):
    """The default campaign's 0604 fought with the table system and its window closed: the table's view."""
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "table").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    answerer = Answerer(results(destroyed=["lyr-dd-1"], crippled=["kz-aac-1"]))
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bw.b.status().resolved, timeout=5000)
    answerer.stop()
    bw.close()
    return main


def _close(window, qtbot, *handlers) -> Answerer:
    """Close the replay's window (its title bar's close button), the dialogs that follow answered."""
    answerer = Answerer(*handlers)
    try:
        window.close()
        qtbot.wait(300)
        qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)
    finally:
        answerer.stop()
    return answerer


def test_closing_a_team_s_replay_gives_the_screen_back_to_the_gm(qtbot, tmp_path):
    """Seen on the real screen: after the Coalition's replay was closed, the main window stayed the
    Coalition's (its map, its campaign log) until Turn > Hand the Screen Back to the GM; the next
    person at the shared screen read the Coalition's view. Closing the replay a Team took the screen
    for gives it back as it was before: the table's view, behind the hand-over to the Game Master."""
    main = _fought(qtbot, tmp_path)
    assert main.team_at_screen() is None
    _replay(main, _pick("0604"), _pick("Coalition"), take_over)
    rw = battle_windows()[-1]
    assert rw.replay.on and main.team_at_screen() == "coalition"
    closed = _close(rw, qtbot, take_over)
    assert [k for k, _t in closed.seen] == ["HandOverDialog"], closed.seen
    assert closed.dialogs[0].label.text() == "Pass the screen back to the Game Master"
    assert main.team_at_screen() is None  # nothing of the Coalition's on the main window
    assert main.campaign_log.lines() == [e for e in main.campaign.log if not e.secret_of]  # the table's lines


def test_closing_a_team_s_replay_hands_the_screen_back_to_the_team_that_held_it(qtbot, tmp_path):
    """The Alliance's commander held the screen (the Empire Sheet's seat) when the Coalition's took it
    for the replay: closing the replay covers the window and hands the screen back to the Alliance's
    commander, behind its hand-over; put off ("Not now"), it stays with the Game Master."""
    from tests.app.shell.test_campaign_log_words import _seat
    from tests.app.shell.test_empire_sheet_seat_log_gui import _action

    main = _fought(qtbot, tmp_path)
    _action(main, "View", "Empire Sheet").trigger()
    qtbot.waitUntil(lambda: main.empire_sheet.isVisible())
    _seat(main, main.empire_sheet, qtbot, "alliance", "fed")
    _replay(main, _pick("0604"), _pick("Coalition"), take_over)
    rw = battle_windows()[-1]
    assert main.team_at_screen() == "coalition"
    closed = _close(rw, qtbot, take_over)
    assert [t for _k, t in closed.seen] == ["Hand over to Alliance: replay of 0604 closed"], closed.seen
    assert closed.dialogs[0].label.text() == "Pass the screen to the Alliance commander"
    assert main.team_at_screen() == "alliance"

    _replay(main, _pick("0604"), _pick("Coalition"), take_over)
    put_off = _close(battle_windows()[-1], qtbot)  # the hand-over cancelled: "Not now"
    assert [k for k, _t in put_off.seen] == ["HandOverDialog"], put_off.seen
    assert main.team_at_screen() is None  # the Coalition's view is gone all the same: the GM's seat
