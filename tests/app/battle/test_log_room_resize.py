"""The battle log's room follows a resize of the window (app/battle/log_room.py): a window placed on a
short screen after it opened hides the log it showed, unless the person asked for it, and shows it again
when made tall. The window's ``resizeEvent`` applies the rule (issue 21: an event filter did, handed every
event of the window)."""
from __future__ import annotations

from tests.app.battle.test_short_window import SHORT, settle, tall_battle


def test_a_resize_to_a_short_window_hides_the_log_and_back_shows_it(qtbot, tmp_path):
    bw = tall_battle(qtbot, tmp_path)
    assert bw.log_dock.isVisible(), "a tall window shows its log"
    bw.resize(*SHORT)  # placed on a short screen
    settle(qtbot)
    assert not bw.log_dock.isVisible(), "the log stayed open after the window became short"
    bw.resize(1400, 900)
    settle(qtbot)
    assert bw.log_dock.isVisible(), "the log did not come back in the tall window"
    bw.close()
