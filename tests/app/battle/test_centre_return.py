"""Return on V13.811's centre question when no centre holds every unit (issue 22's wall by Return).

A GM ruling placed the last attacker ~150 hexes off the map sheet; the GM takes the screen and opens the
question (Answer...), whose dialog opens at the proposed hex, and presses Return. The engine refused the
proposal ("... would lie outside the legal region"): the dialog came back marked Refused, and only a GM
overrule went on. Now the proposal is the engine's ruling (rules/systems/v13/centre.py): Return fights on."""
from __future__ import annotations

import random

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from rules.battlehex.log import GM
from rules.battlehex.questions import QKind
from rules.battlehex.roster import Role
from rules.battlehex.state import Step
from rules.systems.v13.autoplay import random_answer
from rules.systems.v13.centre import RULED
from app.widgets.question_dialogs import QuestionDialog
from tests.app.battle.test_still import _v13_duel
from tests.app.battle.test_window import take_over
from tests.app.gui import Answerer
from tests.app.systems.stcs.opening import fight_stcs

FAR = "(120,140)"


def _to_the_centre(bw) -> None:
    """The set-up answered plainly, each side placing legally, the last attacker placed at :data:`FAR` by a GM
    ruling; the GM's hand-over page for the centre question left on the screen."""
    rng = random.Random(1)
    for _ in range(40):
        q = bw.b.pending
        if q.key == "V13.811/centre":
            return
        take_over(bw)
        if q.kind is QKind.PLACE:
            a = random_answer(bw.b, rng)
            last = len(q.options) == 1 and bw.b.state.units[q.options[0]].role is Role.ATTACKER
            assert bw.answer({"gm_ruling": "the GM's scenario", "answer": {**a, "at": FAR}} if last else a) is None
        else:
            assert bw.answer(False if q.kind is QKind.YES_NO else None if q.kind is QKind.OPTIONAL_NUMBER
                             else q.low) is None, q.key
    raise AssertionError(f"no centre question: {bw.b.pending.key}")


def test_return_on_the_centre_dialog_goes_on_when_no_centre_holds_every_unit(qtbot, tmp_path):
    _main, bw, _path = fight_stcs(qtbot, tmp_path, _v13_duel())
    bw.auto_dialogs = False
    _to_the_centre(bw)
    q = bw.b.pending
    assert q.to == GM
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)  # the GM takes the screen
    seen: list[str] = []

    def press_return(d) -> bool:
        if not isinstance(d, QuestionDialog):
            return False
        seen.append(d.refusal.text())  # a dialog back after a refusal says so
        QTest.keyClick(d, Qt.Key.Key_Return)
        return True
    answerer = Answerer(press_return, cancel_others=False)
    try:
        qtbot.mouseClick(bw.answer_button, Qt.MouseButton.LeftButton)  # Answer...
        qtbot.waitUntil(lambda: bw.b.state.step is Step.COMBAT and QApplication.activeModalWidget() is None,
                        timeout=20000)
    finally:
        answerer.stop()
    assert seen == [""], seen  # one dialog, answered by Return, never refused
    assert bw.b.answers[-1] == q.data["proposed"]
    assert any(e.rule == RULED for e in bw.b.log.events) and "OK takes it as the engine's ruling" in q.text
