"""A battle window moved on to another meeting of its sector keeps nobody at its screen (issue 22, hot seat;
app/battle/handover.moved_on). 0703 holds three meetings and one battle window, which follows the meeting
its sector fights first: Ctrl+F on another one (app/shell/fight_list.battle_window_for), or the main
window's Ctrl+Z / Ctrl+Shift+Z of "Battle Hex 0703: Alliance v Orion Pirates fought next".

Found (83ccafb put only a parked window behind a hand-over): the Orion Pirates' commander held "Alliance
attacks Orion Pirates"; the main window's Ctrl+Z brought "Coalition attacks Alliance" back first, walked
before to combat, and the window moved on to it with the Orion still its viewer: the question for any
commander showed at once, the Coalition's and the Alliance's battle read by a commander who has no part in
it, Pass the seat offered to it. Now the window moved on is as a new window on that meeting: no viewer, no
seat, no GM view (the GM's passphrase is asked again); its first question goes behind its hand-over, the
main window covered beside it. A party of the new meeting is not kept either: the meeting was chosen at the
main window by whoever sat there (as a fleet dragged at the table's view, that is not taken for the
commander who held the battle), and Undo stops at a hand-over given in the new meeting's own answers, where
the last meeting's mark would stop it wrongly."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from tests.app.battle.test_main_covered_at_hand_over import _covered
from tests.app.battle.test_parked_window_fought_again import ORION, _ctrl_f
from tests.app.gui import Answerer, cancel, open_main_window, press, show_active
from tests.app.systems.v13.walk_until import walk_until
from tests.app.test_gui_paths import battle_windows, end_movement

FOUGHT_NEXT = "&Undo Battle Hex 0703: Alliance v Orion Pirates fought next"
SIDES = {"coalition": "Pass the screen to the Coalition commander",
         "alliance": "Pass the screen to the Alliance commander"}


def _put_off(qtbot, act=lambda: None) -> None:
    """``act`` done, then the question's dialog that opens (just after a hand-over) put off."""
    answerer = Answerer(cancel)
    try:
        act()
        qtbot.waitUntil(lambda: any(kind == "QuestionDialog" for kind, _t in answerer.seen), timeout=20000)
        qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)
    finally:
        answerer.stop()


def _take(bw, qtbot) -> None:
    """The player asked for confirms at the window's page ("I am the ... commander"), its question's dialog
    put off."""
    _put_off(qtbot, lambda: qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton))


def _main_key(main, qtbot, key: str) -> None:
    """``key`` pressed on the main window (its Edit menu's Undo or Redo), made the active window first."""
    qtbot.waitUntil(lambda: main.activateWindow() or QApplication.activeWindow() is main, timeout=20000)
    assert not _covered(main, main.strategic_view)  # reachable: the table's view beside the battle
    press(main, key)


def _orion_s_meeting(qtbot, tmp_path):
    """Ctrl+F on "Alliance attacks Orion Pirates" (brought first: the main window's Undo names it), behind
    the Orion's page: (main, battle window)."""
    main = open_main_window(qtbot, tmp_path)
    end_movement(main, qtbot)
    show_active(main, qtbot)
    _ctrl_f(main, qtbot, "0703: Alliance attacks Orion")
    (bw,) = battle_windows()
    qtbot.waitExposed(bw)
    assert bw.handing_over() and bw.handover_label.text() == ORION
    assert main.undo_action.text() == FOUGHT_NEXT
    return main, bw


def _behind_a_side_s_hand_over(main, bw, to: str, sides: tuple[str, ...]) -> None:
    """Moved on to "Coalition attacks Alliance", its question for ``to``: behind the hand-over of one of
    ``sides``, nothing of the battle shown, the main window covered beside it; nobody kept at its screen."""
    assert battle_windows() == [bw]
    assert bw.windowTitle().startswith("Battle Hex 0703 \u2014 Coalition attacks Alliance"), bw.windowTitle()
    assert bw.b.pending.to == to
    assert bw.handing_over() and bw.handover_label.text() in [SIDES[s] for s in sides], bw.handover_label.text()
    assert not bw.panel_dock.isVisible() and not bw.log_dock.isVisible() and not bw.pass_action.isEnabled()
    assert _covered(main, main.strategic_view)  # as beside a new window's hand-over
    assert bw.viewer is None and bw.seat is None and not bw.parked, (bw.viewer, bw.seat, bw.parked)


