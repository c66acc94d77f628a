"""A start behind the kept first frame (issue 21, app/shell/stand_in.py): the window is built in
slices after the stand-in's first frame; input that comes before it is there finishes it at once
and reaches the real window with the same result as on a window opened the plain way."""
from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtWidgets import QApplication

import main
from app.shell import first_frame
from app.shell.paths import DEFAULT_CAMPAIGN
from app.shell.opening import Opening
from app.shell.stand_in import Loading
from tests.app.gui import press


def _open(qtbot, tmp_path, hold: bool = False) -> Opening:
    """Open the window as main.py does with nothing named (its settings in the test's folder);
    ``hold``: the slices do not run by themselves (input before the window is ready)."""
    opening = main._opening(None, None, False, True, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    if hold and opening.loading is not None:
        opening.loading.start = lambda: None
    opening.show()
    qtbot.waitExposed(opening.first)
    return opening


def _drawn(qtbot, tmp_path, hold: bool = False, plain=lambda window: None):
    """Start and quit until a start is drawn behind a kept first frame (the first start keeps
    its frame; its close writes the settings the next start's key reads): (that start, what
    ``plain`` gave on the plain start whose frame it shows)."""
    got = None
    for _ in range(6):  # another start when the sources changed meanwhile (the key reads their times)
        opening = _open(qtbot, tmp_path, hold)
        if opening.drawn:
            return opening, got
        assert opening.window.campaign_path == DEFAULT_CAMPAIGN
        _kept(qtbot, opening)
        got = plain(opening.window)
        opening.tear_down()
    pytest.fail("no start was drawn behind the kept first frame")


def _kept(qtbot, opening: Opening) -> None:
    """Wait until the plain start kept its first frame."""
    qtbot.waitUntil(lambda: first_frame.read_picture(opening.key) is not None)


def _hex_point(window, label: str = "0604") -> QPoint:
    """Where sector ``label``'s centre is in the window."""
    view = window.strategic_view
    item = view.scene().sector_items[label]
    return view.viewport().mapTo(window, view.mapFromScene(item.sceneBoundingRect().center()))


def _clicked(window) -> tuple[str | None, str]:
    sector = window.strategic_view.scene().selected_sector()
    return (str(sector.at) if sector is not None else None), window.inspector.toHtml()


def test_a_click_on_a_hex_before_the_window_is_ready_selects_it_as_on_the_plain_window(qtbot, tmp_path):
    def click(window) -> tuple[QPoint, tuple[str | None, str]]:
        point = _hex_point(window)
        view = window.strategic_view
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.viewport().mapFrom(window, point))
        return point, _clicked(window)

    opening, (point, expected) = _drawn(qtbot, tmp_path, hold=True, plain=click)
    assert expected[0] == "0604"
    assert opening.window is None and opening.loading.steps  # nothing of the window yet
    qtbot.mouseClick(opening.stand_in, Qt.MouseButton.LeftButton, pos=point)
    assert opening.loading.ready and opening.window is not None and opening.window.isVisible()
    qtbot.waitUntil(lambda: not opening.stand_in.isVisible())  # once the window has painted
    assert _hex_point(opening.window) == point  # the real window where the picture was
    assert _clicked(opening.window) == expected
    opening.tear_down()


def test_a_shortcut_before_the_window_is_ready_is_the_real_windows_shortcut(qtbot, tmp_path):
    opening, _ = _drawn(qtbot, tmp_path, hold=True)
    assert opening.window is None
    press(opening.stand_in, "Ctrl+Shift+G")  # View > GM View
    window = opening.window
    assert window is not None and window.gm_view_action.isChecked()
    assert "GM view" in window.windowTitle()
    opening.tear_down()


def test_left_alone_the_window_is_built_in_slices_and_takes_the_stand_ins_place(qtbot, tmp_path):
    opening, _ = _drawn(qtbot, tmp_path)
    ran: list[int] = []
    loading = opening.loading
    step = loading._step

    def counted() -> None:
        ran.append(len(loading.steps))
        step()
    loading._timer.timeout.disconnect()
    loading._timer.timeout.connect(counted)
    qtbot.waitUntil(lambda: opening.window is not None and opening.window.isVisible(), timeout=10000)
    assert len(ran) >= 20  # one slice per turn of the event loop, not one block
    assert opening.window.campaign_path == DEFAULT_CAMPAIGN
    qtbot.waitUntil(lambda: not opening.stand_in.isVisible())  # once the window has painted
    assert opening.window.windowTitle().replace("[*]", "") == opening.stand_in.windowTitle().replace("[*]", "")
    icons = [w.windowIcon().pixmap(16, 16).toImage() for w in (opening.window, opening.stand_in)]
    assert not icons[0].isNull() and icons[0] == icons[1]  # the title bar's icon too (the stand-in had none)
    opening.tear_down()


