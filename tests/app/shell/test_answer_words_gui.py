"""Turn > Answer on the shipped default campaign, which starts in the Income Phase (issue 22, what
a new GM reads): the menu entry read "Answer the Combat Phase's Questions...", its toolbar tip
"the questions the Combat Phase waits for (encounter demands, ground losses)", and the Income
ledgers cancelled left "The Combat Phase waits for this answer" in the status bar - in the Income
Phase, before any combat. The words now name the phase the turn stands in."""
from __future__ import annotations

import shutil

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from app.shell.paths import DEFAULT_CAMPAIGN
from app.shell.window import MainWindow
from app.widgets.question_dialogs import QuestionDialog
from rules.model.records import Phase
from tests.app.gui import Answerer, cancel, press, show_active, take_over


def test_the_answer_entry_and_its_status_name_no_combat_in_the_income_phase(qtbot, tmp_path):
    path = tmp_path / "default.json"
    shutil.copy(DEFAULT_CAMPAIGN, path)
    main = MainWindow(path, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    main.resize(1500, 950)
    show_active(main, qtbot)
    assert main.campaign.phase is Phase.INCOME
    entry = main.answer_turn_action
    assert entry.isEnabled() and entry.shortcut().toString() == "Ctrl+Shift+A"
    assert "Combat" not in entry.text() and "Combat" not in entry.toolTip(), (entry.text(), entry.toolTip())
    assert "Income" in entry.toolTip(), entry.toolTip()
    seen: list[str] = []

    def refuse(d) -> bool:
        if not isinstance(d, QuestionDialog):
            return False
        seen.append(d.q.key)
        return cancel(d)

    answerer = Answerer(take_over, refuse)
    try:
        press(main, "Ctrl+Shift+A")
        qtbot.waitUntil(lambda: bool(seen) and QApplication.activeModalWidget() is None, timeout=10000)
    finally:
        answerer.stop()
    assert seen == ["income/confirm"]
    said = main.statusBar().currentMessage()
    assert "Combat" not in said and "Income" in said and "Ctrl+Shift+A" in said, said
