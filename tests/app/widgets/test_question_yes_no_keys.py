"""The Yes/No of an encounter question answered from the keyboard (issue 22, real-screen pass):
Alt+Y / Alt+N pick the answer, Return gives it; before, the radio buttons had no mnemonic and
a keyboard user had to Tab through the dialog."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QLabel

from app.widgets.question_dialogs import QuestionDialog
from rules.model.turn_model import EncounterState, Scenario
from tests.app.gui import Answerer, ok, press, show_active, take_over
from tests.app.test_combat_phase_gui import opened, seed004_campaign


def _mnemonics(d) -> list[str]:
    """The letters after ``&`` in the dialog's buttons and labels (``&&`` is a plain ``&``)."""
    texts = [w.text() for w in d.findChildren(QAbstractButton) + d.findChildren(QLabel) if w.isVisible()]
    return [t.replace("&&", "")[i + 1].lower() for t in texts for i in [t.replace("&&", "").find("&")] if i >= 0]


def test_blue_agrees_with_alt_y_and_return(qtbot, tmp_path):
    w = opened(qtbot, tmp_path, seed004_campaign())
    press(w, "Ctrl+E")
    seen: list[str] = []

    def handle(d) -> bool:
        if take_over(d):
            return True
        if not isinstance(d, QuestionDialog):
            return False
        seen.append(d.q.key)
        if "/demand/" in d.q.key:
            d.group.button(list(d.q.options).index("deep_space")).setChecked(True)
            return ok(d)
        yes, no = d.group.button(0), d.group.button(1)
        qtbot.waitUntil(d.isActiveWindow, timeout=2000)  # keys go to the dialog once it is up, as a person's do
        assert yes.isChecked()  # the dialog opens at the rule's usual case: agree (issue 22, the defaults)
        marks = _mnemonics(d)
        assert "y" in marks and "n" in marks and len(marks) == len(set(marks)), marks
        QTest.keyClick(d, Qt.Key.Key_N, Qt.KeyboardModifier.AltModifier)
        qtbot.waitUntil(no.isChecked, timeout=2000)
        QTest.keyClick(d, Qt.Key.Key_Y, Qt.KeyboardModifier.AltModifier)
        qtbot.waitUntil(yes.isChecked, timeout=2000)
        QTest.keyClick(d.focusWidget() or d, Qt.Key.Key_Return)  # Return gives the answer picked
        return True

    answerer = Answerer(handle)
    try:
        show_active(w, qtbot)
        press(w, "Ctrl+Shift+E")  # Supply -> Encounters: the questions open by themselves
        qtbot.waitUntil(lambda: w.campaign.battle_hexes[0].encounter is EncounterState.SCENARIO, timeout=8000)
    finally:
        answerer.stop()
    assert seen == ["encounter/0304/demand/red", "encounter/0304/agree/blue"], seen
    assert w.campaign.battle_hexes[0].scenario is Scenario.DEEP_SPACE  # Blue agreed: Yes was given
