"""The Random Events option through the GUI (issue 23): File > New Campaign offers it; at End of
Turn the GM enters an event in the question dialogs' widgets (Return gives "no more events"), the
Empire Sheet lists it for the next Income Phase, and that Income applies it."""
from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from app.shell.window import MainWindow
from rules.model import load_campaign, save_campaign
from rules.model.records import Phase
from tests.app.gui import Answerer, ok, open_main_window, press, show_active, take_over
from tests.app.shell.test_empire_turn_gui import _settle, _sheet_for
from tests.conftest import DEFAULT as ECONOMY

SEEN: list[tuple[str, str]] = []


def gm_enters_one_event(qtbot):
    """The GM's answers, each in its dialog's widgets: roll; a Federation expense of 12 for a plague;
    then Return on the next event (its default, no more events); the next Income confirmed."""
    from app.widgets.question_dialogs import QuestionDialog

    def handle(d) -> bool:
        if take_over(d):
            return True
        if not isinstance(d, QuestionDialog):
            return False
        key = d.q.key
        SEEN.append((key, d.windowTitle()))
        if key == "random/1":
            words = [d.group.button(i).text() for i in range(len(d.q.options))]
            d.group.button(words.index("An economic item for United Federation of Planets")).setChecked(True)
            return ok(d)
        if key == "random/1/amount":
            d.spin.setValue(-12)
            return ok(d)
        if key == "random/1/words":
            qtbot.keyClicks(d.text_edit, "a plague on Vanguard II")
            return ok(d)
        if key == "random/2":  # the GM presses Return: the default, no more events
            qtbot.keyClick(d, Qt.Key.Key_Return)
            return True
        d.group.button(0).setChecked(True)  # update/roll, income/confirm
        return ok(d)
    return handle


def test_a_gm_enters_a_random_event_and_the_next_income_applies_it(qtbot, tmp_path, monkeypatch):
    path = tmp_path / "economy.json"
    c = load_campaign(ECONOMY).model_copy(deep=True)
    c.phase = Phase.UPDATE
    c.settings = c.settings.model_copy(update={"random_events": True})
    save_campaign(c, path)
    errors: list[tuple[str, str]] = []
    monkeypatch.setattr(MainWindow, "show_error", lambda self, title, text: errors.append((title, text)))
    main = MainWindow(path, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    main.resize(1400, 900)
    show_active(main, qtbot)
    press(main, "Ctrl+Shift+K")
    qtbot.waitUntil(main.empire_sheet.isVisible)
    main.gm_view_action.trigger()
    SEEN.clear()
    answerer = Answerer(gm_enters_one_event(qtbot))
    try:
        press(main, "Ctrl+Shift+A")  # Update Asset: the GM rolls
        _settle(main, qtbot, Phase.UPDATE)
        press(main, "Ctrl+Shift+E")  # -> End of Turn: the event loop opens by itself
        _settle(main, qtbot, Phase.END)
        assert [k for k, _ in SEEN] == ["update/roll", "random/1", "random/1/amount", "random/1/words", "random/2"]
        assert main.waits_label.text().startswith("End of Turn waits for: the GM: the turn ends")
        fed = main.campaign.power("fed").economy
        assert [(m.text, int(m.amount)) for m in fed.misc] == [("random event: a plague on Vanguard II", -12)]
        text = _sheet_for(main, qtbot, "fed")
        assert "Miscellaneous items for the next Income Phase: random event: a plague on Vanguard II: -12" in text
        assert "Point Pool: 0" in text
        press(main, "Ctrl+Shift+E")  # -> turn 2's Income, confirmed
        _settle(main, qtbot, Phase.INCOME)
    finally:
        answerer.stop()
    assert main.campaign.turn == 2 and errors == []
    text = _sheet_for(main, qtbot, "fed")
    assert "Point Pool: 9 4/5" in text and "Miscellaneous items" not in text  # 20 + 1 4/5 - 12
    income = next(e for e in reversed(main.campaign.log) if e.rule == "004 Income Phase" and "Federation" in e.text)
    assert "Miscellaneous: random event: a plague on Vanguard II: -12" in income.text
    for _ in range(4):  # Income's confirmation, the turn's end, "no more events", the event's words: each a step
        press(main, "Ctrl+Z")
    qtbot.waitUntil(lambda: main.campaign.phase is Phase.END and main.campaign.turn == 1)
    assert main.session.combat_pending()[1].key == "random/1/words"
    assert main.campaign.power("fed").economy.misc == []


def test_new_campaign_offers_the_random_events_option(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    target = tmp_path / "events.json"

    def fill(d) -> bool:
        from app.shell.new_campaign import NewCampaignDialog

        if not isinstance(d, NewCampaignDialog):
            return False
        assert not d.random_events.isChecked()  # off by default
        qtbot.mouseClick(d.random_events, Qt.MouseButton.LeftButton,
                         pos=d.random_events.rect().topLeft() + d.random_events.rect().center() / 4)
        d.path_edit.setText(str(target))
        qtbot.mouseClick(d.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok),
                         Qt.MouseButton.LeftButton)
        return True

    answerer = Answerer(fill)
    try:
        file_menu = next(a.menu() for a in main.menuBar().actions() if a.text() == "&File")
        next(a for a in file_menu.actions() if a.text() == "&New Campaign...").trigger()
        qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None and bool(answerer.seen))
    finally:
        answerer.stop()
    assert main.campaign.settings.random_events is True
    assert load_campaign(target).settings.random_events is True
    assert main.session.path == target
