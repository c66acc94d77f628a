"""The battle window's toolbars in two rows, every action on a button (issue 22: at
QT_SCALE_FACTOR=2 on a 1600x1000 screen the window, 1584 pixels wide, is 792 wide in Qt's
units, and it had three toolbar rows - the battle's, the seat's and the replay's - over the
map). The battle's actions take the first row; the seat's and the replay's share the second,
with nothing behind a toolbar's "more" button, replaying or not, for every system."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QMenu, QToolBar

from rules.model import save_campaign
from tests.app.battle.test_window_undo import _give_one
from tests.app.gui import Answerer, choose_item, open_main_window, press
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import battle_windows, end_movement_and_fight
from tests.rules.systems.stcs.helpers import stcs_campaign

SCALE_2_WIDTH = 792
"""The battle window's width at QT_SCALE_FACTOR=2 on a 1600x1000 screen, in Qt's units."""


def _open(qtbot, tmp_path, system: str):
    main = open_main_window(qtbot, tmp_path)
    if system == "stcs":
        path = tmp_path / "stcs.json"
        save_campaign(stcs_campaign(), path)
        assert main.open_campaign(path)
        answerer = Answerer(choose_item("0304"))
        press(main, "Ctrl+F")
        qtbot.waitUntil(lambda: bool(battle_windows()))
        answerer.stop()
        bw = battle_windows()[-1]
    else:
        system_action(main.findChild(QMenu, "battle_systems_menu"), system).trigger()
        bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    return bw


def _rows(bw) -> dict[int, list[str]]:
    """The visible toolbars by their row (their top edge)."""
    rows: dict[int, list[str]] = {}
    for bar in bw.findChildren(QToolBar):
        if bar.isVisible():
            rows.setdefault(bar.geometry().top(), []).append(bar.objectName())
    return rows


def _hidden(bw) -> list[str]:
    """The toolbar actions shown on no button of their bar (behind its "more" button)."""
    out = []
    for bar in bw.findChildren(QToolBar):
        for a in bar.actions():
            w = bar.widgetForAction(a)
            if a.isVisible() and not a.isSeparator() and (w is None or not w.isVisible()):
                out.append(f"{bar.objectName()}: {a.text()}")
    return out


@pytest.mark.parametrize("system", ["v13", "afef", "sidcors", "table", "b5", "stcs"])
def test_two_toolbar_rows_at_scale_2_every_action_on_a_button(qtbot, tmp_path, system):
    bw = _open(qtbot, tmp_path, system)
    bw.resize(SCALE_2_WIDTH, 900)
    qtbot.waitUntil(lambda: bw.width() == SCALE_2_WIDTH)
    qtbot.wait(50)
    rows = _rows(bw)
    assert len(rows) == 2, rows
    assert sorted(rows.values())[0] == ["battle_bar"] or ["battle_bar"] in rows.values(), rows
    assert not _hidden(bw), _hidden(bw)
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    _give_one(bw)  # a battle with an answer to replay
    if bw.handing_over():  # the next question is the other side's: it takes the screen
        qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    bw.replay.replay_action.trigger()  # replaying: the step shown, the same two rows
    assert bw.replay.on
    qtbot.waitUntil(bw.findChild(QLabel, "replay_label").isVisible)
    qtbot.wait(50)
    assert len(_rows(bw)) == 2 and not _hidden(bw), (_rows(bw), _hidden(bw))
    bw.replay.leave_action.trigger()
    assert not bw.replay.on


def test_a_remembered_third_row_is_taken_back(qtbot, tmp_path):
    """A layout saved (on closing) with the replay's row of its own opens in two rows."""
    bw = _open(qtbot, tmp_path, "table")
    main = bw.parent()
    bw.insertToolBarBreak(bw.findChild(QToolBar, "replay_bar"))  # as the window was built before
    qtbot.waitUntil(lambda: len(_rows(bw)) == 3, timeout=1000)
    bw.close()  # its layout is remembered in the app's settings
    assert main.settings.value("windows/battle_window/state") is not None
    answerer = Answerer(choose_item("0604"))
    main.fight_action.trigger()  # Turn > Fight a Battle Hex...
    qtbot.waitUntil(lambda: bool(battle_windows()))
    answerer.stop()
    again = battle_windows()[-1]
    qtbot.waitExposed(again)
    assert again is not bw and len(_rows(again)) == 2, _rows(again)
