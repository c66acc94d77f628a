"""Short human texts of exact odds, for a question's ``data["odds"]`` and the battle log."""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from fractions import Fraction
from typing import TypeVar

from rules.dice import Modifier
from rules.systems.v13.odds.dist import Dist

T = TypeVar("T", bound=Hashable)


def percent(p: Fraction) -> str:
    """``p`` as a whole percentage; never "0%" or "100%" for what may or may not happen."""
    if p == 0 or p == 1:
        return f"{int(p * 100)}%"
    pct = round(p * 100)
    if pct < 1:
        return "<1%"
    if pct > 99:
        return ">99%"
    return f"{pct}%"


def modifier_text(mods: Iterable[Modifier]) -> str:
    """The dice with their total modifier: ``"2d6 +3"`` or ``"2d6"``."""
    n = sum(m.value for m in mods)
    return f"2d6 {n:+d}" if n else "2d6"


def breakdown(dist: Dist[T], name: Callable[[T], str] = str) -> str:
    """``"0 3%, I 42%, II 50%, III 6%"``: every outcome named, with its chance."""
    return ", ".join(f"{name(o)} {percent(p)}" for o, p in dist)
