"""A battle window in Replay mode when it moves on to another meeting of its sector shows nothing of either
battle to the commander who held it (issue 22, hot seat; app/battle/handover._MainGuard.battle_reset leaves the
replay, drawing nothing, before handover.moved_on). Found: the replay left at the controller's reset first, drawing
the live battle for who held the replay, then the window moved on: "Coalition attacks Alliance" at its question for
any commander drawn (panel and log) for the Orion's commander, and in the GM view's replay drawn whole.

0703 holds three meetings and one battle window, which follows the meeting its sector fights first. The
Orion Pirates' commander holds "Alliance attacks Orion Pirates" and replays it (Replay, Ctrl+Shift+Y: answer 0 of
0, its first question not answered yet), or replays it in the battle's GM view; the main window's Ctrl+Z of "Battle
Hex 0703: Alliance v Orion Pirates fought next" brings "Coalition attacks Alliance" back first (held at its question
for any commander, or not begun: its question for the Alliance). The replay is left as the
window moves on: the window goes behind the new meeting's hand-over, no viewer, no seat, the replay's controls
and words off, the main window covered beside it; at no point between is the new meeting drawn (map panel or
log) for anyone, nor is the old one drawn again."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from app.battle.handover import meeting
from tests.app.battle.test_window_moved_on_keeps_no_viewer import (
    _behind_a_side_s_hand_over, _main_key, _orion_s_meeting, _put_off, _take)
from tests.app.systems.v13.walk_until import walk_until

ORION_S = (1, "main", "alliance", "orions")


def _drawn(bw, monkeypatch) -> list[tuple[object, str | None, bool]]:
    """Each time the window draws its battle (its panel, or its log for a viewer): the meeting drawn, the viewer
    it is drawn for, and whether the replay was on."""
    seen: list[tuple[object, str | None, bool]] = []
    panel_draw, show_events = bw.panel.draw, bw.log_dock.show_events

    def draw(change):
        seen.append((meeting(bw), bw.viewer, bw.replay.on))
        return panel_draw(change)

    def log(events, viewer, *args, **kwargs):
        seen.append((meeting(bw), viewer, bw.replay.on))
        return show_events(events, viewer, *args, **kwargs)

    monkeypatch.setattr(bw.panel, "draw", draw)
    monkeypatch.setattr(bw.log_dock, "show_events", log)
    return seen


def _replay_key(bw, qtbot) -> None:
    """Ctrl+Shift+Y (Replay the battle) pressed on the battle window, made the active window first."""
    qtbot.waitUntil(lambda: bw.activateWindow() or QApplication.activeWindow() is bw, timeout=20000)
    qtbot.keyClick(bw, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)


def test_a_window_replaying_when_it_moves_on_shows_the_next_meeting_to_nobody(qtbot, tmp_path, monkeypatch):
    main, bw = _orion_s_meeting(qtbot, tmp_path)
    _take(bw, qtbot)
    _main_key(main, qtbot, "Ctrl+Z")  # "Coalition attacks Alliance" first, walked to its question for any commander
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    walk_until(bw, qtbot, lambda q: q.to == "any")
    _main_key(main, qtbot, "Ctrl+Shift+Z")  # the Orion's meeting first again, behind the Orion's page
    _take(bw, qtbot)
    assert bw.viewer == "orions" and meeting(bw) == ORION_S
    _replay_key(bw, qtbot)
    assert bw.replay.on and bw.replay.viewer == "orions", bw.statusBar().currentMessage()
    assert bw.replay.label.isVisible() and bw.panel_dock.isVisible()  # its first question not answered yet: step 0
    drawn = _drawn(bw, monkeypatch)

    _main_key(main, qtbot, "Ctrl+Z")

    assert meeting(bw) != ORION_S
    assert drawn == [], drawn  # before: the replay's leave drew "Coalition attacks Alliance" for the Orion
    assert not bw.replay.on and not bw.replay.label.isVisible() and not bw.replay.replay_action.isChecked()
    assert not any(a.isEnabled() for a in (bw.replay.first_action, bw.replay.back_action, bw.replay.play_action,
                                           bw.replay.forward_action, bw.replay.last_action))
    _behind_a_side_s_hand_over(main, bw, "any", ("coalition", "alliance"))
    _replay_key(bw, qtbot)
    assert not bw.replay.on and bw.handing_over()  # no replay before someone takes the screen
    side = bw.handover.team
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    assert drawn and all(m != ORION_S and v == side for m, v, _on in drawn), drawn
    bw.close()


def test_a_window_replaying_in_its_gm_view_when_it_moves_on_shows_the_next_meeting_to_nobody(qtbot, tmp_path,
                                                                                            monkeypatch):
    main, bw = _orion_s_meeting(qtbot, tmp_path)
    _take(bw, qtbot)
    bw.activateWindow()
    qtbot.waitUntil(lambda: bw.isActiveWindow(), timeout=20000)
    _put_off(qtbot, bw.gm_action.trigger)  # the battle's GM view (no passphrase set): the Orion's question again
    _replay_key(bw, qtbot)
    assert bw.replay.on and bw.replay.viewer == "gm" and bw.gm_action.isChecked()
    drawn = _drawn(bw, monkeypatch)

    _main_key(main, qtbot, "Ctrl+Z")  # "Coalition attacks Alliance" first, not begun: its question for the Alliance

    assert drawn == [], drawn  # before: the replay's leave drew it whole (the GM view) for whoever pressed Ctrl+Z
    assert not bw.replay.on and not bw.replay.label.isVisible()
    _behind_a_side_s_hand_over(main, bw, "alliance", ("alliance",))
    assert not bw.gm_action.isChecked()
    bw.close()
