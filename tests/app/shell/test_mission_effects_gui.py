"""Turn > Answer... (issue 23): the GM rules a Klingon sabotage mission at 0207 a success and is
then asked, in the same question dialogs, what it did - Starbase 11 destroyed, then nothing more;
the engine applies it (the base destroyed, logged) as undoable steps."""
from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QRadioButton

from app.shell.window import MainWindow
from rules.model import dumps, parse_campaign, save_campaign
from rules.turn.run import play
from tests.app.gui import Answerer, ok, show_active, take_over
from tests.rules.turn.test_intel_missions import mission, spies
from tests.rules.turn.test_purchases import TO_ORDERS


def _pick(words: str, seen: list[str]):
    def handle(d) -> bool:
        from app.widgets.question_dialogs import QuestionDialog

        if not isinstance(d, QuestionDialog):
            return False
        button = next((b for b in d.findChildren(QRadioButton) if b.text() == words), None)
        if button is None:
            return False
        seen.append(d.q.key)
        button.click()
        return ok(d)
    return handle


def test_the_gm_rules_a_sabotage_and_names_what_it_destroyed(qtbot, tmp_path):
    c = parse_campaign(dumps(play(spies(), [*TO_ORDERS, mission(3, kind="sabotage")]).campaign))
    path = tmp_path / "gm.json"
    save_campaign(c, path)
    main = MainWindow(path, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    main.resize(1400, 900)
    show_active(main, qtbot)
    seen: list[str] = []
    answerer = Answerer(take_over, _pick("Succeeded", seen), _pick("Starbase 11 destroyed", seen), _pick("Nothing more", seen))
    try:
        assert main.answer_turn_action.isEnabled()
        main.answer_turn_action.trigger()
        qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None and any(k.endswith("/effect/2") for k in seen),
                        timeout=20000)
    finally:
        answerer.stop()
    base = main.campaign.sector_at("0207").garrison[0]
    assert base.name == "Starbase 11" and base.destroyed
    assert main.campaign.log[-1].text == ("Sabotage at 0207 against United Federation of Planets, by whom is not known: "
                                          "Starbase 11 destroyed")
    assert [k.split("/", 2)[-1] for k in seen] == ["m15", "m15/effect/1", "m15/effect/2"], seen  # ruling, effects
