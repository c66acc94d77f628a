"""Dialog titles in the players' words (issue 22): seen on the real screen, "Diplomacy (004 Intel
Phase)", "Buy a unit (004 Turn Orders Phase)", "New Campaign (004 Setup)" and "Unit Lists (seed 004
Turn Orders)" - people do not know the seeds' numbers. A title names the phase; the seed citation
stays in the rule links and the log. Each dialog is opened from its menu entry, as the GM opens it."""
from __future__ import annotations

import re

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from app.shell.window import MainWindow
from rules.model import save_campaign
from tests.app.gui import Answerer, show_active
from rules.turn.run import play
from tests.rules.turn.test_purchases import TO_ORDERS, with_list

TITLES = {("&Turn", "B&uy a Unit (Turn Orders)..."): "Buy a unit (Turn Orders Phase)",
          ("&Turn", "Dip&lomacy (Turn Orders)..."): "Diplomacy (Intel Phase)",
          ("&File", "&New Campaign..."): "New Campaign (Setup)",
          ("&Campaign", "&Unit Lists..."): "Unit Lists (Turn Orders)"}


def _entry(window, menu: str, text: str):
    entries = next(a.menu() for a in window.menuBar().actions() if a.text() == menu)
    return next(a for a in entries.actions() if a.text() == text)


def test_the_turn_orders_dialogs_are_titled_by_their_phase(qtbot, tmp_path):
    path = tmp_path / "orders.json"
    save_campaign(play(with_list(), TO_ORDERS).campaign, path)  # in its Turn Orders Phase, unit lists given
    main = MainWindow(path, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    show_active(main, qtbot)
    for (menu, text), title in TITLES.items():
        answerer = Answerer()  # each dialog seen, then cancelled: nothing changed
        try:
            entry = _entry(main, menu, text)
            assert entry.isEnabled(), text
            entry.trigger()
            qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None and bool(answerer.seen), timeout=20000)
        finally:
            answerer.stop()
        titles = [t for _kind, t in answerer.seen]
        assert titles[0] == title, titles
        assert not any(re.search(r"\b00\d\b|seed", t, re.IGNORECASE) for t in titles), titles


def _texts(d) -> list[str]:
    """Every word a dialog shows: its title, labels, buttons, boxes' items and tooltips."""
    from PySide6.QtWidgets import QAbstractButton, QComboBox, QLabel

    out = [d.windowTitle()]
    out += [w.text() for w in d.findChildren(QLabel)] + [w.text() for w in d.findChildren(QAbstractButton)]
    out += [w.toolTip() for w in d.findChildren(QAbstractButton)]
    out += [b.itemText(i) for b in d.findChildren(QComboBox) for i in range(b.count())]
    return out


def test_what_the_default_campaign_s_screens_say_names_no_seed_number(qtbot, tmp_path):
    """The phase bar's hover, Campaign > Settings..., Turn > Cargo... and the Battle Hexes list after End
    Movement said 'Seed 004 Sequence of Play', 'seed 004's economy', 'Seed 004 Invasion Phase' and 'Seed 004's
    Combat Phase'; the players' words name the phase or the rules."""
    from tests.app.gui import end_movement_listing, ok, open_main_window

    seed = re.compile(r"\b00\d\b")
    main = open_main_window(qtbot, tmp_path)
    assert "Sequence of Play, turn 1" in main.phase_label.toolTip() and not seed.search(main.phase_label.toolTip())
    for menu, text in (("&Campaign", "&Settings..."), ("&Turn", "&Cargo: Embark, Land, Deploy...")):
        said: list[str] = []
        answerer = Answerer(lambda d: said.extend(_texts(d)) or False)  # read, then cancelled
        try:
            _entry(main, menu, text).trigger()
            qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None and bool(answerer.seen), timeout=20000)
        finally:
            answerer.stop()
        assert said and not [t for t in said if seed.search(t)], (text, [t for t in said if seed.search(t)])
    main.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is main)
    listing = end_movement_listing(main, qtbot)
    words = listing.browser.toPlainText()
    # its moves are log lines citing their rule ("004 Movement Phase: ..."): the log keeps its citations
    assert "The Combat Phase: these are meetings" in words and "Seed 004" not in words, words
    ok(listing)


def test_a_question_s_hand_over_and_dialog_name_no_seed_number(qtbot, tmp_path):
    """The shipped campaign's first question, Turn > Answer... (Ctrl+Shift+A) in turn 1's Income Phase: on the real
    screen its hand-over was titled 'Hand over to GM: 004 Income Phase' ('a question of the 004 Income Phase') and its
    dialog '004 Income Phase \u2014 Game Master', the seed's number in the head too. They name the phase."""
    import shutil

    from app.shell.turn_dialogs import HandOverDialog
    from app.widgets.question_dialogs import QuestionDialog
    from tests.app.gui import press, take_over
    from tests.conftest import DEFAULT

    path = tmp_path / "shipped.json"
    shutil.copy(DEFAULT, path)
    main = MainWindow(path, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    show_active(main, qtbot)
    said: list[str] = []

    def read(d) -> bool:
        said.extend(_texts(d))  # each word the hand-over and the question show; then the screen is taken,
        return take_over(d)  # and the question cancelled: nothing answered

    answerer = Answerer(read)
    try:
        press(main, "Ctrl+Shift+A")
        qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None and len(answerer.seen) >= 2, timeout=20000)
    finally:
        answerer.stop()
    assert answerer.seen[:2] == [(HandOverDialog.__name__, "Hand over to GM: Income Phase"),
                                 (QuestionDialog.__name__, "Income Phase \u2014 Game Master")], answerer.seen
    assert any("a question of the Income Phase" in t for t in said), said
    seed = re.compile(r"\b00\d\b|seed", re.IGNORECASE)
    assert not [t for t in said if seed.search(t)], [t for t in said if seed.search(t)]


def test_no_question_s_dialog_names_a_seed_number(qtbot):
    """Every question random games ask (every battle system, the Combat Phase, the empire phases): its dialog's title,
    also after a refusal, and its head name the rule without a seed's number ('Encounters Phase \u2014 Coalition',
    not '004 Encounters Phase \u2014 Coalition'); other citations stay ('V13.811', 'AF/EF 4.1.b', 'B5 Combat')."""
    from itertools import chain

    from app.widgets.question_dialogs import QuestionDialog
    from tests.play.walk import battle_questions, empire_questions, phase_questions, seam_questions

    seed, number, asked = re.compile(r"\b00\d\b|seed", re.IGNORECASE), re.compile(r"\b00\d\b"), {}
    for _where, _run, q, _a in chain(battle_questions(), seam_questions(), phase_questions(), empire_questions()):
        asked.setdefault(q.rule, q)
    assert sum(1 for r in asked if r.startswith("004 ")) >= 5 and "V13.811" in asked and "AF/EF 4.1.b" in asked
    bad, titles = [], set()
    for rule, q in sorted(asked.items()):
        d = QuestionDialog(q, "Coalition")
        qtbot.addWidget(d)
        titles.add(d.windowTitle())
        bad += [d.windowTitle()] if seed.search(d.windowTitle()) else []
        bad += [d.head.text()] if number.search(d.head.text()) else []  # its words may say "outside the seeds"
        d.refused("a refusal")
        bad += [d.windowTitle()] if seed.search(d.windowTitle()) else []
    assert not bad, bad
    assert {"Encounters Phase \u2014 Coalition", "Sequence of Play \u2014 Coalition", "V13.811 \u2014 Coalition",
            "AF/EF 4.1.b \u2014 Coalition", "B5 Combat \u2014 Coalition"} <= titles, sorted(titles)
