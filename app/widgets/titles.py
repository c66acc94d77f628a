"""Dialog titles a window manager does not cut (issue 22): at most :data:`TITLE_CHARS`, the
whole text going in the dialog's label; and words Qt must not split where it wraps a label (a
phase's name, a rule citation)."""
from __future__ import annotations

import re

TITLE_CHARS = 50
"""A dialog title's most characters: a window manager cuts a longer one, so the whole text goes
in the dialog's label and the title is shortened."""


def fit_title(title: str, keep: str = "") -> str:
    """``title + keep`` in at most :data:`TITLE_CHARS`: ``keep`` (whom it is for) stays whole and
    ``title`` is cut after a word, with an ellipsis, when the two are too long."""
    if len(title) + len(keep) <= TITLE_CHARS:
        return title + keep
    room = max(8, TITLE_CHARS - len(keep) - 1)
    head = title[:room + 1]
    cut = head.rsplit(" ", 1)[0] if " " in head[1:] else title[:room]
    return cut.rstrip(" ,;:(-\u2014")[:room] + "\u2026" + keep


SEED_NUMBER = re.compile(r"(?<![\w.])(?i:seed\s+)?00\d\s+(?=[A-Z])")
"""A seed's number before a rule's name: "004 Encounters Phase", "seed 002 Carrying Marines"."""
SEED_SAYS = re.compile(r"\b([Ss])eed\s+00\d\s+(states|gives|says|puts|makes|reads|recommends|lists|names|has)\b")
"""A seed that says something: "seed 004 states none" reads "the rules state none"."""
SEED_OF = re.compile(r"\b([Ss])eed\s+00\d(?:'s\s+|\s+(?=[a-z]))")
"""A seed's number before words: "seed 004's Combat Phase" is "the Combat Phase", "no seed 004 economy" "no economy"."""
THE_SEED_SAYS = re.compile(r"\b([Tt])he\s+seed\s+(gives|prints|leaves|states|says|puts|makes|reads|recommends|lists|"
                           r"names|has|does)\b")
"""The seed we build from saying something, without its number: "the seed gives no table" reads "the rules give no
table", "as the seed has it" "as the rules have it"."""
THE_SEED = re.compile(r"\b([Tt])he\s+seed(?:'s)?(?![\w-])|\s?\(seed\s+00\d\)|(?<![\w-])seed\s+00\d:")
"""The seed itself: "the seed's way out" is "the rules' way out", "reads the seed so" "reads the rules so",
"(seed 003)" after a system's name goes, "(seed 004: \"Each player ...\")" reads "(the rules: \"Each player ...\")"."""
INTERPRETATION = re.compile(r"\s?\((?:A-\d{1,3}(?:,\s*|(?=\))))+\)|(?<=\()A-\d{1,3}:\s*|\s*[/,;]\s*A-\d{1,3}\b(?!-)"
                            r"|(?<![\w-])A-\d{1,3}(?:'s)?\b(?!-):?\s*")
"""Our design notes' numbering of a reading of the rules (INTERPRETATIONS A-1 to A-63; no rule a player can look
up): "V13.472 / A-21", "[V13.414 / A-29]", "(A-59)", "(A-51: the sector's own terrain", "; A-37)", "A-59: only"."""


def rule_words(rule: str) -> str:
    """A rule's citation as people read it on the screen: its name without the seed's number ("004 Encounters
    Phase" is the "Encounters Phase"; issue 22: players do not know the seeds' numbers) and its rule number
    without our design notes' interpretation ("V13.472 / A-21" is "V13.472"; "" for an interpretation alone,
    "A-59"). Other citations ("V13.811", "AF/EF 4.1.b", "STCS Shield Control") are left as they are; the
    campaign file and the battle log's Details keep the whole citation."""
    return plain_words(rule).strip(" /,;:")


