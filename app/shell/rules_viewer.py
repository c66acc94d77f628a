"""Help > Rules: the rules texts shipped with BattleHex (:mod:`app.shell.rules_texts`), rendered as
markdown, with find and "go to rule" (a rule's paragraph scrolled to the top of the view).

:func:`open_rule` is the one entry point for the rest of the program: it picks the text that
holds a rule, reuses that text's viewer if one is open, and shows the rule at the top.
"""
from __future__ import annotations

import re
from pathlib import Path

import shiboken6
from PySide6.QtCore import QTimer, QUrl
from PySide6.QtGui import (
    QColor,
    QKeySequence,
    QShortcut,
    QTextCharFormat,
    QTextCursor,
    QTextFormat,
)
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTextBrowser,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from app.shell import window_state
from app.shell.rules_texts import (
    LINE_START,
    RULE_SCHEME,
    RulesText,
    all_defined_rules,
    raw_text,
    rule_id,
    text_for_rule,
    to_markdown,
    unbullet,
)

# -- the viewer -----------------------------------------------------------------------------------
_OPEN: dict[Path, RulesViewer] = {}


class RulesViewer(QDialog):
    """One rules text, read-only, rendered as markdown, with a find box (Ctrl+F, Enter / F3
    for the next match) and :meth:`goto` a rule. Rule links go to their paragraph."""

    def __init__(self, text: RulesText, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.text = text
        self.setWindowTitle(text.title)
        self.resize(900, 760)
        window_state.fit_to_screen(self)  # inside the screen, also at QT_SCALE_FACTOR=2
        self.view = QTextBrowser(self)
        self.view.setOpenLinks(False)
        self.view.anchorClicked.connect(self._follow)
        self.view.setMarkdown(to_markdown(raw_text(text.path), all_defined_rules()))
        unbullet(self.view.document())
        self._starts: dict[str, int] | None = None
        self._at: tuple[str, int] | None = None  # the rule gone to, and where the view stood then
        self.find = QLineEdit(self)
        self.find.setPlaceholderText("Find (e.g. V13.812)")
        self.find.returnPressed.connect(self.find_next)
        self.find.textEdited.connect(lambda _t: self.find_next(from_top=True))
        self.status = QLabel("", self)
        nxt = QPushButton("Next", self)
        nxt.clicked.connect(lambda: self.find_next())
        row = QHBoxLayout()
        row.addWidget(self.find, 1)
        row.addWidget(nxt)
        row.addWidget(self.status)
        lay = QVBoxLayout(self)
        lay.addLayout(row)
        lay.addWidget(self.view, 1)
        QShortcut(QKeySequence.StandardKey.Find, self, activated=self.find.setFocus)
        QShortcut(QKeySequence.StandardKey.FindNext, self, activated=self.find_next)
        _OPEN[text.path] = self

    def find_next(self, from_top: bool = False) -> bool:
        """Select the next occurrence of the find text; wrap around once."""
        needle = self.find.text()
        if not needle:
            self.status.setText("")
            return False
        if from_top:
            cursor = self.view.textCursor()
            cursor.setPosition(0)
            self.view.setTextCursor(cursor)
        found = self.view.find(needle)
        if not found:
            cursor = self.view.textCursor()
            cursor.setPosition(0)
            self.view.setTextCursor(cursor)
            found = self.view.find(needle)
        self.status.setText("" if found else "not found")
        return found

    # -- going to a rule ------------------------------------------------------------------------
    def rule_starts(self) -> dict[str, int]:
        """Document position of each rule number that starts a line of the rendered text."""
        if self._starts is None:
            starts: dict[str, int] = {}
            block = self.view.document().begin()
            while block.isValid():
                offset = 0
                for line in block.text().split("\u2028"):
                    m = LINE_START.match(line)
                    if m:
                        starts.setdefault(m.group(1), block.position() + offset + m.start(1))
                    offset += len(line) + 1
                block = block.next()
            self._starts = starts
        return self._starts

    def position_of(self, rule: str) -> int | None:
        """Where ``rule``'s paragraph starts (a group such as ``V13.95`` finds its first rule,
        ``V13.950``); else where the text first mentions it; ``None`` if nowhere."""
        rid = rule_id(rule)
        if rid is None:
            return None
        starts = self.rule_starts()
        if rid in starts:
            return starts[rid]
        group = sorted((p for r, p in starts.items() if r.startswith(rid)))
        if group:
            return group[0]
        m = re.search(rf"(?<![\w.]){re.escape(rid)}(?!\w|\.\d)", self.view.document().toPlainText())
        return m.start() if m else None

    def goto(self, rule: str) -> bool:
        """Scroll so that ``rule``'s paragraph is the top line of the view, and select its
        number. False (and nothing moves) if the text does not have it."""
        pos = self.position_of(rule)
        if pos is None:
            return False
        doc = self.view.document()
        self._room_below()
        block = doc.findBlock(pos)
        line = block.layout().lineForTextPosition(pos - block.position())
        y = doc.documentLayout().blockBoundingRect(block).top() + (line.y() if line.isValid() else 0.0)
        rid = rule_id(rule) or ""
        cursor = QTextCursor(doc)
        cursor.setPosition(pos)
        if doc.toPlainText()[pos:pos + len(rid)] == rid:
            cursor.setPosition(pos + len(rid), QTextCursor.MoveMode.KeepAnchor)
        self.view.setTextCursor(cursor)
        mark = QTextEdit.ExtraSelection()
        fmt = QTextCharFormat()
        fmt.setBackground(QColor("#fff3b0"))
        fmt.setProperty(QTextFormat.Property.FullWidthSelection, True)
        mark.format = fmt
        mark.cursor = QTextCursor(block)
        self.view.setExtraSelections([mark])
        self.view.verticalScrollBar().setValue(round(y))
        self._at = (rule, self.view.verticalScrollBar().value())
        return True

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt name)
        """A new width reflows the text: keep the rule gone to at the top (unless the reader
        has scrolled away from it since)."""
        super().resizeEvent(event)
        at = self._at
        if at is not None and self.view.verticalScrollBar().value() == at[1]:
            QTimer.singleShot(0, self, lambda: self.goto(at[0]))

    def _room_below(self) -> None:
        """A bottom margin of one view height, so that the last rules too can reach the top."""
        doc = self.view.document()
        frame = doc.rootFrame().frameFormat()
        want = max(0, self.view.viewport().height() - 20)
        if abs(frame.bottomMargin() - want) > 1:
            frame.setBottomMargin(want)
            doc.rootFrame().setFrameFormat(frame)
        doc.documentLayout().documentSize()  # lay out now, so the scroll range is current

    def _follow(self, url: QUrl) -> None:
        if url.scheme() == RULE_SCHEME:
            rule = url.path() or url.toString().removeprefix(f"{RULE_SCHEME}:")
            if not self.goto(rule):
                open_rule(rule, self)


