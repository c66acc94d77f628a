"""An encounter's log line in people's words (issue 22's real-screen walk: the campaign log read
"Coalition: agree no", "Alliance: pursuit no", "Alliance: demand deep space"), said once."""
from __future__ import annotations

import pytest

from rules.turn.run import TurnRun
from tests.rules.turn.test_run import small


@pytest.mark.parametrize("agree, said", [
    (True, "0304: Red demands a Deep Space encounter and Blue agrees: resolve a Deep Space encounter"),
    (False, "0304: Red demands a Deep Space encounter, Blue refuses and returns to its last sector; Red demands "
            "no Pursuit"),
])
def test_a_decided_meeting_says_each_answer_once(agree, said):
    """Issue 22: each answer had its own line ("0304: Red: Demand a Deep Space encounter", "0304:
    Blue: agrees") and the result line said them again. The result line names who answered what
    and the outcome; it is the meeting's only line."""
    run = TurnRun(small())
    for a in ({"orders": {"f": ["0304"]}}, "end_movement", "end_phase", "deep_space", agree):
        run.answer(a)
    if not agree:
        run.answer(False)
    lines = [e.text for e in run.campaign.log if e.rule == "004 Encounters Phase" and e.text.startswith("0304")]
    assert lines == [said], lines
    texts = [e.text for e in run.campaign.log]
    assert not any(t.startswith(("Red: demand", "Blue: agree", "Red: pursuit")) for t in texts), texts[-6:]
