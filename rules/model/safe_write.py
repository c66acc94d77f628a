"""Writing a file so that a crash, a kill or a full disk never leaves it half written.

:func:`safe_write_text` writes a temporary file in the target's own folder, flushes and
fsyncs it, gives it the target's permissions, renames it over the target (``os.replace``,
atomic on one file system) and fsyncs the folder, so the rename itself survives a power cut.
A symlink is written through (its target is replaced, the link stays a link); a read-only file
is refused with :class:`ReadOnlyFileError`, which names it; the temporary file is removed on
any failure, a ``KeyboardInterrupt`` included.

A temporary file left by a killed process (a ``SIGKILL`` runs no clean-up) is removed by the
next save of the same file, and by :func:`remove_stale_temps` (the window calls it when it opens
the file). A temporary file is named ``.NAME.PID.XXXXXXXX.tmp`` beside ``NAME``: it is stale when
process PID no longer runs (or is this process, which is not writing it), or when it is older
than :data:`STALE_TEMP_SECONDS` (also ``.NAME.XXXXXX.tmp``, the form of older versions). Only a
regular file of this user with exactly that name is ever removed: never another file's, never a
save under way in another process.
"""
from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import tempfile
import threading
import time
from pathlib import Path

__all__ = ["ReadOnlyFileError", "remove_stale_temps", "safe_write_text"]

STALE_TEMP_SECONDS = 60.0
"""A temporary file of the same target older than this is a killed save's leftover."""


class ReadOnlyFileError(PermissionError):
    """The file to be replaced is read-only; nothing was written."""

    def __init__(self, path: Path) -> None:
        super().__init__(errno.EACCES, f"{path} is read-only; it was not overwritten "
                                       f"(make it writable, or save under another name)", str(path))
        self.path = path

    def __str__(self) -> str:
        return str(self.strerror)


def _umask() -> int:
    """The process's umask, read without changing it where the system tells it (Linux)."""
    with contextlib.suppress(OSError, ValueError):
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_NEW_FILE_MODE = 0o666 & ~_umask()


_TEMP_TAIL = re.compile(r"(?:(?P<pid>[0-9]{1,10})\.[a-z0-9_]{8}|[A-Za-z0-9_]{1,32})\.tmp")
"""What follows ``.NAME.`` in a temporary file's name: this version's ``PID.XXXXXXXX`` (mkstemp's
eight characters) or an older version's ``XXXXXX``."""
_WRITING: set[str] = set()
"""The temporary files this process is writing now (other threads' saves are not stale)."""
_WRITING_LOCK = threading.Lock()


def _temp_prefix(target: Path) -> str:
    return f".{target.name}."


def _running(pid: int) -> bool:
    """Whether process ``pid`` exists (True when the system cannot tell)."""
    if os.name == "nt":  # os.kill(pid, 0) would end the process there: age alone decides
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (OSError, OverflowError):  # PermissionError: another user's process
        return True
    return True


def _stale(entry: os.DirEntry[str], pid: str | None, now: float) -> bool:
    st = entry.stat(follow_symlinks=False)
    if not stat.S_ISREG(st.st_mode) or (hasattr(os, "getuid") and st.st_uid != os.getuid()):
        return False  # a link, a folder, another user's file: never ours to remove
    if pid is not None and int(pid) == os.getpid():
        with _WRITING_LOCK:
            return entry.path not in _WRITING  # a save of this process under way is never stale
    if now - st.st_mtime > STALE_TEMP_SECONDS:
        return True
    return pid is not None and not _running(int(pid))


def remove_stale_temps(path: str | os.PathLike[str]) -> list[Path]:
    """Remove the temporary files a killed save of ``path`` left beside it (the module's
    docstring says which); returns those removed. Errors (a folder that cannot be read, a file
    gone meanwhile) are ignored: this never stops a save or an opening."""
    target = Path(os.path.realpath(path))
    prefix, now, removed = _temp_prefix(target), time.time(), []
    try:
        with os.scandir(target.parent) as found:
            entries = list(found)
    except OSError:
        return []
    for entry in sorted(entries, key=lambda e: e.name):
        m = _TEMP_TAIL.fullmatch(entry.name[len(prefix):]) if entry.name.startswith(prefix) else None
        with contextlib.suppress(OSError):
            if m is not None and _stale(entry, m.group("pid"), now):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
    return removed


def _fsync_dir(folder: Path) -> None:
    """Make the rename durable (not possible, and not needed, on every system)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def safe_write_text(path: str | os.PathLike[str], text: str, encoding: str = "utf-8") -> Path:
    """Replace the file at ``path`` with ``text`` atomically; returns the file written (the
    symlink's target when ``path`` is a symlink).

    Raises:
        ReadOnlyFileError: the existing file is read-only (nothing written).
        OSError: the folder cannot be written, the disk is full... (the old file is intact).
    """
    target = Path(os.path.realpath(path))
    try:
        st = os.stat(target)
    except FileNotFoundError:
        mode = _NEW_FILE_MODE
    else:
        mode = stat.S_IMODE(st.st_mode)
        if not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(target, os.W_OK):
            raise ReadOnlyFileError(target)
    folder = target.parent
    remove_stale_temps(target)
    with _WRITING_LOCK:  # registered before it exists: another thread's clean-up never takes it
        fd, tmp = tempfile.mkstemp(prefix=f"{_temp_prefix(target)}{os.getpid()}.", suffix=".tmp", dir=folder)
        _WRITING.add(tmp)
    try:
        with os.fdopen(fd, "w", encoding=encoding, newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    finally:
        with _WRITING_LOCK:
            _WRITING.discard(tmp)
    _fsync_dir(folder)
    return target
