"""An answer of the SIDCORS and AF/EF systems in people's words (issue 22): names, not ids;
"yes", "none", "A 2, B -1" - never a JSON dict or list in a log line or an undo entry."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

STEPS = {
    "bir": "Battle Intensity Rating", "bif": "Battle Intensity Factor", "transfer": "fighter factors transferred",
    "allocate": "damage allocated", "directed": "damage directed", "directed_fighters": "fighter factors hit",
    "directed_more": "more damage directed", "direction": "direction of retreat", "retreat": "retreat",
    "end": "the battle", "cloak": "cloak", "modifiers": "AF modifiers", "screen": "screening units",
    "declare": "attacks", "return": "return fire", "breakthrough": "breakthrough",
    "breakthrough_return": "breakthrough return fire", "continue": "the next round",
}
"""The words a log line gives a question's step (its key's last part)."""


def step_words(step: str) -> str:
    """``"bir"`` -> ``"Battle Intensity Rating"``; an unknown step with its underscores as spaces."""
    return STEPS.get(step, step.replace("_", " "))


def plain(raw: Any, name: Callable[[str], str]) -> str:
    """``raw`` (a JSON answer) for people; ``name`` turns a unit id into its name (else itself)."""
    if raw is None:
        return "none"
    if isinstance(raw, bool):
        return "yes" if raw else "no"
    if isinstance(raw, (int, float)):
        return str(raw)
    if isinstance(raw, str):
        uid, _, how = raw.partition("@")
        return name(uid).replace("_", " ") + (f" ({how} at full value)" if how else "")
    if isinstance(raw, list):
        return ", ".join(plain(x, name) for x in raw) or "none"
    if isinstance(raw, dict):
        parts = [f"{plain(k, name)} {_signed(v) if isinstance(v, int) and not isinstance(v, bool) else plain(v, name)}"
                 for k, v in sorted(raw.items(), key=lambda kv: str(kv[0]))]
        return ", ".join(parts) or "none"
    return str(raw)


def _signed(n: int) -> str:
    return f"{n:+d}"


def possessive(name: str) -> str:
    """``name``'s, with only an apostrophe after a final s: ``"Orion Pirates'"``, ``"Klothos'"``."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word`` agreeing with it: ``"1 point"``, ``"3 points"``, ``"0 orders"``; ``many`` is
    the plural where it is not ``word`` + s (``plural(2, "die", "dice")``). Never "order(s)"."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def agrees(name: str, verb: str) -> str:
    """``verb`` (its singular present: ``"hits"``, ``"misses"``) agreeing with ``name``: a plural
    name (its last word ends in a single s: ``"KD-4 disruptors"``) takes ``"hit"``, ``"miss"``;
    ``"tractor beam"`` and ``"RP-1 plasma"`` keep ``"hits"``."""
    words = name.split()
    last = words[-1] if words else name
    if not last.endswith("s") or last.endswith("ss") or not verb.endswith("s"):
        return verb
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    return verb[:-1]


def changed(before: object, after: object) -> str:
    """A value's change in words for a log line: ``"3 to 2"``, or ``"stays 8"`` when it did not change."""
    return f"stays {after}" if str(before) == str(after) else f"{before} to {after}"


def clipped(text: str, most: int = 60) -> str:
    """``text`` shortened for an undo entry: whole when it fits in ``most`` characters, else cut at a word
    boundary, a bracket left open dropped with what it began, no colon or comma left at the end, and
    "…" after it: ``"plot squadron b2's move for turn 3…"``, never ``"… (in secret; speed 7: 2/3/"``."""
    if len(text) <= most:
        return text.rstrip(" :;,?")
    cut = text[:most + 1].rsplit(" ", 1)[0] if " " in text[:most + 1] else text[:most]
    while cut.count("(") > cut.count(")"):
        cut = cut[:cut.rindex("(")]
    return cut.rstrip(" :;,") + "…"
