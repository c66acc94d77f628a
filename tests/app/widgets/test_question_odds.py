"""The question dialog shows the odds the engine attaches to a question (``data["odds"]``)."""
from __future__ import annotations

from app.widgets.question_dialogs import QuestionDialog
from rules.battlehex.questions import QKind, yes_no
from tests.rules.systems.v13.helpers import unit
from tests.rules.systems.v13.odds.test_shown import fight


def _pursue_question():
    """The engine's own V13.702 question: Blue (Captain 1) may pursue Red's three units."""
    b = fight([unit("b1", officers={"captain": 1})], [unit("r1"), unit("r2"), unit("r3")],
              ("2140", "2141", "2142"), [3, 3])
    for r in ("r1", "r2", "r3"):
        b.answer({"declare": r})
        b.answer(False)
    assert b.pending is not None and b.pending.key == "V13.702/blue"
    return b.pending


def test_the_pursue_question_shows_its_odds(qtbot) -> None:
    q = _pursue_question()
    assert q.kind is QKind.YES_NO
    d = QuestionDialog(q, "Blue")
    qtbot.addWidget(d)
    assert d.odds is not None and d.odds.wordWrap()
    assert d.odds.text() == "Odds: " + q.data["odds"]
    assert "interception 58%, escape 42% (2d6 -1; 6 or less intercepts)" in d.odds.text()
    assert d.answer() is False  # the odds change nothing in the answer


def test_a_question_without_odds_shows_none(qtbot) -> None:
    d = QuestionDialog(yes_no("V13.22/oppose", "coalition", "V13.22", "Coalition: oppose the withdrawal?"),
                       "Coalition")
    qtbot.addWidget(d)
    assert d.odds is None and d.findChild(type(d.head), "odds") is None
