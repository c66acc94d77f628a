"""The AF/EF replay keeps its side panel and map still between steps (issue 22, HY's shots 340-341
on the real 1600x1000 screen at QT_SCALE_FACTOR=2: the left panel's words and buttons changed
width as the replay stepped, narrowed by the scroll bar that came with a step's longer words and
widened again when it went). Stepped by the replay's keys in a dock as tall as the middle of the
steps' panels (some fit, some scroll), the dock's width, the width its words are laid out in and the
battle line's place and width stay as they were."""
from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QMenu

from tests.app.battle.test_replay import _action, _key
from tests.app.gui import open_main_window
from tests.app.systems.test_afef_lines import _to
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight


def _where(bw) -> tuple[int, int, int, int]:
    """The side panel's width, the width its words and buttons are laid out in, the battle line's
    left edge in the window and its width."""
    view = bw.panel.view
    return (bw.panel_dock.width(), bw.panel_dock.widget().widget().width(), view.mapTo(bw, QPoint(0, 0)).x(),
            view.width())


def _steps(bw, qtbot, given: int) -> dict[int, tuple[int, int, int, int]]:
    """Home, then Right through every answer, then Home again: where things are at each step."""
    _key(bw, qtbot, Qt.Key.Key_Home)
    qtbot.wait(10)
    seen = {0: _where(bw)}
    for step in range(given):
        _key(bw, qtbot, Qt.Key.Key_Right)
        qtbot.wait(10)
        seen[step + 1] = _where(bw)
    _key(bw, qtbot, Qt.Key.Key_Home)
    qtbot.wait(10)
    seen[-1] = _where(bw)
    return seen


def _panel_height(bw) -> int:
    inner = bw.panel_dock.widget().widget()
    lay = inner.layout()
    w = bw.panel_dock.widget().viewport().width()
    return lay.heightForWidth(w) if lay.hasHeightForWidth() else inner.sizeHint().height()


def test_the_replay_s_steps_leave_the_side_panel_and_the_battle_line_as_they_are(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "afef").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    _to(bw, qtbot, "return")
    _to(bw, qtbot, "modifiers")  # round 2's: five answers to replay
    given = len(bw.b.answers)
    bw.resize(800, 480)  # the 1600x1000 screen at QT_SCALE_FACTOR=2
    _action(bw, "replay_replay").trigger()
    assert bw.replay.on
    heights = []
    _key(bw, qtbot, Qt.Key.Key_Home)
    qtbot.wait(10)
    heights.append(_panel_height(bw))
    for _ in range(given):
        _key(bw, qtbot, Qt.Key.Key_Right)
        qtbot.wait(10)
        heights.append(_panel_height(bw))
    assert max(heights) > min(heights) + 10, heights  # some steps' words are longer than others'
    # the dock as tall as the middle of them: some steps fit it, others scroll (HY's shots 340-341)
    extra = bw.height() - bw.panel_dock.widget().viewport().height()
    bw.resize(800, (max(heights) + min(heights)) // 2 + extra)
    qtbot.wait(20)
    seen = _steps(bw, qtbot, given)
    assert len(set(seen.values())) == 1, (heights, bw.size(), seen)
    _action(bw, "replay_leave").trigger()
    assert not bw.replay.on
