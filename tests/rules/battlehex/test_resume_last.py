"""The checkpoint written at a battle's last answer when its window closes or its file is saved (issue 21: a cold
reopen of a battle standing just after a round of fire replayed that round from the older checkpoint, two answers
back, and the round grows with the units): a reopen in a new process then replays no answer, and an undo after it
resumes from the older checkpoint, with the bytes of the same undo without the reopen."""
from __future__ import annotations

from rules.battlehex import resume
from rules.model.io import load_campaign
from rules.systems import start
from tests.play.duel import AT
from tests.rules.battlehex.test_resume import (WRITE_EVERY, counting, full_replay, new_process,  # noqa: F401
                                               saved_file, undo_after_reopen_as_without)


def test_a_cold_reopen_after_the_last_answer_was_kept_replays_no_answer_and_undo_still_works(saved_file, monkeypatch):
    path, g, answers = saved_file
    run = start(load_campaign(path), AT, g)  # the run that played it (its checkpoints in this process)
    assert run.pending is not None and run._points is not None
    newest = run._points.best(run.answers)
    assert newest is not None
    # AF/EF stands at a question its engine goes on from; SIDCORS at the round's end, which it cannot: there the
    # newest checkpoint the run kept (one answer back) is written
    after = 0 if run.engine.resume(run.pending.key) is not None else len(answers) - newest.answers
    assert after <= 1
    run.keep_last()  # the battle window closed (or the file saved) where it stands
    new_process()
    given = counting(monkeypatch)
    c = load_campaign(path)
    reopened = start(c, AT, g)
    assert len(given) == after, f"a cold reopen at its last answer gave {len(given)} of {len(answers)} answers again"
    full = full_replay(c, g)
    assert reopened.answers == answers and reopened.events_json() == full.events_json()
    assert reopened.saved() == full.saved()
    given.clear()  # (the full replay's answers counted too)
    undo_after_reopen_as_without(reopened, full, given, answers)  # from the older checkpoint on disk


def test_an_older_checkpoint_written_after_it_replaces_the_one_at_the_last_answer(saved_file):
    path, g, answers = saved_file
    run = start(load_campaign(path), AT, g)  # the run that played it (its checkpoints in this process)
    run.keep_last()
    resume.flush()
    assert len(list(resume.folder().glob("*.last.bin"))) == 1
    run.undo(2 * WRITE_EVERY)  # another line of answers: the next older checkpoint written is newer than it
    for a in answers[-2 * WRITE_EVERY:]:
        run.answer(a)
        run.adopt(run.saved())
    resume.flush()
    assert list(resume.folder().glob("*.last.bin")) == [], "a checkpoint at an older last answer was left to be read"


def test_a_battle_whose_file_seals_secrets_writes_no_checkpoint_at_its_last_answer(saved_file):
    path, g, _answers = saved_file
    new_process()
    run = start(load_campaign(path), AT, g)
    run.campaign = run.campaign.model_copy(update={"keys": {"GM": "x"}})
    run.keep_last()
    resume.flush()
    assert list(resume.folder().glob("*.last.bin")) == []
