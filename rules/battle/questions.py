"""Questions the battle procedure asks, as data (ARCHITECTURE "The engine").

A question says whom it is for, under which rule, what it asks and what answers are
possible. Its ``check`` turns a raw answer (JSON data) into the value the procedure uses,
or raises :class:`rules.battle.log.IllegalAnswer` naming the rule; it is not part of the
question's data.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from rules.battle.log import IllegalAnswer


class QKind(str, Enum):
    YES_NO = "yes_no"
    CHOOSE = "choose"
    CHOOSE_UNITS = "choose_units"
    NUMBER = "number"
    OPTIONAL_NUMBER = "optional_number"
    PLACE = "place"
    LABEL = "label"
    ACTION = "action"


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


def yes_no(key: str, to: str, rule: str, text: str) -> Question:
    def check(a: Any) -> bool:
        if isinstance(a, bool):
            return a
        if isinstance(a, str) and a.lower() in ("yes", "no", "true", "false"):
            return a.lower() in ("yes", "true")
        raise IllegalAnswer(rule, f"answer yes or no, not {a!r}")
    return Question(key, QKind.YES_NO, to, rule, text, check=check)


def choose(key: str, to: str, rule: str, text: str, options: list[str]) -> Question:
    def check(a: Any) -> str:
        if a not in options:
            raise IllegalAnswer(rule, f"answer one of {', '.join(options)}, not {a!r}")
        chosen: str = a  # one of the options
        return chosen
    return Question(key, QKind.CHOOSE, to, rule, text, tuple(options), check=check)


def number(key: str, to: str, rule: str, text: str, low: int, high: int, optional: bool = False,
           why: str = "") -> Question:
    def check(a: Any) -> int | None:
        if a is None and optional:
            return None
        if isinstance(a, bool) or not isinstance(a, int):
            raise IllegalAnswer(rule, f"answer a whole number{' (or none)' if optional else ''}, not {a!r}")
        if not low <= a <= high:
            raise IllegalAnswer(rule, f"{a} is outside {low}-{high}{': ' + why if why else ''}")
        return a
    kind = QKind.OPTIONAL_NUMBER if optional else QKind.NUMBER
    return Question(key, kind, to, rule, text, low=low, high=high, check=check)
