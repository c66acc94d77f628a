"""A cold reopen (a new process opening the saved file) does no work that grows with the force
beyond reading the file and the checkpoint (issue 21 part 1: cold reopen flat): it copies no
engine on the answers it replays after the checkpoint and decodes none of the checkpoint's
stored events; an undo and an answer after it still give the bytes of a full replay."""
from __future__ import annotations

from typing import Any

from rules.battlehex import replay_points
from rules.model.io import load_campaign
from rules.systems import start
from tests.play.duel import AT
from tests.rules.battlehex.test_resume import full_replay, new_process, saved_file  # noqa: F401 (a fixture)


def test_a_cold_reopen_copies_no_engine_and_decodes_no_stored_event(saved_file, monkeypatch):  # noqa: F811
    path, g, answers = saved_file
    new_process()
    copies: list[int] = []
    real = replay_points.clone

    def clone(engine: Any, record: Any) -> Any:
        copies.append(1)
        return real(engine, record)
    monkeypatch.setattr(replay_points, "clone", clone)
    c = load_campaign(path)
    reopened = start(c, AT, g)
    assert reopened.answers == answers and reopened._points is not None and reopened._points.written is not None, \
        "the cold reopen did not resume from the checkpoint on disk"
    assert not copies, f"a cold reopen copied the engine {len(copies)} times"
    assert reopened.log.stored > 0, "a cold reopen decoded the checkpoint's stored events"
    full = full_replay(c, g)
    assert reopened.events_json() == full.events_json() and reopened.saved() == full.saved()
    for run in (reopened, full):
        run.undo(1)
    assert reopened.events_json() == full.events_json() and reopened.saved() == full.saved()
    for run in (reopened, full):
        run.answer(answers[-1])
    assert reopened.events_json() == full.events_json() and reopened.saved() == full.saved()



def test_a_cold_reopen_builds_the_battles_roster_once(saved_file, monkeypatch):  # noqa: F811
    """AF/EF's check that every unit has its values reads the roster the run then starts on
    (it built a second one, another pass over the force, on every start)."""
    from rules.battlehex import run as shared_run

    path, g, answers = saved_file
    new_process()
    built: list[int] = []
    real = shared_run.build_roster
    monkeypatch.setattr(shared_run, "build_roster", lambda *a: built.append(1) or real(*a))
    c = load_campaign(path)
    reopened = start(c, AT, g)
    assert len(built) == 1, f"the roster was built {len(built)} times"
    full = full_replay(c, g)
    assert reopened.events_json() == full.events_json() and reopened.saved() == full.saved()
