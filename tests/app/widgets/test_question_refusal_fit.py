"""A refusal shown in a question dialog does not squeeze the question's words (issue 25's real-screen
look at STCS power allocation: once "Refused: ..." appeared under an over-allocation, the question's
wrapped text above was cut, the dialog kept the height it had been fitted to)."""
from __future__ import annotations

from rules.battlehex.questions import words

QUESTION = ("Blue: allocate the power of USS Enterprise for this turn, in secret (its side and the Game Master "
            "only): movement, shields one to six, weapons, cloak, warp, tractors and transporters. " * 2).strip()
WHY = ("seed 002 Power Allocation: 18 power allocated, USS Enterprise has 16 (warp 12 and impulse 4 left); "
       "take 2 off movement, shields or weapons. " * 2).strip()


def _cut(label) -> bool:
    return label.height() < label.heightForWidth(label.width())


def test_a_refusal_keeps_the_question_and_itself_whole(qtbot):
    from app.widgets.question_dialogs import QuestionDialog

    d = QuestionDialog(words("stcs/1/power/blue", "blue", "002 Power Allocation", QUESTION, "allocation"), "Blue")
    qtbot.addWidget(d)
    d.show()
    qtbot.waitExposed(d)
    assert not _cut(d.head)
    qtbot.keyClicks(d.text_edit, "movement 18")
    d.refused(WHY)
    qtbot.waitUntil(lambda: d.refusal.isVisible())
    qtbot.wait(50)
    assert not _cut(d.head), (d.head.height(), d.head.heightForWidth(d.head.width()))
    assert not _cut(d.refusal), (d.refusal.height(), d.refusal.heightForWidth(d.refusal.width()))
