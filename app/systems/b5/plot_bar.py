"""The plot bar of a squadron with no hex to move (speed 0): the engine's default plot then reads
"- - -" (no step in each of the three pulses), which looks like code to a person. The bar opens
empty, with words saying what giving it empty does and how to type a plot; given empty, it gives
the engine's default (never a plot the app made up)."""
from __future__ import annotations

from rules.battlehex.questions import Question

STAY_WORDS = "empty: stay put (speed 0)"


def stays_put(q: Question | None) -> bool:
    """Whether ``q`` is a plot whose default (the engine's usual case) moves no hex in any pulse."""
    return (q is not None and "plot" in q.data and isinstance(q.default, str)
            and bool(q.default.split()) and set(q.default.split()) == {"-"})


def opening_text(q: Question) -> str:
    """What the bar opens with for a new plot: the engine's default, or nothing when it stays put."""
    return "" if stays_put(q) else str(q.default or "")


def given(q: Question, typed: str) -> str:
    """The plot the bar gives: what was typed, or the engine's default when it stays put and nothing was."""
    return str(q.default) if not typed and stays_put(q) else typed
