"""The edge where a failure nobody caught ends: said in words, logged, never swallowed (issue 19).

Every way code runs in the app ends here when it fails: the actions and buttons connected
with :func:`app.shell.signals.connect_plain` (:func:`guard`), any other Qt slot or virtual method
(PySide6 hands their exceptions to ``sys.excepthook``), the autosave thread and any other
thread (``threading.excepthook``); :func:`install` sets both hooks when the app starts.

A failure (:func:`report`) is

- written with its traceback to the log file in the data folder (:func:`log_file`, beside the
  autosaves: ``BATTLEHEX_DATA`` or the per-user folder of ``platformdirs``);
- kept in :data:`reported`, so the test suite fails on one nobody expected (tests/conftest.py);
- shown in a dialog that says in words what failed and that nothing was changed (the session
  applies a change only once it is whole, so the campaign and its autosave stay as they were);
  the traceback is in the dialog's Details. While one such dialog is open the next failures are
  added to it, so a failure repeated by every redraw does not bury the window in dialogs.

The dialog is opened without blocking (``show``, application-modal) on the GUI thread; a
failure in another thread reaches it through a queued signal.
"""
from __future__ import annotations

import contextlib
import datetime
import os
import sys
import threading
import traceback
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal
from PySide6.QtWidgets import QApplication, QMessageBox

from app.shell.paths import autosave_dir

LOG_LIMIT = 2_000_000
"""Bytes: a longer log is moved aside to ``battlehex.log.1`` (one old log is kept)."""


@dataclass(frozen=True)
class Failure:
    """One failure as the user is told of it.

    Attributes:
        what: what was being done, in words ("End phase", "Autosave").
        words: why it failed, in words (the exception's message, not its traceback).
        details: the traceback.
        log: the log file the traceback was written to (``None`` when it could not be).
        kept: what the failure left as it was, in words.
    """

    what: str
    words: str
    details: str
    log: Path | None
    kept: str = ""


reported: list[Failure] = []
"""Every failure reported in this process, oldest first (tests take them with :func:`take`)."""
_lock = threading.Lock()


def log_file() -> Path:
    """The app's log, in the data folder (beside the ``autosave`` folder)."""
    return autosave_dir().parent / "battlehex.log"


def take() -> list[Failure]:
    """The failures reported so far, which are then forgotten (a test that expects one)."""
    with _lock:
        out = list(reported)
        reported.clear()
    return out


def words_of(error: BaseException) -> str:
    """What went wrong, in words: the message a person can read, with the kind of error."""
    if isinstance(error, OSError) and error.strerror:
        where = f" ({error.filename})" if error.filename else ""
        return f"{error.strerror}{where}"
    key = isinstance(error, KeyError) and len(error.args) == 1  # str() of a KeyError is its repr
    text = (str(error.args[0]) if key else str(error)).strip()
    kind = type(error).__name__
    if not text:
        return f"an internal error of the program ({kind}, with no message)"
    from rules.errors import RuleError

    if isinstance(error, RuleError):
        return text
    return f"{text} (an internal error of the program: {kind})"


def write_log(what: str, details: str) -> Path | None:
    """Append ``what`` failed, with ``details`` (a traceback), to the log; the log, or ``None``."""
    path = log_file()
    stamp = datetime.datetime.now().astimezone().isoformat(timespec="seconds")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(OSError):
            if path.stat().st_size > LOG_LIMIT:
                os.replace(path, path.with_name(path.name + ".1"))
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)  # tracebacks may quote the campaign
        with os.fdopen(fd, "a", encoding="utf-8", errors="backslashreplace") as fh:
            fh.write(f"--- {stamp} {what} failed (thread {threading.current_thread().name})\n{details}\n")
    except OSError as e:
        print(f"BattleHex: could not write the log {path}: {e}", file=sys.stderr)
        return None
    return path


KEPT = ("The campaign keeps its last good state: a step that fails is not applied, and the last autosave is "
        "kept. You can go on, undo or save.")
"""What a failed step leaves, as the dialog says it unless the caller knows better."""


def report(what: str, error: BaseException, tb: TracebackType | None = None, show: bool = True,
           kept: str = KEPT) -> Failure:
    """Tell the user that ``what`` failed with ``error``: log it, keep it, show it (from any
    thread); ``show`` False logs and keeps a repeat of a failure already shown; ``kept`` says
    what the failure left as it was."""
    tb = tb if tb is not None else error.__traceback__
    details = "".join(traceback.format_exception(type(error), error, tb))
    print(f"BattleHex: {what} failed\n{details}", file=sys.stderr, end="")  # a terminal still sees it
    failure = Failure(what, words_of(error), details, write_log(what, details), kept)
    with _lock:
        reported.append(failure)
    edge = ensure_edge()
    if edge is not None and show:
        if threading.current_thread() is threading.main_thread():
            edge.present(failure)
        else:
            edge.failed.emit(failure)
    return failure


