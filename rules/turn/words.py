"""An answer to a Combat Phase question in people's words (issue 22), for the undo stack:
"0703: Coalition refuses and returns", not ``encounter/0703/agree/coalition``."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.battlehex.questions import QKind, Question
from rules.battlehex.words import plain

YES_NO = {
    "agree": ("agrees", "refuses and returns to its last sector"),
    "pursuit": ("demands a Pursuit scenario", "lets it go"),
    "ignore": ("ignores them", "pays attention"),
}
"""What a yes or a no to a question of this kind (its key's third part) says."""


def answer_words(q: Question, raw: Any, names: Mapping[str, str]) -> str:
    """``q`` answered with ``raw``: where, who, and the answer in words (a team's name, an
    option's words, "yes"); the sides' and units' names from ``names`` (id -> name)."""
    parts = q.key.split("/")
    where = str(q.data.get("at") or next((p for p in parts[1:] if p.isdigit() and len(p) == 4), ""))
    who = "Game Master" if q.to == "gm" else names.get(q.to, q.to)
    kind = parts[2] if len(parts) > 2 else ""
    if q.kind is QKind.YES_NO and isinstance(raw, bool) and kind in YES_NO:
        said = YES_NO[kind][0 if raw else 1]
    elif q.kind is QKind.CHOOSE and isinstance(raw, str):
        said = str(q.data.get("option_words", {}).get(raw, plain(raw, lambda x: names.get(x, x))))
    else:
        said = plain(raw, lambda x: names.get(x, x))
    return f"{where + ': ' if where else ''}{who}: {said}"
