"""The battle window's record of the battle: the log dock (the events the viewer may see,
with rule links) and the export of the report to a file.

Events are appended as they come; the log is drawn afresh only when the viewer or the
details toggle changes or an undo takes events back, and then only its last ``LOG_SHOWN``
events unless the whole log is asked for, so its cost never grows with the battle.
"""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtWidgets import QCheckBox, QDockWidget, QFileDialog, QTextBrowser, QVBoxLayout, QWidget

from app.log_html import append_events
from app.question_dialogs import open_rule_link
from rules.battle.log import GM, Event

LOG_SHOWN = 600
"""Events rendered when the log is drawn afresh (a reopened long battle); the rest on request."""


class BattleLog(QDockWidget):
    """The log of one battle as one viewer sees it."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__("Log", parent)
        self.setObjectName("battle_log")
        self.view = QTextBrowser()
        self.view.setOpenLinks(False)  # a rule number opens Help > Rules at that rule
        self.view.anchorClicked.connect(self._link)
        self.details = QCheckBox("Details (the raw answers, as in the JSON export)")
        box = QWidget()
        lay = QVBoxLayout(box)
        lay.setContentsMargins(2, 2, 2, 2)
        lay.addWidget(self.details)
        lay.addWidget(self.view)
        self.setWidget(box)
        self._key: tuple[str, bool] | None = None
        self._count = 0
        self._all = False  # the whole log asked for, not only its last LOG_SHOWN events
        self._last: tuple[Sequence[Event], str | None, dict[str, str]] | None = None
        self.details.toggled.connect(lambda _on: self._again())

    def forget(self) -> None:
        """Clear it (a hand-over: the next viewer's log is drawn for that viewer only)."""
        self.view.clear()
        self._key = None

    def show_events(self, events: Sequence[Event], viewer: str | None, names: dict[str, str],
                    rebuild: bool = False) -> None:
        """Add what ``viewer`` has not seen yet of ``events`` (team ids named by ``names``)."""
        self._last = (events, viewer, names)
        key = (viewer or GM, self.details.isChecked())
        if rebuild or key != self._key or len(events) < self._count:
            self._key, self._count = key, 0
            self.view.clear()
            if not self._all and len(events) > LOG_SHOWN:
                self._count = len(events) - LOG_SHOWN
                self.view.append(f"<p><i>{self._count} earlier events are not shown. <a href='log:all'>Show the "
                                 "whole log</a> (or export the report, Ctrl+Shift+S)</i></p>")
        new = [e for e in events[self._count:] if e.seen_by(key[0])]
        self._count = len(events)
        append_events(self.view, new, key[1], names)

    def _again(self) -> None:
        if self._last is not None:
            self.show_events(*self._last, rebuild=True)

    def _link(self, url: QUrl) -> None:
        if url.toString() == "log:all":
            self._all = True
            self._again()
        else:
            open_rule_link(url, self)


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