def show_text(text: RulesText, parent: QWidget | None = None) -> RulesViewer:
    """Show ``text`` in its viewer, reusing the one already open (one viewer per text)."""
    viewer = _OPEN.get(text.path)
    if viewer is None or not shiboken6.isValid(viewer):
        viewer = RulesViewer(text, parent)
    _usable(viewer, parent)
    viewer.show()
    viewer.raise_()
    viewer.activateWindow()
    return viewer


def _under(w: QWidget, ancestor: QWidget) -> bool:
    """Whether ``ancestor`` is among ``w``'s parents (across windows)."""
    p = w.parentWidget()
    while p is not None:
        if p is ancestor:
            return True
        p = p.parentWidget()
    return False


def _usable(viewer: RulesViewer, parent: QWidget | None) -> None:
    """Put the viewer under the open modal dialog, if any (else the dialog would block it);
    it goes back to its window when that dialog finishes."""
    modal = QApplication.activeModalWidget()
    if modal is None or modal is viewer or _under(viewer, modal):
        return
    home = viewer.parentWidget()
    viewer.setParent(modal, viewer.windowFlags())
    if isinstance(modal, QDialog):
        def back(_result: int = 0) -> None:
            if shiboken6.isValid(viewer) and (home is None or shiboken6.isValid(home)):
                visible = viewer.isVisible()
                viewer.setParent(home, viewer.windowFlags())
                if visible:
                    viewer.show()
        modal.finished.connect(back)


def open_rule(rule: str, parent: QWidget | None = None) -> RulesViewer | None:
    """Help > Rules at ``rule`` (``"V13.812"``, or a log's rule field such as
    ``"V13.811 / INTERPRETATIONS 4"``): the text that holds it, shown with the rule's
    paragraph at the top of the view. ``None`` when no shipped text has the rule."""
    text = text_for_rule(rule)
    if text is None:
        return None
    viewer = show_text(text, parent)
    viewer.goto(rule)
    return viewer
