"""The battle log as HTML: one line per event, rule numbers as links, hidden events marked,
the raw data on request, and appending only the new events."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QTextBrowser

from app.widgets.log_html import append_events, event_html, events_html, linkify, linkify_html, log_html, rule_from_href
from hexmap import Label
from rules.systems.v13.procedure import BattleProcedure
from rules.systems.v13.autoplay import play
from rules.battlehex.log import EventLog
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from tests.app.shell.test_rules_viewer import cursor_kept
from tests.rules.systems.v13.test_procedure import ATTENTION
from tests.hand_kept import hand_kept


@pytest.fixture(scope="module")
def battle() -> BattleProcedure:
    c = hand_kept()
    g = build_graph(c)
    b = BattleProcedure(end_movement(c, g, ATTENTION).campaign, Label.parse("0604"), seed=8, graph=g)
    play(b, 8, through_combat=True, combat_actions=12)
    return b


def browser(qtbot, html: str = "") -> QTextBrowser:
    view = QTextBrowser()
    view.setOpenLinks(False)
    qtbot.addWidget(view)
    view.resize(700, 400)
    if html:
        view.setHtml(html)
    return view


def test_one_line_per_event_with_the_rule_as_a_link(battle, qtbot):
    events = battle.log.events
    html = events_html(events)
    assert html.count("<p ") == len(events)
    assert '<a href="rule:V13.14">V13.14</a>' in html and '<a href="rule:V13.811">V13.811</a>' in html
    view = browser(qtbot, log_html(events))
    lines = view.toPlainText().split("\n")
    assert len(lines) == len(events) and lines[0].startswith("1. [V13.14] Battle Hex 0604")
    assert not any("{" in line for line in lines)  # no raw data unless asked


def test_rule_numbers_inside_texts_are_links_but_interpretations_stay_plain():
    assert linkify("the map may float (V13.812); see A-16 and C7.1") == (
        'the map may float (<a href="rule:V13.812">V13.812</a>); see A-16 and C7.1')
    assert linkify("<b> & V13.443") == '&lt;b&gt; &amp; <a href="rule:V13.443">V13.443</a>'
    log = EventLog()
    e = log.add("info", "V13.811 / INTERPRETATIONS 4", "x")
    assert '<b>[<a href="rule:V13.811">V13.811</a> / INTERPRETATIONS 4]</b>' in event_html(e)
    assert linkify_html("<p title='V13.1'>V13.413 <a href='x'>V13.414</a></p>") == (
        "<p title='V13.1'><a href=\"rule:V13.413\">V13.413</a> <a href='x'>V13.414</a></p>")


def test_hidden_events_are_marked_and_details_show_the_raw_answer():
    log = EventLog()
    e = log.add("answer", "V13.721", "Coalition chooses its Pursuit Force: LSS Pride of Redclaw",
                {"key": "V13.721/force", "answer": ["lyr-ca-pride"]}, visible_to=("coalition", "gm"))
    plain = event_html(e)
    assert "hidden from the others" in plain and "lyr-ca-pride" not in plain
    named = event_html(e, details=True, names={"coalition": "Coalition"})
    assert "seen only by Coalition and the GM" in named
    assert "[&quot;lyr-ca-pride&quot;]" in named and "font-size:small" in named


def test_appending_new_events_matches_a_full_render(battle, qtbot):
    events = battle.log.events
    whole = browser(qtbot, events_html(events))
    part = browser(qtbot, events_html(events[:10]))
    assert append_events(part, events[10:]) == len(events) - 10
    assert part.toPlainText() == whole.toPlainText()
    assert part.document().blockCount() == len(events)
    empty = browser(qtbot)
    append_events(empty, events[:3])
    assert empty.toPlainText().split("\n")[0].startswith("1. ") and empty.document().blockCount() == 3


def test_appending_follows_the_end_only_if_the_reader_was_there(battle, qtbot):
    events = battle.log.events
    view = browser(qtbot, events_html(events[:-5]))
    view.show()
    bar = view.verticalScrollBar()
    bar.setValue(bar.maximum())
    append_events(view, events[-5:-3])
    assert bar.value() == bar.maximum()
    bar.setValue(0)
    append_events(view, events[-3:])
    assert bar.value() == 0  # reading older lines: not pulled away


def test_clicking_a_rule_link_names_the_rule(battle, qtbot):
    view = browser(qtbot, events_html(battle.log.events[:3]))
    view.show()
    qtbot.waitExposed(view)
    clicked = []
    view.anchorClicked.connect(lambda url: clicked.append(rule_from_href(url)))
    cursor = view.textCursor()
    cursor.setPosition(view.toPlainText().index("V13.14") + 2)
    at = view.cursorRect(cursor).center()
    with cursor_kept():
        QTest.mouseMove(view.viewport(), at)
        QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    assert clicked == ["V13.14"]
    assert rule_from_href("https://example.org") is None
