"""Issue 22, defaults that play on: a GM who presses Return at every dialog of turn 1 of the
default campaign (each hand-over, each question at its default) and End Movement / End Phase
when none is open reaches the Space Combat Phase with a Battle Hex to fight. Before, the
Encounters' "Agree?" opened at No: every demanded encounter was refused and turn 1 had no battle.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from rules.model.records import Phase
from tests.app.gui import Answerer, open_main_window, press, show_active


def _return(d: QWidget) -> bool:
    """Every modal dialog answered with the Return key, as it opens."""
    QTest.keyClick(d, Qt.Key.Key_Return)
    return True


def test_return_through_turn_1_reaches_a_battle(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    answerer = Answerer(_return)
    try:
        for _ in range(40):  # each End Phase of turn 1 up to the Space Combat Phase
            phase = main.campaign.phase
            if phase is Phase.BATTLES or main.campaign.turn != 1:
                break
            show_active(main, qtbot)
            press(main, "Ctrl+E" if phase is Phase.ORDERS else "Ctrl+Shift+E")
            qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None
                            and main.session.combat_pending() is None, timeout=20000)
            qtbot.wait(50)  # the questions a phase opens come from a zero timer
            qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None, timeout=20000)
    finally:
        answerer.stop()
    asked = [t for kind, t in answerer.seen if kind == "QuestionDialog" and "Encounters" in t]
    assert asked, answerer.seen  # the Encounters asked, each answered by Return
    assert (main.campaign.turn, main.campaign.phase) == (1, Phase.BATTLES), (main.campaign.phase, answerer.seen)
    fights = main.session.fightable()
    assert fights, [b.encounter for b in main.campaign.battle_hexes]  # at least one Battle Hex to fight
    assert main.fight_action.isEnabled()
