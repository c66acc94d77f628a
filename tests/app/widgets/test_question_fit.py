"""A question dialog is as tall as its words (issue 22's real-screen walk: the encounter
questions opened with an empty band between the question and its choices, the wrapped
question's height taken at a third of the dialog's width)."""
from __future__ import annotations

from app.widgets.question_dialogs import QuestionDialog
from app.shell.turn_dialogs import HandOverDialog
from tests.app.gui import Answerer, ok, press, show_active, take_over
from tests.app.test_combat_phase_gui import opened, seed004_campaign


def test_the_encounter_questions_have_no_empty_band_above_their_choices(qtbot, tmp_path):
    w = opened(qtbot, tmp_path, seed004_campaign())
    press(w, "Ctrl+E")
    gaps: dict[str, int] = {}

    def measure(d) -> bool:
        if isinstance(d, HandOverDialog):
            return take_over(d)
        if not isinstance(d, QuestionDialog):
            return False
        head, first = d.head, d.group.button(0)
        gaps[d.q.key] = first.geometry().top() - head.geometry().top() - head.heightForWidth(head.width())
        return ok(d)

    answerer = Answerer(measure)
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+E")  # Supply -> Encounters: the demand, then the other side's agreement
    qtbot.waitUntil(lambda: len(gaps) >= 2, timeout=5000)
    answerer.stop()
    spacing = max(d.layout().spacing() for d in answerer.dialogs if isinstance(d, QuestionDialog))
    assert gaps and all(g <= spacing + 2 for g in gaps.values()), gaps
