"""The battle window's side panel at its least width (issue 22, seen on the real screen at
``QT_SCALE_FACTOR=2``: replaying an AF/EF battle as the Alliance, the panel was taller than the
window, its vertical scroll bar narrowed the dock, and the panel's words were cut at the right
behind a sideways scroll bar: "KHS Claw of Rri", "must fire back at its attackers")."""
from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu, QScrollArea

from tests.app.battle.test_short_window import SHORT, settle
from tests.app.gui import open_main_window
from tests.app.systems.stcs.opening import fight_stcs
from tests.app.systems.stcs.test_stcs_window import hand_over
from tests.app.systems.test_afef_lines import _to
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight


def test_a_panel_taller_than_the_window_scrolls_down_and_is_never_cut_at_the_side(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "afef").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    bw.resize(*SHORT)
    _to(bw, qtbot, "declare")  # the Coalition's attacks: the question's words, the buttons, the odds box
    bw.resizeDocks([bw.panel_dock], [1], Qt.Orientation.Horizontal)  # the dock as narrow as the window lets it be
    settle(qtbot)
    area = bw.findChild(QScrollArea, f"{bw.panel_dock.objectName()}_scroll")
    assert area.verticalScrollBar().isVisible()  # taller than the window: it scrolls down
    assert area.horizontalScrollBar().maximum() == 0, (area.viewport().width(), area.widget().minimumSizeHint())
    assert area.widget().width() <= area.viewport().width()


def _v13_duel():
    """The STCS window tests' two-ship campaign fought in V13: a short panel (its set-up's words and lists)."""
    from rules.model import io
    from tests.rules.systems.stcs.helpers import stcs_campaign

    c = stcs_campaign()
    data = json.loads(io.dumps(c))
    data["settings"]["battle_system"] = "v13"
    return type(c).model_validate(data)


def test_the_scroll_bar_shows_only_for_a_panel_taller_than_the_dock_and_the_panel_keeps_its_width(qtbot, tmp_path):
    """The side panel's vertical scroll bar was always shown (13f7c10: so that a replay's longer words did not narrow
    the panel), and its empty track was seen on the real screen beside every system's panel (V13 at 0304, the panel
    half as tall as the dock). It shows only when the panel is taller than the dock; the panel is laid out in the same
    width either way, the bar's room kept empty while it is hidden."""
    _main, bw, _path = fight_stcs(qtbot, tmp_path, _v13_duel())
    bw.auto_dialogs = False
    hand_over(qtbot, bw, lambda: bw.b.pending is not None)
    area = bw.findChild(QScrollArea, f"{bw.panel_dock.objectName()}_scroll")
    seen: dict[bool, set[tuple[bool, int, int]]] = {True: set(), False: set()}
    for height in (300, 900, 300, 900):  # the panel taller than the dock, then not, and again
        bw.resize(1000, height)
        settle(qtbot)
        fits = area.widget().height() <= area.viewport().height()
        seen[fits].add((area.verticalScrollBar().isVisible(), bw.panel_dock.width(), area.widget().width()))
    assert seen[True] and seen[False] and len(seen[True] | seen[False]) == 2, seen
    assert {s[0] for s in seen[True]} == {False} and {s[0] for s in seen[False]} == {True}, seen  # when it scrolls
    assert {s[1:] for s in seen[True]} == {s[1:] for s in seen[False]}, seen  # the dock and panel as wide either way