def test_a_window_moved_on_to_another_meeting_does_not_keep_a_commander_with_no_part_in_it(qtbot, tmp_path):
    main, bw = _orion_s_meeting(qtbot, tmp_path)
    _take(bw, qtbot)
    assert bw.viewer == "orions" and not bw.handing_over()
    _main_key(main, qtbot, "Ctrl+Z")  # "Coalition attacks Alliance" first again, behind its Alliance's page
    assert bw.handing_over() and bw.handover_label.text() == SIDES["alliance"]
    walk_until(bw, qtbot, lambda q: q.to == "any")  # to combat: the GM holds it at a question for any commander
    assert bw.viewer == "gm" and not bw.handing_over()
    _main_key(main, qtbot, "Ctrl+Shift+Z")  # the Orion's meeting first again, the begun one's answers kept aside
    assert bw.windowTitle().startswith("Battle Hex 0703 \u2014 Alliance attacks Orion Pirates"), bw.windowTitle()
    assert bw.handing_over() and bw.handover_label.text() == ORION
    _take(bw, qtbot)
    assert bw.viewer == "orions" and not bw.handing_over()
    _main_key(main, qtbot, "Ctrl+Z")
    # before: the Orion still the viewer, the question for any commander shown to it, Pass the seat offered
    _behind_a_side_s_hand_over(main, bw, "any", ("coalition", "alliance"))
    side = bw.handover.team
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)  # V13 combat: the panel asks, no dialog
    assert bw.viewer == side and not bw.handing_over() and bw.panel_dock.isVisible()
    assert bw.undo_mark == bw.ctl.undo_stack.index()  # Undo stops at this meeting's own hand-over
    bw.close()


def test_a_window_moved_on_to_another_meeting_leaves_its_gm_view(qtbot, tmp_path):
    main, bw = _orion_s_meeting(qtbot, tmp_path)
    _take(bw, qtbot)
    bw.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
    _put_off(qtbot, bw.gm_action.trigger)  # the battle's GM view (no passphrase set): the Orion's question again
    assert bw.gm_action.isChecked() and bw.viewer == "gm" and not bw.handing_over()
    _main_key(main, qtbot, "Ctrl+Z")
    # before: the GM view kept, "Coalition attacks Alliance" shown whole to whoever pressed Ctrl+Z
    _behind_a_side_s_hand_over(main, bw, "alliance", ("alliance",))
    assert not bw.gm_action.isChecked()
    bw.close()


def test_a_window_moved_on_to_another_meeting_does_not_keep_its_party_unasked(qtbot, tmp_path):
    main, bw = _orion_s_meeting(qtbot, tmp_path)
    _take(bw, qtbot)
    assert bw.viewer == "orions" and not bw.handing_over()
    _ctrl_f(main, qtbot, "0703: Coalition attacks Orion")  # neither begun: the Fight list offers it
    assert battle_windows() == [bw]
    assert bw.windowTitle().startswith("Battle Hex 0703 \u2014 Coalition attacks Orion Pirates"), bw.windowTitle()
    assert bw.b.pending.to == "orions"
    # before: the Orion kept, shown the new meeting's first question unasked by whoever chose it
    assert bw.handing_over() and bw.handover_label.text() == ORION
    assert not bw.panel_dock.isVisible() and _covered(main, main.strategic_view)
    assert bw.viewer is None and bw.seat is None
    _take(bw, qtbot)
    assert bw.viewer == "orions" and bw.undo_mark == bw.ctl.undo_stack.index()
    bw.close()
