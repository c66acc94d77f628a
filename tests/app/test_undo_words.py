"""The undo stack names a battle answer in words: "Undo Battle 0604: Alliance does not
withdraw before combat", not the question's rule and key."""
from __future__ import annotations

from tests.app.gui import Answerer, ok
from tests.app.test_battle_window import main, open_battle, take_over  # noqa: F401  (fixture)


def test_a_dialog_answer_is_undone_by_its_words(main, qtbot):  # noqa: F811
    bw = open_battle(main, qtbot, "0604")
    take_over(bw)
    assert bw.b.pending.key == "V13.21/announce"
    answerer = Answerer(ok)  # the question dialog's default is "No"
    bw.answer_button.click()
    answerer.stop()
    assert answerer.seen and bw.b.answers == [False]
    text = bw.undo_action.toolTip()  # the battle's own undo stack, named in the window's Undo action
    assert "Battle 0604: Alliance does not withdraw before combat" in text, text
    assert "V13.21/" not in text
    assert "Battle 0604" not in main.undo_action.text()  # the turn's stack holds no battle answer
