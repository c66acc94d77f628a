"""The main window's campaign log dock: every line of the campaign log the viewer may read
(rules/model/visibility.py judges: the table's view leaves out the lines that are a Team's or
the GM's secret; the GM view shows all), each rule a link to Help > Rules (as the battle log's:
:mod:`app.widgets.log_html`), with filters by turn, phase and power, find, and follow-the-latest.

A change of the campaign appends only its new lines when the log grew and nothing else changed
(the viewer, the filters, the lines already shown); otherwise the log is drawn afresh.
"""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QRegularExpression, QUrl
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QLineEdit,
    QMainWindow,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from rules.model import Campaign, visibility
from rules.model.records import LogEntry

SHORT_WINDOW = 640
"""A main window shorter than this (logical pixels: a 1000-pixel screen at QT_SCALE_FACTOR=2) does
not open the log by itself: its first lines would take the map's room."""
ALL = ""
"""A filter's value that keeps every line."""
OTHER = "Other"
CITED_AS = {"docs/SECRETS.md": "Secrets"}
"""Citations older files hold, as the engine writes them now (rules.model.secrets.LOG_RULE: the
passphrase lines were written under a file path, shown to players)."""


def phase_of(e: LogEntry) -> str | None:
    """The phase a line's rule names: ``004 Supply Phase`` is the Supply Phase (``004
    Sequence of Play``: the Sequence of Play); ``None`` for a rule of another seed (V13.11...)."""
    rule = e.rule.strip()
    if rule.startswith("004 ") and not rule[4:5].isdigit():
        return rule.removeprefix("004 ").strip()
    return None


def phases(log: Sequence[LogEntry]) -> list[str]:
    """The phase of each line: the one its rule names, else the phase of the line before it
    (the log is in the order of play: a V13.11 line written in the Movement Phase is the
    Movement Phase's); :data:`OTHER` before any."""
    out, now = [], OTHER
    for e in log:
        now = phase_of(e) or now
        out.append(now)
    return out


def power_words(c: Campaign) -> dict[str, tuple[str, ...]]:
    """Power id -> the words that say a line is about it: its name and id, its fleets' and
    their units' names (longest first)."""
    words: dict[str, set[str]] = {p.id: {p.name, f"({p.id})"} for p in c.powers}
    for f in c.fleets:
        if f.power in words:
            words[f.power].add(f.name)
            words[f.power].update(u.name for u in f.units)
    return {p: tuple(sorted(w, key=lambda s: (-len(s), s))) for p, w in words.items()}


def entry_html(e: LogEntry) -> str:
    """One line as one paragraph: turn, rule (a link) and text (its rule numbers linked)."""
    from app.widgets.log_html import linkify  # when drawn: importing it at start loads rules.systems.v13 (tests/test_layers.py)
    from app.widgets.titles import plain_words, rule_words, whole_rules

    cited = rule_words(CITED_AS.get(e.rule, e.rule))  # "Supply Phase", not "004 Supply Phase" (issue 22)
    rule = f"<b>[{whole_rules(linkify(cited))}]</b> " if cited else ""  # "[AF/EF 4.2.e]" never split
    text = linkify(plain_words(e.text))
    return f'<p style="margin:0 0 2px 0"><span style="color:#888">T{e.turn}</span> {rule}{text}</p>'


