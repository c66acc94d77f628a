"""Dialog titles a window manager does not cut (issue 22): at most :data:`TITLE_CHARS`, the
whole text going in the dialog's label."""
from __future__ import annotations

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
