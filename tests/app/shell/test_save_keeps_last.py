"""File > Save writes each open battle's checkpoint at its last answer, as closing its window does (issue 21): the
saved file reopened in a new process, the battle window still open when it was saved, resumes where the battle
stands and gives no answer again."""
from __future__ import annotations

from rules.battlehex import resume
from rules.model import load_campaign
from rules.strategic import build_graph
from rules.systems import start
from tests.app.battle.test_close_keeps_last import afef_battle_at_declare
from tests.app.gui import menu_action
from tests.rules.battlehex.test_resume import counting, new_process


def test_file_save_lets_a_cold_reopen_replay_no_answer(qtbot, tmp_path, monkeypatch):
    main, bw, at, answers = afef_battle_at_declare(qtbot, tmp_path)
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
