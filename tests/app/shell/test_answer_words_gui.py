"""Turn > Answer on the shipped default campaign, which starts in the Income Phase (issue 22, what
a new GM reads): the menu entry read "Answer the Combat Phase's Questions...", its toolbar tip
"the questions the Combat Phase waits for (encounter demands, ground losses)", and the Income
ledgers cancelled left "The Combat Phase waits for this answer" in the status bar - in the Income
Phase, before any combat. The words now name the phase the turn stands in."""
from __future__ import annotations

from rules.model.records import Phase
from tests.app.gui import answering, open_campaign, press, refuse_questions, take_over


def test_the_answer_entry_and_its_status_name_no_combat_in_the_income_phase(qtbot, tmp_path):
    main = open_campaign(qtbot, tmp_path)
    assert main.campaign.phase is Phase.INCOME
    entry = main.answer_turn_action
    assert entry.isEnabled() and entry.shortcut().toString() == "Ctrl+Shift+A"
    assert "Combat" not in entry.text() and "Combat" not in entry.toolTip(), (entry.text(), entry.toolTip())
    assert "Income" in entry.toolTip(), entry.toolTip()
    seen: list[str] = []
    answering(qtbot, lambda: press(main, "Ctrl+Shift+A"), take_over, refuse_questions(lambda d: d.q.key, seen),
              until=lambda: bool(seen))
    assert seen == ["income/confirm"]
    said = main.statusBar().currentMessage()
    assert "Combat" not in said and "Income" in said and "Ctrl+Shift+A" in said, said
