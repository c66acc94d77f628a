"""Turn > Answer... (issue 23): the GM rules a Klingon sabotage mission at 0207 a success and is
then asked, in the same question dialogs, what it did - Starbase 11 destroyed, then nothing more;
the engine applies it (the base destroyed, logged) as undoable steps."""
from __future__ import annotations

from PySide6.QtWidgets import QRadioButton

from rules.model import dumps, parse_campaign
from rules.turn.run import play
from tests.app.gui import answering, ok, open_campaign, take_over
from tests.rules.turn.test_intel_missions import mission, spies
from tests.rules.turn.test_purchases import TO_ORDERS


def _pick(words: str, seen: list[str]):
    """The option reading ``words`` chosen in the first question dialog offering it, once: a question
    asked again (an effect not applied, offered anew) is left to be cancelled, so the test ends."""
    picked: list[str] = []

    def handle(d) -> bool:
        from app.widgets.question_dialogs import QuestionDialog

        if picked or not isinstance(d, QuestionDialog):
            return False
        button = next((b for b in d.findChildren(QRadioButton) if b.text() == words), None)
        if button is None:
            return False
        seen.append(d.q.key)
        picked.append(d.q.key)
        button.click()
        return ok(d)
    return handle


def test_the_gm_rules_a_sabotage_and_names_what_it_destroyed(qtbot, tmp_path):
    c = parse_campaign(dumps(play(spies(), [*TO_ORDERS, mission(3, kind="sabotage")]).campaign))
    main = open_campaign(qtbot, tmp_path, c, size=(1400, 900))
    seen: list[str] = []
    assert main.answer_turn_action.isEnabled()
    answering(qtbot, main.answer_turn_action.trigger,
              take_over, _pick("Succeeded", seen), _pick("Starbase 11 destroyed", seen), _pick("Nothing more", seen),
              until=lambda: any(k.endswith("/effect/2") for k in seen), timeout=20000)
    base = main.campaign.sector_at("0207").garrison[0]
    assert base.name == "Starbase 11" and base.destroyed
    assert main.campaign.log[-1].text == ("Sabotage at 0207 against United Federation of Planets, by whom is not known: "
                                          "Starbase 11 destroyed")
    assert [k.split("/", 2)[-1] for k in seen] == ["m15", "m15/effect/1", "m15/effect/2"], seen  # ruling, effects