class CampaignLog(QDockWidget):
    """The campaign log as one viewer (the table or the GM) may read it."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__("Campaign log", parent)
        self.setObjectName("campaign_log")
        self.turn_box, self.phase_box, self.power_box = QComboBox(), QComboBox(), QComboBox()
        for box, name, tip in ((self.turn_box, "log_turn", "Show the lines of one turn"),
                               (self.phase_box, "log_phase", "Show the lines of one phase"),
                               (self.power_box, "log_power", "Show the lines naming one power, its fleets or units")):
            box.setObjectName(name)
            box.setToolTip(tip)
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            box.currentIndexChanged.connect(lambda _i: self._redraw())
        self.find = QLineEdit()
        self.find.setObjectName("log_find")
        self.find.setPlaceholderText("Find in the log")
        self.find.setClearButtonEnabled(True)
        # never narrower than its placeholder's words (with the clear button): the filters give up their
        # room first (the Empire Sheet beside the log at QT_SCALE_FACTOR=2 left it 28 pixels, two letters)
        margins = self.find.textMargins().left() + self.find.textMargins().right()
        self.find.setMinimumWidth(self.find.fontMetrics().horizontalAdvance(self.find.placeholderText())
                                  + margins + self.find.sizeHint().height() + 12)
        self.find.returnPressed.connect(self.find_next)
        find_next = QPushButton("Find &Next")
        find_next.clicked.connect(self.find_next)
        self.follow = QCheckBox("Follow the latest")
        self.follow.setObjectName("log_follow")
        self.follow.setChecked(True)
        self.follow.toggled.connect(lambda on: self._to_end() if on else None)
        self.view = QTextBrowser()
        self.view.setObjectName("campaign_log_view")
        self.view.setMinimumHeight(self.view.fontMetrics().lineSpacing() * 3)  # a short window gives it little
        self.view.setOpenLinks(False)  # a rule opens Help > Rules at that rule
        self.view.setPlaceholderText("No line of the campaign log to show here (yet).")
        self.view.anchorClicked.connect(self._link)
        # following, the latest line stays in view when the lines wrap anew (the dock made narrower by
        # the Empire Sheet beside it, the window resized) or the dock is laid out after its lines came
        self.view.verticalScrollBar().rangeChanged.connect(lambda _lo, hi: self._follow(hi))
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        for w in (self.turn_box, self.phase_box, self.power_box, self.find, find_next, self.follow):
            top.addWidget(w)
        box = QWidget()
        lay = QVBoxLayout(box)
        lay.setContentsMargins(2, 2, 2, 2)
        lay.addLayout(top)
        lay.addWidget(self.view)
        self.setWidget(box)
        self._log: Sequence[LogEntry] = ()
        self._shown: list[bool] = []  # whether each line of the log is shown to the viewer (visibility.shown)
        self._viewer = visibility.TABLE
        self._words: dict[str, tuple[str, ...]] = {}
        self._phases: list[str] = []  # the phase of each line of the log
        self._count = 0  # lines of the log already taken into account
        self._key: tuple[str, str, str, str] | None = None
        self._auto = True  # closed while it has nothing to show, opened by its first lines ...
        self.toggleViewAction().triggered.connect(self._chosen)  # ... until View > Campaign Log is used

    # -- what is shown -----------------------------------------------------------------------
    def show_log(self, campaign: Campaign, viewer: str) -> None:
        """Show what ``viewer`` (:data:`rules.model.visibility.TABLE` or ``GM``) may read of
        ``campaign``'s log: only the new lines when the log grew, afresh otherwise."""
        old, log, was = self._log, campaign.log, self._shown
        self._log, self._viewer = log, viewer
        self._shown = visibility.shown(log, viewer)  # a battle's result once: the fullest version the viewer may read
        self._words = power_words(campaign)
        self._phases = phases(log)
        self._fill_choices(campaign)
        grew = self._key == self._filters() and len(log) >= self._count and \
            (old is log or list(old[:self._count]) == list(log[:self._count])) and \
            was[:self._count] == self._shown[:self._count]  # no line shown before replaced by a new one
        if grew:
            self._append(log[self._count:])
        else:
            self._redraw()
        if self._auto:
            readable = any(visibility.entry_seen_by(e, viewer) for e in log)
            short = self.parentWidget() is not None and self.parentWidget().height() < SHORT_WINDOW
            self.setVisible(readable and (not short or self.isVisible()))  # a short window keeps the map:
            # there the log opens only when asked (View > Campaign Log, Ctrl+L)

    def _link(self, url: QUrl) -> None:
        from app.widgets.question_dialogs import open_rule_link

        open_rule_link(url, self)

    def _chosen(self, _on: bool) -> None:
        self._auto = False

    def lines(self) -> list[LogEntry]:
        """The lines shown now (the viewer's, through the filters), in order."""
        return [e for i, e in enumerate(self._log) if self._keeps(i)]

    def _filters(self) -> tuple[str, str, str, str]:
        return (self._viewer, str(self.turn_box.currentData() or ALL), str(self.phase_box.currentData() or ALL),
                str(self.power_box.currentData() or ALL))

    def _keeps(self, i: int) -> bool:
        """Whether the log's line ``i`` is shown (the viewer's and through the filters)."""
        e = self._log[i]
        _viewer, turn, phase, power = self._filters()
        if not self._shown[i]:
            return False
        if turn and str(e.turn) != turn or phase and self._phases[i] != phase:
            return False
        return not power or any(w in e.text for w in self._words.get(power, ()))

    def _fill_choices(self, c: Campaign) -> None:
        """The filters' choices: every turn and phase of the log, every power; the choice
        made is kept."""
        readable = [i for i, e in enumerate(c.log) if visibility.entry_seen_by(e, self._viewer)]
        turns = [(f"Turn {t}", str(t)) for t in sorted({c.log[i].turn for i in readable})]
        named = [(p, p) for p in dict.fromkeys(self._phases[i] for i in readable)]  # in the order of play
        powers = [(p.name, p.id) for p in c.powers]
        for box, first, items in ((self.turn_box, "All turns", turns), (self.phase_box, "All phases", named),
                                  (self.power_box, "All powers", powers)):
            now = [(first, ALL), *items]
            if [(box.itemText(i), box.itemData(i)) for i in range(box.count())] == now:
                continue
            chosen = box.currentData()
            box.blockSignals(True)
            box.clear()
            for text, data in now:
                box.addItem(text, data)
            box.setCurrentIndex(max(0, box.findData(chosen)))
            box.blockSignals(False)

    def _redraw(self) -> None:
        self._key = self._filters()
        self._count = len(self._log)
        self.view.setHtml(f"<html><body>{''.join(entry_html(e) for e in self.lines())}</body></html>")
        if self.follow.isChecked():
            self._to_end()

    def _append(self, new: Sequence[LogEntry]) -> None:
        self._count = len(self._log)
        kept = [self._log[i] for i in range(self._count - len(new), self._count) if self._keeps(i)]
        if not kept:
            return
        for e in kept:
            self.view.append(entry_html(e))
        if self.follow.isChecked():
            self._to_end()

    def _follow(self, end: int) -> None:
        if self.follow.isChecked():
            self.view.verticalScrollBar().setValue(end)

    def _to_end(self) -> None:
        self.view.moveCursor(QTextCursor.MoveOperation.End)
        bar = self.view.verticalScrollBar()
        bar.setValue(bar.maximum())

    # -- find --------------------------------------------------------------------------------
    def find_next(self) -> bool:
        """Select the next occurrence of the find text (from the top after the last one);
        following the latest stops, so the line found stays in view. Found nowhere, the log stays
        as it was (where the reader was, following or not) and the status bar says so: a miss used
        to leave the log at its first line with Follow the latest unticked, saying nothing."""
        text = self.find.text()
        if not text:
            return False
        from app.widgets.titles import findable

        bar = self.view.verticalScrollBar()
        cursor, value, following = self.view.textCursor(), bar.value(), self.follow.isChecked()
        self.follow.setChecked(False)
        pattern = QRegularExpression(findable(text), QRegularExpression.PatternOption.CaseInsensitiveOption)
        if self.view.find(pattern):  # a rule "AF/EF 4.1.b" typed finds it as shown, kept whole (whole_rules)
            return True
        self.view.moveCursor(QTextCursor.MoveOperation.Start)
        if self.view.find(pattern):
            return True
        self.view.setTextCursor(cursor)
        bar.setValue(value)
        self.follow.setChecked(following)
        window = self.parentWidget()
        if isinstance(window, QMainWindow):
            window.statusBar().showMessage("Find in the log: not in the lines shown", 8000)  # the words typed
            # not repeated: the status bar holds back a line naming a unit kept from the viewer, typed or not
        return False
