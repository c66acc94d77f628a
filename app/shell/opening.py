"""The main window being opened by ``main.py`` (issue 21): made at once, or made in slices behind
the first frame the last such start kept (:mod:`app.shell.first_frame`, :mod:`app.shell.stand_in`)."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget

if TYPE_CHECKING:
    from app.shell.first_frame import Picture
    from app.shell.stand_in import Loading, StandIn


class Opening(QObject):
    """``main.py``'s main window being opened: made at once (no ``picture``), or made in slices
    behind the stand-in showing ``picture``. ``make(later)`` makes the window (with ``later``, it
    opens its campaign when its ``open_start()`` is called), ``prepare`` is the first slice
    (before pydantic is imported); ``key`` (:func:`app.shell.first_frame.start_key`, a start
    with nothing named) keeps the plain start's first frame for the next start."""

    def __init__(self, make: Callable[[bool], QMainWindow], picture: Picture | None = None, key: str | None = None,
                 prepare: Callable[[], None] = lambda: None) -> None:
        super().__init__()
        self.make = make
        self.key = key
        self.drawn = picture is not None  # behind a kept first frame
        self.window: QMainWindow | None = None
        self.stand_in: StandIn | None = None
        self.loading: Loading | None = None
        self._waiting: list[Callable[[QMainWindow], None]] = []
        if picture is None:
            self.window = make(False)
        else:
            from app.shell.stand_in import Loading, StandIn, import_steps  # not for a plain start: ~20 ms

            self.stand_in = StandIn(picture, self.finish)
            self.loading = Loading([prepare, *import_steps(), self._make, self._open, self._show], self)
            self.stand_in.installEventFilter(self)

    @property
    def first(self) -> QWidget:
        """The window whose first frame the user sees first."""
        return self.stand_in if self.stand_in is not None else self.window  # type: ignore[return-value]

    def show(self) -> None:
        if self.stand_in is not None:
            self.stand_in.show()
            return
        assert self.window is not None
        self.window.show()
        if self.key is not None:
            self.window.installEventFilter(self)  # its first frame kept (first_frame.store_picture)
        QTimer.singleShot(0, self._ready)

    def when_ready(self, call: Callable[[QMainWindow], None]) -> None:
        """Call ``call`` with the real window once it is shown (at once when it is)."""
        if self.window is not None and not self._waiting and self.window.isVisible():
            call(self.window)
        else:
            self._waiting.append(call)

    def finish(self) -> QMainWindow | None:
        """The real window, made now if it is not yet (None while a slice is running: a dialog it
        opened is modal, so no input reaches the stand-in meanwhile)."""
        if self.loading is not None:
            self.loading.finish()
        return self.window

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.Paint:
            obj.removeEventFilter(self)
            if obj is self.stand_in and self.loading is not None:
                self.loading.start()  # after the first frame
            elif obj is self.window:
                QTimer.singleShot(0, self._keep)
        return False

    def _make(self) -> None:
        self._made = self.make(True)

    def _open(self) -> None:
        self._made.open_start()  # type: ignore[attr-defined]

    def _show(self) -> None:
        self.window = self._made
        assert self.stand_in is not None
        self.stand_in.hand_over(self.window)
        self._ready()

    def _ready(self) -> None:
        waiting, self._waiting = self._waiting, []
        for call in waiting:
            call(self.window)  # type: ignore[arg-type]

    def tear_down(self) -> None:
        """Delete the windows while Qt is alive (the stand-in without closing it: a close finishes
        the loading)."""
        for widget in (self.window, self.stand_in):
            if widget is not None:
                if widget is self.window:
                    widget.close()
                widget.deleteLater()
        self.window = self.stand_in = None
        QApplication.processEvents()

    def _keep(self) -> None:
        """Keep the plain start's first frame, unless it no longer shows the start (another
        file, the GM view, a change: the user was quicker). The start's file is the built-in
        campaign or the last file reopened (File > Reopen the Last File at Start, on by default:
        before, only the built-in campaign's frame was kept, so a user who played a file of their
        own saw a plain start every time); never a file with sealed secrets (its passphrases are
        asked before its window shows anything of it)."""
        from app.shell.first_frame import store_picture

        window = self.window
        session = getattr(window, "session", None)
        if window is None or self.key is None or session is None or getattr(window, "campaign_path", None) \
                != window.start_file() or window.isWindowModified() or session.undo_stack.count() \
                or session.campaign.keys or session.keyring.names \
                or window.gm_view_action.isChecked() or QApplication.activeModalWidget() is not None:
            return
        store_picture(window, self.key)
