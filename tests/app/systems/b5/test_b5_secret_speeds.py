"""B5 hot-seat secrecy at a meeting engagement's start (a real-screen report: the two sides' secret prior
fleet speed questions seemed to come one after the other with no hand-over between them). Played as a
person plays it: the questions' dialogs open by themselves, each hand-over's button is clicked. Each side's
speed question comes only after that side's commander took the screen, and the second side reads nothing of
the first's speed. (Checked: the hand-over does come; what was seen was the GM view, where the GM sees all.)"""
from __future__ import annotations

from PySide6.QtCore import Qt

from app.battle.window import BattleWindow
from app.widgets.question_dialogs import QuestionDialog
from tests.app.gui import Answerer, ok

SPEEDS = {"b5/speed/alliance": 7, "b5/speed/coalition": 4}


def test_each_side_answers_its_secret_speed_behind_its_own_hand_over(b5_window, qtbot):
    seen: list[tuple] = []

    def answer(d) -> bool:
        bw = d.parent()
        if not isinstance(d, QuestionDialog) or not isinstance(bw, BattleWindow):
            return False
        seen.append((d.q.key, bw.viewer, bw.handing_over(), bw.log_dock.view.toPlainText()))
        if d.q.key == "b5/reinforcements":
            d.group.button(d.q.options.index("none")).setChecked(True)
        elif d.q.key in SPEEDS:
            d.spin.setValue(SPEEDS[d.q.key])
        return ok(d)

    answerer = Answerer(answer, cancel_others=False)
    try:
        main, bw = b5_window(hold=False)
        handed: list[str] = []
        for _ in range(40):
            q = bw.b.pending
            if q is not None and q.key.startswith("b5/place"):
                break
            if bw.handing_over():
                handed.append(bw.handover.team)
                assert not bw.panel_dock.isVisible() and not bw.log_dock.isVisible()  # nothing of the battle
                qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
            qtbot.wait(100)
    finally:
        answerer.stop()
    assert handed == ["gm", "alliance", "coalition"], handed
    speeds = [s for s in seen if s[0] in SPEEDS]
    assert [(k, viewer, hidden) for k, viewer, hidden, _log in speeds] == [
        ("b5/speed/alliance", "alliance", False), ("b5/speed/coalition", "coalition", False)]
    coalition_log = speeds[1][3]
    assert "Alliance: 7" not in coalition_log and "Alliance:" in coalition_log  # its question seen, not its answer
