"""Each window's size, position, dock layout and splitter sizes, remembered between runs, and
windows kept inside the screen they open on.

A window calls :func:`restore` once its docks and toolbars exist (``restoreState`` needs them,
found by their object names) and :func:`save` when it closes. The values live in the app's
``QSettings`` under ``windows/<key>/``; ``settings=None`` (a window with no app settings, as in
some tests) only sizes and places the window and remembers nothing.

The available area is the screen's ``availableGeometry`` in logical pixels, so a 1500 x 950
default on a small screen, or at ``QT_SCALE_FACTOR=2``, shrinks to fit instead of opening with
its title bar or its bottom edge out of reach.

The window's size is kept beside its dock layout: a layout restored into a window of another size
(another screen, or ``QT_SCALE_FACTOR=2`` after 1) has its docked docks scaled with the window, and
a window that names a ``central_share`` keeps at least that share of its width and height for its
central widget (the main window's strategic map: half), the docks giving it back.

A side dock with a default width (``dock_widths``: the main window's Sector inspector) found
squeezed, narrower than a fifth of its window or at its minimum width, is given its default width
when the window is first shown and before its layout is saved: a window made narrow for a moment
(its window manager's first configure, or its user) gives the width back to its central widget,
not to its docks, and a squeezed dock saved was restored squeezed at every later start (issue 22:
the Sector inspector at 70 pixels). A window never shown saves nothing: its docks were measured
before any layout (``inspector=100x86``; a quit behind the kept first frame).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping

import shiboken6

from PySide6.QtCore import (
    QByteArray,
    QEvent,
    QMargins,
    QObject,
    QRect,
    QSettings,
    QSize,
    Qt,
    QTimer,
)
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QDockWidget, QMainWindow, QSplitter, QWidget

# The window frame before the window manager has framed the window (title bar, borders); once
# it is shown the real frame is used.
FRAME_GUESS = QMargins(4, 30, 4, 4)
SQUEEZED = 5
"""A side dock narrower than the window's width over this was squeezed, not sized by its user."""
SHOWN = "window_state_shown"
"""The window's property set once it is shown: only then are its docks and splitters laid out."""


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
    if not window.isVisible() or window.windowHandle() is None or frame == geo:  # not framed (yet)
        framed = window.isWindow() and not window.windowFlags() & Qt.WindowType.FramelessWindowHint
        return FRAME_GUESS if framed and QGuiApplication.platformName() != "offscreen" else QMargins()
    return QMargins(geo.left() - frame.left(), geo.top() - frame.top(),
                    frame.right() - geo.right(), frame.bottom() - geo.bottom())


def fit_to_screen(window: QWidget, move: bool = True) -> None:
    """Shrink and move the window so that it and its frame lie inside the available area (only
    shrink it, not ``move``: a dialog about to be shown, which Qt then centres on its parent)."""
    if window.isMaximized() or window.isFullScreen():
        return
    area = available_area(window)
    m = _frame_margins(window)
    geo = window.geometry()
    w = max(min(geo.width(), area.width() - m.left() - m.right()), window.minimumWidth())
    h = max(min(geo.height(), area.height() - m.top() - m.bottom()), window.minimumHeight())
    if not move:
        if (w, h) != (geo.width(), geo.height()):
            window.resize(w, h)
        return
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


_SIDES = (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea)
_ENDS = (Qt.DockWidgetArea.TopDockWidgetArea, Qt.DockWidgetArea.BottomDockWidgetArea)


def _docked(window: QMainWindow, areas: tuple[Qt.DockWidgetArea, ...]) -> list[QDockWidget]:
    """The window's docks shown docked in ``areas`` (a tabified dock behind another is not shown). Its
    direct children only: a search of the whole tree hands every object in it to Python, whose types
    (a text document's, an animation's) and their Qt enums were made for it before the first frame."""
    return [d for d in window.findChildren(QDockWidget, options=Qt.FindChildOption.FindDirectChildrenOnly)
            if d.isVisibleTo(window) and not d.isFloating() and window.dockWidgetArea(d) in areas]


