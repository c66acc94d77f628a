"""A hex-label question's dialog (V13.811's centre hex) gives no empty answer: with "Another hex"
chosen and nothing typed, OK waits for a label - the walk by keys (CI at 912afb8) chose it, gave ''
and was refused again and again, the dialog reopening as it was left."""
from __future__ import annotations

from PySide6.QtWidgets import QDialogButtonBox

from app.widgets.question_dialogs import QuestionDialog
from rules.battlehex.questions import QKind, Question


def test_another_hex_with_nothing_typed_cannot_be_given(qtbot):
    q = Question("V13.811/centre", QKind.LABEL, "gm", "V13.811", "GM: confirm the original centre hex",
                 data={"proposed": "2115"})
    d = QuestionDialog(q, "Game Master", {}, {}, None, None)
    qtbot.addWidget(d)
    ok = d.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    assert d.use_proposal.isChecked() and ok.isEnabled() and d.answer() == "2115"
    other = next(b for b in d.findChildren(type(d.use_proposal)) if b is not d.use_proposal)
    other.setChecked(True)
    assert not ok.isEnabled()  # nothing typed: no answer to give
    qtbot.keyClicks(d.edit, "2216")
    assert ok.isEnabled() and d.answer() == "2216"
    d.edit.clear()
    assert not ok.isEnabled()
    d.use_proposal.setChecked(True)
    assert ok.isEnabled() and d.answer() == "2115"
