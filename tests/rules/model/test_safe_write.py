"""Atomic saves (rules/model/safe_write.py): the mode kept, a symlink written through, a
read-only file refused by name, no temporary file left after any failure."""
from __future__ import annotations

import os
import stat
import subprocess
import sys
import time

import pytest

from rules.model import load_campaign, save_campaign
from rules.model import safe_write as sw
from rules.model.safe_write import ReadOnlyFileError, remove_stale_temps, safe_write_text
from tests.rules.systems.v13.helpers import duel


def _temps(folder):
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_replaces_the_text_and_keeps_the_mode(tmp_path):
    f = tmp_path / "camp.json"
    f.write_text("old", encoding="utf-8")
    f.chmod(0o640)
    safe_write_text(f, "new")
    assert f.read_text(encoding="utf-8") == "new"
    assert stat.S_IMODE(f.stat().st_mode) == 0o640 and _temps(tmp_path) == []


def test_a_new_file_gets_the_usual_mode_not_0600(tmp_path):
    f = tmp_path / "new.json"
    safe_write_text(f, "x")
    assert stat.S_IMODE(f.stat().st_mode) == 0o666 & ~sw._umask()


def test_a_symlink_is_written_through_and_stays_a_link(tmp_path):
    real = tmp_path / "real" / "camp.json"
    real.parent.mkdir()
    real.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    assert safe_write_text(link, "new") == real.resolve()
    assert link.is_symlink() and real.read_text(encoding="utf-8") == "new"
    assert _temps(tmp_path) == [] and _temps(real.parent) == []


def test_a_read_only_file_is_refused_by_name_and_untouched(tmp_path):
    f = tmp_path / "locked.json"
    f.write_text("old", encoding="utf-8")
    f.chmod(0o444)
    with pytest.raises(ReadOnlyFileError) as err:
        save_campaign(duel(), f)
    assert "locked.json" in str(err.value) and "read-only" in str(err.value)
    assert isinstance(err.value, PermissionError)
    assert f.read_text(encoding="utf-8") == "old" and _temps(tmp_path) == []


@pytest.mark.parametrize("failure", [OSError(28, "No space left on device"), KeyboardInterrupt()])
def test_any_failure_removes_the_temp_file_and_keeps_the_old_one(tmp_path, monkeypatch, failure):
    f = tmp_path / "camp.json"
    save_campaign(duel(), f)
    before = f.read_text(encoding="utf-8")

    def boom(*args):
        raise failure
    monkeypatch.setattr(sw.os, "replace", boom)
    with pytest.raises(type(failure)):
        save_campaign(duel().model_copy(update={"turn": 5}), f)
    assert f.read_text(encoding="utf-8") == before and _temps(tmp_path) == []


def test_fsyncs_the_file_and_its_folder(tmp_path, monkeypatch):
    synced = []
    real = os.fsync
    monkeypatch.setattr(sw.os, "fsync", lambda fd: (synced.append(fd), real(fd)))
    safe_write_text(tmp_path / "a.json", "x")
    assert len(synced) == 2


def test_a_killed_saves_leftover_is_removed_by_the_next_save(tmp_path):
    f = tmp_path / "camp.json"
    leftover = tmp_path / ".camp.json.abc123.tmp"
    leftover.write_text("half", encoding="utf-8")
    old = time.time() - 3600
    os.utime(leftover, (old, old))
    fresh = tmp_path / ".camp.json.fresh1.tmp"  # perhaps another process's save under way
    fresh.write_text("", encoding="utf-8")
    save_campaign(duel(), f)
    assert _temps(tmp_path) == [fresh.name] and load_campaign(f) == duel()


def test_only_a_dead_or_idle_saves_own_temp_file_is_stale(tmp_path):
    """A temporary file of a process that no longer runs, or of this process when it is not
    writing it, goes; a live process's, a link, and other files' stay (issue 19)."""
    f = tmp_path / "camp.json"
    f.write_text("{}", encoding="utf-8")
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                          timeout=60)
    gone = [tmp_path / f".camp.json.{int(dead.stdout)}.abcd_123.tmp",
            tmp_path / f".camp.json.{os.getpid()}.zzzzzzzz.tmp"]
    kept = [tmp_path / f".camp.json.{os.getppid()}.abcdefgh.tmp",  # a live process: its save may be under way
            tmp_path / ".camp.json.young1.tmp",  # an older version's, not a minute old
            tmp_path / ".camp.json.x.abcdefgh.tmp", tmp_path / ".campXjson.1.abcdefgh.tmp",
            tmp_path / ".other.json.1.abcdefgh.tmp"]
    for p in gone + kept:
        p.write_text("half", encoding="utf-8")
    link = tmp_path / f".camp.json.{int(dead.stdout)}.linklink.tmp"  # a link is never removed
    link.symlink_to(f)
    assert sorted(remove_stale_temps(f)) == sorted(gone)
    assert _temps(tmp_path) == sorted(p.name for p in [*kept, link]) and f.read_text(encoding="utf-8") == "{}"
