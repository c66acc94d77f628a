"""The stored first frame shown while the main window is built (issue 21: start to an interactive
window within 3x the bare PySide6 import).

A start with nothing named whose first frame was kept (:mod:`app.shell.first_frame`) shows it at
once in a stand-in window, and the real window is built behind it in short slices driven by the
event loop (:class:`Loading`: pydantic, the campaign's records, the engine and the window's
modules a few at a time, then the window), so the loop keeps handling paints and input between
slices. The real window then takes the stand-in's place. Input that needs the window before it is
there, a key, a click, the wheel, a move of the pointer (the hex under it is named, its tooltip
shown) or closing the stand-in, finishes the loading at once and is then given to the real window
at the same place: a key as its shortcut (the enabled action with that shortcut, a menu's Alt
letter) or to the focused widget, a click, a move or a tooltip to the widget under the pointer.
Nothing is refused and nothing differs; it only comes after the loading.
"""
from __future__ import annotations

import importlib
import time
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QHelpEvent, QIcon, QKeyEvent, QKeySequence, QMouseEvent, QPainter, QWheelEvent
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget

from app.shell.first_frame import Picture
from app.shell.paths import ICONS

MILESTONES = (
    "platformdirs", "pydantic_core._pydantic_core", "fractions", "pydantic_core.core_schema",
    "typing_inspection.typing_objects", "pydantic._internal._typing_extra", "platform", "pydantic.aliases",
    "pydantic._internal._utils", "pydantic.config", "pydantic._internal._config", "zoneinfo",
    "pydantic._internal._validators", "pydantic._internal._decorators", "pydantic._internal._mock_val_ser",
    "pydantic.json_schema", "pydantic.functional_validators", "pydantic._internal._generate_schema", "pydantic.main",
    "pydantic.types", "hexmap.hexes", "hexmap.labels", "hexmap", "rules.model.types", "rules.model.stcs",
    "rules.model.units", "rules.model.economy_model", "rules.model.turn_model", "rules.model.b5",
    "rules.model.builds", "rules.errors", "rules.model.seals", "rules.model.key_book", "rules.model.records",
    "rules.model.treaty_model", "rules.model.campaign", "rules.dice", "rules.model.checks", "rules.model.seal_upgrade",
    "rules.model.io", "rules.strategic.control", "rules.strategic.supply", "rules.strategic.state",
    "rules.strategic.battle_hex", "rules.economy.construction", "rules.strategic.movement", "rules.strategic.turn",
    "html.entities", "app.strategic.describe", "app.strategic.overlays", "app.strategic.scene", "app.shell.files",
    "app.shell.rules_texts", "app.shell.menus", "app.shell.turn_dialogs", "app.shell.turn", "app.shell.combat",
    "app.strategic.view", "app.shell.window", "rules.battlehex.log", "rules.battlehex.questions",
    "rules.battlehex.words", "rules.economy.planet", "rules.economy.tech", "rules.economy.income", "rules.turn.empire",
    "app.shell.campaign_cache",
)
"""What the window needs, in an order in which each import brings few others: one per slice. A
name no longer there is passed over (the window's own imports then say what is missing)."""


PUT_AWAY_MS = 150
"""How long the stand-in stays under the real window after the real one's first frame."""


class Loading(QObject):
    """Run ``steps`` one per turn of the event loop; :meth:`finish` runs the rest at once.
    ``done`` is emitted once the last step has run."""

    done = Signal()

    def __init__(self, steps: list[Callable[[], None]], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.steps = list(steps)
        self.longest = 0.0  # ms: the longest step run by the event loop
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._step)
        self._running = False

    def start(self) -> None:
        self._timer.start()

    @property
    def ready(self) -> bool:
        return not self.steps and not self._running

    def _step(self) -> None:
        if self._running or not self.steps:
            return
        t = time.perf_counter()
        self._run(1)
        self.longest = max(self.longest, (time.perf_counter() - t) * 1000)
        if self.steps:
            self._timer.start()

    def finish(self) -> None:
        """Run every step left now (a user's input needs what they make)."""
        self._timer.stop()
        if not self._running:
            self._run(len(self.steps))

    def _run(self, n: int) -> None:
        self._running = True
        try:
            for _ in range(n):
                self.steps.pop(0)()
        finally:
            self._running = False
        if not self.steps:
            self.done.emit()


def import_steps(names: tuple[str, ...] = MILESTONES) -> list[Callable[[], None]]:
    """One step per module in ``names``."""
    def step(name: str) -> Callable[[], None]:
        def run() -> None:
            try:
                importlib.import_module(name)
            except ImportError:
                pass  # see MILESTONES
        return run
    return [step(n) for n in names]


