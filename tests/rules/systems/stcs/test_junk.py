"""The stcs system refuses junk answers with a rule and changes nothing, at every question of a
battle played to its end (as tests/rules/systems/test_junk_answers.py holds the other systems)."""
from __future__ import annotations

from typing import Any

from rules.battlehex.log import IllegalAnswer, shown
from rules.battlehex.questions import QKind
from rules.systems import start
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.test_junk_answers import JUNK
from tests.rules.systems.v13.helpers import AT

PLAN = ["scan:enterprise", "lock:d7:enterprise", "warpin:lexington", "cloak:bop", "uncloak:bop", "next",
        "warpout:d7", "next", "resolve"]


def _something(run: Any, plan: list[str]) -> None:
    q = run.pending
    if q.kind is QKind.CHOOSE and q.key.endswith("/act"):
        while plan and plan[0] not in q.options:
            plan.pop(0)
        run.answer(plan.pop(0) if plan else "resolve")
    elif q.kind is QKind.CHOOSE:
        run.answer(q.options[0])
    elif q.kind is QKind.CHOOSE_UNITS:
        run.answer(["lexington"] if q.key == "stcs/arrivals" else list(q.options[:1]))
    elif q.kind is QKind.TEXT:
        run.answer(q.default)  # the warp in's target hex: as the question opens
    else:
        run.answer(q.low)


def test_junk_is_refused_with_a_rule_at_every_question_and_changes_nothing() -> None:
    run = start(stcs_campaign(), AT)
    run.answer("sublight")
    plan, asked = list(PLAN), 0
    for _ in range(60):
        q = run.pending
        if q is None:
            break
        asked += 1
        before = (len(run.log.events), list(run.answers))
        for junk in JUNK:
            try:
                run.answer(junk)
            except IllegalAnswer as e:
                assert e.rule and len(str(e)) < 600, (q.key, shown(junk))
                assert run.pending is q and (len(run.log.events), list(run.answers)) == before, (q.key, shown(junk))
            else:
                break
        else:
            _something(run, plan)
    assert run.state.resolved and asked >= 10
