"""A refusal longer than the battle window's status bar is read whole (issue 22: at QT_SCALE_FACTOR=2 on a
1600x1000 screen the bar cut "Refused: V13.432: ..." at its edge, with no way to read the rest). The bar draws
it cut with "..." where it ends, its tooltip holds it whole, and the panel's verdict shows it whole, wrapped."""
from __future__ import annotations

from html import unescape

from PySide6.QtWidgets import QApplication

from tests.app.battle.test_window import drag_drop, main  # noqa: F401  (main: the fixture)
from tests.app.battle.to_placement import fight_to_placement


def test_a_refused_drop_in_a_narrow_window_is_read_whole(main, qtbot):
    bw = fight_to_placement(main, "0703", "0703: Alliance attacks Orion")
    bw.resize(640, 600)  # as narrow as it goes: a 1600x1000 screen at QT_SCALE_FACTOR=2 is 800 wide
    qtbot.waitUntil(lambda: bw.width() <= 800, timeout=20000)
    drag_drop(bw, "ori-cr-1", "2115")  # the first defending ship in the middle of the map: V13.432 refuses it
    QApplication.processEvents()
    bar = bw.statusBar()
    said = bar.currentMessage()
    assert said.startswith("Refused: V13.432: Black Mira") and not bw.b.state.placed(), said
    assert bar.fontMetrics().horizontalAdvance(said) > bar.width()  # longer than the bar: it was cut unseen
    assert unescape(bar.toolTip()).replace("<p>", "").replace("</p>", "") == said  # whole under the pointer
    drawn = bar.shown()
    assert drawn.endswith("\u2026") and said.startswith(drawn[:-1])  # cut with "..." where it ends
    assert bar.fontMetrics().horizontalAdvance(drawn) <= bar.message_rect().width() <= bar.width()
    verdict = bw.panel.verdict_label
    reason = said.removeprefix("Refused: ").removesuffix(" (the GM may overrule: Ctrl+Shift+R)")
    assert reason in unescape(verdict.text()) and verdict.wordWrap(), verdict.text()  # whole in the panel too
