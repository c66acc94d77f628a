"""The main window is covered at every change of viewer while a battle window shows (issue 22, hot
seat on a shared screen): the cover came when the battle window showed its hand-over and when its
page or its GM view changed, but not when the main window's own viewer changed beside it - the
Alliance's commander held 0604's battle window, the main window beside it showed the table's lines
(uncovered, as every commander may read them), and View > GM View turned on it showed the GM's
lines, every secret of the campaign log, beside the Alliance's battle. The main window is covered
as soon as it shows another viewer's lines than the battle's, and shows again once it does not."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from rules.model import visibility
from tests.app.battle.test_main_covered_at_hand_over import _covered, _fight
from tests.app.gui import open_main_window, press
from tests.app.test_gui_paths import end_movement


def test_the_main_window_is_covered_when_its_viewer_changes_beside_a_team_s_battle(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    end_movement(main, qtbot)
    main.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is main)
    if not main.campaign_log.isVisible():
        press(main, "Ctrl+L")  # the campaign log, the table's lines
    qtbot.waitUntil(main.campaign_log.isVisible)
    bw = _fight(main, qtbot, "0604")
    assert _covered(main, main.campaign_log.widget())  # the battle's first hand-over
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)  # "I am the Alliance commander"
    assert bw.viewer == "alliance" and not bw.handing_over()
    assert not _covered(main, main.campaign_log.widget())  # the table's lines: every commander reads them
    main.gm_view_action.trigger()  # View > GM View on the main window beside the Alliance's battle
    assert main.gm_view_action.isChecked()
    assert [e for e in main.campaign_log.lines() if not visibility.entry_seen_by(e, "alliance")]  # the GM's lines
    for dock in (main.campaign_log, main.inspector_dock):
        assert _covered(main, dock.widget()), dock.objectName()
    main.gm_view_action.trigger()  # the GM view left: the table's lines again
    qtbot.waitUntil(lambda: not _covered(main, main.campaign_log.widget()))
    bw.close()


def test_a_replay_s_viewer_change_covers_and_shows_the_main_window(qtbot, tmp_path):
    """The GM replays the open battle as the GM (File > Replay a Battle..., "Game Master") while the
    Alliance's commander held its window beside the main window's GM view (covered): the GM may read
    the main window, which shows; leaving the replay (Escape) gives the battle back to the Alliance's
    commander, and the main window is covered again."""
    from tests.app.battle.test_main_covered_at_hand_over import _gm_log
    from tests.app.battle.test_replay import _pick
    from tests.app.battle.test_replay_hand_over import _replay

    main = open_main_window(qtbot, tmp_path)
    end_movement(main, qtbot)
    _gm_log(main, qtbot)
    bw = _fight(main, qtbot, "0604")
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)  # "I am the Alliance commander"
    bw.answer(bw.b.pending.default if bw.b.pending.default is not None else bw.b.pending.options[0])
    qtbot.waitUntil(lambda: bool(bw.b.answers))
    if bw.handing_over():
        qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    assert bw.viewer == "alliance" and _covered(main, main.campaign_log.widget())  # the GM view beside it
    _replay(main, _pick("0604"), _pick("Game Master"))
    assert bw.replay.on and bw.viewer == "gm"
    assert not _covered(main, main.campaign_log.widget())  # the GM replays: the GM's lines may show
    bw.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
    press(bw, "Escape")  # Leave the replay
    assert not bw.replay.on and bw.viewer == "alliance"
    assert _covered(main, main.campaign_log.widget())
    bw.close()