def plain_words(text: str) -> str:
    """``text`` (a refusal, a ruling, a status message, a log line: plain text) with every citation in it
    as :func:`rule_words` gives it: "004 Combat Phase: no such fleet" reads "Combat Phase: no such fleet",
    "V13.462 / A-22: ..." "V13.462: ...", "... enough (A-59)" "... enough", "(seed 004 states none)" "(the
    rules state none)", "the seed gives no table" "the rules give no table"."""
    if "00" not in text and "A-" not in text and "seed" not in text:
        return text  # the usual case: nothing to reword (a log of thousands of lines)
    text = THE_SEED_SAYS.sub(lambda m: m.group(1) + "he rules " + ("have" if m.group(2) == "has" else "do"
                             if m.group(2) == "does" else m.group(2)[:-1]), text)
    text = THE_SEED.sub(lambda m: m.group(1) + "he rules" + ("'" if m.group(0).endswith("'s") else "")
                        if m.group(1) else "" if "(" in m.group(0) else "the rules:", text)
    text = SEED_SAYS.sub(lambda m: ("T" if m.group(1) == "S" else "t") + "he rules "
                         + ("have" if m.group(2) == "has" else m.group(2)[:-1]), text)
    text = SEED_OF.sub(lambda m: "The " if m.group(1) == "S" and m.group(0).endswith("s ") and "'" in m.group(0)
                       else "the " if "'" in m.group(0) else "", text)
    return INTERPRETATION.sub("", SEED_NUMBER.sub("", text))


NBSP = "\u00a0"
TRAIL = " \u25b8 "
"""The phase bar's separator between two phases."""


def whole_labels(text: str) -> str:
    """``text`` (a plain tooltip) with the spaces inside each short label made non-breaking: a
    tooltip wider than the screen is wrapped by Qt at a space, and "Space Combat" came out as
    "Space" on one line and "Combat" on the next (issue 22). A line of a trail (phases joined by
    " ▸ ") keeps each phase whole; another line keeps whole what stands before its first ": "."""
    lines = []
    for line in text.split("\n"):
        if TRAIL in line:
            line = TRAIL.join(part.replace(" ", NBSP) for part in line.split(TRAIL))
        else:
            head, sep, rest = line.partition(": ")
            if sep and len(head.strip()) <= 40:
                line = head.replace(" ", NBSP) + sep + rest
        lines.append(line)
    return "\n".join(lines)


WORD_JOINER = "\u2060"
CITATION = re.compile(r"\b([A-Z][A-Z0-9]*(?:/[A-Z][A-Z0-9]*)+) (\d[\w.]*)")
"""A rule citation whose system's name has a slash and a space before its number: "AF/EF 4.1.b"."""


def whole_rules(text: str) -> str:
    """``text`` (plain or HTML) with each rule citation such as "AF/EF 4.1.b" unbreakable: Qt wrapped
    "(AF/EF 4.1.b)" after the slash ("(AF/" on one line, "EF 4.1.b)" on the next) or before the number
    in a narrow label, as the battle window's "Waiting for" at QT_SCALE_FACTOR=2 (issue 22). A word
    joiner after the slash and a non-breaking space before the number keep it one word."""
    return CITATION.sub(lambda m: m.group(1).replace("/", "/" + WORD_JOINER) + NBSP + m.group(2), text)


def findable(text: str) -> str:
    """A regular expression finding ``text`` as typed in words :func:`whole_rules` (or a title) joined:
    "AF/EF 4.1.b" typed in a log's find box matches "AF/\u2060EF\u00a04.1.b" on the screen."""
    return "".join("/" + WORD_JOINER + "?" if ch == "/" else f"[ {NBSP}]" if ch == " " else re.escape(ch)
                   for ch in text)


FRAME_ROOM = 160
"""What a window manager's title bar takes beside its title, in pixels: the window's icon and its
buttons (openbox, KWin and Mutter take 90-140 px), with room to spare."""


def ask_text(parent, title: str, label: str) -> tuple[str, bool]:
    """``QInputDialog.getText`` with a dialog wide enough to show ``title`` whole: the static one
    sizes itself to its label, and on the real screen (issue 22, 1600x1000) "GM ruling (V13.12)"
    over "Reason (goes into the log):" came out 200 px wide, titled "GM ru... 13.12)"."""
    from PySide6.QtGui import QFont, QFontMetrics
    from PySide6.QtWidgets import QDialog, QInputDialog, QLabel

    dialog = QInputDialog(parent)
    dialog.setInputMode(QInputDialog.InputMode.TextInput)
    dialog.setWindowTitle(title)
    dialog.setLabelText(label)
    bold = QFont(dialog.font())
    bold.setBold(True)  # title bars draw their text bold
    label_widget = dialog.findChild(QLabel)  # the dialog's own minimum yields to its layout's (min and max size)
    label_widget.setMinimumWidth(QFontMetrics(bold).horizontalAdvance(title) + FRAME_ROOM)
    accepted = dialog.exec() == QDialog.DialogCode.Accepted
    text = dialog.textValue()
    dialog.deleteLater()
    return text, accepted
