"""A battle reopened from its saved file in a new process resumes from the checkpoint its run kept
on disk (issue 21 part 1: cold reopen), replaying only the answers after it, with the bytes of a
replay from the first round; a checkpoint that is tampered with, forged, stale or made by other
code is never trusted over the answers (:mod:`rules.battlehex.resume`)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rules.dice import DiceRoller
from rules.model.campaign import Campaign
from rules.model.io import load_campaign, save_campaign
from rules.systems import start
from rules.battlehex import replay_points
from rules.battlehex.run import ReplayRun
from tests.play.duel import AT, battle
from tests.play.random_battle import play_at_random

WRITE_EVERY = 4
"""rules.battlehex.resume.WRITE_EVERY (read here by value: before the checkpoints on disk it did not exist)."""


def new_process() -> None:
    """Nothing of any battle left in the process, as in a new one."""
    replay_points.SHELF.clear()
    replay_points._KNOWN.clear()
    try:
        from rules.battlehex import resume
    except ImportError:  # before the checkpoints on disk
        return
    resume._KEYS.clear()
    resume._CODE.clear()


def counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the answers every run gives its engine from now on."""
    given: list[int] = []
    real = ReplayRun._give

    def give(self: ReplayRun[Any], raw: Any, expected: int | None = None) -> set[str]:
        given.append(1)
        return real(self, raw, expected)
    monkeypatch.setattr(ReplayRun, "_give", give)
    return given


def full_replay(c: Campaign, g: Any) -> ReplayRun[Any]:
    """The battle replayed from the first round (dice made by another callable: no checkpoints)."""
    cls = type(start(c, AT, g))
    run: ReplayRun[Any] = cls(c, AT, g, dice=lambda seed: DiceRoller(seed))
    return run


