"""Help > Rules: markdown rendering, going to a rule (its paragraph at the top of the view),
one viewer per text, rule links in the texts and in the question dialogs."""
from __future__ import annotations

import re

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtGui import QCursor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from app.shell import rules_viewer as rv
from app.widgets.question_dialogs import QuestionDialog
from app.shell.rules_texts import rule_id, rules_texts, text_for_rule, to_markdown
from app.shell.rules_viewer import RulesViewer, open_rule
from rules.battlehex.questions import yes_no


@pytest.fixture
def v13(qtbot):
    viewer = RulesViewer(rules_texts()[0])
    qtbot.addWidget(viewer)
    viewer.show()
    qtbot.waitExposed(viewer)
    return viewer


@contextmanager
def cursor_kept() -> Iterator[None]:
    """Put the mouse pointer back afterwards: other tests zoom about wherever it is."""
    pos = QCursor.pos()
    try:
        yield
    finally:
        QCursor.setPos(pos)


def top_line(viewer: RulesViewer) -> str:
    """The text of the line at the top of the view."""
    c = viewer.view.cursorForPosition(QPoint(2, 2))
    block = c.block()
    start = c.position() - block.position()
    lines = block.text().split("\u2028")
    pos = 0
    for line in lines:
        if pos + len(line) >= start:
            return line
        pos += len(line) + 1
    return lines[-1]


def test_the_texts_render_as_markdown(qtbot):
    for text in rules_texts():
        viewer = RulesViewer(text)
        qtbot.addWidget(viewer)
        plain = viewer.view.toPlainText()
        assert "**" not in plain and "\u2060" not in plain, text.title
    v13 = RulesViewer(rules_texts()[0])
    qtbot.addWidget(v13)
    html = v13.view.toHtml()
    assert "font-weight:700" in html or "font-weight:600" in html  # **want** is bold, not asterisks
    assert 'href="rule:V13.50"' in html  # rule references are links


def test_tables_and_continuation_lines_keep_their_shape():
    md = to_markdown("V13.415 Table - Results:\n\nRoll\tStatus\n3 or less\t0\n4 to 7\tI\n\n"
                     "- V13.424 The standard range.\nException: monsters.\n- V13.425 More.\n")
    assert "| Roll | Status |" in md and "| 4 to 7 | I |" in md
    assert "\u2060Exception: monsters." in md  # marked, to stand under its item without a bullet


@pytest.mark.parametrize("rule", ["V13.812", "V13.443", "V13.01", "V13.968", "V13.811 / INTERPRETATIONS 4"])
def test_goto_puts_the_rule_at_the_top_of_the_view(v13, qtbot, rule):
    assert v13.goto(rule)
    qtbot.wait(10)
    want = rule_id(rule)
    assert top_line(v13).startswith(want), top_line(v13)
    assert v13.view.textCursor().selectedText() == want


def test_goto_a_group_finds_its_first_rule_and_refuses_what_is_missing(v13):
    assert v13.goto("V13.95x") and top_line(v13).startswith("V13.950")
    before = v13.view.verticalScrollBar().value()
    assert not v13.goto("V99.1") and v13.view.verticalScrollBar().value() == before


def test_find_still_works_after_markdown(v13, qtbot):
    v13.find.setFocus()
    QTest.keyClicks(v13.find, "V13.812")
    assert v13.view.textCursor().selectedText() == "V13.812"
    QTest.keyClick(v13, Qt.Key.Key_F3)
    assert v13.view.textCursor().selectedText() == "V13.812"
    assert v13.view.textCursor().position() > v13.position_of("V13.812")  # the next mention


def test_open_rule_picks_the_text_and_reuses_its_viewer(qtbot, monkeypatch):
    monkeypatch.setattr(rv, "_OPEN", {})  # no viewer of another test
    assert text_for_rule("V13.23").path.name.startswith("v13")
    assert text_for_rule("S8.2").path.name.startswith("victory")  # found by searching the texts
    assert text_for_rule("A-59") is None and open_rule("A-59") is None
    first = open_rule("V13.23")
    qtbot.addWidget(first)
    second = open_rule("V13.812")
    assert second is first and first.isVisible()
    qtbot.wait(10)
    assert top_line(first).startswith("V13.812")


def test_a_rule_link_in_a_text_goes_to_that_rule(v13, qtbot):
    v13.goto("V13.03")
    qtbot.wait(10)
    doc = v13.view.document()
    pos = doc.toPlainText().find("V13.460", v13.position_of("V13.03"))
    cursor = v13.view.textCursor()
    cursor.setPosition(pos + 2)
    rect = v13.view.cursorRect(cursor)
    with cursor_kept():
        QTest.mouseClick(v13.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, rect.center())
    qtbot.wait(10)
    assert top_line(v13).startswith("V13.460")