class StandIn(QWidget):
    """The stored first frame in a window of its own, in the real window's place, until
    :meth:`hand_over` puts the real one there. ``finish`` builds the real window at once and
    returns it (input that needs it)."""

    _FINISHING = (QEvent.Type.KeyPress, QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonDblClick,
                  QEvent.Type.Wheel, QEvent.Type.MouseMove)

    def __init__(self, picture: Picture, finish: Callable[[], QMainWindow | None]) -> None:
        super().__init__()
        self.setObjectName("stand_in")
        self.picture: Picture | None = picture
        self._finish = finish
        self.window: QMainWindow | None = None
        self._pressed: QWidget | None = None
        self.setWindowTitle(picture.title)
        icon = ICONS / "battlehex.svg"  # the real window's, in the window manager's title bar too (no jump)
        if icon.exists():
            self.setWindowIcon(QIcon(str(icon)))
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)  # a move with no button pressed: the real window's hover
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.setAttribute(Qt.WidgetAttribute.WA_QuitOnClose, False)
        size = picture.image.deviceIndependentSize().toSize()
        if not self.restoreGeometry(picture.geometry):
            self.resize(size)
        self._size = size
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._put_away)

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt name)
        painter = QPainter(self)
        painter.fillRect(self.rect(), self.palette().window())
        if self.picture is not None:
            painter.drawImage(0, 0, self.picture.image)

    def hand_over(self, window: QMainWindow) -> None:
        """Show ``window`` where the stand-in is (moved or resized by the user meanwhile:
        there) and put the stand-in away once ``window`` has painted its first frame (a window
        manager maps and frames a new window some time after it is shown: hidden at once, the
        stand-in left the screen empty for a moment)."""
        self.window = window
        if not self.isVisible():
            self._put_away()
            return
        here = self.saveGeometry()  # frame and all, as the window saves its own
        if self.picture is not None and bytes(here.data()) != self.picture.geometry:
            window.restoreGeometry(here)  # moved or resized meanwhile (setGeometry crept by the frame each start)
        active = self.isActiveWindow()
        window.installEventFilter(self)
        window.show()
        if active:
            window.activateWindow()
        self._timer.start(2000)  # a window that never paints (minimized) does not keep it

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        if obj is self.window and event.type() == QEvent.Type.Paint:
            obj.removeEventFilter(self)
            QTimer.singleShot(PUT_AWAY_MS, self._put_away)  # the window manager has framed and shown it by then
        return False

    def _put_away(self) -> None:
        self._timer.stop()
        self.hide()
        self.picture = None  # its image no longer needed

    def event(self, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.Close and not event.spontaneous():  # the program's (Qt's quit closes every window)
            self._timer.stop()
            return super().event(event)
        if kind == QEvent.Type.Close:  # the user's: the real window's close
            event.ignore()
            window = self._finish()
            if window is not None:
                window.close()  # as the real window's close (nothing unsaved yet)
            return True
        if kind == QEvent.Type.Resize and self.isVisible() and self.size() != self._size:
            self._finish()  # the picture no longer fits: the real window, at this size (hand_over)
            return super().event(event)
        if kind == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):  # the pointer rests: after a move
            if self.window is not None:
                target = _under(self.window, event.globalPos())
                QApplication.sendEvent(target, QHelpEvent(kind, target.mapFromGlobal(event.globalPos()),
                                                          event.globalPos()))
            return True
        pressing = kind == QEvent.Type.MouseButtonRelease and self._pressed is not None
        if kind not in self._FINISHING and not pressing:
            return super().event(event)
        if isinstance(event, QKeyEvent) and event.key() in _MODIFIERS:
            return True  # Ctrl, Shift...: the key that comes with them finishes the loading
        window = self._finish()
        if window is None:
            return True
        if isinstance(event, QKeyEvent) and kind == QEvent.Type.KeyPress:
            key_to(window, event)
        elif isinstance(event, QMouseEvent):
            self._mouse_to(window, event)
        elif isinstance(event, QWheelEvent):
            target = _under(window, event.globalPosition().toPoint())
            QApplication.sendEvent(target, QWheelEvent(
                target.mapFromGlobal(event.globalPosition()), event.globalPosition(), event.pixelDelta(),
                event.angleDelta(), event.buttons(), event.modifiers(), event.phase(), event.inverted()))
        return True

    def _mouse_to(self, window: QMainWindow, event: QMouseEvent) -> None:
        """A press (and its moves and release, which still come here) to the real window's widget
        under the pointer; a move with no press to the widget under it (its hover)."""
        kind = event.type()
        if kind in (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonDblClick):
            self._pressed = _under(window, event.globalPosition().toPoint())
        target = self._pressed
        if target is None and kind == QEvent.Type.MouseMove:
            target = _under(window, event.globalPosition().toPoint())
        if target is None:
            return
        QApplication.sendEvent(target, QMouseEvent(kind, target.mapFromGlobal(event.globalPosition()),
                                                   event.globalPosition(), event.button(), event.buttons(),
                                                   event.modifiers()))
        if kind == QEvent.Type.MouseButtonRelease:
            self._pressed = None


def _under(window: QMainWindow, point: QPoint) -> QWidget:
    """The real window's widget at the global ``point`` (the window itself when none)."""
    return window.childAt(window.mapFromGlobal(point)) or window


_MODIFIERS = (Qt.Key.Key_Control, Qt.Key.Key_Shift, Qt.Key.Key_Alt, Qt.Key.Key_Meta, Qt.Key.Key_AltGr,
              Qt.Key.Key_CapsLock, Qt.Key.Key_NumLock)


def key_to(window: QMainWindow, event: QKeyEvent) -> None:
    """Give the real window a key pressed on the stand-in: the enabled action whose shortcut it is
    (Qt's shortcut map only reads keys from the window system), a menu's Alt letter, or else the
    focused widget."""
    pressed = QKeySequence(event.keyCombination())
    for action in window.findChildren(QAction):
        if action.isEnabled() and any(s.matches(pressed) == QKeySequence.SequenceMatch.ExactMatch
                                      for s in action.shortcuts()):
            action.trigger()
            return
    letter = event.text().lower()
    if event.modifiers() == Qt.KeyboardModifier.AltModifier and letter:
        for action in window.menuBar().actions():
            if f"&{letter}" in action.text().lower():
                window.menuBar().setActiveAction(action)
                return
    target = window.focusWidget() or window  # the window's own: the application's may be the stand-in still
    QApplication.sendEvent(target, QKeyEvent(QEvent.Type.KeyPress, event.key(), event.modifiers(), event.text(),
                                             event.isAutoRepeat(), event.count()))
