"""Every battle system refuses junk answers with a rule and changes nothing (issue 11's
promise for V13, held for SIDCORS, AF/EF and the table): at each question of a battle played
to its end, a batch of malformed answers (wrong types, unhashable values, huge numbers, nested
junk) is given first; each must raise ``IllegalAnswer`` (never another exception) and leave
the log and the pending question as they were."""
from __future__ import annotations

from typing import Any

import pytest

from rules.battle.log import IllegalAnswer
from rules.systems import start
from tests.rules.battle.helpers import AT
from tests.rules.systems.test_compose_systems import _answer_something, over_cap

JUNK: tuple[Any, ...] = (None, {"x": 1}, [{"x": 1}], [[1]], {"unit": ["r1"], "fighters": 1},
                         {"unit": "r1", "fighters": True}, {"gm_ruling": ""}, {"gm_ruling": "x", "answer": {"y": []}},
                         10**100, -5, 2.5, "", "nobody", ["nobody"], ["r1", "r1"], True, [None], {"break_off": []},
                         {"b1": {"r1": 10**9}}, {"r1": {"b1": "x"}}, {"r1": [1]})


@pytest.mark.parametrize("system", ("sidcors", "afef", "table"))
def test_junk_is_refused_with_a_rule_at_every_question_and_changes_nothing(system):
    run = start(over_cap(system), AT)
    asked = 0
    for _ in range(200):
        q = run.pending
        if q is None:
            break
        asked += 1
        before = (len(run.log.events), list(run.answers))
        for junk in JUNK:
            try:
                run.answer(junk)
            except IllegalAnswer as e:
                assert e.rule, (q.key, junk)
                assert run.pending is q and (len(run.log.events), list(run.answers)) == before, (q.key, junk)
            else:  # a few junk values are legal somewhere (True to a yes/no): then go on from there
                break
        else:
            _answer_something(run)
    assert run.state.resolved and asked >= 3
