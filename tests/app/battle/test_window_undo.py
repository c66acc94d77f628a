"""The battle window's Undo and Redo are enabled only when there is a step to take back or give
again (issue 22: a fresh AF/EF battle's hand-over screen offered Undo with nothing to undo; the
actions were never disabled, for any system)."""
from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu

from rules.battlehex.log import IllegalAnswer
from rules.systems.v13.autoplay import random_answer
from tests.app.gui import open_main_window
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight
from tests.play.battle_player import candidates


def _give_one(bw) -> None:
    """One legal answer through the window (the panel's and the dialogs' way in), the first of
    the candidates the question accepts."""
    q, rng = bw.b.pending, random.Random(1)
    tries = [random_answer(bw.b, rng) for _ in range(40)] if bw.ctl.system.key == "v13" else candidates(q, rng)
    for a in tries:
        try:
            if bw.answer(a) is None:
                return
        except IllegalAnswer:
            continue
    raise AssertionError(f"no candidate answer to {q.key}")


@pytest.mark.parametrize("system", ["afef", "sidcors", "table", "b5", "v13"])
def test_undo_is_enabled_only_with_an_answer_to_take_back(qtbot, tmp_path, system):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), system).trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    assert bw.ctl.system.key == system and bw.b.answers == []
    assert bw.handing_over()  # the fresh battle's hand-over screen: nothing to undo or redo
    assert not bw.undo_action.isEnabled() and not bw.redo_action.isEnabled()
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    assert not bw.undo_action.isEnabled() and not bw.redo_action.isEnabled()
    _give_one(bw)
    if bw.handing_over():  # the next question's page: nothing acts behind it (test_held_behind_hand_over)
        assert not bw.undo_action.isEnabled() and not bw.redo_action.isEnabled()
        bw.gm_action.trigger()  # the GM's view shows the battle (no passphrase set)
        assert not bw.handing_over()
    assert len(bw.b.answers) == 1 and bw.undo_action.isEnabled() and not bw.redo_action.isEnabled()
    bw.undo_action.trigger()
    assert bw.b.answers == [] and not bw.undo_action.isEnabled() and bw.redo_action.isEnabled()
    bw.redo_action.trigger()
    assert len(bw.b.answers) == 1 and bw.undo_action.isEnabled() and not bw.redo_action.isEnabled()
