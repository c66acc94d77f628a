"""The battle window's record of the battle: the log dock (the events the viewer may see,
with rule links) and the export of the report to a file.

Events are appended as they come; the log is drawn afresh only when the viewer or the
details toggle changes or an undo takes events back, and then only its last ``LOG_SHOWN``
events unless the whole log is asked for, so its cost never grows with the battle.
"""
from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from html import escape
from pathlib import Path
from typing import Any

from PySide6.QtCore import QUrl
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QCheckBox, QDockWidget, QFileDialog, QTextBrowser, QVBoxLayout, QWidget

from app.battle.replay_link import ReplayLink
from app.widgets.log_html import append_events, events_html
from app.widgets.question_dialogs import open_rule_link
from app.widgets.titles import plain_words, rule_words
from app.widgets.zoom_view import flat_scroll_bars
from rules.battlehex.log import GM, Event, renumbered, seen_count
from rules.model.visibility import TABLE
from rules.battlehex.sight import Seen, sight

LOG_SHOWN = 200
"""Events rendered when the log is drawn afresh (a reopened long battle); the rest on request."""


class BattleLog(QDockWidget):
    """The log of one battle as one viewer sees it."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__("Log", parent)
        self.setObjectName("battle_log")
        self.view = QTextBrowser()
        self.view.setOpenLinks(False)  # a rule number opens Help > Rules at that rule
        self.view.anchorClicked.connect(self._link)
        # two lines at least, not a scroll area's usual least height: in a short window (scale 2) the
        # log is kept to a fifth of the height and the map keeps half (app/battle/log_room.py)
        self.view.setMinimumHeight(self.view.fontMetrics().lineSpacing() * 2 + 2 * self.view.frameWidth() + 8)
        flat_scroll_bars(self.view)  # its range changes at every replay step: a Fusion bar took 2.2 ms of one
        self.details = QCheckBox("Details (the raw answers, as in the JSON export)")
        box = QWidget()
        lay = QVBoxLayout(box)
        lay.setContentsMargins(2, 2, 2, 2)
        lay.addWidget(self.details)
        lay.addWidget(self.view)
        self.setWidget(box)
        self._key: tuple[object, bool] | None = None
        self._count = 0  # events (of the whole log) already taken into account
        self._start, self._first, self._n, self._who = 0, 0, 0, GM  # the first event drawn, the viewer's events
        # before it and up to _count
        self._shown: list[int] = []  # index in the log of each event shown ...
        self._numbers: list[int] = []  # ... its number in the viewer's view (its events counted 1, 2, 3...) ...
        self._blocks: list[int] = []  # ... and its block in the document
        self._all = False  # the whole log asked for, not only its last LOG_SHOWN events
        self._sees: Callable[[Event], bool] = lambda e: True  # what the viewer may read (show_events)
        self._last: tuple[Sequence[Event], str | None, dict[str, str], Seen | None] | None = None
        self.details.toggled.connect(lambda _on: self._again())

    def forget(self) -> None:
        """Clear it (a hand-over: the next viewer's log is drawn for that viewer only)."""
        self.view.clear()
        self._key = None
        self._shown, self._blocks, self._numbers = [], [], []

    def show_events(self, events: Sequence[Event], viewer: str | None, names: dict[str, str],
                    rebuild: bool = False, rewind_to: int | None = None, run: Seen | None = None) -> None:
        """Add what ``viewer`` has not seen yet of ``events`` (team ids named by ``names``).

        ``run``: the battle the events are the log of; what ``viewer`` may read of them is then
        judged by the battle's sight (rules/battlehex/sight.py: no other Team's hidden unit the
        battle has not shown it), else by each event's ``visible_to`` alone.
        ``rewind_to`` (an undo) drops what is shown from that event on before adding; a new
        viewer, a battle that shows the viewer more (or less, after an undo), the details toggle
        or ``rebuild`` draws the log afresh, as one HTML insert.
        """
        self._last = (events, viewer, names, run)
        who = self._who = viewer or GM
        seen = sight(run, who) if run is not None else None
        self._sees = seen.sees if seen is not None else (lambda e: e.seen_by(who))
        key = (seen.key if seen is not None else who, self.details.isChecked())
        if rebuild or key != self._key or len(events) < self._count and rewind_to is None \
                or rewind_to is not None and rewind_to < self._start:
            self._draw(events, key, names)
            return
        if rewind_to is not None and rewind_to < self._count:
            self._truncate(rewind_to)
            self._n = self._first + sum(e.seen_by(who) for e in events[self._start:rewind_to])
        new = self._numbered(events, self._count)
        self._count = len(events)
        doc = self.view.document()
        first = 0 if doc.isEmpty() else doc.blockCount()  # append fills an empty document's first block
        self._shown.extend(i for i, _e in new)
        self._numbers.extend(e.seq for _i, e in new)
        self._blocks.extend(range(first, first + len(new)))
        append_events(self.view, [e for _i, e in new], key[1], names)

    def _numbered(self, events: Sequence[Event], start: int) -> list[tuple[int, Event]]:
        """The events from ``start`` the viewer may read, with their indexes, numbered in its view (issue 25: the
        log's own numbers left gaps where an event was kept from it); ``_n`` counts on."""
        out, n, who = [], self._n, self._who
        for i, e in enumerate(events[start:], start):
            if e.seen_by(who):
                n += 1
                if self._sees(e):
                    out.append((i, renumbered(e, n)))
        self._n = n
        return out

    def _draw(self, events: Sequence[Event], key: tuple[object, bool], names: dict[str, str]) -> None:
        start = len(events) - LOG_SHOWN if not self._all and len(events) > LOG_SHOWN else 0
        self._first = seen_count(events, start, self._who)  # the viewer's events before it: rows read, not decoded
        self._start, self._n = start, self._first
        shown = self._numbered(events, start)
        note = f"<p><i>{start} earlier events are not shown. <a href='log:all'>Show the whole log</a> (or export " \
               "the report, Ctrl+Shift+S)</i></p>" if start else ""
        self._key, self._count = key, len(events)
        self._shown, self._numbers = [i for i, _e in shown], [e.seq for _i, e in shown]
        self._blocks = list(range(1 if note else 0, len(shown) + (1 if note else 0)))
        self.view.setHtml(f"<html><body>{note}{events_html((e for _i, e in shown), key[1], names)}</body></html>")
        self.view.moveCursor(QTextCursor.MoveOperation.End)  # lays the text out: the latest events in view
        bar = self.view.verticalScrollBar()
        bar.setValue(bar.maximum())

    def _truncate(self, at: int) -> None:
        """Drop the blocks of the events from index ``at`` on (they were taken back)."""
        k = bisect_left(self._shown, at)
        if k < len(self._shown):
            doc = self.view.document()
            cursor = QTextCursor(doc.findBlockByNumber(self._blocks[k]))
            cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
            cursor.removeSelectedText()
            if self._blocks[k] > 0:
                cursor.deletePreviousChar()  # the paragraph break before the first block dropped
            del self._shown[k:], self._blocks[k:], self._numbers[k:]
        self._count = at

    def index_of(self, number: int) -> int | None:
        """The index in the battle's log of the shown event numbered ``number`` in the viewer's view (None: not
        shown): where a click on its number (``replay:N``) replays to."""
        k = bisect_left(self._numbers, number)
        return self._shown[k] if k < len(self._numbers) and self._numbers[k] == number else None

    def _again(self) -> None:
        if self._last is not None:
            events, viewer, names, run = self._last
            self.show_events(events, viewer, names, rebuild=True, run=run)

    def _link(self, url: QUrl) -> None:
        if url.toString() == "log:all":
            self._all = True
            self._again()
        else:
            open_rule_link(url, self)


def replay_href(win: Any, viewer: str) -> Callable[[int], str] | None:
    """The replay link of each event of ``win``'s battle, by its number, for a report written for
    ``viewer`` (:mod:`app.battle.replay_link`): None when the campaign has no file of its own to
    open again (an installed scenario is never written)."""
    from app.shell.files import installed

    path, b = win.session.path, win.b
    if path is None or b is None or installed(Path(path)):
        return None
    rec, file = b.record, str(Path(path).resolve())
    return lambda seq: ReplayLink(file, str(rec.at), rec.turn, seq, viewer).url()


def report_note(href: Callable[[int], str] | None) -> str:
    """What a report says of its replay links."""
    if href is None:
        return ("<p><i>No replay links: the campaign had no file of its own when this report was written "
                "(save it, then export the report again).</i></p>")
    return ("<p><i>Each event's number opens BattleHex's replay of the battle at that event (the campaign file "
            "as last saved): click it where battlehex: links open BattleHex, or run <code>python main.py "
            "LINK</code> with the link (README, Replay links).</i></p>")


def report_events(events: Iterable[Event], href: Callable[[int], str] | None) -> str:
    """A report's log: one item an event, with its anchor (``#event-N``), its number as its
    replay link (``href``), its rule and its words."""
    items = []
    for e in events:
        number = f"<a href='{escape(href(e.seq))}'>{e.seq}.</a>" if href is not None else f"{e.seq}."
        rule = rule_words(e.rule)  # "Combat Phase", "V13.472": the words the log shows
        items.append(f"<li id='event-{e.seq}'>{number} {f'[{escape(rule)}] ' if rule else ''}"
                     f"{escape(plain_words(e.text))}</li>")
    return f"{report_note(href)}<ul style='list-style:none;padding-left:0'>{''.join(items)}</ul>"


def export_report(window: QWidget, html: str, name: str, path: str | None = None) -> tuple[str | None, str]:
    """Write ``html`` to ``path``, or to a file chosen in a save dialog that starts in the last
    export folder with the name ``name``; returns (the path written or None, what to tell)."""
    if path is None:
        settings = getattr(window.parent(), "settings", None)
        folder = str(settings.value("export_folder", "")) if settings is not None else ""
        start = Path(folder if folder and Path(folder).is_dir() else Path.home()) / name
        path, _ = QFileDialog.getSaveFileName(window, "Export battle report", str(start), "HTML (*.html)")
        if not path:
            return None, ""
        if settings is not None:
            settings.setValue("export_folder", str(Path(path).parent))
    try:
        Path(path).write_text(html, encoding="utf-8")
    except OSError as e:
        return None, f"Cannot write {path}: {e.strerror or e}"
    return path, f"Battle report written to {path}"


KEPT_WORDS = "an answer about units kept from this screen"
"""An undo entry's words when they name what the screen's Team may not know."""


def whole_report(win: Any, viewer: str) -> str:
    """The battle report of the whole battle as it stands: while replaying, made at the replay's
    last step and the step shown given back (a report of the step shown read as the battle, issue 22)."""
    shown = win.replay.k if win.replay.on else None
    if shown is not None:
        win.replay.last()
    try:
        return str(win.panel.report(viewer))
    finally:
        if shown is not None:
            win.replay.go(shown)


def screen_viewer(win: Any) -> str:
    """Who reads a battle window now: the Team (or the GM) that took the screen; on the hand-over
    screen nobody has yet, so every Team at once (:data:`rules.model.visibility.TABLE`)."""
    return TABLE if win.viewer is None or win.handing_over() else str(win.viewer)


def screen_words(win: Any, text: str) -> str:
    """``text`` (an undo entry) as a battle window's screen may show it (rules/battlehex/sight.py)."""
    b = win.b
    if not text or b is None:
        return text
    return text if sight(b, screen_viewer(win)).reads(text) else KEPT_WORDS


def show_undo_words(win: Any) -> None:
    """Name the undo and redo entries again for whoever reads the window now (a hand-over, a take-over)."""
    win._undo_text(win.ctl.undo_stack.undoText())
    win._redo_text(win.ctl.undo_stack.redoText())
