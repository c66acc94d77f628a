"""The battle toolbar in a narrow window (issue 22): at QT_SCALE_FACTOR=2 on the real 1600x1000
screen (a window of about 790 logical pixels) Pass the seat, the GM's overrule and Export report hid
behind the toolbar's extension button, so a person did not see them. Every action of every toolbar
now shows at that width."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu, QToolBar

from tests.app.battle.test_short_window import SHORT, settle
from tests.app.gui import open_main_window
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
