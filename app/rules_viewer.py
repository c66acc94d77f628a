"""Help > Rules: the rules texts shipped with BattleHex, rendered as markdown, with find and
"go to rule" (a rule's paragraph scrolled to the top of the view).

The texts (``assets/rules/*.txt``, listed in ``index.json``) are PDF conversions with a little
markdown (``**bold**``, ``*italic*``, ``- `` lists), tab-separated tables and hard line
breaks; :func:`to_markdown` keeps their lines and turns the tables into markdown tables.
Rule numbers mentioned in a text (``[V13.50]``) become links to their paragraph.

:func:`open_rule` is the one entry point for the rest of the program: it picks the text that
holds a rule, reuses that text's viewer if one is open, and shows the rule at the top.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import shiboken6
from PySide6.QtCore import QTimer, QUrl
from PySide6.QtGui import (
    QColor,
    QKeySequence,
    QShortcut,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
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

from app import window_state
from app.paths import RULES_TEXTS

RULE_ID = re.compile(r"(?<![\w.])([A-Z]\d+\.\d+)(?![\w.]*\d)")
"""A rule number such as ``V13.812`` (interpretations such as ``A-16`` are not rule numbers)."""
_LINE_START = re.compile(r"^(?:[-*]\s+)?([A-Z]\d+\.\d+)\b")
RULE_SCHEME = "rule"
_GO_ON = "\u2060"
"""Marks a line that continues a list item ("Exception: ..."); removed after rendering."""


@dataclass(frozen=True)
class RulesText:
    title: str
    path: Path
    shortcut: str = ""


def rules_texts(folder: Path = RULES_TEXTS) -> list[RulesText]:
    """The rules texts listed in ``assets/rules/index.json``, in menu order."""
    entries = json.loads((folder / "index.json").read_text(encoding="utf-8"))
    return [RulesText(e["title"], folder / e["file"], e.get("shortcut", "")) for e in entries]


def rule_id(rule: str) -> str | None:
    """The first rule number in a log's rule field: ``"V13.811 / INTERPRETATIONS 4"`` -> ``V13.811``."""
    m = RULE_ID.search(rule or "")
    return m.group(1) if m else None


