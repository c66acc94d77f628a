"""The rules texts shipped with BattleHex, as data: which texts there are
(``assets/rules/index.json``), which rule numbers each defines and which text holds a rule, and
each text as markdown. The texts (``assets/rules/*.txt``) are PDF conversions with a little
markdown (``**bold**``, ``*italic*``, ``- `` lists), tab-separated tables and hard line breaks;
:func:`to_markdown` keeps their lines, turns the tables into markdown tables and links the rule
numbers a text mentions (``[V13.50]``) to their paragraph; :func:`unbullet` mends the list items
in Qt's rendering of it. The window that shows them is :mod:`app.shell.rules_viewer`; the battle log's
rule links (:mod:`app.widgets.log_html`) ask :func:`known_rule` here.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from app.shell.paths import RULES_TEXTS

if TYPE_CHECKING:
    from PySide6.QtGui import QTextDocument

RULE_ID = re.compile(r"(?<![\w.])([A-Z]\d+\.\d+)(?![\w.]*\d)")
"""A rule number such as ``V13.812`` (interpretations such as ``A-16`` are not rule numbers)."""
LINE_START = re.compile(r"^(?:[-*]\s+)?([A-Z]\d+\.\d+)\b")
RULE_SCHEME = "rule"
GO_ON = "\u2060"
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
def raw_text(path: Path) -> str:
    """A shipped text as it is in its file (cached: the viewers and the rule lookups share it)."""
    return path.read_text(encoding="utf-8", errors="replace")


@lru_cache(maxsize=8)
def defined_rules(path: Path) -> frozenset[str]:
    """The rule numbers a text defines: those that start a line (a paragraph, heading or item)."""
    return frozenset(m.group(1) for line in raw_text(path).splitlines() if (m := LINE_START.match(line.strip())))


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
    return next((t for t in texts if word.search(raw_text(t.path))), None)


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
    start = LINE_START.match(line)
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
            out.append((GO_ON if go_on else "") + _escape_start(body) + ("" if nxt else "  "))
        i += 1
    return "\n".join(out) + "\n"


def unbullet(doc: QTextDocument) -> None:
    """Lines that continue a list item (marked by :func:`to_markdown`) lose the bullet Qt gives
    every line of an item and stand indented under it."""
    from PySide6.QtGui import QTextCursor  # here: the Help menu lists the texts at start-up, the viewer renders them

    doc.setUndoRedoEnabled(False)
    block = doc.begin()
    while block.isValid():
        nxt = block.next()
        if block.text().startswith(GO_ON):
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
