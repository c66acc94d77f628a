"""Each window's size, position, dock layout and splitter sizes, remembered between runs, and
windows kept inside the screen they open on.

A window calls :func:`restore` once its docks and toolbars exist (``restoreState`` needs them,
found by their object names) and :func:`save` when it closes. The values live in the app's
``QSettings`` under ``windows/<key>/``; ``settings=None`` (a window with no app settings, as in
some tests) only sizes and places the window and remembers nothing.

The available area is the screen's ``availableGeometry`` in logical pixels, so a 1500 x 950
default on a small screen, or at ``QT_SCALE_FACTOR=2``, shrinks to fit instead of opening with
its title bar or its bottom edge out of reach.
"""
from __future__ import annotations

from PySide6.QtCore import (
    QByteArray,
    QEvent,
    QMargins,
    QObject,
    QRect,
    QSettings,
    QTimer,
)
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMainWindow, QSplitter, QWidget

# The window frame before the window manager has framed the window (title bar, borders); once
# it is shown the real frame is used.
FRAME_GUESS = QMargins(4, 30, 4, 4)


def _key(key: str, what: str) -> str:
    return f"windows/{key}/{what}"


def _bytes(value) -> QByteArray | None:
    if isinstance(value, QByteArray) and not value.isEmpty():
        return value
    if isinstance(value, (bytes, bytearray)) and value:
        return QByteArray(bytes(value))
    return None


def available_area(window: QWidget) -> QRect:
    """The available geometry of the screen the window is on (or would open on)."""
    centre = window.geometry().center()
    screen = QGuiApplication.screenAt(window.mapToGlobal(window.rect().center()) if window.isVisible() else centre)
    screen = screen or window.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry()


def _frame_margins(window: QWidget) -> QMargins:
    frame, geo = window.frameGeometry(), window.geometry()
    if not window.isVisible() or window.windowHandle() is None:
        return FRAME_GUESS if window.isWindow() and QGuiApplication.platformName() != "offscreen" else QMargins()
    return QMargins(geo.left() - frame.left(), geo.top() - frame.top(),
                    frame.right() - geo.right(), frame.bottom() - geo.bottom())


def fit_to_screen(window: QWidget) -> None:
    """Shrink and move the window so that it and its frame lie inside the available area."""
    if window.isMaximized() or window.isFullScreen():
        return
    area = available_area(window)
    m = _frame_margins(window)
    geo = window.geometry()
    w = max(min(geo.width(), area.width() - m.left() - m.right()), window.minimumWidth())
    h = max(min(geo.height(), area.height() - m.top() - m.bottom()), window.minimumHeight())
    x = min(max(geo.x(), area.left() + m.left()), area.left() + area.width() - m.right() - w)
    y = min(max(geo.y(), area.top() + m.top()), area.top() + area.height() - m.bottom() - h)
    x, y = max(x, area.left() + m.left()), max(y, area.top() + m.top())
    if QRect(x, y, w, h) != geo:
        window.setGeometry(x, y, w, h)


def _centre(window: QWidget) -> None:
    """Centre the window, frame included, in the available area (before it is shown)."""
    area = available_area(window)
    m = _frame_margins(window)
    w, h = window.width(), window.height()
    fx = area.left() + max(0, (area.width() - w - m.left() - m.right()) // 2)
    fy = area.top() + max(0, (area.height() - h - m.top() - m.bottom()) // 2)
    window.setGeometry(fx + m.left(), fy + m.top(), w, h)


def later(owner: QObject, call) -> None:
    """Call ``call`` once the event loop is free, unless ``owner`` is deleted first (e.g. its
    window closed at once). A timer that is ``owner``'s child: ``QTimer.singleShot(0, owner,
    call)`` kept ``call`` (and with it ``owner``, its window and session) for good when ``owner``
    went first (issue 21: memory flat)."""
    timer = QTimer(owner)
    timer.setSingleShot(True)
    timer.timeout.connect(call)
    timer.timeout.connect(timer.deleteLater)
    timer.start(0)


class _RefitOnShow(QObject):
    """On the window's first show, fit it again with its real frame, unless someone resized or
    moved it on purpose since :func:`restore` placed it."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self.placed = window.geometry()
        window.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 (Qt name)
        if obj is self.window and event.type() == QEvent.Type.Show:
            self.window.removeEventFilter(self)
            if self.window.geometry() == self.placed:
                later(self, self._refit)
        return False

    def _refit(self) -> None:
        try:
            fit_to_screen(self.window)
        except RuntimeError:  # the window was deleted meanwhile
            pass


def restore(window: QWidget, settings: QSettings | None, key: str, default_size: tuple[int, int]) -> bool:
    """Give ``window`` its remembered geometry, dock layout and splitter sizes (or
    ``default_size``, centred), then fit it inside the available screen area. Returns whether
    a remembered dock layout was restored (else the window may size its docks to the screen)."""
    geometry = _bytes(settings.value(_key(key, "geometry"))) if settings is not None else None
    if geometry is None or not window.restoreGeometry(geometry):
        window.resize(*default_size)
        fit_to_screen(window)
        _centre(window)
    laid_out = False
    if settings is not None:
        state = _bytes(settings.value(_key(key, "state")))
        if state is not None and isinstance(window, QMainWindow):
            laid_out = window.restoreState(state)
        settings.beginGroup(_key(key, "splitters"))
        saved = set(settings.allKeys())
        settings.endGroup()
        # only then: findChildren hands every child widget to Python (~3 ms and a dozen Qt enum types at start)
        for splitter in window.findChildren(QSplitter) if saved else []:
            sizes = _bytes(settings.value(_key(key, f"splitters/{splitter.objectName()}")))
            if splitter.objectName() and sizes is not None:
                splitter.restoreState(sizes)
    fit_to_screen(window)
    _RefitOnShow(window)
    return laid_out


def save(window: QWidget, settings: QSettings | None, key: str) -> None:
    """Remember ``window``'s geometry, dock layout and named splitters' sizes."""
    if settings is None:
        return
    settings.setValue(_key(key, "geometry"), window.saveGeometry())
    if isinstance(window, QMainWindow):
        settings.setValue(_key(key, "state"), window.saveState())
    for splitter in window.findChildren(QSplitter):
        if splitter.objectName():
            settings.setValue(_key(key, f"splitters/{splitter.objectName()}"), splitter.saveState())
    settings.sync()
