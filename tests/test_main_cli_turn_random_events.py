"""``python main.py turn`` with seed 004's Random Events option (issue 23): docs/economy.md's example
plays from its answers file as written, the viewer sees only its own Team's events, and a refused
answer exits 1 naming the field."""
from __future__ import annotations

import json
import re
import shlex
from fractions import Fraction

from rules.model import dumps, load_campaign, parse_campaign
from rules.model.campaign import Campaign
from rules.model.records import Phase
from tests.conftest import DEFAULT as ECONOMY, ROOT
from tests.test_main_cli import _run

DOC = (ROOT / "docs" / "economy.md").read_text(encoding="utf-8")
SECTION = DOC[DOC.index("## Random events, the optional rule"):]
COMMAND = shlex.split(re.search(r"```bash\n(.*?)```", SECTION, re.S).group(1))
EXAMPLE = json.loads(re.search(r"```json\n(.*?)```", SECTION, re.S).group(1))


def events_campaign() -> Campaign:
    """The economy scenario with ``settings.random_events`` on, in turn 1's Update Asset Phase."""
    c = load_campaign(ECONOMY).model_copy(deep=True)
    c.phase = Phase.UPDATE
    c.settings = c.settings.model_copy(update={"random_events": True})
    return c


def _turn(tmp_path, answers, *extra):
    camp, f = tmp_path / COMMAND[3], tmp_path / COMMAND[5]
    camp.write_text(dumps(events_campaign()), encoding="utf-8")
    f.write_text(json.dumps(answers), encoding="utf-8")
    return _run("turn", str(camp), "--answers", str(f), *extra)


def test_the_doc_s_example_plays_headless_as_written(tmp_path):
    assert COMMAND[:3] == ["python", "main.py", "turn"] and COMMAND[4] == "--answers"
    out = tmp_path / "after.json"
    r = _turn(tmp_path, EXAMPLE, "--out", str(out))
    assert r.returncode == 0, r.stderr
    shown = json.loads(r.stdout)
    assert shown["answers_used"] == len(EXAMPLE) and "error" not in shown
    assert (shown["turn"], shown["phase"]) == (2, "income")
    lines = [e for e in shown["log"] if e["rule"] == "004 End of Turn Phase (Random Events option)"]
    assert [(e["kind"], e.get("visible_to")) for e in lines if e["kind"] == "log"] == [
        ("log", ["alliance"]), ("log", ["alliance"])]
    assert any("Random event for United Federation of Planets: a plague on Vanguard II - a miscellaneous expense of "
               "12 in the next Income Phase" in e["text"] for e in lines)
    assert any("Rrawl (0402): a festival - Morale Check Chart \"Event from Random Event table\" +2" in e["text"]
               for e in lines)
    income = [e["text"] for e in shown["log"] if e["rule"] == "004 Income Phase" and e["kind"] == "log"]
    assert any("Miscellaneous: random event: a plague on Vanguard II: -12" in t and "Point Pool 0 to 9 4/5" in t
               for t in income)
    c = parse_campaign(out.read_text(encoding="utf-8"))
    assert c.power("fed").economy.point_pool == Fraction(49, 5) and c.power("fed").economy.misc == []
    again = _turn(tmp_path, EXAMPLE)
    assert again.stdout == r.stdout  # replayed: the same bytes


def test_another_team_sees_none_of_the_events(tmp_path):
    r = _turn(tmp_path, EXAMPLE, "--viewer", "coalition")
    assert r.returncode == 0, r.stderr
    texts = " ".join(e["text"] for e in json.loads(r.stdout)["log"])
    assert "plague" not in texts and "festival" not in texts and "economic/fed" not in texts


def test_a_non_number_is_refused_naming_the_field(tmp_path):
    r = _turn(tmp_path, ["roll", "end_phase", "economic/fed", "ten"])
    assert r.returncode == 1
    error = json.loads(r.stdout)["error"]
    assert (error["answer_index"], error["rule"]) == (3, "004 End of Turn Phase (Random Events option)")
    assert error["message"] == "the amount of random event 1 is a whole number, not 'ten'"
    r = _turn(tmp_path, ["roll", "end_phase", "economic/nobody"])
    assert r.returncode == 1 and "there is no power 'nobody'" in json.loads(r.stdout)["error"]["message"]


def test_a_file_whose_random_events_asked_cannot_be_read_is_refused_naming_the_field(tmp_path):
    """A campaign file whose End of Turn keys were edited ('random/1/amount=abc', an event for a
    power no longer there) was 'a fault of BattleHex' at opening, or a StopIteration traceback at the
    next answer: now refused naming the file and the key."""
    from rules.turn.run import play

    c = play(events_campaign(), ["roll", "end_phase", "economic/fed", 5]).campaign
    for bad, why in (("random/1/amount=abc", "a whole number"), ("random/1=economic/nobody", "no power 'nobody'"),
                     ("random/1=morale/0402/Nowhere", "no power holds a planet 'Nowhere'")):
        asked = [bad if k.startswith(bad.partition("=")[0] + "=") else k for k in c.turn_asked]
        camp = tmp_path / "events.json"
        camp.write_text(dumps(c.model_copy(update={"turn_asked": asked})), encoding="utf-8")
        before = camp.read_bytes()
        (tmp_path / "a.json").write_text(json.dumps(["a plague"]), encoding="utf-8")
        r = _run("turn", str(camp), "--answers", str(tmp_path / "a.json"))
        assert r.returncode == 2 and "Traceback" not in r.stderr and "fault of BattleHex" not in r.stderr, r.stderr
        assert str(camp) in r.stderr and f"turn_asked[{asked.index(bad)}]" in r.stderr and why in r.stderr, r.stderr
        assert camp.read_bytes() == before
