"""Issue 25's tell: a side's view of the battle log numbered its events with the log's own numbers, so the
events kept from it left gaps (Blue read events 6 and 8: something hidden happened between them - the
Bird of Prey taking its place). Each viewer's view now numbers its own events 1, 2, 3...; the GM's numbers
are the log's own, and a viewer's number still leads to the same event (a replay link a player shares)."""
from __future__ import annotations

import json
import os
import subprocess
import sys

from rules.battlehex.log import GM
from rules.battlehex.sight import events_for, sight
from rules.model import save_campaign
from rules.systems import start
from tests.conftest import ROOT
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.v13.helpers import AT

ANSWERS = ["sublight", ["lexington"], "scan:enterprise", 4, "hit:bop", "superstructure", 3, "lock:d7:enterprise"]
"""Blue cannot read Red's hidden places, its secret D10, the damage entered on its cloaked ship."""


def played():
    run = start(stcs_campaign(), AT)
    for a in ANSWERS:
        run.answer(a)
    return run


def test_each_viewers_log_is_numbered_without_gaps() -> None:
    run = played()
    for viewer in ("blue", "red", GM):
        for seqs in ([e["seq"] for e in json.loads(run.events_json(viewer))],
                     [e.seq for e in events_for(run, viewer)]):
            assert seqs == list(range(1, len(seqs) + 1)), viewer
    assert len(json.loads(run.events_json("blue"))) < len(run.log.events)  # Blue was kept from some
    assert [e.to_dict() for e in events_for(run, GM)] == [e.to_dict() for e in run.log.events]


def test_a_viewers_number_leads_to_the_same_event() -> None:
    run = played()
    for viewer in ("blue", "red", GM):
        seen = sight(run, viewer)
        for e in seen.events(run.log.events):
            i = seen.index(run.log.events, e.seq)
            assert i is not None and run.log.events[i].text == e.text and run.log.events[i].kind == e.kind
    blue = sight(run, "blue")
    assert blue.index(run.log.events, 0) is None
    assert blue.index(run.log.events, len(blue.events(run.log.events)) + 1) is None


def test_the_headless_battle_view_numbers_blues_events_without_gaps(tmp_path) -> None:
    camp = tmp_path / "stcs.json"
    save_campaign(stcs_campaign(), camp)
    (tmp_path / "a.json").write_text(json.dumps(ANSWERS))
    r = subprocess.run([sys.executable, "main.py", "battle", str(camp), "--hex", "0304", "--system", "stcs",
                        "--answers", str(tmp_path / "a.json"), "--viewer", "blue"], cwd=ROOT,
                       env={**os.environ, "QT_QPA_PLATFORM": "offscreen"}, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    seqs = [e["seq"] for e in json.loads(r.stdout)["log"]]
    assert seqs == list(range(1, len(seqs) + 1))


def test_a_teams_count_of_a_long_log_on_disk_decodes_no_event() -> None:
    """The battle window's log draws the last events of a long log reopened from disk; Blue's number of the first
    drawn is counted from the rows on disk (issue 21: a cold reopen decodes only what it shows)."""
    from rules.battlehex.log import EventLog, seen_count
    from rules.battlehex.stored_events import StoredEvents, encode

    run = played()
    events = run.log.events * 40  # a long log: 40 times the battle's
    blob, sizes, places = encode(events)
    stored = StoredEvents(blob, sizes, len(events), places, [e.data["answer"] for e in events if "answer" in e.data
                                                               and e.kind in ("answer", "ruling")])
    log = EventLog(stored=stored)
    stop = len(events) - 100
    assert seen_count(log.view(), stop, "blue") == sum(e.seen_by("blue") for e in events[:stop])
    assert stored._chunks == {}  # no chunk decoded into events
    assert seen_count(log.view(), stop, GM) == stop
