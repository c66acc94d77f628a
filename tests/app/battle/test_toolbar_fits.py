"""The battle toolbar in a narrow window (issue 22): at QT_SCALE_FACTOR=2 on the real 1600x1000
screen (a window of about 790 logical pixels) Pass the seat, the GM's overrule and Export report hid
behind the toolbar's extension button, so a person did not see them. Every action of every toolbar
now shows at that width."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu, QToolBar

from tests.app.battle.test_short_window import SHORT, settle
from tests.app.gui import Answerer, choose_item, open_main_window
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight


def hidden_actions(bw) -> list[str]:
    """The toolbar actions whose button is not shown whole on its bar (hidden in the extension)."""
    hidden = []
    for bar in bw.findChildren(QToolBar):
        if not bar.isVisible():
            continue
        for a in bar.actions():
            if not a.isVisible() or a.isSeparator():
                continue
            w = bar.widgetForAction(a)
            if w is None or not w.isVisible() or not bar.rect().contains(w.geometry()):
                hidden.append(f"{bar.objectName()}: {a.text()}")
    return hidden


def test_every_battle_toolbar_action_shows_in_a_790_pixel_window(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "v13").trigger()
    bw = end_movement_and_fight(main, qtbot, "0509")
    bw.auto_dialogs = False
    bw.resize(*SHORT)
    settle(qtbot)
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)  # the Coalition takes over
    settle(qtbot)
    assert not bw.handing_over()
    assert bw.width() <= SHORT[0] + 10, bw.size()
    assert hidden_actions(bw) == []
    for name in ("pass_action", "overrule_action"):  # their short texts keep the whole words in the tip
        assert len(getattr(bw, name).toolTip()) > len(getattr(bw, name).text())


def test_the_seat_bar_still_fits_once_pass_the_seat_names_its_team(qtbot, tmp_path):
    """Seen on the real screen at QT_SCALE_FACTOR=2 in turn 2's V13 battle at 0604: in combat the seat passes
    to one Team only and the action said "Pass the seat to Alliance"; the longer button pushed the replay bar's
    Leave (and at times Last) behind the "»". The button keeps "Pass the seat", the Team in its tooltip."""
    from tests.app.systems.v13.test_keys import battle_0604
    from tests.app.systems.v13.test_status_after_move import to_combat

    _main, bw = battle_0604(qtbot, tmp_path)
    to_combat(bw, qtbot)
    bw.resize(*SHORT)
    settle(qtbot)
    answerer = Answerer(choose_item("Coalition"))
    bw.pass_action.trigger()  # the GM passes the seat to the Coalition's commander
    answerer.stop()
    settle(qtbot)
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)  # who takes the screen
    settle(qtbot)
    assert not bw.handing_over() and bw.pass_action.isEnabled()
    team = bw.name(bw.seat_teams()[0])
    assert len(bw.seat_teams()) == 1
    assert hidden_actions(bw) == []
    assert team in bw.pass_action.toolTip(), bw.pass_action.toolTip()
    bw.close()