def guard(what: str, slot: Any) -> Any:
    """``slot`` run so that a failure is reported (:func:`report`) instead of escaping into Qt."""
    try:
        return slot()
    except Exception as e:  # the edge: whatever failed is told, logged and kept
        report(what, e)
        return None


SHOWN_LINES, SHOWN_CHARS = 8, 600
"""The most of a failure's words the dialog's text shows: a message box is as tall as its words (one
of 60 lines was 968 px on a 1000 px screen, its OK out of reach); the rest is under Show Details..."""


def _head(words: str) -> str:
    """``words`` for the dialog's text: the first lines of a long failure, saying where the rest is."""
    head = "\n".join(words.splitlines()[:SHOWN_LINES])
    if len(head) > SHOWN_CHARS:
        head = head[:SHOWN_CHARS].rsplit(" ", 1)[0] if " " in head[:SHOWN_CHARS] else head[:SHOWN_CHARS]
    return head if head == words else f"{head} ...\n(the whole failure under Show Details...)"


class ErrorDialog(QMessageBox):
    """What failed, in words; the traceback under Details; the log file named."""

    def __init__(self, failure: Failure, parent: Any = None) -> None:
        super().__init__(QMessageBox.Icon.Critical, "BattleHex: something failed", "",
                         QMessageBox.StandardButton.Ok, parent)
        self.setObjectName("error_dialog")
        self.failures: list[Failure] = []
        self.setWindowModality(Qt.WindowModality.ApplicationModal)
        self.setTextFormat(Qt.TextFormat.PlainText)  # an error's words are not markup
        self.setStyleSheet("QLabel#qt_msgbox_label { min-width: 560px; }")
        self.add(failure)

    def add(self, failure: Failure) -> None:
        """One more failure, told in the same dialog."""
        self.failures.append(failure)
        first = self.failures[0]
        more = len(self.failures) - 1
        self.setText(f"{first.what} failed: {_head(first.words)}"
                     + (f"\nand {more} more failure{'s' if more != 1 else ''} since (see Details)." if more else ""))
        log = next((f.log for f in self.failures if f.log is not None), None)
        self.setInformativeText(first.kept + (f"\nThe full report is in the log: {log}" if log else ""))
        self.setDetailedText("\n".join(f"{f.what} failed: {f.words}\n{f.details}" for f in self.failures))


class _Edge(QObject):
    """Lives on the GUI thread: shows failures there, those of other threads included."""

    failed = Signal(object)

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.dialog: ErrorDialog | None = None
        self.failed.connect(self.present, Qt.ConnectionType.QueuedConnection)

    def present(self, failure: Failure) -> None:
        """Show ``failure``: in the open error dialog, else in a new one."""
        dialog = self.dialog
        with contextlib.suppress(RuntimeError):  # a dialog Qt already deleted
            if dialog is not None and dialog.isVisible():
                dialog.add(failure)
                return
        parent = QApplication.activeWindow()
        dialog = ErrorDialog(failure, parent)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.dialog = dialog
        dialog.show()


_the_edge: _Edge | None = None


def ensure_edge() -> _Edge | None:
    """The GUI thread's edge, made when a QApplication exists (none in a headless run)."""
    global _the_edge
    app = QCoreApplication.instance()
    if not isinstance(app, QApplication):
        return None
    if _the_edge is None or _the_edge.parent() is not app:
        if threading.current_thread() is not threading.main_thread():
            return None  # made on the GUI thread only; install() makes it at start
        _the_edge = _Edge(app)
    return _the_edge


def current_dialog() -> ErrorDialog | None:
    """The error dialog on screen, if any."""
    dialog = _the_edge.dialog if _the_edge is not None else None
    with contextlib.suppress(RuntimeError):
        if dialog is not None and dialog.isVisible():
            return dialog
    return None


def words_of_name(name: str, default: str = "This action") -> str:
    """What a function does, from its name: ``end_phase`` -> "End phase" (a lambda: ``default``)."""
    if not name or name.startswith("<"):
        return default
    words = name.strip("_").replace("_", " ")
    return words[:1].upper() + words[1:] if words else default


def _excepthook(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
    if issubclass(kind, KeyboardInterrupt):
        sys.__excepthook__(kind, error, tb)
        return
    entry = tb.tb_frame.f_code.co_name if tb is not None else ""  # the slot Qt called, or the script
    report(words_of_name(entry, "BattleHex"), error, tb)


def _thread_hook(args: threading.ExceptHookArgs) -> None:
    if args.exc_value is None or issubclass(args.exc_type, SystemExit):
        return
    name = args.thread.name if args.thread is not None else "a worker"
    report(f"The {name} thread", args.exc_value, args.exc_traceback)


def install() -> None:
    """Route every uncaught exception (Qt slots, the main thread, other threads) to :func:`report`."""
    sys.excepthook = _excepthook
    threading.excepthook = _thread_hook
    ensure_edge()
