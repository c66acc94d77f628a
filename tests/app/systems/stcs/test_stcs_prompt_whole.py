"""The STCS panel's question above the act list reads whole at QT_SCALE_FACTOR=2 (issue 22; helper HW on the real
1600x1000 screen at scale 2, 0604 of the default campaign fought in STCS): a ship's power allocation, asked of its
side, is ten lines at the side column's width, and the empty act list under it (the side answers in the question
dialog, not by an act) kept its nine lines of room, so the question was cut in the middle of a line ('boarding (its
crew in boarding' half drawn, 'parties, no power)?' not at all). The window at 790x466 is what QT_SCALE_FACTOR=2
leaves of the 1600x1000 screen."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from app.widgets.question_dialogs import QuestionDialog
from tests.app.gui import Answerer
from tests.app.systems.stcs.test_stcs_act_words import SCALE_2
from tests.app.systems.stcs.test_stcs_fit import open_0509
from tests.app.systems.stcs.test_stcs_window import hand_over


def cancelled(d) -> bool:
    """The side's question dialog put aside (Cancel), as a player who reads the panel first does."""
    if not isinstance(d, QuestionDialog):
        return False
    d.reject()
    return True


def test_a_side_s_long_question_reads_whole_above_the_empty_act_list(qtbot, tmp_path):
    bw, panel = open_0509(qtbot, tmp_path, SCALE_2)
    qtbot.waitUntil(lambda: bw.width() <= 800)
    acts = panel.acts
    row = next(k for k in range(acts.count()) if "power allocation" in acts.item(k).text())
    acts.setCurrentRow(row)
    answerer = Answerer(cancelled)
    try:
        qtbot.mouseClick(panel.do_button, Qt.MouseButton.LeftButton)  # the GM lets a ship's side allocate its power
        hand_over(qtbot, bw, lambda: "power" in bw.b.pending.text and bool(answerer.seen))
    finally:
        answerer.stop()
    QApplication.processEvents()
    prompt = panel.prompt
    assert prompt.text().endswith("no power)?") and acts.count() == 0  # the side's question; no act of its own
    assert prompt.isVisible()
    need = prompt.heightForWidth(prompt.width())
    assert prompt.height() >= need, (prompt.height(), need)  # every line drawn (before: 105 of the 126 px it needs)
    bw.close()
