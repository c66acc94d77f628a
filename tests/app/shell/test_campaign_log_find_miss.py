"""A find in the campaign log that finds nothing leaves the log as it was and says so (issue 22, seen on
the real screen: at the table's view "RIS Sith" typed in the find box and Return - a cloaked ship the
table may not read - moved the log to its first line and unticked Follow the latest, with no word: the
reader lost the latest lines and was not told why). The status bar says the words are not in the lines
shown; the log stays at its latest line, following; a find that finds selects as before."""
from __future__ import annotations

from PySide6.QtCore import Qt

from tests.app.shell.test_campaign_log_words import with_log


def _find(log, qtbot, text: str) -> None:
    log.find.setFocus()
    log.find.clear()
    qtbot.keyClicks(log.find, text)
    qtbot.keyClick(log.find, Qt.Key.Key_Return)


def test_a_find_that_finds_nothing_leaves_the_log_where_it_was(qtbot, tmp_path):
    main, log = with_log(qtbot, tmp_path)
    bar = log.view.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.maximum() > 0 and bar.value() == bar.maximum())
    assert main.team_at_screen() is None and "RIS Sith" not in log.view.toPlainText()  # the table's view

    _find(log, qtbot, "RIS Sith")
    assert log.follow.isChecked() and bar.value() == bar.maximum(), (bar.value(), bar.maximum())
    assert main.statusBar().currentMessage() == "Find in the log: not in the lines shown"
    assert not log.view.textCursor().hasSelection()

    _find(log, qtbot, "Turn Orders begins")  # found: selected, in view, following stops
    assert log.view.textCursor().selectedText() == "Turn Orders begins" and not log.follow.isChecked()
