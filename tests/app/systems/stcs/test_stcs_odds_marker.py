"""An act whose odds are too long for the list says where they are, and they are there once it is
chosen (issue 22, seen on the real screen at 0509: "RIS Sith self-destructs ... [odds below]" while
another act was chosen showed no odds anywhere; they appear above the ships only for the chosen act)."""
from __future__ import annotations

from PySide6.QtCore import Qt

from app.systems.stcs.panel import FAR_ODDS
from tests.app.systems.stcs.test_stcs_resolved import to_acts


def test_an_act_with_long_odds_says_to_choose_it_and_its_odds_show_when_clicked(qtbot, tmp_path):
    _main, bw = to_acts(qtbot, tmp_path)
    panel = bw.panel
    far = [i for i in range(panel.acts.count()) if panel.acts.item(i).data(Qt.ItemDataRole.UserRole + 1)]
    assert far, "no act with odds too long for the list at 0509's first segment"
    item = panel.acts.item(far[0])
    assert item.text().endswith(FAR_ODDS) and "choose" in FAR_ODDS, item.text()  # before: "[odds below]"
    odds = item.data(Qt.ItemDataRole.UserRole + 1)
    panel.acts.scrollToItem(item)
    rect = panel.acts.visualItemRect(item)
    qtbot.mouseClick(panel.acts.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert panel.acts.currentItem() is item
    assert odds.split(":")[0] in panel.sheet.toPlainText() and panel.sheet.toPlainText().startswith(odds[:20])
