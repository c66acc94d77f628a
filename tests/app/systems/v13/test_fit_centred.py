"""The fitted battle map shows the battle centred (issue 22, seen on the real 1600x1000 screen at the
default campaign's 0509, fought in V13): once every unit was placed, the map sheet and the counters sat in
the view's left part, small, with a third of the view empty on the right. The fit grew the rect it fitted
six times by the room its counters took and stopped wherever the sixth left it, a rect grown to one side.
Now the largest zoom at which the sheet, every counter and arrow fit is taken, and what they need is
centred: as wide a margin on the left as on the right, above as below; and Fit (Ctrl+0) again, or a
hand-over and back, leave the map where it is (it never jumps)."""
from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtWidgets import QApplication, QMenu

from app.systems.v13.fit import drawn
from rules.battlehex.questions import QKind
from tests.app.gui import ok, open_main_window, press
from tests.app.systems.test_table import system_action
from tests.app.systems.v13.walk_until import walk_until
from tests.app.test_gui_paths import end_movement_and_fight


def _shown(view) -> QRectF:
    """What a person sees of the battle on the viewport: the map sheet, the legal region once shown (test_fit_region),
    every counter and arrow (as drawn: an arrow's bounding square is 180 px whatever its facing, mostly empty)."""
    scene, to_view = view.scene(), view.viewportTransform()
    box = to_view.mapRect(scene.grid.sheet_rect().united(scene.region_path.boundingRect()))
    for item in (*scene.counters.values(), *scene.extras):
        if item.isVisible():
            box = box.united(drawn(item).translated(to_view.map(item.pos())))
    return box


def _walk(qtbot, tmp_path, until, answer=ok):
    """0509 of the default campaign fought in V13 in a 1400x900 window, walked on (:func:`_go`)."""
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "v13").trigger()
    bw = end_movement_and_fight(main, qtbot, "0509")
    qtbot.wait(100)  # its first fit to the tests' 800 x 800 screen done: then it takes the size asked
    bw.resize(1400, 900)
    return walk_until(bw, qtbot, until, answer)


def test_the_placed_battle_at_0509_is_fitted_centred_and_stays(qtbot, tmp_path):
    bw = _walk(qtbot, tmp_path, lambda q: q.kind is QKind.ACTION)
    assert bw.b.pending.kind is QKind.ACTION and len(bw.panel.view.scene().counters) == 18
    QApplication.processEvents()
    view = bw.panel.view
    port = QRectF(view.viewport().rect())
    seen = _shown(view)
    assert port.contains(seen), (port, seen)  # every counter and the whole sheet in view
    left, right = seen.left() - port.left(), port.right() - seen.right()
    top, bottom = seen.top() - port.top(), port.bottom() - seen.bottom()
    assert abs(left - right) <= 0.06 * port.width(), (left, right, port)  # centred across
    assert abs(top - bottom) <= 0.06 * port.height(), (top, bottom, port)  # and up and down
    assert seen.width() >= 0.7 * port.width() or seen.height() >= 0.7 * port.height(), (seen, port)  # not small
    fitted = view.transform(), view.mapToScene(port.center().toPoint())
    bw.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
    press(bw, "Ctrl+0")  # Fit again: nothing moves
    QApplication.processEvents()
    assert (view.transform(), view.mapToScene(port.center().toPoint())) == fitted
    bw.close()


def test_a_resize_or_a_hand_over_keeps_the_map_where_it_was(qtbot, tmp_path):
    """Seen on the real screen at 0509's incidental units' placement: the Alliance's ring spread 50 hexes past
    the view (left as it was: most of it in view); when the window's layout changed (the side panel widening)
    or the GM took the screen for the centre hex (V13.811: the map shown again after the hand-over), the map
    was fitted to the focus of that moment and jumped to centre that ring. A resize or a showing again fits
    what the last fit showed: the map's middle stays where it was."""
    def not_the_centre(d) -> bool:  # the GM's centre hex question stays open (cancelled): the map as it shows it
        return "V13.811" not in d.windowTitle() and ok(d)

    bw = _walk(qtbot, tmp_path, lambda q: q.kind is QKind.PLACE and "V13.46" in q.rule, not_the_centre)
    view = bw.panel.view

    def middle():
        return view.mapToScene(view.viewport().rect().center())

    def kept(before) -> bool:  # within 4 screen pixels
        return (middle() - before).manhattanLength() * view.transform().m11() <= 4

    before = middle()
    bw.resize(1440, 900)  # wider, as a person drags its edge (the view grows as when the panel narrows)
    qtbot.waitUntil(lambda: view.viewport().width() > 0 and bw.width() == 1440)
    QApplication.processEvents()
    assert kept(before), (middle(), before)
    before = middle()
    walk_until(bw, qtbot, lambda q: q.key == "V13.811/centre", not_the_centre)  # the GM takes the screen
    assert bw.b.pending.key == "V13.811/centre" and bw.viewer == "gm" and not bw.handing_over()
    assert kept(before), (middle(), before)
    bw.close()
