"""The undo stack names a battle answer in words: "Undo Battle 0604: Alliance does not
withdraw before combat", not the question's rule and key."""
from __future__ import annotations

from tests.app.gui import Answerer, ok
from tests.app.battle.test_window import main, open_battle, take_over  # noqa: F401  (fixture)


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


def test_the_combat_phase_answers_are_undone_by_their_words(qtbot, tmp_path):
    """Issue 22: Edit > Undo named a Combat Phase answer by its key (``encounter/0304/agree/blue``)."""
    from tests.app.gui import press, show_active
    from tests.app.test_combat_phase_gui import answers, opened, seed004_campaign

    w = opened(qtbot, tmp_path, seed004_campaign())
    press(w, "Ctrl+E")
    seen: list[str] = []
    answerer = Answerer(answers(seen))
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+E")  # Supply -> Encounters: the demand and the reply open by themselves
    qtbot.waitUntil(lambda: [k for k in seen if not k.startswith("handover/")] == ["encounter/0304/demand/red",
                                                                            "encounter/0304/agree/blue"], timeout=5000)
    answerer.stop()
    stack = w.session.undo_stack
    texts = [stack.text(i) for i in range(stack.count())]
    assert texts[-2:] == ["Combat: Encounters: 0304: Red: Demand a Deep Space encounter",
                          "Combat: Encounters: 0304: Blue: agrees"], texts
    assert not any("encounter/" in t for t in texts), texts
    assert "0304: Blue: agrees" in w.undo_action.text() + w.undo_action.toolTip(), w.undo_action.text()
