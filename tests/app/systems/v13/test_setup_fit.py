"""The V13 set-up panel inside the battle window's side panel (issue 22): seen on the 1600x1000
screen at placement, the side panel scrolled sideways and cut its texts and buttons (Answer...,
the facing's clockwise button, "0-20 (V13.435)"): its rows were wider than the panel."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu, QScrollArea

from app.systems.v13.map import centre_of
from hexmap import Hex
from rules.battlehex.questions import QKind
from tests.app.gui import Answerer, ok, open_main_window
from tests.app.systems.test_table import system_action
from tests.app.systems.v13.walk_until import walk_until
from tests.app.test_gui_paths import end_movement_and_fight


def test_the_placement_panel_shows_without_scrolling_sideways(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "v13").trigger()
    bw = end_movement_and_fight(main, qtbot, "0509")
    bw.resize(1400, 900)  # the battle window's size on the 1600x1000 screen
    answerer = Answerer(ok)  # Weapon Status, the range: as offered
    for _ in range(60):
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
        qtbot.wait(30)
        q = bw.b.pending
        if q is not None and q.kind is QKind.PLACE and not bw.handing_over():
            break
    answerer.stop()
    assert bw.b.pending.kind is QKind.PLACE and not bw.handing_over()
    area = bw.findChild(QScrollArea, f"{bw.panel_dock.objectName()}_scroll")
    qtbot.waitUntil(lambda: area.viewport().width() > 0, timeout=2000)
    QApplication.processEvents()
    assert not area.horizontalScrollBar().isVisible(), \
        (area.widget().minimumSizeHint().width(), area.viewport().width())
    bw.close()


def test_the_combat_panel_shows_without_scrolling_sideways(qtbot, tmp_path):
    """Seen on the screen once the battle began: the clock, move, mark, declare and float rows
    were wider than the side panel, which scrolled sideways and cut their buttons."""
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "v13").trigger()
    bw = end_movement_and_fight(main, qtbot, "0509")
    bw.resize(1400, 900)
    walk_until(bw, qtbot, lambda q: q.kind is QKind.ACTION)  # the set-up: dialogs as offered, units placed by keys
    assert bw.b.pending.kind is QKind.ACTION and bw.panel.combat.isVisible()
    area = bw.findChild(QScrollArea, f"{bw.panel_dock.objectName()}_scroll")
    QApplication.processEvents()
    assert not area.horizontalScrollBar().isVisible(), \
        (area.widget().minimumSizeHint().width(), area.viewport().width())
    # at QT_SCALE_FACTOR=2 the panel is narrower: a selected unit's long name in the declare button
    # ("Retreat Battle Station Tau...") set its least width
    bw.resize(790, 466)
    bw.resizeDocks([bw.panel_dock], [240], Qt.Orientation.Horizontal)
    longest = max(bw.b.state.units.values(), key=lambda u: len(u.name) if u.pos is not None else 0)
    bw.panel.select(longest.id)
    QApplication.processEvents()
    assert not area.horizontalScrollBar().isVisible(), \
        (area.widget().minimumSizeHint().width(), area.viewport().width())
    bw.close()


def test_the_attackers_placement_shows_their_legal_zone(qtbot, tmp_path):
    """Seen on the 1600x1000 screen: once the defender was placed, the Coalition's placement
    showed the sheet alone - its legal zone and the red ring lay 50 hexes off, out of the view,
    and a drop on the map was refused (V13.441) with nowhere to see where to drop instead."""
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "v13").trigger()
    bw = end_movement_and_fight(main, qtbot, "0509")
    bw.resize(1400, 900)
    walk_until(bw, qtbot, lambda q: q.kind is QKind.PLACE and q.rule == "V13.440")
    assert bw.b.pending.kind is QKind.PLACE and "V13.440" in bw.b.pending.rule
    view = bw.panel.view
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    qs, rs = bw.b.placement.zone_arrays(bw.panel.selected_unit())  # the engine's legal hexes
    legal = [centre_of(Hex(int(q), int(r))) for q, r in zip(qs, rs)]
    assert legal and any(shown.contains(c) for c in legal), (shown, len(legal))
    bw.close()