@pytest.fixture(params=["afef", "sidcors"])
def saved_file(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[Path, Any, list[Any]]:
    """A battle of 12 v 12 played with every answer stored as the battle window does, saved to a
    file at its last question but one; the file and the answers."""
    c, g = battle(12, request.param)
    path = tmp_path / "camp.json"
    save_campaign(c, path)
    c = load_campaign(path)  # as the app has it: the current format
    played = play_at_random(c, AT, request.param, 6, g, stubborn=1.0)
    answers = played.answers
    assert len(answers) > 3 * WRITE_EVERY, f"{request.param}: a battle too short to test ({len(answers)})"
    new_process()
    run = start(played.campaign, AT, g)
    for a in answers[:-1]:
        run.answer(a)
        run.adopt(run.saved())  # the battle window's controller stores every answer in the session
    save_campaign(run.saved(), path)
    return path, g, answers[:-1]


def test_a_cold_reopen_from_the_file_replays_a_bounded_number_of_answers_with_the_same_bytes(saved_file, monkeypatch):
    path, g, answers = saved_file
    new_process()
    given = counting(monkeypatch)
    c = load_campaign(path)
    reopened = start(c, AT, g)
    assert len(given) <= WRITE_EVERY + 2, f"a cold reopen gave {len(given)} of {len(answers)} answers again"
    full = full_replay(c, g)
    assert reopened.answers == answers and reopened.pending is not None and full.pending is not None
    assert reopened.pending.key == full.pending.key
    assert reopened.events_json() == full.events_json() and reopened.saved() == full.saved()
    given.clear()
    undo_after_reopen_as_without(reopened, full, given, answers)  # and undo after the reopen is as bounded


def undo_after_reopen_as_without(reopened: ReplayRun[Any], full: ReplayRun[Any], given: list[int],
                                 answers: list[Any]) -> None:
    """Two answers undone after a cold reopen give at most a checkpoint's span of answers again (``given`` counts
    them, cleared by the caller), and the bytes of the same undo without the reopen; answered again, the same."""
    reopened.undo(2)
    assert len(given) <= WRITE_EVERY + 2, f"undo after a cold reopen gave {len(given)} answers again"
    full.undo(2)
    assert reopened.events_json() == full.events_json() and reopened.saved() == full.saved()
    for run in (reopened, full):
        for a in answers[-2:]:
            run.answer(a)
    assert reopened.events_json() == full.events_json() and reopened.saved() == full.saved()


def checkpoint_files() -> list[Path]:
    from rules.battlehex import resume

    resume.flush()
    return sorted(resume.folder().glob("*.bin"))


def test_a_tampered_or_forged_checkpoint_is_never_trusted_over_the_answers(saved_file, monkeypatch):
    from rules.battlehex import resume

    path, g, answers = saved_file
    [disk] = checkpoint_files()
    good = disk.read_bytes()
    c = load_campaign(path)
    full = full_replay(c, g)
    spoilt = bytearray(good)
    spoilt[-40] ^= 0x01  # one bit of the checkpoint's body flipped
    forged = resume.MAGIC + bytes(32) + good[len(resume.MAGIC) + 32:]  # a MAC made without the key
    for data in (bytes(spoilt), forged, good[:-1], b""):
        resume.flush()  # the last saved() may still be writing a good one
        disk.write_bytes(data)
        new_process()
        with pytest.MonkeyPatch.context() as mp:
            given = counting(mp)
            reopened = start(c, AT, g)
        assert len(given) == len(answers), "a checkpoint that does not verify was used"
        assert reopened.events_json() == full.events_json() and reopened.saved() == full.saved()
    resume.flush()
    disk.write_bytes(good)
    key = resume.folder() / "key"
    key.write_bytes(bytes(32))  # another key (another user's folder): the MAC no longer verifies
    new_process()
    with pytest.MonkeyPatch.context() as mp:
        given = counting(mp)
        reopened = start(c, AT, g)
    assert len(given) == len(answers) and reopened.events_json() == full.events_json()


def test_a_checkpoint_of_other_answers_or_other_code_is_not_used(saved_file, monkeypatch):
    from rules.battlehex import resume

    path, g, answers = saved_file
    c = load_campaign(path)
    rec = c.battle_hexes[0]
    # the same battle with its answers changed after the first one (hand-edited: still legal or not,
    # the checkpoint's answers are not the first of these)
    other = c.model_copy(update={"battle_hexes": [rec.model_copy(update={"answers": answers[:1]})]})
    new_process()
    with pytest.MonkeyPatch.context() as mp:
        given = counting(mp)
        reopened = start(other, AT, g)
    assert len(given) == 1 and reopened.events_json() == full_replay(other, g).events_json()
    new_process()
    monkeypatch.setattr(resume, "code_digest", lambda: "other code")
    with pytest.MonkeyPatch.context() as mp:
        given = counting(mp)
        reopened = start(c, AT, g)
    assert len(given) == len(answers), "a checkpoint made by other code was used"
    assert reopened.events_json() == full_replay(c, g).events_json()


def test_a_campaign_whose_file_seals_secrets_writes_no_checkpoint(saved_file):
    path, g, answers = saved_file
    for f in checkpoint_files():
        f.unlink()
    c = load_campaign(path)
    from rules.model.seals import new_key

    record, _ = new_key("the GM's own long passphrase, 2026")
    keyed = c.model_copy(update={"keys": {"gm": record}})  # a file that seals secrets for the GM
    new_process()
    run = start(keyed, AT, g)
    run.undo(1)
    run.answer(answers[-1])
    run.saved()
    assert checkpoint_files() == []


class _Calls:
    """Pickles as a call of ``rules.battlehex.resume.folder`` (a function of the rules, harmless)."""

    def __reduce__(self) -> tuple[Any, tuple[()]]:
        from rules.battlehex import resume

        return resume.folder, ()


def test_a_checkpoint_that_verifies_still_calls_no_function_it_names(saved_file, monkeypatch):
    """Defence in depth: even a payload made with the key unpickles only classes of the engine's
    modules (a function it names, of the rules or any other module, is refused, not called)."""
    import hashlib
    import hmac
    import pickle
    import struct

    from rules.battlehex import resume

    path, g, answers = saved_file
    [disk] = checkpoint_files()
    data = disk.read_bytes()
    body = data[len(resume.MAGIC) + 32:]
    sizes = struct.unpack(">5I", body[:20])  # head, answers' places, rolls, engine (under the MAC), the log's chunks
    parts, at = [], 20
    for size in sizes:
        parts.append(body[at:at + size])
        at += size
    assert at == len(body)
    key = (resume.folder() / "key").read_bytes()
    called: list[int] = []
    real = resume.folder
    for evil in (pickle.dumps(_Calls()), pickle.dumps(print)):
        new = parts[:3] + [evil]
        macked = struct.pack(">5I", *(len(p) for p in new + [parts[4]])) + b"".join(new)
        forged = macked + parts[4]
        disk.write_bytes(resume.MAGIC + hmac.new(key, resume.MAGIC + macked, hashlib.sha256).digest() + forged)
        new_process()
        c = load_campaign(path)
        state = start(c, AT, g)  # builds the run; the checkpoint is read and refused
        monkeypatch.setattr(resume, "folder", lambda: called.append(1) or real())
        assert resume.read(state._key, answers, state._state()) is None
        monkeypatch.setattr(resume, "folder", real)
    assert called == [1, 1], "only read() itself asked for the folder: the payload's call was refused"


def test_a_write_removes_what_a_killed_write_left(saved_file):
    import os
    import time

    from rules.battlehex import resume

    path, g, answers = saved_file
    where = resume.folder()
    old, fresh = where / "x.1.tmp", where / "y.2.tmp"
    old.write_bytes(b"half")
    fresh.write_bytes(b"being written")
    os.utime(old, (time.time() - 120, time.time() - 120))
    for f in checkpoint_files():
        f.unlink()
    new_process()
    run = start(load_campaign(path), AT, g)  # a replay from the first round, keeping checkpoints
    assert run._points is not None and run._points.kept
    assert resume.write(run._points.kept[-1], run._key)
    resume.flush()
    assert not old.exists() and fresh.exists()


def test_the_code_digest_is_of_every_rules_and_hexmap_source_in_path_order():
    """The digest a checkpoint's code is checked by (made by os.walk since issue 21's cold reopen bench: 12 -> 5 ms
    CPU) is the one pathlib's rglob made: every source, by its path under the package's parent, in order."""
    import hashlib
    import marshal
    import pickle
    import sys

    import hexmap
    import rules
    from rules.battlehex import resume

    h = hashlib.sha256(f"{sys.version} {pickle.HIGHEST_PROTOCOL} {marshal.version}".encode())
    for pkg in (rules, hexmap):
        root = Path(pkg.__file__ or "").parent
        for p in sorted(root.rglob("*.py")):
            h.update(str(p.relative_to(root.parent)).encode())
            h.update(p.read_bytes())
    resume._CODE.clear()
    assert resume.code_digest() == h.hexdigest()
