"""An act's key split into its verb and ships: ``verb``, ``verb:x`` or ``verb:x:y`` (``y`` a ship or a
number). A unit id is any non-empty string (rules.model.units), a ':' in it included (issue 25: "lock:ncc:1701:d7"
read the ship "ncc" and crashed), so the ships are found among the battle's ids, not by cutting at each ':'."""
from __future__ import annotations

from collections.abc import Iterable


def split(act: str, ids: Iterable[str]) -> tuple[str, str, str]:
    """``act``'s verb, its ship ``x`` and the rest ``y`` ("" when none). Of the ids ``act`` may name, one leaving
    no rest or an id as the rest is taken first, then the longest (an id "a" beside "a:b" reads "lock:a:b:c" as
    a:b then c when c is an id); a key naming no id splits at its first two ':' as before."""
    verb, _, rest = act.partition(":")
    known = set(ids)
    named = [x for x in known if rest == x or rest.startswith(x + ":")]
    if not named:
        x, _, y = rest.partition(":")
        return verb, x, y
    whole = [x for x in named if rest[len(x) + 1:] in known or rest == x]
    x = max(whole or named, key=len)
    return verb, x, rest[len(x) + 1:]
