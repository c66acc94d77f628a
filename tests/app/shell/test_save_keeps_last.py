"""File > Save writes each open battle's checkpoint at its last answer, as closing its window does (issue 21): the
saved file reopened in a new process, the battle window still open when it was saved, resumes where the battle
stands and gives no answer again."""
from __future__ import annotations

from PySide6.QtWidgets import QMenu

from rules.battlehex import resume
from rules.model import load_campaign
from rules.strategic import build_graph
from rules.systems import start
from tests.app.gui import menu_action, open_main_window
from tests.app.systems.test_afef_lines import _to
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight
from tests.rules.battlehex.test_resume import counting, new_process


def test_file_save_lets_a_cold_reopen_replay_no_answer(qtbot, tmp_path, monkeypatch):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "afef").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    _to(bw, qtbot, "declare")  # past a round's questions: the Coalition's attacks pending
    at, answers = bw.at, list(bw.b.answers)
    assert len(answers) >= 2
    save = menu_action(main, "Save")
    main.activateWindow()
    qtbot.waitUntil(lambda: save.isEnabled(), timeout=20000)
    save.trigger()
    assert bw.isVisible(), "the battle window closed"
    resume.flush()
    new_process()
    given = counting(monkeypatch)
    campaign = load_campaign(main.campaign_path)  # the file File > Save wrote
    reopened = start(campaign, at, build_graph(campaign))
    assert given == [], f"the reopen gave {len(given)} of {len(answers)} answers again"
    assert reopened.answers == answers
    assert len(list(resume.folder().glob("*.last.bin"))) == 1, "no checkpoint written at the last answer"
    bw.close()  # closed here, its checkpoint written now, not when a later test runs
    resume.flush()
