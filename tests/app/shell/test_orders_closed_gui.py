"""A refused Turn Order says why in a few words that fit the status bar at QT_SCALE_FACTOR=2 on a
1600x1000 screen (800 pixels of window) and name no file key (issue 22: the bar cut "Turn Orders are
given in a campaign whose empire turn BattleHex runs (settings.empire_turn seed004), before End
Movemen..."); the long reading is the Turn Orders entries' tooltip."""
from __future__ import annotations

import re

import pytest
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication

from rules.model.records import Phase
from tests.app.gui import menu_action, open_campaign
from tests.hand_kept import hand_kept

ENTRIES = ("Buy a Unit (Turn Orders)...", "Diplomacy (Turn Orders)...", "Turn Orders for a Power...")
FILE_WORDS = re.compile(r"settings\.|\bseed004\b|\bempire_turn\b|\bturn_orders\b|\bby_hand\b")


def _refusals(main) -> list[str]:
    seen = []
    for words in ENTRIES:
        main.statusBar().clearMessage()
        menu_action(main, words).trigger()
        QApplication.processEvents()
        seen.append(main.statusBar().currentMessage())
    return seen


def _fits(main, text: str) -> bool:
    return QFontMetrics(main.statusBar().font()).horizontalAdvance(text) <= main.statusBar().width() - 40


def _campaign(**settings):
    c = hand_kept()
    return c.model_copy(update={"settings": c.settings.model_copy(update=settings)})


@pytest.mark.parametrize(("settings", "phase", "why"), [
    ({}, Phase.ORDERS, "kept by hand"),
    ({"empire_turn": "seed004"}, Phase.SUPPLY, "only in the Turn Orders Phase")])
def test_a_refused_turn_order_fits_the_status_bar_in_words(qtbot, tmp_path, settings, phase, why):
    c = _campaign(**settings)
    main = open_campaign(qtbot, tmp_path, c.model_copy(update={"phase": phase}), size=(800, 500))
    assert main.campaign.phase is phase
    for text in _refusals(main):
        assert why in text and not FILE_WORDS.search(text), text
        assert _fits(main, text), f"cut at 800 pixels: {text!r}"
    for words in ENTRIES:  # the whole reading is where a person hovers
        assert "Turn Orders Phase, before End Movement" in menu_action(main, words).toolTip()
    assert menu_action(main, ENTRIES[0]).parent() is main
    turn = next(m.menu() for m in main.menuBar().actions() if m.text().replace("&", "") == "Turn")
    assert turn.toolTipsVisible()

