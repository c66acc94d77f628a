"""The battle map driven as a person drives it: real mouse and wheel events sent to the view's
viewport (QTest or QApplication.sendEvent), never the view's handlers called directly."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QCursor, QImage, QMouseEvent, QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QStackedWidget

from app.systems.v13.legend import ROWS
from app.systems.v13.map import BattleMapView, BattleScene, CounterSpec, abbreviation, centre_of
from hexmap import Facing, Hex, MapWindow
from tests.app.gui import shown_battle_map

BLUE, RED = QColor("#3060c0"), QColor("#c03030")


def spec(uid: str, h: Hex, **kw) -> CounterSpec:
    return CounterSpec(uid, kw.pop("name", f"USS {uid.title()}"), h, kw.pop("facing", Facing.A), kw.pop("color", BLUE),
                       kw.pop("tip", f"tip of {uid}"), **kw)


@pytest.fixture(autouse=True)
def _pointer_put_back():
    """These tests move the mouse pointer; other tests zoom about wherever it is."""
    pos = QCursor.pos()
    yield
    QCursor.setPos(pos)


@pytest.fixture
def view(qtbot):
    return shown_battle_map(qtbot)


def at(view, h: Hex) -> QPoint:
    """The viewport point over the centre of ``h``."""
    return view.mapFromScene(centre_of(h))


def look_at(view, h: Hex, scale: float = 1.2) -> None:
    view.auto_fit = False
    view.resetTransform()
    view.scale(scale, scale)
    view.centerOn(centre_of(h))
    QApplication.processEvents()


def hover(view, pos: QPoint) -> None:
    """Move the mouse there and let the event loop run (the readout is laid out once per pass)."""
    QTest.mouseMove(view.viewport(), pos)
    QApplication.processEvents()


PRESS, MOVE, RELEASE = QEvent.Type.MouseButtonPress, QEvent.Type.MouseMove, QEvent.Type.MouseButtonRelease
LEFT, MIDDLE, NO_BUTTON = Qt.MouseButton.LeftButton, Qt.MouseButton.MiddleButton, Qt.MouseButton.NoButton


def send_mouse(view, kind, pos: QPoint, button=NO_BUTTON, buttons=NO_BUTTON) -> None:
    vp = view.viewport()
    QApplication.sendEvent(vp, QMouseEvent(kind, QPointF(pos), QPointF(vp.mapToGlobal(pos)), button, buttons,
                                           Qt.KeyboardModifier.NoModifier))


def wheel(view, pos: QPoint, notches: int = 1) -> None:
    vp = view.viewport()
    QApplication.sendEvent(vp, QWheelEvent(QPointF(pos), QPointF(vp.mapToGlobal(pos)), QPoint(),
                                           QPoint(0, 120 * notches), Qt.MouseButton.NoButton,
                                           Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False))


def scene_under(view, pos: QPoint) -> QPointF:
    return view.viewportTransform().inverted()[0].map(QPointF(pos))


# -- hover -----------------------------------------------------------------------------------------
def test_hover_reports_the_hex_and_shows_the_readout(view, qtbot):
    h = view.scene().window.hex_at("2115")
    look_at(view, h)
    seen = []
    view.hovered.connect(seen.append)
    hover(view, at(view, h))
    assert seen == [h]
    assert view.readout.isVisible() and "2115" in view.readout.text() and "on the map sheet" in view.readout.text()
    # the readout sits in the top-left corner of the map, whatever the scroll
    assert view.readout.geometry().topLeft() == view.viewport().geometry().topLeft() + QPoint(8, 8)
    # the window composes the text: it answers the signal with set_readout
    view.hovered.connect(lambda x: view.set_readout(f"<b>{view.scene().window.label(x)}</b> range 3 to CLAW")
                         if x is not None else None)
    other = view.scene().window.hex_at("2117")
    hover(view, at(view, other))
    assert seen[-1] == other and "2117" in view.readout.text() and "range 3 to CLAW" in view.readout.text()
    hover(view, at(view, other) + QPoint(2, 1))  # the same hex: no new signal
    assert seen.count(other) == 1
    # a long text wraps inside the box instead of running off it
    short_height = view.readout.height()
    long = "4813 — off the sheet (the map floats, V13.812) — range 55 from IKV Kumara, bearing C; " * 3
    view.set_readout(long)
    QApplication.processEvents()
    assert view.readout.width() <= view.readout.widest and view.readout.height() > 2 * short_height
    assert view.readout.text() == long
    off = view.scene().window.hex_at("2140")
    look_at(view, off)
    view.set_readout("")
    hover(view, at(view, off))
    assert seen[-1] == off
    QApplication.sendEvent(view.viewport(), QEvent(QEvent.Type.Leave))
    QApplication.processEvents()
    assert seen[-1] is None and not view.readout.isVisible()


def test_default_readout_says_off_the_sheet_and_who_stands_there(view):
    h = view.scene().window.hex_at("2140")  # row 40 of a 30-row map
    view.scene().set_units([spec("kumara", h, name="IKV Kumara")])
    look_at(view, h)
    hover(view, at(view, h) + QPoint(0, 6))
    assert "2140" in view.readout.text() and "off the sheet" in view.readout.text()
    assert "IKV Kumara" in view.readout.text()
    # under a still mouse, a unit comes and the sheet floats: the readout and the signal follow
    seen = []
    view.hovered.connect(seen.append)
    view.scene().set_units([spec("kumara", h, name="IKV Kumara"), spec("vorn", h, name="IKV Vorn")])
    view.scene().grid.set_window(view.scene().window.floated(Facing.D, 20))
    QApplication.processEvents()
    assert seen == [h]  # once for both changes
    assert "2120" in view.readout.text() and "on the map sheet" in view.readout.text()
    assert "IKV Vorn" in view.readout.text()


# -- zoom, fit ---------------------------------------------------------------------------------------
def test_wheel_zoom_keeps_the_point_under_the_cursor(view):
    look_at(view, Hex(0, 0), 1.0)
    for pos, notches in ((QPoint(200, 150), 1), (QPoint(700, 520), 2), (QPoint(120, 600), -3)):
        before_scale = view.transform().m11()
        before = scene_under(view, pos)
        wheel(view, pos, notches)
        assert view.transform().m11() == pytest.approx(before_scale * 1.15 ** notches)
        after = scene_under(view, pos)
        assert abs(after.x() - before.x()) * view.transform().m11() <= 1.0
        assert abs(after.y() - before.y()) * view.transform().m11() <= 1.0


def test_opens_fitted_to_the_sheet_and_units_even_when_first_laid_out_hidden(qtbot):
    scene = BattleScene(MapWindow(42, 30))
    far = scene.window.hex_at("2150")  # 35 rows below the centre: off the sheet
    scene.set_units([spec("a", far)])
    stack = QStackedWidget()
    qtbot.addWidget(stack)
    stack.addWidget(QLabel("hand-over page"))
    view = BattleMapView(scene)
    stack.addWidget(view)
    stack.resize(1000, 700)
    stack.show()
    qtbot.waitExposed(stack)
    view.fit_to()  # while the view is hidden behind the hand-over page (its size is stale)
    stack.setCurrentIndex(1)
    QApplication.processEvents()
    box = view.mapFromScene(scene.focus_rect()).boundingRect()
    vp = view.viewport().rect()
    assert vp.contains(view.mapFromScene(centre_of(far)))
    assert box.width() >= 0.9 * vp.width() or box.height() >= 0.9 * vp.height()  # fills it: not a tiny square
    sheet = view.mapFromScene(scene.grid.sheet_rect()).boundingRect()
    assert sheet.height() > vp.height() / 3
    # the user zooms: the view stops fitting itself
    wheel(view, QPoint(300, 300))
    scale = view.transform().m11()
    stack.resize(800, 600)
    QApplication.processEvents()
    assert view.transform().m11() == pytest.approx(scale)


# -- right-click and panning -------------------------------------------------------------------------
def test_right_press_asks_for_a_context_menu_with_the_counter_under_it(view, qtbot):
    h = view.scene().window.hex_at("2115")
    view.scene().set_units([spec("claw", h)])
    look_at(view, h)
    scroll = (view.horizontalScrollBar().value(), view.verticalScrollBar().value())
    with qtbot.waitSignal(view.context_requested, timeout=500) as got:
        QTest.mousePress(view.viewport(), Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier, at(view, h))
    uid, where, global_pos = got.args
    assert (uid, where) == ("claw", h)
    assert global_pos == view.viewport().mapToGlobal(at(view, h))
    QTest.mouseRelease(view.viewport(), Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier, at(view, h))
    empty = view.scene().window.hex_at("2417")
    with qtbot.waitSignal(view.context_requested, timeout=500) as got:
        QTest.mousePress(view.viewport(), Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier, at(view, empty))
    assert got.args[:2] == [None, empty]
    QTest.mouseRelease(view.viewport(), Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier, at(view, empty))
    assert (view.horizontalScrollBar().value(), view.verticalScrollBar().value()) == scroll  # no pan


def test_middle_and_left_drags_on_the_empty_map_pan(view):
    look_at(view, Hex(0, 0))
    h, v = view.horizontalScrollBar(), view.verticalScrollBar()
    start = (h.value(), v.value())
    send_mouse(view, PRESS, QPoint(400, 300), MIDDLE, MIDDLE)
    send_mouse(view, MOVE, QPoint(350, 270), NO_BUTTON, MIDDLE)
    send_mouse(view, RELEASE, QPoint(350, 270), MIDDLE, NO_BUTTON)
    assert (h.value(), v.value()) == (start[0] + 50, start[1] + 30)
    start = (h.value(), v.value())
    send_mouse(view, PRESS, QPoint(400, 300), LEFT, LEFT)
    send_mouse(view, MOVE, QPoint(420, 340), NO_BUTTON, LEFT)
    send_mouse(view, RELEASE, QPoint(420, 340), LEFT, NO_BUTTON)
    assert (h.value(), v.value()) == (start[0] - 20, start[1] - 40)


# -- combat drag -------------------------------------------------------------------------------------
class FakeController:
    def __init__(self, window: MapWindow) -> None:
        self.window = window
        self.calls: list[tuple] = []

    def combat_mode(self) -> bool:
        return True

    def select(self, uid):
        self.calls.append(("select", uid))

    def move_preview(self, uid, h):
        self.calls.append(("preview", uid, h))
        label = self.window.label(h)
        return (True, f"{label}: disengages (V13.81x), 3 hexes, speed 12") if label.row < 20 else \
            (False, f"{label}: too far (speed 12)")

    def move_to(self, uid, h):
        self.calls.append(("move", uid, h))


def test_dragging_a_counter_in_combat_previews_each_hex_then_moves(view):
    w = view.scene().window
    start, one, two = w.hex_at("2115"), w.hex_at("2117"), w.hex_at("2121")
    view.scene().set_units([spec("claw", start)])
    look_at(view, w.hex_at("2118"), 1.0)
    ctl = view.controller = FakeController(w)
    scroll = (view.horizontalScrollBar().value(), view.verticalScrollBar().value())
    QTest.mousePress(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at(view, start))
    assert ctl.calls == [("select", "claw")]
    send_mouse(view, MOVE, at(view, start) + QPoint(3, 2), NO_BUTTON, LEFT)
    assert ctl.calls == [("select", "claw")]  # still on its own hex: nothing to preview
    send_mouse(view, MOVE, at(view, one), NO_BUTTON, LEFT)
    assert ctl.calls[-1] == ("preview", "claw", one)
    assert "2117: disengages (V13.81x), 3 hexes, speed 12" in view.scene().hover_text.toPlainText()
    assert view.scene().ghost.isVisible() and view.scene().ghost.pos() == centre_of(one)
    send_mouse(view, MOVE, at(view, one) + QPoint(4, -3), NO_BUTTON, LEFT)
    assert sum(c[0] == "preview" for c in ctl.calls) == 1  # the same hex: asked once
    send_mouse(view, MOVE, at(view, two), NO_BUTTON, LEFT)
    assert ctl.calls[-1] == ("preview", "claw", two)
    assert "too far" in view.scene().hover_text.toPlainText()
    QTest.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at(view, two))
    assert ctl.calls[-1] == ("move", "claw", two)
    assert view.scene().hover_text.toPlainText() == "" and not view.scene().ghost.isVisible()
    assert (view.horizontalScrollBar().value(), view.verticalScrollBar().value()) == scroll  # the drag did not pan


# -- counters ----------------------------------------------------------------------------------------
def _pixels(view, h: Hex) -> QImage:
    img = view.viewport().grab().toImage()
    p = at(view, h)
    r = view.scene().counter_px
    return img.copy(p.x() - r, p.y() - r, 2 * r, 2 * r).convertToFormat(QImage.Format.Format_RGB32)


def _count(img: QImage, color: QColor, tol: int = 40) -> int:
    n = 0
    for y in range(img.height()):
        for x in range(img.width()):
            c = img.pixelColor(x, y)
            if abs(c.red() - color.red()) + abs(c.green() - color.green()) + abs(c.blue() - color.blue()) <= tol:
                n += 1
    return n


def test_counter_status_is_visible_at_a_glance(view):
    w = view.scene().window
    hexes = {s: w.hex_at(lab) for s, lab in (("active", "1015"), ("crippled", "1415"), ("destroyed", "1815"),
                                              ("captured", "2215"))}
    view.scene().set_units([spec(s, h, name="LSS Pride of Redclaw", status=s) for s, h in hexes.items()])
    look_at(view, w.hex_at("1615"), 1.0)
    assert {u: c.status for u, c in view.scene().counters.items()} == {s: s for s in hexes}
    pics = {s: _pixels(view, h) for s, h in hexes.items()}
    amber, red, white = QColor("#ffb400"), QColor("#e0161b"), QColor("white")
    assert _count(pics["crippled"], amber) > 40 and _count(pics["active"], amber) == 0
    assert _count(pics["destroyed"], red) > 40 and _count(pics["active"], red) == 0
    assert _count(pics["captured"], white) > _count(pics["active"], white) + 40  # the flag and the CAPT pill
    assert _count(pics["destroyed"], BLUE, 60) < _count(pics["active"], BLUE, 60) / 3  # greyed out
    for a in hexes:
        for b in hexes:
            if a < b:
                assert pics[a] != pics[b]


def test_selected_unit_has_a_bright_ring_and_lies_on_top_of_its_stack(view):
    h = view.scene().window.hex_at("2115")
    view.scene().set_units([spec("a", h), spec("b", h, selected=True), spec("c", h)])
    look_at(view, h, 1.0)
    top = max(view.scene().counters.values(), key=lambda c: c.zValue())
    assert top.uid == "b" and top.badge == 3
    assert _count(_pixels(view, h), QColor("#ffe600")) > 60
    view.scene().set_units([spec("a", h), spec("b", h), spec("c", h)])
    assert _count(_pixels(view, h), QColor("#ffe600")) == 0


def test_hovering_a_stack_fans_it_out(view):
    w = view.scene().window
    h = w.hex_at("2115")
    view.scene().set_units([spec(u, h) for u in ("a", "b", "c")] + [spec("d", w.hex_at("2515"))])
    look_at(view, h, 1.0)
    items = [view.scene().counters[u] for u in "abc"]
    assert max(i.badge for i in items) == 3
    assert "3 units here: USS A, USS B, USS C" in items[0].toolTip()
    hover(view, at(view, w.hex_at("2515")))
    assert view.scene().expanded is None
    hover(view, at(view, h))
    assert view.scene().expanded == h
    rects = [i.body_rect() for i in items]
    assert not any(a.intersects(b) for k, a in enumerate(rects) for b in rects[k + 1:])  # side by side
    assert all(i.badge == 0 for i in items)
    far = w.hex_at("2120")
    hover(view, at(view, far))
    assert view.scene().expanded is None and max(i.badge for i in items) == 3


def test_counters_stay_readable_when_zoomed_out_and_grow_when_zoomed_in(view):
    h = view.scene().window.hex_at("2115")
    view.scene().set_units([spec("claw", h, name="KHS Claw of Rrit")])
    look_at(view, h, 0.3)
    small = view.scene().counters["claw"].px
    look_at(view, h, 2.0)
    big = view.scene().counters["claw"].px
    assert small >= 38 and big > small
    assert abbreviation("KHS Claw of Rrit") == "CLAW" and abbreviation("LSS Pride of Redclaw") == "PRID"
    assert abbreviation("Space Amoeba") == "SPAC" and abbreviation("Kor'Vat") == "KORV"


# -- the map -----------------------------------------------------------------------------------------
def test_labels_follow_the_float_and_are_printed_when_zoomed_in(view):
    grid = view.scene().grid
    assert grid.label(0, 0) == ("2115", True)
    grid.set_window(grid.window.floated(Facing.D, 10))
    assert grid.label(0, 0) == ("2105", True)  # V13.812's example
    h = grid.window.hex_at("2115")

    def label_ink(scale: float) -> int:
        """Dark pixels in the upper half of the hex, where its label is printed."""
        look_at(view, h, scale)
        img = view.viewport().grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
        p = at(view, h)
        half = int(17 * scale)
        band = img.copy(p.x() - half, p.y() - half + 2, 2 * half, half - 2)
        return sum(band.pixelColor(x, y).lightness() < 100 for x in range(band.width()) for y in range(band.height()))
    assert label_ink(0.8) == 0
    assert label_ink(1.2) > 30


def test_sheet_is_lighter_than_the_plane_around_it(view):
    look_at(view, view.scene().window.hex_at("2101"), 1.0)
    img = view.viewport().grab().toImage()
    inside = img.pixelColor(at(view, view.scene().window.hex_at("2103")) + QPoint(5, 5))
    outside = img.pixelColor(at(view, view.scene().window.hex_at("(21,-3)")) + QPoint(5, 5))
    assert inside.lightness() > outside.lightness() + 60


def test_legend_toggles_and_explains_every_mark(view, qtbot):
    assert not view.legend_visible and not view.legend.isVisible()
    QTest.mouseClick(view.legend_button, Qt.MouseButton.LeftButton)
    assert view.legend_visible and view.legend.isVisible()
    assert view.viewport().geometry().contains(view.legend.geometry())
    view.set_legend_visible(False)
    assert not view.legend.isVisible() and not view.legend_button.isChecked()
    view.legend_visible = True
    assert view.legend.isVisible()
    words = " ".join(text for _draw, text in ROWS)
    for needed in ("Map sheet", "Off the sheet", "Legal region (V13.811-812)", "placement zone", "Minimum-range ring",
                   "DoR", "DoD", "facing", "Crippled", "Destroyed", "Captured", "Stack", "Selected"):
        assert needed in words


def test_a_new_readout_repaints_neither_the_frame_nor_the_scroll_bars(view):
    """QLabel.setText asks its parent (the view) to lay out again; the scroll area would then
    repaint its whole frame and both scroll bars at every move onto another hex."""
    look_at(view, Hex(0, 0), 1.0)
    bars = [view.horizontalScrollBar(), view.verticalScrollBar()]
    assert all(b.isVisible() for b in bars)
    painted = []

    class Spy(QObject):
        def eventFilter(self, obj, event):  # noqa: N802
            if event.type() == QEvent.Type.Paint:
                painted.append(obj)
            return False
    spy = Spy()
    for w in [*bars, view]:
        w.installEventFilter(spy)
    for text in ("<b>2115</b> on the map sheet", "<b>2116</b> on the map sheet, and a longer line"):
        view.set_readout(text)
        view.readout.flush()
        QApplication.processEvents()
    assert view.readout.isVisible() and view.readout.text().endswith("longer line")
    assert painted == []
    view.resize(700, 500)  # a resize still lays the scroll area out
    QApplication.processEvents()
    assert bars[1].parentWidget().geometry().right() == view.width() - 1 - view.frameWidth()
