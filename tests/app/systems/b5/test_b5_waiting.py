"""The ship waiting to be placed is dragged by its own counter and turned while carried (issue 24).

Before, a press anywhere on the B5 board picked up a ghost counter that followed the pointer, and the facing was
the bar's combo's, picked before the click. Now the waiting ship has its counter in a tray beside the green zone
(its name, its team's colour, its facing line): pressed on the view's viewport and dragged, it snaps to the hex
under the pointer; the wheel (down: clockwise) and the Left/Right keys turn it among the facings the engine allows;
let go on a hex it is placed there with the facing shown; let go off the board it goes back to its tray. A drag
begun elsewhere places nothing; a click on a hex still places, facing as the combo says."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from hexmap import Facing
from rules.systems.b5 import deploy
from tests.app.systems.b5.opening import open_b5_window
from tests.test_main_cli_b5 import MEETING


def _placing(qtbot, tmp_path):
    """0604 fought with B5 (a meeting engagement), at the Alliance flagship's placement, the window active."""
    main, bw = open_b5_window(qtbot, tmp_path, MEETING[:5], hold=False)
    while bw.handing_over():
        qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    bw.activateWindow()
    qtbot.waitUntil(bw.isActiveWindow, timeout=2000)
    return bw, bw.panel.board


def _at(view, p: QPointF) -> QPoint:
    return view.mapFromScene(p)


def _wheel(view, pos: QPoint, notches: int) -> None:
    """The wheel turned ``notches`` (negative: towards the user) with the pointer at ``pos`` (left button held)."""
    ev = QWheelEvent(QPointF(pos), QPointF(view.viewport().mapToGlobal(pos)), QPoint(), QPoint(0, 120 * notches),
                     Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), ev)


def test_the_waiting_ship_is_dragged_by_its_own_counter_and_turned_while_carried(qtbot, tmp_path):
    bw, view = _placing(qtbot, tmp_path)
    w = view.waiting
    uid = bw.b.pending.data["unit"]
    assert w.item is not None and w.name == bw.b.unit_names()[uid] == "KHS Claw of Rrit"
    assert w.facings == tuple(Facing)  # a meeting's ship may face any way (the engine's check)
    seen = view.mapToScene(view.viewport().rect()).boundingRect()
    assert seen.contains(w.home)  # the tray is in view beside the zone
    given = len(bw.b.answers)
    # a drag begun away from the counter carries nothing and places nothing
    legal = bw.b.legal()
    to = legal[len(legal) // 2]
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=_at(view, view.centre(legal[0])))
    qtbot.mouseMove(view.viewport(), _at(view, view.centre(to)))
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=_at(view, view.centre(to)))
    assert len(bw.b.answers) == given and not w.carried and w.item.pos() == w.home
    # the counter dragged off the board goes back to its tray
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=_at(view, w.home))
    assert w.carried
    off = _at(view, view.sceneRect().topLeft()) - QPoint(0, 0)
    qtbot.mouseMove(view.viewport(), off)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=off)
    assert len(bw.b.answers) == given and not w.carried and w.item.pos() == w.home
    # picked up, carried to a green hex: it snaps there, facing the enemy's way (the board's centre) unless turned
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=_at(view, w.home))
    pos = _at(view, view.centre(to))
    qtbot.mouseMove(view.viewport(), pos)
    assert w.item.pos() == view.centre(to)
    usual = deploy.usual_facing(bw.b.engine.board, bw.b.engine.placing[1], to)
    assert w.facing is usual
    _wheel(view, pos, -1)  # a notch towards the user: clockwise
    assert w.facing is Facing((usual.value + 1) % 6)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_Left)
    _wheel(view, pos, 1)  # anticlockwise
    want = Facing((usual.value + 1) % 6)
    assert w.facing is want
    view.viewport().update()
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    qtbot.waitUntil(lambda: len(bw.b.answers) > given, timeout=3000)
    assert bw.b.answers[given] == {"at": str(to), "facing": want.name}
    assert bw.b.engine.at[uid] == to and bw.b.engine.facing[uid] is want


def test_a_click_on_a_hex_still_places_facing_as_the_combo_says(qtbot, tmp_path):
    bw, view = _placing(qtbot, tmp_path)
    bw.panel.facing.setCurrentText("E")
    given = len(bw.b.answers)
    to = bw.b.legal()[3]
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=_at(view, view.centre(to)))
    qtbot.waitUntil(lambda: len(bw.b.answers) > given, timeout=3000)
    assert bw.b.answers[given] == {"at": str(to), "facing": "E"}
    # the next ship (the flagship's escort) waits in its tray, which the combo's letter turns until the wheel does
    w = view.waiting
    qtbot.waitUntil(lambda: w.item is not None and w.name == "KHS Swift Stalker", timeout=3000)
    bw.panel.facing.setCurrentText("B")
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=_at(view, w.home))
    near = bw.b.legal()[0]
    qtbot.mouseMove(view.viewport(), _at(view, view.centre(near)))
    assert w.facing is Facing.B
