"""The battle's event log as each viewer may read it (V13.03): an event for some Teams is seen by
them and the GM only; and a question as data (what ``main.py battle`` prints)."""
from __future__ import annotations

from rules.battlehex.log import GM, Event, EventLog
from rules.battlehex.questions import QKind, Question


def test_an_event_for_some_teams_is_seen_by_them_and_the_gm_only_v13_03():
    log = EventLog()
    log.add("info", "V13.03", "everyone")
    log.add("info", "V13.03", "blue's incidental units", {"n": 2}, visible_to=("blue",))
    secret = log.events[1]
    assert secret == Event(2, "info", "V13.03", "blue's incidental units", {"n": 2}, ("blue",))
    assert [secret.seen_by(v) for v in ("blue", "red", GM)] == [True, False, True]
    assert [e.text for e in log.for_viewer("red")] == ["everyone"]
    assert [e.text for e in log.for_viewer("blue")] == ["everyone", "blue's incidental units"]
    assert secret.to_dict() == {"seq": 2, "kind": "info", "rule": "V13.03", "text": "blue's incidental units",
                                "data": {"n": 2}, "visible_to": ["blue"]}
    assert log.events[0].to_dict() == {"seq": 1, "kind": "info", "rule": "V13.03", "text": "everyone"}
    assert secret.line() == "V13.03: blue's incidental units" and Event(3, "info", "", "plain").line() == "plain"


def test_a_question_as_data_has_only_the_parts_it_uses():
    q = Question("V13.425/choice", QKind.NUMBER, "red", "V13.425", "choose", low=10, high=20, data={"why": "x"})
    assert q.to_dict() == {"key": "V13.425/choice", "kind": "number", "to": "red", "rule": "V13.425",
                           "text": "choose", "low": 10, "high": 20, "data": {"why": "x"}}
    c = Question("V13.28/left_behind", QKind.CHOOSE, "blue", "V13.28", "pick", ("unmanned", "active"))
    assert c.to_dict() == {"key": "V13.28/left_behind", "kind": "choose", "to": "blue", "rule": "V13.28",
                           "text": "pick", "options": ["unmanned", "active"]}
