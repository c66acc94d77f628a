"""The campaign log's find box keeps room for its words (issue 22, seen on the real screen: camp.json
reopened on the 1600x1000 screen with the Empire Sheet beside the log, the find box was 45 pixels wide,
its placeholder cut to "Find..." and a word typed in it hidden; at QT_SCALE_FACTOR=2's 790 logical pixels
it was 28, two letters). The filters' boxes give up their room first: the find box is never narrower
than its "Find in the log" (with its clear button)."""
from __future__ import annotations

from tests.app.shell.test_campaign_log_words import with_log
from tests.app.shell.test_empire_sheet_seat_log_gui import _action


def test_the_find_box_keeps_its_words_beside_the_empire_sheet(qtbot, tmp_path):
    main, log = with_log(qtbot, tmp_path)
    _action(main, "View", "Empire Sheet").trigger()  # beside the log, at the bottom
    qtbot.waitUntil(main.empire_sheet.isVisible)
    words = log.find.fontMetrics().horizontalAdvance(log.find.placeholderText())
    for width in (1100, 900, 790):
        main.resize(width, 900)
        qtbot.waitUntil(lambda w=width: main.width() == w)
        qtbot.wait(20)
        assert log.find.isVisible() and log.find.width() > words, (width, log.find.width(), words)
        assert log.width() + main.empire_sheet.width() <= width  # both on screen, beside each other
