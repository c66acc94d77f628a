"""The b5 engine's questions: placing a ship in its zone, a vortex, a secret speed."""
from __future__ import annotations

from typing import Any

from hexmap import Facing, Label
from rules.battlehex.log import IllegalAnswer, shown
from rules.battlehex.questions import QKind, Question, number
from rules.systems.b5.deploy import Board


def read_place(a: Any, rule: str) -> tuple[Label, Facing]:
    """An answer placing a ship: ``"CCRR"`` or ``{"at": "CCRR", "facing": "A"}`` (facing A if none)."""
    if not isinstance(a, (str, dict)):  # only a file's answer (the panel gives a hex and a facing): its form
        raise IllegalAnswer(rule, f"answer a hex and a facing, such as {{\"at\": \"4530\", \"facing\": \"A\"}}, "
                                  f"not {shown(a)}")
    at, facing = (a, "A") if isinstance(a, str) else (a.get("at"), a.get("facing", "A"))
    if not isinstance(at, str) or not at.strip():  # Return in the empty hex field (it read "not {'at': ''...")
        raise IllegalAnswer(rule, "type a hex, such as 1030 (its column, then its row)"
                            + ("" if at is None or isinstance(at, str) else f", not {shown(at)}"))
    try:
        spot = Label.parse(at)
    except ValueError:
        raise IllegalAnswer(rule, f"type a hex, such as 1030 (its column, then its row), not \"{at[:20]}\"") from None
    try:
        return spot, Facing.parse(facing)
    except ValueError:
        raise IllegalAnswer(rule, f"a facing is a letter from A to F, not {shown(facing, 20)}") from None


def place(key: str, to: str, rule: str, text: str, board: Board, why: Any, data: dict[str, Any],
          facing: Facing | None = None, optional: bool = False) -> Question:
    """A placement question; ``why(at)`` says why a hex is refused ("" when legal); ``facing``:
    the only facing allowed; ``optional``: ``"none"`` (or ``{"at": "none"}``) answers None."""
    def check(a: Any) -> tuple[Label, Facing] | None:
        if optional and (a == "none" or isinstance(a, dict) and a.get("at") == "none"):
            return None
        at, faced = read_place(a, rule)
        if not board.on(at):
            raise IllegalAnswer(rule, f"{at} is off the board (0101 to {Label(board.cols, board.rows)})")
        reason: str = why(at)
        if reason:
            raise IllegalAnswer(rule, reason)
        if facing is not None and faced is not facing:
            raise IllegalAnswer(rule, f"ships come through facing the vortices' direction, {facing.name}, not "
                                      f"{faced.name}")
        return at, faced
    return Question(key, QKind.PLACE, to, rule, text, data=data, check=check,
                    parse=lambda a: None if optional and a == "none" else read_place(a, rule))


def secret_number(key: str, to: str, rule: str, text: str, low: int, high: int, why: str,
                  default: int | None = None) -> Question:
    """A number only ``to`` (and the GM) may read until the engine reveals it; ``default``: the
    rule's usual case, where it opens (see :func:`rules.battlehex.questions.number`)."""
    q = number(key, to, rule, text, low, high, why=why, default=default)
    return Question(q.key, q.kind, q.to, q.rule, q.text, low=low, high=high, data={"secret": True}, check=q.check,
                    default=q.default)


def choose_units(key: str, to: str, rule: str, text: str, options: list[str], check: Any,
                 secret: bool = False, default: list[str] | None = None) -> Question:
    return Question(key, QKind.CHOOSE_UNITS, to, rule, text, tuple(options),
                    data={"secret": True} if secret else {}, check=check, default=default)
