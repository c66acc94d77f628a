"""Issue 25 in the GUI: the Power Allocation Phase. The GM picks "Enterprise's power allocation" in the act list;
Blue takes the screen behind the hand-over and writes the allocation in its own secret dialog, which opens at a
proposal; an allocation over the ship's 28 power is refused inside the dialog, then a legal one is taken. Blue's
sheet reads the allocation; Red's screen, sheet and log never do."""
from __future__ import annotations

from PySide6.QtCore import QTimer

from app.systems.stcs.panel import STCSPanel
from app.widgets.question_dialogs import QuestionDialog
from tests.app.gui import Answerer, ok
from tests.app.systems.stcs.test_stcs_window import act, hand_over
from tests.app.systems.stcs.opening import fight_stcs

TOO_MUCH = "movement 9, shields 10/10/0/0/0/0"  # 29 of 28
GIVEN = "movement 6, shields 2/2/2/2/2/2, weapons 2"


def test_a_side_allocates_its_power_in_its_own_secret_dialog_refused_over_its_power(qtbot, tmp_path):
    main, bw, path = fight_stcs(qtbot, tmp_path)
    panel = bw.panel
    assert isinstance(panel, STCSPanel)
    seen: dict[str, object] = {}

    def second(d: QuestionDialog) -> None:  # the same dialog again, the refusal inside it
        seen["refusal"] = d.refusal.text() if d.refusal.isVisible() else ""
        d.text_edit.setText(GIVEN)
        ok(d)

    def dialogs(d) -> bool:
        if not isinstance(d, QuestionDialog):
            return False
        if d.q.key == "stcs/mode":
            d.group.button(0).setChecked(True)  # sub-light
        elif d.q.key.endswith("/power/enterprise"):
            seen["to"], seen["proposal"], seen["title"] = d.q.to, d.text_edit.text(), d.windowTitle()
            d.text_edit.setText(TOO_MUCH)
            QTimer.singleShot(300, lambda: second(d))
        return ok(d)

    answerer = Answerer(dialogs)
    hand_over(qtbot, bw, lambda: bw.b.pending is not None and bw.b.pending.key == "stcs/1/act")
    act(qtbot, bw, panel, "power:enterprise")
    hand_over(qtbot, bw, lambda: bw.b.pending is not None and bw.b.pending.key == "stcs/1/act")
    answerer.stop()
    eng = bw.b.engine
    assert seen["to"] == "blue"
    assert seen["proposal"] == "movement 11, shields 1/1/1/1/1/1, weapons 11"
    assert "has 28 power to allocate (warp 24 + impulse 4); this takes 29" in str(seen["refusal"])
    assert eng.power.of["enterprise"].text().startswith(GIVEN)
    assert "power 20 of 28: movement 6, shields 2/2/2/2/2/2" in panel.report("blue")
    for where in (panel.report("red"), bw.b.events_json("red")):
        assert "movement 6" not in where and "of 28" not in where and "shields 2/2" not in where
        assert "power: 28" not in where  # the question's words
