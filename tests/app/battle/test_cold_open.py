"""Open + Fight of a long battle saved in a file (issue 21 part 4: < 100 ms at 5,000 answers,
flat): the battle resumes from its checkpoint on disk, and its log's events are decoded only as
far as they are read - the window shows the last few hundred; the 15,000 events of 5,000
answers used to be decoded at every Fight (~9 ms, growing with the battle)."""
from __future__ import annotations

import gc

from app.battle.log import LOG_SHOWN
from hexmap import Label
from rules.battlehex.log import Event
from tests.app.battle.test_window import main, open_battle, set_up_0604, take_over  # noqa: F401 (main: the fixture)

ANSWERS = 1500


def _events_alive() -> int:
    return sum(1 for o in gc.get_objects() if type(o) is Event)


def test_fight_after_opening_a_long_battle_decodes_only_the_log_it_shows(main, qtbot, tmp_path):  # noqa: F811
    bw = open_battle(main, qtbot, "0604")
    set_up_0604(bw)
    b = bw.b
    while len(b.answers) < ANSWERS:  # a long battle: +1 impulse, as the clock button answers
        b.answer({"clock": 1})
    bw.ctl._store(b)  # the campaign's record and its checkpoint on disk, as after an answer in the window
    path = tmp_path / "long.json"
    assert main.save_to(path)
    shown = [(e.seq, e.text) for e in b.log.events[-LOG_SHOWN:]]
    every = [(e.seq, e.kind, e.rule, e.text, e.data, e.visible_to) for e in b.log.events]
    bw.close()
    del b, bw

    assert main.open_campaign(path)  # File > Open's own call: a new session, the battle not run yet
    gc.collect()
    before = _events_alive()
    bw = main.fight(Label.parse("0604"))
    take_over(bw)  # the hand-over screen of the Team that held the seat: its commander takes over
    qtbot.waitExposed(bw)
    decoded = _events_alive() - before
    b = bw.b
    assert len(b.answers) == ANSWERS and b.pending is not None and b.pending.key.startswith("combat/")
    assert len(every) > 2 * ANSWERS  # three events an answer
    # before: every event of the battle was made at once (4,500 here)
    assert decoded < LOG_SHOWN + 600, f"{decoded:,} events decoded of {len(every):,} to show {LOG_SHOWN}"
    # the log dock's last lines, read from the checkpoint's last chunks
    assert [(e.seq, e.text) for e in b.log.view()[-LOG_SHOWN:]] == shown
    assert shown[-1][1] in bw.log_dock.view.toPlainText()
    # read whole (a report, an export), the log is the battle's own, each answer its own object
    assert [(e.seq, e.kind, e.rule, e.text, e.data, e.visible_to) for e in b.log.events] == every
    events = b.log.events
    assert [e.data["answer"] for e in events if e.kind == "answer"][-1] is b.answers[-1]
