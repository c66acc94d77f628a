"""Writing a file so that a crash, a kill or a full disk never leaves it half written.

:func:`safe_write_text` writes a temporary file in the target's own folder, flushes and
fsyncs it, gives it the target's permissions, renames it over the target (``os.replace``,
atomic on one file system) and fsyncs the folder, so the rename itself survives a power cut.
A symlink is written through (its target is replaced, the link stays a link); a read-only file
is refused with :class:`ReadOnlyFileError`, which names it; the temporary file is removed on
any failure, a ``KeyboardInterrupt`` included. A temporary file left by a killed process (a
``SIGKILL`` runs no clean-up) is removed by the next save of the same file.
"""
from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
import time
from pathlib import Path

__all__ = ["ReadOnlyFileError", "safe_write_text"]

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


def _temp_prefix(target: Path) -> str:
    return f".{target.name}."


def _remove_stale_temps(target: Path) -> None:
    now = time.time()
    for leftover in target.parent.glob(f"{_temp_prefix(target)}*.tmp"):
        with contextlib.suppress(OSError):
            if now - leftover.stat().st_mtime > STALE_TEMP_SECONDS:
                leftover.unlink()


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
    _remove_stale_temps(target)
    fd, tmp = tempfile.mkstemp(prefix=_temp_prefix(target), suffix=".tmp", dir=folder)
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
    _fsync_dir(folder)
    return target