def test_loading_runs_one_step_per_turn_and_finish_runs_the_rest(qtbot):
    done: list[int] = []
    loading = Loading([lambda i=i: done.append(i) for i in range(5)])
    finished: list[bool] = []
    loading.done.connect(lambda: finished.append(True))
    loading.start()
    QApplication.processEvents()
    assert 1 <= len(done) < 5
    loading.finish()
    assert done == [0, 1, 2, 3, 4] and loading.ready and finished == [True]


def test_the_programs_close_of_the_stand_in_is_taken(qtbot, tmp_path):
    """Qt's quit closes every window and gives up when one refuses: the stand-in, still shown for
    a moment under the real window, refused every close and the app never quit (the start-up
    probe hung after "window ready"). A close the program makes (not the user's) is taken."""
    from PySide6.QtGui import QCloseEvent

    opening, _ = _drawn(qtbot, tmp_path, hold=True)
    press(opening.stand_in, "Ctrl+Shift+G")  # the window made, the stand-in not yet put away
    assert opening.window is not None and opening.stand_in.isVisible()
    close = QCloseEvent()
    QApplication.sendEvent(opening.stand_in, close)  # not spontaneous: as Qt's quit sends it
    assert close.isAccepted()
    opening.tear_down()


def test_a_key_no_action_takes_goes_to_the_real_window_and_a_modifier_alone_waits(qtbot, tmp_path):
    """On a real screen Ctrl+Shift+G comes as Ctrl, then Shift, then G: the Ctrl finished the
    loading, no action took it, and it was sent to the application's focused widget, the stand-in
    itself, which sent it on again until the process crashed (RecursionError, then SIGSEGV)."""
    from PySide6.QtCore import QEvent, QObject

    opening, _ = _drawn(qtbot, tmp_path, hold=True)
    opening.stand_in.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is opening.stand_in)
    qtbot.keyPress(opening.stand_in, Qt.Key.Key_Control)
    assert opening.window is None  # a modifier alone: the key with it finishes the loading
    seen: list[int] = []

    class Keys(QObject):
        def eventFilter(self, obj, event) -> bool:  # noqa: N802
            if event.type() == QEvent.Type.KeyPress:
                seen.append(event.key())
            return False

    keys = Keys()
    QApplication.instance().installEventFilter(keys)
    try:
        qtbot.keyClick(opening.stand_in, Qt.Key.Key_X)  # no action's shortcut
    finally:
        QApplication.instance().removeEventFilter(keys)
    assert opening.window is not None and opening.window.isVisible()
    assert seen.count(Qt.Key.Key_X) == 2  # the stand-in's, then the real window's once
    opening.tear_down()


def test_a_pointer_moved_over_the_stand_in_hovers_the_real_window_as_on_the_plain_window(qtbot, tmp_path):
    """The kept frame is a picture: hovering over it showed nothing (no hex named in the status
    bar, no tooltip) until the user clicked or pressed a key. A move of the pointer finishes the
    loading and is given to the real window's widget under it, as on a window opened the plain way."""
    from PySide6.QtCore import QEvent, QPointF
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QToolTip

    def hover(window) -> tuple[QPoint, str]:
        point = _hex_point(window)
        view = window.strategic_view
        qtbot.mouseMove(view.viewport(), view.viewport().mapFrom(window, point))
        qtbot.waitUntil(lambda: window._hover_label.text() != "")
        hovered = window._hover_label.text()
        qtbot.mouseMove(view.viewport(), QPoint(2, 2))  # away (Qt drops a move to where the pointer is)
        return point, hovered

    opening, (point, expected) = _drawn(qtbot, tmp_path, hold=True, plain=hover)
    assert expected.startswith("0604")
    assert opening.window is None and opening.loading.steps  # nothing of the window yet
    qtbot.mouseMove(opening.stand_in, point)
    assert opening.loading.ready and opening.window is not None and opening.window.isVisible()
    window = opening.window
    assert window._hover_label.text() == expected  # the hex under the pointer named, as on the plain window
    global_point = opening.stand_in.mapToGlobal(QPointF(point)).toPoint()
    QApplication.sendEvent(opening.stand_in, QHelpEvent(QEvent.Type.ToolTip, point, global_point))  # Qt's, on a rest
    qtbot.waitUntil(lambda: QToolTip.isVisible() and "0604" in QToolTip.text())
    QToolTip.hideText()
    opening.tear_down()


def test_a_battle_windows_place_kept_in_the_last_session_still_shows_the_kept_frame(qtbot, tmp_path):
    """Each window keeps its place in the settings; the key of the kept frame read them all, so a
    session that only moved a battle window or the Battle Hexes dialog made the next start a plain
    one. Only the main window's own are in the key."""
    opening, _ = _drawn(qtbot, tmp_path)
    qtbot.waitUntil(lambda: opening.window is not None and opening.window.isVisible(), timeout=10000)
    opening.tear_down()  # its close writes the main window's place as it was
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    settings.setValue("windows/battle_window/geometry", b"\x01\xd9\xd0\xcb")
    settings.setValue("windows/battle_hexes_dialog/size", "760x640")
    settings.sync()
    again = _open(qtbot, tmp_path)
    assert again.drawn
    again.tear_down()
