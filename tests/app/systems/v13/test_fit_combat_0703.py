"""The V13 battle map fits its counters once combat begins, at 1x and 2x (issue 22, I3 on the real 1600x1000
screen, the default campaign's 0703 played by Return to Tactical Combat): at QT_SCALE_FACTOR=2 the fit cut the top
counter (BLAC's facing pointer and top edge), live and in the report's map: nothing fitted at the view's least zoom
and the box it centred counted each arrow's whole 180 px square; at 1x the view after combat began kept the
placement's fit, the plane at the least zoom narrower than the view (Qt centred the plane): an empty band above,
a counter cut at the bottom. Now every counter lies whole in the viewport and the battle (sheet, counters,
arrows as drawn, and the legal region the sheet may float in: test_fit_region) is centred within a few pixels."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QMenu

from app.systems.v13.fit import drawn
from rules.battlehex.questions import QKind
from tests.app.gui import open_main_window
from tests.app.systems.test_table import system_action
from tests.app.systems.v13.test_fit_counters import _battle_0703
from tests.app.systems.v13.walk_until import walk_until
from tests.app.test_gui_paths import end_movement_and_fight


def _on_screen(view, item) -> QRectF:
    """What ``item`` paints, on the viewport."""
    return drawn(item).translated(view.viewportTransform().map(item.pos()))


@pytest.mark.parametrize("size", [(1500, 900), (800, 480)], ids=["1x", "2x"])  # 1600x1000 at 1x and at 2x
def test_the_battle_at_0703_is_fitted_whole_and_centred_once_combat_begins(qtbot, tmp_path, size):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "v13").trigger()
    bw = end_movement_and_fight(main, qtbot, "0703")
    qtbot.wait(100)  # its first fit to the tests' screen done: then it takes the size asked
    bw.resize(*size)
    walk_until(bw, qtbot, lambda q: q.kind is QKind.ACTION)  # every unit placed by keys: combat begins
    assert bw.b.pending.kind is QKind.ACTION
    QApplication.processEvents()
    view = bw.panel.view
    scene, port = view.scene(), QRectF(view.viewport().rect())
    box = view.viewportTransform().mapRect(scene.grid.sheet_rect().united(scene.region_path.boundingRect()))
    for item in scene.counters.values():
        seen = item.boundingRect().translated(view.viewportTransform().map(item.pos()))
        assert port.contains(seen), (item.spec.text, seen, port)  # before: 1x the bottom one, 2x the top one cut
        box = box.united(seen)
    for item in scene.extras:
        box = box.united(_on_screen(view, item))
    assert port.contains(box), (box, port)
    left, right = box.left() - port.left(), port.right() - box.right()
    top, bottom = box.top() - port.top(), port.bottom() - box.bottom()
    assert abs(left - right) <= 4 and abs(top - bottom) <= 4, (left, right, top, bottom)  # before: 1x 210 above
    bw.close()


def test_a_fit_below_the_least_zoom_is_not_zoomed_in_by_the_wheel_turned_out(qtbot):
    """A fit below the wheel's least zoom (nothing fits at it, as at 2x): the wheel turned out leaves the map as it
    is (the view's clamp to its least zoom made a notch out zoom in); turned in, it zooms in."""
    view = _battle_0703(qtbot)
    view.resize(300, 250)
    QApplication.processEvents()
    scale = view.transform().m11()
    assert scale < view.MIN_SCALE, scale

    def wheel(dy: int) -> None:
        pos = QPointF(view.viewport().rect().center())
        QApplication.sendEvent(view.viewport(), QWheelEvent(
            pos, view.viewport().mapToGlobal(pos), QPoint(), QPoint(0, dy), Qt.MouseButton.NoButton,
            Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False))
    wheel(-120)
    assert view.transform().m11() == scale  # before: 0.15, zoomed in
    wheel(120)
    assert view.transform().m11() > scale
