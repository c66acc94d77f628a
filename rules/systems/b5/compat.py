"""b5 battles saved by older code: a record's answers replayed when the battle is opened.

A battle saved before the fighter flights flew on the board (the code before 70bfe51) recorded
no answer to the questions they brought: each side's fighter orders with its plots
(``b5/{turn}/orders/{team}``) and its flights' moves in each pulse (``b5/{turn}/fly/{team}``).
Its answers, replayed as they are, give the next plot to a fighter orders question, which refuses
it. Such a record replays with each of those questions the old battle passed by answered "none"
(no orders, no move: its flights stay aboard their carriers, as the old code had them), and each
pulse's fire question the old code asked only because a flight was alive (its flights attacked at
the table's word from anywhere; now only from an enemy ship's hex), answered "done" then, is one
the replay no longer meets: that "done" is passed over. The battle then goes on under the rules of now (the next of those questions is asked). A record made
now never needs it (it replays as it is: same answers, same bytes), and the filled answers are
part of the answers the next save writes. A record that does not replay either way is refused
naming the saved answer that no longer fits and the question it was given to.
"""
from __future__ import annotations

from typing import Any, Protocol

from rules.battlehex.log import IllegalAnswer, shown
from rules.battlehex.questions import Question

DONE = "done"
"""The fire question's "no more fire" (rules/systems/b5/firing.py), its only question taking it."""
NEW_SINCE_FLIGHTS = ("fighter_orders", "flights")
OLD = (" (the battle was saved before the fighter flights flew on the board, when a flight attacked any "
       "ship at the table's word)")
"""The ``data`` keys of the questions the flights on the board brought (flights.orders, flying.fly)."""


class Replaying(Protocol):
    """What a replay needs of the run (rules.battlehex.run.ReplayRun)."""

    answers: list[Any]
    pending: Question | None

    def restart(self, answers: list[Any], take: bool = False) -> None: ...

    def answer(self, raw: Any) -> object: ...


def new_since_flights(q: Question | None) -> bool:
    """Whether ``q`` is a question a battle saved before the flights on the board never answered."""
    return q is not None and any(k in q.data for k in NEW_SINCE_FLIGHTS)


def _fill(run: Replaying, answers: list[Any]) -> tuple[int, IllegalAnswer | None, Question | None]:
    """Replay ``answers`` answering "none" for each question new since the flights that comes before
    one of them: (the saved answers given, the refusal or None, the question refusing)."""
    run.restart([])
    for i, a in enumerate(answers):
        while new_since_flights(run.pending) and run.pending is not None:
            run.answer(run.pending.default if run.pending.default is not None else "none")
        q = run.pending
        if a == DONE and q is not None and DONE not in q.options:
            continue  # a pulse's fire question asked for its flights alone (below)
        try:
            run.answer(a)
        except IllegalAnswer as e:
            return i, e, q
    return len(answers), None, None


def replay(run: Replaying, answers: list[Any]) -> None:
    """Replay a record's ``answers`` on ``run``: as they are, else as saved before the flights.

    Raises:
        IllegalAnswer: neither replays; it names the saved answer (its number, its words) and the
            question it no longer fits, with the rule that refuses it.
    """
    try:
        run.restart(list(answers))
        return
    except IllegalAnswer as e:
        plain: tuple[int, IllegalAnswer | None, Question | None] = (len(run.answers), e, run.pending)
    if not new_since_flights(plain[2]):
        given, error, q = plain
        old = ""
    else:
        given, error, q = _fill(run, answers)
        if error is None:
            return
        old = OLD
        if given <= plain[0]:  # the plain replay went as far: its refusal says more
            run.restart(list(answers[:plain[0]]))
            (given, error, q), old = plain, ""
    assert error is not None
    asked = f" to {shown(q.text, 90)}" if q is not None else ""
    raise IllegalAnswer(error.rule, f"saved answer {given + 1} of {len(answers)}, {shown(answers[given])},{asked} no "
                                    f"longer fits{old}: {error.message}") from error
