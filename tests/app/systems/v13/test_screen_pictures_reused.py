"""The battle map's whole-screen pictures per zoom (app.systems.v13.layers.ScreenPictures and
ScreenLayer) paint a new zoom into the memory of the oldest picture they drop (issue 21: a fresh
screen-sized picture at each zoom never shown cost its pages zeroed and faulted in, some
0.3-0.5 ms of the sharp redraw once the wheel rests), and what is shown is still what a fresh
paint shows: nothing of the zoom painted there before is left in it."""
from __future__ import annotations

from PySide6.QtWidgets import QApplication

from tests.app.systems.v13.map_look import unexplained
from tests.app.systems.v13.test_redraw import _busy_map, _rgb, wheel


def _rest(qtbot, view, notches: int) -> None:
    """A wheel notch as a person turns it, then the wheel rests and the map is drawn sharp."""
    wheel(view, notches)
    view.viewport().repaint()
    qtbot.waitUntil(lambda: not view.scene().quick, timeout=20000)
    QApplication.processEvents()
    view.viewport().repaint()


def test_a_new_zoom_is_painted_into_the_oldest_screen_picture(qtbot):
    view = _busy_map(qtbot)
    screens = view.scene().screens
    for notches in (1, 1, 1):  # three zooms never shown, each kept: the pictures are full
        _rest(qtbot, view, notches)
    assert len(screens._pictures) == screens.KEEP
    before = list(screens._pictures.values())
    _rest(qtbot, view, 1)  # a fourth: the oldest is dropped
    after = list(screens._pictures.values())
    assert len(after) == screens.KEEP
    new = [pix for pix in after if not any(pix is old for old in before)]
    assert new == [], "the new zoom's screen picture is a fresh one, not the dropped one's memory"
    assert after[-1] is before[0], "the new zoom is not painted into the oldest picture"
    settled = _rgb(view.viewport().grab().toImage())
    view.scene()._background_changed()  # every picture dropped: the screen painted afresh
    QApplication.processEvents()
    fresh = _rgb(view.viewport().grab().toImage())
    # a zoom's first paint and a later one may differ by a grid line a pixel off (test_map_look), nothing more
    assert not (unexplained(settled, fresh, 48) | unexplained(fresh, settled, 48)).sum() > 50, \
        "the reused picture shows something a fresh paint does not"


def test_the_plane_under_the_sheet_reuses_its_oldest_picture(qtbot):
    from PySide6.QtCore import Qt

    view = _busy_map(qtbot)
    scene = view.scene()
    view.resetTransform()
    view.fitInView(scene.grid.sheet_rect(), Qt.AspectRatioMode.KeepAspectRatio)  # the plane shows around the sheet
    QApplication.processEvents()
    view.viewport().repaint()
    under = scene.grid.under
    for notches in (-1, -1, -1):
        _rest(qtbot, view, notches)
    assert len(under._pictures) == under.KEEP
    before = list(under._pictures.values())
    _rest(qtbot, view, -1)
    after = list(under._pictures.values())
    assert after[-1] is before[0], "the plane at a new zoom is a fresh picture, not the dropped one's memory"
    settled = _rgb(view.viewport().grab().toImage())
    scene._background_changed()
    under.clear()
    QApplication.processEvents()
    fresh = _rgb(view.viewport().grab().toImage())
    assert not (unexplained(settled, fresh, 48) | unexplained(fresh, settled, 48)).sum() > 50
