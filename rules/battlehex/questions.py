"""Questions the battle procedure asks, as data (ARCHITECTURE "The engine").

A question says whom it is for, under which rule, what it asks and what answers are
possible. Its ``check`` turns a raw answer (JSON data) into the value the procedure uses,
or raises :class:`rules.battlehex.log.IllegalAnswer` naming the rule; it is not part of the
question's data.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from rules.battlehex.log import IllegalAnswer, shown


class QKind(str, Enum):
    YES_NO = "yes_no"
    CHOOSE = "choose"
    CHOOSE_UNITS = "choose_units"
    NUMBER = "number"
    OPTIONAL_NUMBER = "optional_number"
    PLACE = "place"
    LABEL = "label"
    ACTION = "action"
    TEXT = "text"


@dataclass(frozen=True)
class Question:
    key: str
    kind: QKind
    to: str
    rule: str
    text: str
    options: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    data: dict[str, Any] = field(default_factory=dict)
    check: Callable[[Any], Any] = field(default=lambda a: a, compare=False, repr=False)
    parse: Callable[[Any], Any] | None = field(default=None, compare=False, repr=False)
    """Reads an answer's form only, for a GM ruling that overrides the rule (``None``: as ``check``)."""
    default: Any = None
    """The answer a dialog opens at: the rule's usual case (a number question always names one, in its
    bounds; for an optional number ``None`` is no proposal; a yes/no question a bool; a choice one of
    its options). Not part of the question's data: never in :meth:`to_dict`, never in a replay."""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"key": self.key, "kind": self.kind.value, "to": self.to, "rule": self.rule,
                               "text": self.text}
        if self.options:
            out["options"] = list(self.options)
        if self.low is not None:
            out["low"], out["high"] = self.low, self.high
        if self.data:
            out["data"] = self.data
        return out


def yes_no(key: str, to: str, rule: str, text: str, default: bool = False) -> Question:
    """A yes/no question; ``default`` is the rule's usual case, where the dialog opens (no, unless
    the procedure asking says otherwise)."""
    def check(a: Any) -> bool:
        if isinstance(a, bool):
            return a
        if isinstance(a, str) and a.lower() in ("yes", "no", "true", "false"):
            return a.lower() in ("yes", "true")
        raise IllegalAnswer(rule, f"answer yes or no, not {shown(a)}")
    return Question(key, QKind.YES_NO, to, rule, text, check=check, default=default)


def choose(key: str, to: str, rule: str, text: str, options: list[str], default: str | None = None) -> Question:
    """A choice of one of ``options``; ``default`` is the rule's usual case, where the dialog opens
    (the first option when none is named).

    Raises:
        ValueError: ``default`` is not one of ``options`` (the engine's error, not the user's).
    """
    def check(a: Any) -> str:
        if a not in options:
            raise IllegalAnswer(rule, f"answer one of {', '.join(options)}, not {shown(a)}")
        chosen: str = a  # one of the options
        return chosen
    if default is not None and default not in options:
        raise ValueError(f"{key}: the default {default!r} is not one of the options {options}")
    usual = default if default is not None else (options[0] if options else None)
    return Question(key, QKind.CHOOSE, to, rule, text, tuple(options), check=check, default=usual)


def number(key: str, to: str, rule: str, text: str, low: int, high: int, optional: bool = False,
           why: str = "", default: int | None = None) -> Question:
    """A number question in ``low``-``high`` (or none, when ``optional``).

    ``default`` is the rule's usual case, where the dialog opens; without one a required number
    opens at 0 when it is allowed, else at ``low`` (never at the maximum), an optional one at none.
    """
    if default is None and not optional:
        default = 0 if low <= 0 <= high else low
    def check(a: Any) -> int | None:
        if a is None and optional:
            return None
        if isinstance(a, bool) or not isinstance(a, int):
            raise IllegalAnswer(rule, f"answer a whole number{' (or none)' if optional else ''}, not {shown(a)}")
        if not low <= a <= high:
            raise IllegalAnswer(rule, f"{shown(a)} is outside {low}-{high}{': ' + why if why else ''}")
        return a
    kind = QKind.OPTIONAL_NUMBER if optional else QKind.NUMBER
    if default is not None:
        check(default)  # a default outside the bounds is the engine's error, not the user's
    return Question(key, kind, to, rule, text, low=low, high=high, check=check, default=default)


def words(key: str, to: str, rule: str, text: str, field_name: str, longest: int = 200) -> Question:
    """A question answered in words (a line of text, at most ``longest`` characters; empty is allowed:
    the procedure asking says what it means). A non-string is refused naming ``field_name``."""
    def check(a: Any) -> str:
        if not isinstance(a, str):
            raise IllegalAnswer(rule, f"the {field_name} are words (a string), not {shown(a)}")
        said = " ".join(a.split())
        if len(said) > longest:
            raise IllegalAnswer(rule, f"the {field_name} are at most {longest} characters, not {len(said)}")
        return said
    return Question(key, QKind.TEXT, to, rule, text, check=check, default="")


def unit_list(a: Any, options: Sequence[str], rule: str, name: Callable[[str], str], words: str) -> list[str]:
    """A ``choose_units`` answer: a list of ``options``, each named once (a unit is chosen or not).

    Raises:
        IllegalAnswer: not such a list (``words`` says what to choose), or a unit named twice.
    """
    if not isinstance(a, list) or any(not isinstance(x, str) or x not in options for x in a):
        raise IllegalAnswer(rule, f"{words}: " + (", ".join(name(o) for o in options) or "none") + f"; not {shown(a)}")
    return once_each(a, rule, name)


def once_each(ids: list[str], rule: str, name: Callable[[str], str]) -> list[str]:
    """``ids`` when no unit is named twice; else :class:`IllegalAnswer` naming the first repeated one."""
    twice = [(x, n) for x, n in Counter(ids).items() if n > 1]
    if twice:
        x, n = twice[0]
        raise IllegalAnswer(rule, f"name each unit once: {name(x)} is named {n} times")
    return list(ids)
