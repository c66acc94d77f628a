"""The battle log as HTML for a QTextBrowser: one line per event, every rule number a link.

A link is ``<a href="rule:V13.812">V13.812</a>``; the window hands its target to
:func:`app.shell.rules_viewer.open_rule` (``rule_from_href`` reads it). Rule numbers inside the
texts are linked too when a shipped rules text has them (interpretation ids such as ``A-16``
stay plain); an event's number is a ``replay:N`` link (the battle window replays the battle
up to event N). Events hidden from the other Teams are marked; ``details=True`` adds each
event's raw data (the answer as given, the dice faces) in small grey text. A rule and a text read as
words (:func:`app.widgets.titles.plain_words`: "Combat Phase", "V13.472", never a seed's number or our
design notes' "A-21"); ``details`` shows the whole citation the file holds ("rule: V13.472 / A-21").

To keep a long log cheap, render the whole log once with :func:`events_html` and then
:func:`append_events` only the events that are new.
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping
from html import escape

from PySide6.QtCore import QUrl
from PySide6.QtWidgets import QTextBrowser

from app.shell.rules_texts import RULE_ID, RULE_SCHEME, known_rule, rule_id
from app.widgets.titles import plain_words, rule_words, whole_rules
from rules.battlehex.log import GM, Event

_TAG = re.compile(r"(<[^>]*>)")
_KIND_STYLE = {"question": "color:#555;font-style:italic", "answer": "color:#000", "ruling": "color:#8a1c1c",
               "roll": "color:#1c3f8a", "info": "color:#000"}


def rule_link(rid: str) -> str:
    """``<a href="rule:V13.812">V13.812</a>``."""
    return f'<a href="{RULE_SCHEME}:{escape(rid)}">{escape(rid)}</a>'


def rule_from_href(href: str | QUrl) -> str | None:
    """The rule a ``rule:`` link points to (``None`` for any other link)."""
    text = href.toString() if isinstance(href, QUrl) else str(href)
    if not text.startswith(f"{RULE_SCHEME}:"):
        return None
    return rule_id(text.removeprefix(f"{RULE_SCHEME}:"))


def linkify(text: str, known: Callable[[str], bool] = known_rule) -> str:
    """``text`` escaped for HTML, with the rule numbers that ``known`` accepts as links."""
    out, at = [], 0
    for m in RULE_ID.finditer(text):
        if known(m.group(1)):
            out += [escape(text[at:m.start()]), rule_link(m.group(1))]
            at = m.end()
    return "".join(out) + escape(text[at:])


def linkify_html(html: str, known: Callable[[str], bool] = known_rule) -> str:
    """Rule numbers in the text of an HTML fragment as links; tags and existing links are
    left alone."""
    parts = _TAG.split(html)
    depth = 0
    for i, part in enumerate(parts):
        if i % 2:
            low = part.lower()
            depth += 1 if low.startswith("<a ") or low == "<a>" else -1 if low.startswith("</a") else 0
            continue
        if depth == 0 and part:
            out, at = [], 0
            for m in RULE_ID.finditer(part):
                if known(m.group(1)):
                    out += [part[at:m.start()], rule_link(m.group(1))]
                    at = m.end()
            parts[i] = "".join(out) + part[at:]
    return "".join(parts)


def _rule_html(rule: str, known: Callable[[str], bool]) -> str:
    """A line's rule as people read it (:func:`rule_words`: "Combat Phase", "V13.472"), its number a link;
    "[AF/EF 4.1.b]" whole where the log wraps."""
    words = rule_words(rule)
    return whole_rules(linkify(words, known)) if words else ""


def _hidden(e: Event, names: Mapping[str, str] | None) -> str:
    if e.visible_to is None:
        return ""
    if names is None:
        who = "hidden from the others"
    else:
        seen = list(dict.fromkeys("the GM" if v == GM else names.get(v, v) for v in e.visible_to))  # once each:
        # a GM's question is the GM's and, as every secret, the GM's ("seen only by the GM and the GM", STCS)
        who = "seen only by " + (" and ".join(seen) if len(seen) <= 2 else ", ".join(seen[:-1]) + " and " + seen[-1])
    return f' <span style="color:#a0522d;font-style:italic">({escape(who)})</span>'


def event_html(e: Event, details: bool = False, names: Mapping[str, str] | None = None,
               known: Callable[[str], bool] = known_rule) -> str:
    """One event as one paragraph: number, rule (a link), text (its rule numbers linked), the
    mark of an event others cannot see, and with ``details`` the raw data.

    Args:
        e: the event.
        details: add ``e.data`` (the answer as given, dice faces...) as small grey JSON.
        names: Team id -> name, to say who may see a hidden event ("seen only by Alliance and the GM").
        known: which rule numbers to link (by default those a shipped rules text has).
    """
    style = _KIND_STYLE.get(e.kind, "color:#000")
    rule = _rule_html(e.rule, known)
    # the event's number replays the battle up to it in the battle window (app/battle/replay.py)
    head = f'<a href="replay:{e.seq}" style="color:#888;text-decoration:none">{e.seq}.</a> ' + (
        f"<b>[{rule}]</b> " if rule else "")
    body = f'<span style="{style}">{linkify(plain_words(e.text), known)}</span>'
    extra = ""
    cited = f"rule: {e.rule}" if details and e.rule and rule_words(e.rule) != e.rule else ""  # as the file holds it
    if details and (e.data or cited):
        data = json.dumps(e.data, sort_keys=True, ensure_ascii=False) if e.data else ""
        raw = "; ".join(x for x in (cited, data) if x)
        extra = f'<br><span style="color:#888;font-size:small">{escape(raw)}</span>'
    return f'<p style="margin:0 0 2px 0">{head}{body}{_hidden(e, names)}{extra}</p>'


def events_html(events: Iterable[Event], details: bool = False, names: Mapping[str, str] | None = None,
                known: Callable[[str], bool] = known_rule) -> str:
    """Events as consecutive paragraphs (a whole log, or only the new slice of one)."""
    return "".join(event_html(e, details, names, known) for e in events)


def log_html(events: Iterable[Event], details: bool = False, names: Mapping[str, str] | None = None,
             known: Callable[[str], bool] = known_rule) -> str:
    """A whole log as an HTML document (for ``setHtml``)."""
    return f"<html><body>{events_html(events, details, names, known)}</body></html>"


def append_events(view: QTextBrowser, events: Iterable[Event], details: bool = False,
                  names: Mapping[str, str] | None = None) -> int:
    """Add ``events`` at the end of ``view`` without re-rendering the rest; follow the end if
    the view was scrolled to it. Returns how many events were added."""
    bar = view.verticalScrollBar()
    at_end = bar.value() >= bar.maximum() - 4
    html = [event_html(e, details, names) for e in events]
    if html:  # one append of every new paragraph (each its own block): one layout of the text, not one each
        view.append("".join(html))
    if at_end:
        bar.setValue(bar.maximum())
    return len(html)
