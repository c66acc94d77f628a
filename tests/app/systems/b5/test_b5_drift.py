"""Issue 24 in the GUI: a dogfight called off by mutual agreement at the turn's end (seed 003
Dogfights, rules/systems/b5/drift.py): each side takes the screen and answers its own dialog's Yes;
the battle logs the agreement and goes on to the morale; no drift."""
from __future__ import annotations

from app.widgets.question_dialogs import QuestionDialog
from tests.app.gui import Answerer, ok
from tests.app.systems.b5.test_b5_flights import take_over
from tests.rules.systems.b5.test_flights import PULSE1, SET_UP, TURN1, battle

SEEN: list[tuple[str, str]] = []


def agree(d) -> bool:
    """Each side's call-off dialog: Yes (the dialog opens at No, the rule's usual case)."""
    if not isinstance(d, QuestionDialog) or "/dogfight/" not in d.q.key:
        return False
    SEEN.append((d.q.key, d.group.checkedButton().text()))
    d.group.button(0).setChecked(True)
    return ok(d)


def test_both_sides_call_off_the_dogfight_through_their_dialogs(qtbot, b5_window):
    SEEN.clear()
    main, bw = b5_window([*SET_UP, *TURN1, *PULSE1, "b-fl 4528 burn", "none", "none"],  # B-FL and R-FL2 dogfight
                         campaign=battle(campaign_only=True), at="0304")                   # to the end
    run = bw.b
    assert run.pending.key == "b5/1/dogfight/4528/off/blue"
    answerer = Answerer(agree)
    bw.auto_dialogs = True
    take_over(qtbot, bw)  # Blue takes the screen: its dialog
    qtbot.waitUntil(lambda: run.pending.key == "b5/1/dogfight/4528/off/red")
    take_over(qtbot, bw)  # then Red
    qtbot.waitUntil(lambda: run.pending.key == "b5/1/morale")
    answerer.stop()
    assert SEEN == [("b5/1/dogfight/4528/off/blue", "&No"), ("b5/1/dogfight/4528/off/red", "&No")]
    texts = [e.text for e in run.log.events]
    assert "Blue: yes" in texts and "Red: yes" in texts
    assert any(t.startswith("the dogfight at 4528 is called off by mutual agreement") for t in texts)
    assert not any("4528 drifts" in t for t in texts)
    bw.close()
