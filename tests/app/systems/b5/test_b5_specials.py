"""Issue 24 in the GUI: the seed's specials (Guardian Array, Plasma Accelerator, Minbari tractor beam) in a
B5 battle window, as the GM and the sides use it: the tractor engaged through the GM's answers, Blue's
willing answer and Red's weapon powered down after their hand-overs; then Red's squadron's fire declared
and resolved, the screen handed to Blue, whose Guardian Array dialog names each ship with the chance
per die before and after, and the ship chosen by its button (then none for its second level). The GM's
Forces sheet shows the Guardian levels, the tractor's hold, the ship held and the Accelerator's damage."""
from __future__ import annotations

from PySide6.QtCore import Qt

from app.widgets.question_dialogs import QuestionDialog
from tests.app.gui import Answerer, ok
from tests.rules.systems.b5.test_tractor import set_up, specials_campaign

SEEN: list[tuple[str, str, list[str]]] = []


def protect_b_f2(d) -> bool:
    if not isinstance(d, QuestionDialog) or not d.q.key.endswith("/guard"):
        return False
    buttons = [d.group.button(i) for i in range(len(d.q.options))]
    SEEN.append((d.q.to, d.windowTitle(), [b.text() for b in buttons]))
    buttons[list(d.q.options).index("b-f2" if len(SEEN) == 1 else "none")].setChecked(True)  # level 1, then none
    return ok(d)


def hand_over(qtbot, bw, team_name: str) -> None:
    assert bw.handing_over() and team_name in bw.handover_label.text()
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)


def test_the_specials_in_the_battle_window(qtbot, b5_window):
    SEEN.clear()
    main, bw = b5_window(set_up(), specials_campaign(), at="0304")
    run = bw.b
    for a in ("tractor", "r-flag>b-f2"):
        bw.answer(a)
    assert run.pending.key == "b5/1/tractor_willing" and run.pending.to == "blue"
    hand_over(qtbot, bw, "Blue")
    bw.answer(True)
    assert run.pending.key == "b5/1/tractor_power"
    hand_over(qtbot, bw, "Red")
    bw.answer("Laser")
    for a in ("fire", "r-flag", "Beam", "b-f2", "fire", "r-f2", "Beam", "b-flag"):
        if bw.handing_over():
            hand_over(qtbot, bw, "Game Master")
        bw.answer(a)
    sheet = bw.panel.sheet.toPlainText()  # the GM's view, before the declared fire is resolved
    assert "B-FLAG at " in sheet and "[Guardian Array 2 of 2]" in sheet
    assert "[tractor beam holds B-F2 (Laser powered down); Plasma accelerator: full damage]" in sheet.replace(
        "Plasma accelerator: full damage; tractor beam holds B-F2 (Laser powered down)",
        "tractor beam holds B-F2 (Laser powered down); Plasma accelerator: full damage")
    assert "[held by R-FLAG's tractor beam]" in sheet
    bw.answer("resolve")
    q = run.pending
    assert q.key == "b5/1/guard" and q.to == "blue"
    words = q.data["option_words"]
    answerer = Answerer(protect_b_f2)
    bw.auto_dialogs = True
    hand_over(qtbot, bw, "Blue")
    qtbot.waitUntil(lambda: len(SEEN) == 2 and not run.pending.key.endswith("/guard"), timeout=20000)
    answerer.stop()
    assert SEEN[0][0] == "blue" and SEEN[0][2] == [words[o] for o in q.options]
    assert SEEN[1][2][0] == "B-F2: R-FLAG's Beam d10 needs 6+ (1/2 a die), protected 7+ (2/5)"  # level 2's
    assert SEEN[0][2][0] == "B-F2: R-FLAG's Beam d10 needs 5+ (3/5 a die), protected 6+ (1/2)"
    texts = [e.text for e in run.log.events]
    assert "B-FLAG's Guardian Array raises B-F2's Def by 1 against this fire (not against lasers)" in texts
    assert "B-FLAG's Guardian Array protects no more ships from this fire" in texts