def _scale_docks(window: QMainWindow, saved: QSize, sizes: dict[str, QSize]) -> None:
    """Docked docks as wide (side areas) and tall (top and bottom) in the window's size now as
    they were (``sizes``, by object name) in ``saved``, the size the layout was saved at."""
    for areas, orientation, now, then in (
            (_SIDES, Qt.Orientation.Horizontal, window.width(), saved.width()),
            (_ENDS, Qt.Orientation.Vertical, window.height(), saved.height())):
        horizontal = orientation == Qt.Orientation.Horizontal
        widest: dict[Qt.DockWidgetArea, tuple[int, QDockWidget]] = {}
        for d in _docked(window, areas):  # an area's docks (split or tabbed) share its width (height)
            if d.objectName() in sizes:
                n = sizes[d.objectName()].width() if horizontal else sizes[d.objectName()].height()
                area = window.dockWidgetArea(d)
                if area not in widest or n > widest[area][0]:
                    widest[area] = (n, d)
        if widest and then > 0 and now != then:
            window.resizeDocks([d for _n, d in widest.values()],
                               [max(1, n * now // then) for n, _d in widest.values()], orientation)


def _dock_sizes(value) -> dict[str, QSize]:
    """The docks' sizes kept by :func:`save`: ``name=WxH;...``."""
    sizes = {}
    for part in str(value or "").split(";"):
        name, _, size = part.partition("=")
        parsed = _size(size)
        if name and parsed is not None:
            sizes[name] = parsed
    return sizes


def _squeezed(window: QMainWindow, dock: QDockWidget) -> bool:
    return dock.width() < window.width() // SQUEEZED or dock.width() <= dock.minimumSizeHint().width()


def unsqueeze(window: QMainWindow, widths: Mapping[str, Callable[[int], int]]) -> None:
    """Give each docked side dock named in ``widths`` that is squeezed (narrower than a fifth of
    the window, or at its minimum width) its default width, ``widths[name](window width)``."""
    docks = [d for d in _docked(window, _SIDES) if d.objectName() in widths and _squeezed(window, d)]
    if docks:
        window.resizeDocks(docks, [widths[d.objectName()](window.width()) for d in docks],
                           Qt.Orientation.Horizontal)
        window.layout().activate()


def keep_central(window: QMainWindow, share: float) -> None:
    """Give the central widget (a scroll area's viewport: a map view's drawing) at least ``share``
    of the window's width and height, taken from the docked docks beside it (side areas) and above
    and below it, each area giving in proportion."""
    central = window.centralWidget()
    if central is None:
        return
    if isinstance(central, QAbstractScrollArea):  # what it shows, its frame, margins and scroll bars left out
        central = central.viewport()
    window.layout().activate()
    for areas, orientation in ((_SIDES, Qt.Orientation.Horizontal), (_ENDS, Qt.Orientation.Vertical)):
        horizontal = orientation == Qt.Orientation.Horizontal
        lack = int(share * (window.width() if horizontal else window.height())) - (
            central.width() if horizontal else central.height())
        widest: dict[Qt.DockWidgetArea, QDockWidget] = {}
        for d in _docked(window, areas):  # an area is as wide (or tall) as its widest dock
            area, size = window.dockWidgetArea(d), d.width() if horizontal else d.height()
            if area not in widest or size > (widest[area].width() if horizontal else widest[area].height()):
                widest[area] = d
        docks = list(widest.values())
        sizes = [d.width() if horizontal else d.height() for d in docks]
        if lack > 0 and sum(sizes) > 0:
            total = sum(sizes)
            window.resizeDocks(docks, [max(1, s - (lack * s + total - 1) // total) for s in sizes], orientation)


class _RefitOnShow(QObject):
    """On the window's first show, fit it again with its real frame, unless someone resized or
    moved it on purpose since :func:`restore` placed it; then scale its docks if it is not the size
    its layout was saved at (``saved``) and keep the central widget its share (docks made after
    :func:`restore`, as the main window's bottom docks, are laid out by then), its squeezed docks
    given their default width (``dock_widths``, read again by :func:`save`)."""

    def __init__(self, window: QWidget, central_share: float | None = None, saved: QSize | None = None,
                 sizes: dict[str, QSize] | None = None,
                 dock_widths: Mapping[str, Callable[[int], int]] | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.central_share = central_share
        self.saved = saved
        self.sizes = sizes or {}
        self.dock_widths = dict(dock_widths or {})
        self.placed = window.geometry()
        window.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 (Qt name)
        if obj is self.window and event.type() == QEvent.Type.Show:
            self.window.removeEventFilter(self)
            self.window.setProperty(SHOWN, True)  # laid out at its size now (QWidget.setVisible)
            later(self, self._refit if self.window.geometry() == self.placed else self._keep)
        return False

    def _refit(self) -> None:
        try:
            fit_to_screen(self.window)
        except RuntimeError:  # the window was deleted meanwhile
            return
        self._keep()

    def _keep(self) -> None:
        if not isinstance(self.window, QMainWindow):
            return
        try:
            if self.saved is not None and self.saved != self.window.size():
                _scale_docks(self.window, self.saved, self.sizes)
            unsqueeze(self.window, self.dock_widths)
            if self.central_share is not None:
                keep_central(self.window, self.central_share)
        except RuntimeError:  # the window was deleted meanwhile
            pass


class _FitShown(QObject):
    """Every window, when shown, fitted inside the available screen area (issue 22, any screen:
    the Unit Lists opened 2258 x 1360 and the New Campaign 1774 x 1002 on a 1600 x 1000 screen at
    ``QT_SCALE_FACTOR=2``, their OK out of reach): dialogs, message boxes, file dialogs, windows
    of their own. Once at the show, before the window is on the screen, and once more when the
    event loop is free (a dialog that sizes itself in its own show handler; the real frame known).
    A window :func:`restore` placed fits itself; menus, tool tips and splash screens are left.

    It watches windows, not the application: a window it watches tells it of each child polished
    before its first show (``ChildPolished``), and a child that is a window is watched in turn (a
    battle window's dialogs, a dialog's message box); a modal window that blocks a watched one and that
    none told of (a dock's file dialog, one with no parent) is fitted then. A filter on the whole application had every
    event of every object handed to Python: ~70 Qt enum types built for it (~12 ms) and a few
    microseconds on every event of the session."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.again: list[QWidget] = []  # fitted at their show, fitted once more when the loop is free

    def watch(self, window: QWidget) -> None:
        """Fit ``window``'s child windows when they are shown (and theirs)."""
        window.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 (Qt name)
        kind = event.type()
        if kind == QEvent.Type.ChildPolished:
            child = event.child()
            if child.isWidgetType() and child.isWindow() and child.windowType() in _FITTED:
                self.watch(child)
        elif kind == QEvent.Type.Show and obj.isWindow() and obj.windowType() in _FITTED \
                and obj.findChild(_RefitOnShow, options=Qt.FindChildOption.FindDirectChildrenOnly) is None:
            self._fit(obj)
        elif kind == QEvent.Type.WindowBlocked:
            self._modal()
        return False

    def _fit(self, window: QWidget) -> None:
        fit_to_screen(window, move=False)  # not placed yet: a dialog is centred on its parent after this
        if not self.again:
            QTimer.singleShot(0, self, self._again)
        self.again.append(window)

    def _modal(self) -> None:
        """A watched window is blocked by a modal window being shown (before it is on the screen): one no
        watched window told of is fitted now and watched from now on (its own dialogs, message boxes): a
        dialog whose parent is a widget inside a window (the Empire Sheet's file dialog, a dock's child),
        or that has no parent (the error dialog when no window of the app is active)."""
        modal = QApplication.activeModalWidget()  # (one fitted at its show is in self.again)
        if modal is None or modal.windowType() not in _FITTED or modal in self.again \
                or modal.findChild(_RefitOnShow, options=Qt.FindChildOption.FindDirectChildrenOnly) is not None:
            return
        self.watch(modal)
        self._fit(modal)

    def _again(self) -> None:
        windows, self.again = self.again, []
        for window in windows:  # one a message box closed meanwhile (its C++ object gone) is left
            if shiboken6.isValid(window) and window.isVisible():
                fit_to_screen(window)


_FITTED = (Qt.WindowType.Window, Qt.WindowType.Dialog, Qt.WindowType.Sheet, Qt.WindowType.Tool)
"""The kinds of window fitted to the screen (a floating dock is a tool window; not menus, tool tips
or splash screens)."""


def fit_every_window(window: QWidget) -> None:
    """From now on, every window ``window`` opens (its dialogs, message boxes, file dialogs, windows
    of their own, and theirs) is fitted inside the screen when shown."""
    watcher = window.findChild(_FitShown, options=Qt.FindChildOption.FindDirectChildrenOnly)
    if watcher is None:
        _FitShown(window).watch(window)


def _size(value) -> QSize | None:
    try:
        w, h = (int(n) for n in str(value).split("x"))
    except ValueError:
        return None
    return QSize(w, h)


def restore(window: QWidget, settings: QSettings | None, key: str, default_size: tuple[int, int],
            central_share: float | None = None,
            dock_widths: Mapping[str, Callable[[int], int]] | None = None) -> bool:
    """Give ``window`` its remembered geometry, dock layout and splitter sizes (or
    ``default_size``, centred), then fit it inside the available screen area, its docks scaled
    with it when it is not the size it was saved at, a squeezed side dock named in ``dock_widths``
    given its default width (the function of the window's width there), and its central widget
    kept at least ``central_share`` of it (if given). Returns whether a remembered dock layout
    was restored (else the window may size its docks to the screen)."""
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
    saved, sizes = None, {}
    if laid_out and isinstance(window, QMainWindow) and settings is not None:
        # the docks are scaled once shown, from their sizes kept by save(): docks made after the
        # restore (the main window's bottom docks) are in place then, and the restored layout
        # is applied only when the window is shown
        saved, sizes = _size(settings.value(_key(key, "size"))), _dock_sizes(settings.value(_key(key, "docks")))
        # not the central share yet: before the show the restored layout is not applied, and the
        # docks measured now gave a second start's Sector inspector 70 of its 560 pixels
    _RefitOnShow(window, central_share, saved, sizes, dock_widths)
    return laid_out


def save(window: QWidget, settings: QSettings | None, key: str) -> None:
    """Remember ``window``'s geometry, dock layout and named splitters' sizes, its squeezed docks
    at their default width (:func:`restore`'s ``dock_widths``); nothing for a window :func:`restore`
    placed that was never shown (the settings keep what it was restored from)."""
    if settings is None or not window.property(SHOWN):
        return
    settings.setValue(_key(key, "geometry"), window.saveGeometry())
    if isinstance(window, QMainWindow):
        refit = window.findChild(_RefitOnShow, options=Qt.FindChildOption.FindDirectChildrenOnly)
        if refit is not None:
            unsqueeze(window, refit.dock_widths)
        settings.setValue(_key(key, "state"), window.saveState())
        settings.setValue(_key(key, "size"), f"{window.width()}x{window.height()}")  # the docks' sizes are of it
        settings.setValue(_key(key, "docks"), ";".join(f"{d.objectName()}={d.width()}x{d.height()}"
                                                      for d in _docked(window, _SIDES + _ENDS) if d.objectName()))
    for splitter in window.findChildren(QSplitter):
        if splitter.objectName():
            settings.setValue(_key(key, f"splitters/{splitter.objectName()}"), splitter.saveState())
    settings.sync()
