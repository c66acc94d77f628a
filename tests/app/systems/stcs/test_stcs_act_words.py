"""The STCS act list at QT_SCALE_FACTOR=2 (issue 22, H7 on the real screen at 0509 of the default campaign,
c11-c12): long acts were cut with '...' ('IKV Kumara scans the area for cloaked ships [each cloaked ship, over
both hidden tables ...]', 'RIS Sith self-destructs ... [no morale check (Klingon ...]'), their words and odds
only in the tooltip. The list wraps each act's words whole within its width; odds too long for the list (the
area scan's, taller than the list once wrapped) are written whole atop the ships' sheet (which scrolls) while
that act is the one chosen (a label under the list had no room at scale 2: it was drawn over the list)."""
from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QStyleOptionViewItem

from tests.app.systems.stcs.test_stcs_fit import open_0509

SCALE_2 = (790, 466)  # what QT_SCALE_FACTOR=2 leaves of the 1600x1000 screen


def test_every_act_reads_whole_at_scale_2(qtbot, tmp_path):
    bw, panel = open_0509(qtbot, tmp_path, SCALE_2)
    qtbot.waitUntil(lambda: bw.width() <= 800)
    QApplication.processEvents()
    acts = panel.acts
    assert acts.count() > 10
    width = acts.viewport().width()
    fm = QFontMetrics(acts.font())
    assert not [acts.item(k).text() for k in range(acts.count()) if "\u2026" in acts.item(k).text()]  # before: many
    below = 0
    for k in range(acts.count()):
        item = acts.item(k)
        whole = item.toolTip()
        acts.setCurrentItem(item)  # chosen with the arrow keys or a click
        acts.scrollToItem(item)
        QApplication.processEvents()
        if item.text() != whole:  # its words in the list, its odds under it
            words, odds = whole.split("  [", 1)
            assert item.text().startswith(words + "  [")
            sheet = panel.sheet.toPlainText()
            assert sheet.startswith("Odds: " + odds.removesuffix("]")), whole  # atop the sheet, whole
            assert panel.sheet.verticalScrollBar().value() == 0  # in sight
            below += 1
        else:
            assert "Odds: " not in panel.sheet.toPlainText()
        rect = acts.visualItemRect(item)
        assert rect.left() >= 0 and rect.right() <= width, (item.text(), rect, width)  # no sideways scrolling
        opt = QStyleOptionViewItem()
        acts.initViewItemOption(opt)
        opt.rect = QRect(0, 0, width, 10_000)
        need = acts.itemDelegate().sizeHint(opt, acts.indexFromItem(item))  # wrapped at the list's width
        assert rect.height() >= need.height() > fm.height() * (fm.horizontalAdvance(item.text()) // width) * 0.8, \
            (item.text(), rect, need)  # every line of it shown
        assert rect.height() <= acts.viewport().height(), item.text()  # the whole act in sight
    assert below >= 2  # the area scans' odds (before: cut)
    qtbot.keyClick(acts, Qt.Key.Key_Home)
    assert acts.currentRow() == 0
    bw.close()
