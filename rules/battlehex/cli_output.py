"""What the headless commands (``main.py battle``, ``main.py turn``) share once the answers are
read: giving them one by one until a rule refuses one, and printing the JSON with the exit code.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TextIO

from rules.errors import RuleError


def give_answers(answer: Callable[[Any], Any], answers: list[Any]) -> dict[str, Any] | None:
    """Give ``answers`` one by one; at the first one a rule refuses, stop and return what the
    JSON's ``error`` says of it (its index, the answer, the rule and the message)."""
    for i, a in enumerate(answers):
        try:
            answer(a)
        except RuleError as e:
            failure: dict[str, Any] = {"answer_index": i, "answer": a, "rule": e.rule, "message": e.message}
            index = getattr(e, "index", None)  # an answer inside a battle the turn plays (rules.turn.run)
            if isinstance(index, int):
                failure["battle_answer_index"] = index
            return failure
    return None


def finish(result: dict[str, Any], failure: dict[str, Any] | None, out: TextIO, err: TextIO,
           prog: str = "battle") -> int:
    """Print ``result`` (with the failure, if any) as JSON; the exit code: 1 on an illegal answer."""
    if failure:
        result["error"] = failure
    print(json.dumps(result, indent=1, sort_keys=True), file=out)
    if failure:
        print(f"{prog}: answer {failure['answer_index'] + 1} is illegal: {failure['rule']}: {failure['message']}",
              file=err)
        return 1
    return 0
