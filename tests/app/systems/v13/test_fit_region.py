"""The fitted V13 map takes in the legal region the sheet may float in (issue 22, seen on the real 1600x1000 screen
at the default campaign's 0604 in combat, its units close to the sheet): the fit took the sheet, the counters and
the arrows, not the purple region (V13.812), so at 1x its top and bottom edges, at QT_SCALE_FACTOR=2 its top and right
ones lay outside the view, and where the sheet may float and a unit stays in the battle was not shown."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication, QMenu

from rules.battlehex.questions import QKind
from tests.app.gui import open_main_window
from tests.app.systems.test_table import system_action
from tests.app.systems.v13.walk_until import walk_until
from tests.app.test_gui_paths import end_movement_and_fight


@pytest.mark.parametrize("size", [(1400, 900), (792, 466)], ids=["1x", "2x"])  # the battle window on 1600x1000
def test_the_fitted_map_shows_the_whole_legal_region_once_combat_begins(qtbot, tmp_path, size):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "v13").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    qtbot.wait(100)
    bw.resize(*size)
    walk_until(bw, qtbot, lambda q: q.kind is QKind.ACTION)  # placed by keys, the centre fixed: combat begins
    QApplication.processEvents()
    view = bw.panel.view
    region = view.scene().region_path.boundingRect()
    assert not region.isEmpty()
    port = QRectF(view.viewport().rect())
    seen = view.viewportTransform().mapRect(region)
    assert port.contains(seen), (seen, port)  # before: 1x top -96 of a 544-pixel viewport
    for item in view.scene().counters.values():  # every counter still whole
        assert port.contains(item.boundingRect().translated(view.viewportTransform().map(item.pos())))
    view.resize(view.width() - 60, view.height())  # a resize fits again, the region still whole
    QApplication.processEvents()
    assert QRectF(view.viewport().rect()).contains(view.viewportTransform().mapRect(region))
    bw.close()