@lru_cache(maxsize=8)
def _raw(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace")


@lru_cache(maxsize=8)
def defined_rules(path: Path) -> frozenset[str]:
    """The rule numbers a text defines: those that start a line (a paragraph, heading or item)."""
    return frozenset(m.group(1) for line in _raw(path).splitlines() if (m := _LINE_START.match(line.strip())))


def text_for_rule(rule: str, folder: Path = RULES_TEXTS) -> RulesText | None:
    """The text that holds ``rule``: V13.* is the V13 text; any other is looked up in each
    text, where it starts a line first, else anywhere. ``None`` if no text has it."""
    rid = rule_id(rule)
    if rid is None:
        return None
    texts = rules_texts(folder)
    if rid.startswith("V13."):
        v13 = next((t for t in texts if t.path.name.startswith("v13")), None)
        if v13 is not None:
            return v13
    for t in texts:
        if rid in defined_rules(t.path):
            return t
    word = re.compile(rf"(?<![\w.]){re.escape(rid)}(?![\w]|\.\d)")
    return next((t for t in texts if word.search(_raw(t.path))), None)


@lru_cache(maxsize=1)
def all_defined_rules() -> frozenset[str]:
    """Every rule number that starts a line in one of the shipped texts."""
    return frozenset().union(*(defined_rules(t.path) for t in rules_texts()))


def known_rule(rule: str) -> bool:
    """Whether :func:`open_rule` can show ``rule`` at its own paragraph."""
    rid = rule_id(rule)
    return rid is not None and rid in all_defined_rules()


# -- the text as markdown ---------------------------------------------------------------------------
_ESCAPE_START = re.compile(r"^(\d+)([.)])(\s)|^([>+*#])(\s)")


def _escape_start(line: str) -> str:
    """Keep a line's first characters literal where markdown would read a list or a quote."""
    return _ESCAPE_START.sub(lambda m: f"{m.group(1)}\\{m.group(2)}{m.group(3)}" if m.group(1) is not None
                             else f"\\{m.group(4)}{m.group(5)}", line, count=1)


def _balance_bold(line: str) -> str:
    """A line with an odd number of ``**`` lost its opening one in the conversion
    (``- Exception:** Units ...``): put it back at the start of the text."""
    if line.count("**") % 2 == 0:
        return line
    bullet = re.match(r"(?:[-*]\s+)?", line)
    head = bullet.end() if bullet else 0
    return line[:head] + "**" + line[head:]


def _table(rows: list[str]) -> list[str]:
    cells = [[c.strip().replace("|", "\\|") for c in r.split("\t")] for r in rows]
    width = max(len(c) for c in cells)
    out = []
    for i, row in enumerate(cells):
        out.append("| " + " | ".join(row + [""] * (width - len(row))) + " |")
        if i == 0:
            out.append("|" + "---|" * width)
    return out


def _is_heading(line: str, before: str, after: str) -> bool:
    """A short line standing alone between blank lines, not a sentence: a section heading."""
    if before.strip() or after.strip() or len(line) > 70 or line.startswith(("- ", "* ")):
        return False
    return not line.rstrip().endswith((".", ",", ";")) and (line[:1].isupper() or line[:1].isdigit())


def _link_references(line: str, known: frozenset[str]) -> str:
    """Rule numbers mentioned in a line (not the one that starts it) as ``rule:`` links."""
    start = _LINE_START.match(line)
    skip = start.end() if start else 0

    def link(m: re.Match[str]) -> str:
        rid = m.group(1)
        return f"[{rid}]({RULE_SCHEME}:{rid})" if rid in known else rid
    return line[:skip] + RULE_ID.sub(link, line[skip:])


def to_markdown(text: str, known: frozenset[str] = frozenset()) -> str:
    """A shipped rules text as markdown that keeps its lines: hard line breaks inside
    paragraphs, tab-separated lines as tables, lone short lines as headings, and the rule
    numbers in ``known`` linked where they are mentioned."""
    lines = [ln.strip() for ln in text.replace("\r\n", "\n").split("\n")]
    out: list[str] = []
    in_item = False
    i = 0
    while i < len(lines):
        line = lines[i]
        if "\t" in line and not line.startswith("- "):
            j = i
            while j < len(lines) and "\t" in lines[j] and not lines[j].startswith("- "):
                j += 1
            out += ([""] if out and out[-1] else []) + _table(lines[i:j]) + [""]
            i = j
            continue
        line = line.replace("\t", " ")
        if not line:
            out.append("")
            in_item = False
            i += 1
            continue
        go_on = in_item and not line.startswith("- ")
        in_item = line.startswith("- ") or go_on
        before = lines[i - 1] if i else ""
        after = lines[i + 1] if i + 1 < len(lines) else ""
        body = _link_references(_balance_bold(line), known)
        if _is_heading(line, before, after):
            out.append("### " + body)
        else:
            nxt = after.startswith("- ") or not after or "\t" in after
            out.append((_GO_ON if go_on else "") + _escape_start(body) + ("" if nxt else "  "))
        i += 1
    return "\n".join(out) + "\n"


def _unbullet(doc: QTextDocument) -> None:
    """Lines that continue a list item (marked by :func:`to_markdown`) lose the bullet Qt gives
    every line of an item and stand indented under it."""
    doc.setUndoRedoEnabled(False)
    block = doc.begin()
    while block.isValid():
        nxt = block.next()
        if block.text().startswith(_GO_ON):
            items = block.textList()
            cursor = QTextCursor(block)
            if items is not None:
                indent = items.format().indent()
                items.remove(block)
                fmt = block.blockFormat()
                fmt.setIndent(indent)
                cursor.setBlockFormat(fmt)
            cursor.deleteChar()
        block = nxt


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
        self.view.setMarkdown(to_markdown(_raw(text.path), all_defined_rules()))
        _unbullet(self.view.document())
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
        QShortcut(QKeySequence.Find, self, activated=self.find.setFocus)
        QShortcut(QKeySequence.FindNext, self, activated=self.find_next)
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
                    m = _LINE_START.match(line)
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
            cursor.setPosition(pos + len(rid), QTextCursor.KeepAnchor)
        self.view.setTextCursor(cursor)
        mark = QTextEdit.ExtraSelection()
        fmt = QTextCharFormat()
        fmt.setBackground(QColor("#fff3b0"))
        fmt.setProperty(QTextFormat.FullWidthSelection, True)
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
