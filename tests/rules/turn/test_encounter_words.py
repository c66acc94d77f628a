"""An encounter answer's log line in people's words (issue 22's real-screen walk: the campaign
log read "Coalition: agree no", "Alliance: pursuit no", "Alliance: demand deep space")."""
from __future__ import annotations

import pytest

from rules.turn.run import TurnRun
from tests.rules.turn.test_run import small


@pytest.mark.parametrize("agree, said", [
    (True, "0304: Blue: agrees"),
    (False, "0304: Blue: refuses and returns to its last sector"),
])
def test_each_encounter_answer_is_logged_in_words(agree, said):
    run = TurnRun(small())
    for a in ({"orders": {"f": ["0304"]}}, "end_movement", "end_phase", "deep_space", agree):
        run.answer(a)
    if not agree:
        assert run.pending.key == "encounter/0304/pursuit/red"
        run.answer(False)
    texts = [e.text for e in run.campaign.log]
    assert "0304: Red: Demand a Deep Space encounter" in texts, texts[-6:]
    assert said in texts, texts[-6:]
    if not agree:
        assert "0304: Red: lets it go" in texts, texts[-6:]
    assert not any(t.startswith(("Red: demand", "Blue: agree", "Red: pursuit")) for t in texts), texts[-6:]
