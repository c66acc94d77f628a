"""A replay's runs of clock answers, given without the procedure's generator (issue 10).

Reopening a saved battle replays every answer; a long battle is mostly ``{"clock": n}``
answers to the combat loop's ``combat/N`` questions (:func:`~rules.systems.v13.combat.combat_from`).
While no V13.632 counter counts, such an answer only moves the impulse on and logs three
events: the answer, "now turn T, impulse I" and the next ``combat`` question. :func:`clock_run`
does exactly that for a run of them, and keeps the checkpoints that fall due; the procedure
then resumes the combat loop after the run, as an undo resumes it from a checkpoint.

The log and the state are the same as the generator's, byte for byte
(tests/rules/systems/v13/test_clock_run.py replays against answers given one at a time).
"""
from __future__ import annotations

import sys
from collections.abc import Container
from typing import Any

from rules.battlehex.checkpoints import Checkpoints
from rules.systems.v13.combat import ANY, MOST_IMPULSES, ask_text, counting_units
from rules.battlehex.log import new_event
from rules.battlehex.state import BattleState, Ctx
from rules.systems.v13.wording import clock_words

RULE = "V13.480"
REAR_GUARD_LAST = 320
"""A rear-guard battle ends once the clock passes ten turns (V13.733, A-35)."""


def plain_clock(raw: Any, teams: Container[str] | None = None) -> int:
    """The impulses of ``raw`` if the combat loop reads it as a clock answer and accepts it
    (:func:`~rules.systems.v13.combat._check`: only ``clock`` and ``by``, by the GM or one of ``teams``);
    0 for any other answer and for a GM ruling."""
    if type(raw) is not dict or "clock" not in raw or not raw.keys() <= {"clock", "by"}:
        return 0
    by = raw.get("by", "gm")
    if by != "gm" and (not isinstance(by, str) or (teams is not None and by not in teams)):
        return 0
    n = raw["clock"]
    return n if type(n) is int and 1 <= n <= MOST_IMPULSES else 0


def clock_limit(st: BattleState) -> int:
    """The last impulse clock answers may reach with nothing but the clock changing: 0 while a
    unit retreats under fire (each impulse may start or move its V13.632 counter), ten turns in
    a rear-guard battle."""
    if counting_units(st):
        return 0
    return REAR_GUARD_LAST if st.record.kind == "rear_guard" else sys.maxsize


def clock_run(ctx: Ctx, n: int, answers: list[Any], start: int, given: list[Any],
              checkpoints: Checkpoints) -> tuple[int, int]:
    """Give ``answers[start:]`` to ``combat/{n}`` (pending and logged) and the questions after
    it while they are plain clock answers: each is appended to ``given`` and logged as the
    combat loop logs it, and a checkpoint is kept when one falls due.

    Returns the index of the first answer not given and the number of the ``combat``
    question pending then (logged, not asked: the caller resumes the loop there).
    """
    st = ctx.state
    limit = clock_limit(st)
    events, before = ctx.log.after, ctx.log.stored  # the stored events (a cold reopen's) are not decoded
    log = events.append
    due = checkpoints.due()
    impulse = st.impulse
    key = f"combat/{n}"
    teams = st.battle_teams
    i, end = start, len(answers)
    while i < end:
        raw = answers[i]
        k = plain_clock(raw, teams)
        if not k or impulse + k > limit:
            break
        given.append(raw)
        seq = before + len(events)
        log(new_event(seq + 1, "answer", RULE, clock_words(k), {"key": key, "by": ANY, "answer": raw}, None))
        impulse += k
        st.impulse = impulse
        t, j = st.clock
        log(new_event(seq + 2, "info", RULE, f"now turn {t}, impulse {j}", {}, None))
        n += 1
        key = f"combat/{n}"
        log(new_event(seq + 3, "question", RULE, ask_text(t, j), {"key": key, "to": ANY}, None))
        i += 1
        if len(given) >= due:
            checkpoints.keep(len(given), n, ctx)
            due = checkpoints.due()
    return i, n
