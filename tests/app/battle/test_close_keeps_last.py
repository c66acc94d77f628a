"""Closing the battle window writes the checkpoint at its last answer (issue 21): the battle reopened from the saved
file in a new process resumes exactly where the window was closed, giving no answer again, with the bytes of a replay
from the first round."""
from __future__ import annotations

from PySide6.QtWidgets import QMenu

from rules.battlehex import resume
from rules.systems import start
from tests.app.gui import open_main_window
from tests.app.systems.test_afef_lines import _to
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight
from tests.rules.battlehex.test_resume import counting, new_process


def afef_battle_at_declare(qtbot, tmp_path):
    """The main window, its AFEF battle at 0604 fought to the Coalition's attacks pending (past a round's questions)
    in its window, the battle's hex and its answers so far (two or more)."""
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "afef").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    _to(bw, qtbot, "declare")  # past a round's questions: the Coalition's attacks pending
    at, answers = bw.at, list(bw.b.answers)
    assert len(answers) >= 2
    return main, bw, at, answers


def test_closing_the_battle_window_lets_a_cold_reopen_replay_no_answer(qtbot, tmp_path, monkeypatch):
    main, bw, at, answers = afef_battle_at_declare(qtbot, tmp_path)
    campaign = main.session.campaign  # the battle's answers stored, as a save writes them
    bw.close()
    resume.flush()
    assert len(list(resume.folder().glob("*.last.bin"))) == 1, "no checkpoint written at the last answer"
    new_process()
    given = counting(monkeypatch)
    reopened = start(campaign, at, main.session.graph)
    assert given == [], f"the reopen gave {len(given)} of {len(answers)} answers again"
    assert reopened.answers == answers
