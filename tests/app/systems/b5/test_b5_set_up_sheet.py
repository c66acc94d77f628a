"""Issue 24 in the GUI: while Blue, whose flagship is not in the Battle Hex, is still choosing one
(b5/flagship/blue, a tie of command rating 3), the B5 Forces sheet marks no Blue squadron "(flag)"
(it marked B-C2's, the dialog's default, as if the choice were made); once Blue designates B-C3,
its squadron b3 is marked, and Red's flagship, named in its data, is marked throughout."""
from __future__ import annotations

from PySide6.QtCore import Qt

from app.widgets.question_dialogs import QuestionDialog
from tests.app.gui import Answerer, ok
from tests.app.systems.b5.test_b5_set_up_flagship import no_flagship_campaign
from tests.app.test_gui_paths import battle_windows

SHEETS: list[str] = []


def _blue(sheet: str) -> list[str]:
    """The sheet's lines of Blue's squadrons (between its heading and Red's)."""
    lines = sheet.splitlines()
    return [s for s in lines[lines.index("Blue"):lines.index("Red")] if s.startswith("squadron ")]


def designate(d) -> bool:
    """Blue's flagship dialog: the sheet read behind it, then B-C3 chosen by its button; the GM's scenario
    question next: the sheet read behind it (the dialog left to be cancelled)."""
    if not isinstance(d, QuestionDialog) or d.q.key not in ("b5/flagship/blue", "b5/scenario"):
        return False
    SHEETS.append(battle_windows()[-1].panel.sheet.toPlainText())
    if d.q.key == "b5/scenario":
        return False
    d.group.button(d.q.options.index("b-c3")).setChecked(True)
    return ok(d)


def test_the_forces_sheet_marks_blues_flagship_only_once_designated(qtbot, b5_by_ctrl_f):
    SHEETS.clear()
    main, bw = b5_by_ctrl_f(no_flagship_campaign())
    answerer = Answerer(designate, cancel_others=True)
    for _ in range(10):
        q = bw.b.pending
        if q is None or q.key != "b5/flagship/blue":
            break
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
            continue
        qtbot.waitUntil(lambda q=q: bw.b.pending is not q, timeout=5000)
    assert SHEETS, "Blue's flagship dialog never opened"
    choosing = SHEETS[0]
    assert "squadron rflag (flag)" in choosing, choosing  # Red's, named in its data
    assert _blue(choosing) and not any("(flag)" in s for s in _blue(choosing)), choosing
    assert bw.b.pending.key == "b5/scenario"
    if bw.handing_over():  # the GM's scenario question next: the screen to the GM
        qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(SHEETS) == 2, timeout=5000)
    answerer.stop()
    chosen = SHEETS[1]
    assert [s for s in _blue(chosen) if "(flag)" in s] == ["squadron b3 (flag): B-C3"], chosen