def _click_rule(dialog: QuestionDialog) -> None:
    head = dialog.head
    y = head.contentsMargins().top() + head.fontMetrics().height() // 2
    at = QPoint(head.contentsMargins().left() + 8, y)
    with cursor_kept():
        QTest.mouseMove(head, at)  # as a hand does: the link under the pointer, then the click
        QTest.mouseClick(head, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)


def test_a_question_dialogs_rule_number_opens_the_rules(qtbot, monkeypatch):
    monkeypatch.setattr(rv, "_OPEN", {})
    q = yes_no("V13.21/announce", "alliance", "V13.21", "Alliance: announce a Withdrawal Before Combat "
               "(see V13.25)?")
    d = QuestionDialog(q, "Alliance")
    qtbot.addWidget(d)
    assert 'href="rule:V13.21"' in d.head.text() and 'href="rule:V13.25"' in d.head.text()
    seen = {}

    def inside() -> None:  # while the dialog is modal, as the battle window runs it
        _click_rule(d)
        viewer = rv._OPEN.get(rules_texts()[0].path)
        seen["viewer"] = viewer
        seen["top"] = viewer is not None and top_line(viewer)
        seen["usable"] = viewer is not None and rv._under(viewer, QApplication.activeModalWidget())
        d.reject()
    QTimer.singleShot(50, inside)
    d.exec()
    assert seen["viewer"] is not None and seen["top"].startswith("V13.21")
    assert seen["usable"]  # not blocked by the modal dialog
    qtbot.addWidget(seen["viewer"])


def test_an_open_viewer_follows_into_a_modal_dialog_and_back(qtbot, monkeypatch):
    monkeypatch.setattr(rv, "_OPEN", {})
    home = QWidget()
    qtbot.addWidget(home)
    home.show()
    viewer = open_rule("V13.01", home)
    assert viewer.parentWidget() is home
    d = QuestionDialog(yes_no("V13.22/oppose", "coalition", "V13.22", "Coalition: oppose the withdrawal?"),
                       "Coalition", parent=home)
    qtbot.addWidget(d)
    seen = {}

    def inside() -> None:
        _click_rule(d)
        seen["same"] = rv._OPEN.get(rules_texts()[0].path) is viewer
        seen["under"] = rv._under(viewer, d) and viewer.isVisible()
        seen["top"] = top_line(viewer)
        d.reject()
    QTimer.singleShot(50, inside)
    d.exec()
    assert seen == {"same": True, "under": True, "top": seen["top"]} and seen["top"].startswith("V13.22")
    assert viewer.parentWidget() is home and viewer.isVisible()  # back with its window, still open
    viewer.close()
    home.close()


@pytest.mark.parametrize("rule, sentence", [
    ("V13.16", "This prevents the formation of a Battle Hex for that Movement Phase."),
    ("V13.445", "No Attacking unit may be placed more than eight (8) hexes from the initial unit placed by the "
                "Attacking Team."),
])
def test_help_rules_keeps_a_rules_sentence_in_one_paragraph(qtbot, rule, sentence):
    """Issue 22: the shipped V13 text split V13.16 and V13.445 mid-sentence (a PDF page break),
    so Help > Rules showed "...the formation of a" and "- Battle Hex for..." as two items."""
    viewer = open_rule(rule)
    qtbot.addWidget(viewer)
    blocks = [viewer.view.document().findBlockByNumber(i).text()
              for i in range(viewer.view.document().blockCount())]
    assert any(sentence in b.replace("\u2028", " ") for b in blocks), [b for b in blocks if rule in b]


def test_no_rule_of_the_v13_text_ends_mid_sentence():
    """No paragraph that starts with a rule number stops without its full stop and goes on in the
    next paragraph (a sentence split by a page break); titles and tables' headings aside."""
    lines = [line for line in rules_texts()[0].path.read_text(encoding="utf-8").splitlines() if line.strip()]
    split = [line for line, after in zip(lines, lines[1:])
             if re.match(r"^(?:- )?V13\.\d+ ", line) and not re.search(r"[.:;)\]\u201d\"!?]\s*$", line)
             and not re.search(r"Step \d+ - ", line)  # a Step's title
             and not re.match(r"^(?:- )?(?:V13\.\d+|Exception|NOTE|Note|#|\*\*|Adjusted)", after)]
    assert not split, split
