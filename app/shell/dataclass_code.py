"""The code ``@dataclass`` writes for its classes, compiled once and kept (issue 21: start-up).

``@dataclass`` writes each class's ``__init__``, ``__repr__``, ``__eq__``, ``__hash__``... as source
text and compiles it with ``exec``: some 460 texts on a start (the engine's classes, pydantic's and
annotated_types'), ~30 ms of CPU, a tenth of a start with no kept first frame. :func:`install` gives
the ``dataclasses`` module an ``exec`` that runs the code object an earlier start compiled from the
very same text (kept in the cache folder, keyed by the text; the file holds one Python's bytecode,
its version and optimisation level in the file's head) and compiles a text it has not seen as
``exec`` would (``"<string>"``, no ``__future__`` flags inherited). So every class gets the code
``exec`` would have given it. ``typing``'s forward references (``"CoreSchema | None"``: some 830 on a
start, 240 texts, pydantic's own schema types for the most part, ~7 ms) are compiled by ``typing``
with ``compile(text, "<string>", "eval")``; they are kept alike. :func:`save` keeps what this process
compiled for the next start; a missing, stale or damaged file is only compiled again. Imports no
Qt: it is installed before PySide6 is imported.
"""
from __future__ import annotations

import builtins
import marshal
import os
import sys
import threading
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from types import CodeType
from typing import Any

CACHE_NAME = "dataclass_code.marshal"
HEAD = b"BattleHex dataclass code 2 " + MAGIC_NUMBER.hex().encode() + \
    f" {sys.version} -O{sys.flags.optimize}".encode() + b"\n"
EVAL = "\0eval\0"
"""Before a forward reference's text among the kept texts (no text ``exec`` runs starts so)."""
LIMIT = 5000
"""Texts kept at most: those used by the process that saves first, then the ones it read."""


def cache_file() -> Path:
    """Beside the cached built-in campaign (``BATTLEHEX_DATA/cache`` in tests, else the user's cache folder)."""
    data = os.environ.get("BATTLEHEX_DATA")
    if data:
        return Path(data) / "cache" / CACHE_NAME
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("BattleHex", "BattleHex")) / CACHE_NAME


class CodeCache:
    """The code objects compiled from dataclass texts: those read from ``path``, and those this
    process used (:meth:`exec` stands in for ``dataclasses``' ``exec``)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.read: dict[str, CodeType] = _read(path)
        self.used: dict[str, CodeType] = {}
        self.compiled = 0  # texts not found in the file
        self._lock = threading.Lock()  # classes are made in the warm-up thread too

    def exec(self, source: Any, globals: Any = None, locals: Any = None, /, **kw: Any) -> None:  # noqa: A002
        """``exec(source, globals, locals)``; a text is run as the code compiled from it."""
        if type(source) is str:
            code = self.used.get(source) or self.read.get(source)
            if code is None:
                code = compile(source, "<string>", "exec", dont_inherit=True)
                with self._lock:
                    self.compiled += 1
            self.used[source] = code
            source = code
        builtins.exec(source, globals, locals, **kw)

    def compile(self, source: Any, filename: Any, mode: str, flags: int = 0, dont_inherit: bool = False,
                optimize: int = -1, **kw: Any) -> Any:
        """``compile`` as ``typing`` calls it (a module with no ``__future__`` flags to inherit); a
        forward reference's text (``compile(text, "<string>", "eval")``) is kept."""
        if type(source) is not str or (filename, mode, flags, optimize, kw) != ("<string>", "eval", 0, -1, {}):
            return builtins.compile(source, filename, mode, flags, True, optimize, **kw)
        key = EVAL + source
        code = self.used.get(key) or self.read.get(key)
        if code is None:
            code = builtins.compile(source, "<string>", "eval", dont_inherit=True)
            with self._lock:
                self.compiled += 1
        self.used[key] = code
        return code

    def save(self) -> bool:
        """Keep the texts used here (and, room left, those read) when any was compiled; atomically.
        Returns whether written."""
        with self._lock:
            if not self.compiled:
                return False
            kept = dict(self.used)
        for text, code in self.read.items():
            if len(kept) >= LIMIT:
                break
            kept.setdefault(text, code)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temp = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
            temp.write_bytes(HEAD + marshal.dumps(kept))
            os.replace(temp, self.path)
        except (OSError, ValueError):  # a cache that cannot be kept only costs the next start its compiling
            return False
        with self._lock:
            self.compiled = 0
        return True


def _read(path: Path) -> dict[str, CodeType]:
    try:
        data = path.read_bytes()
        if not data.startswith(HEAD):
            return {}
        held = marshal.loads(data[len(HEAD):])
    except (OSError, ValueError, EOFError, TypeError):
        return {}
    if not isinstance(held, dict):
        return {}
    return {k: v for k, v in held.items() if type(k) is str and type(v) is CodeType}


_installed: CodeCache | None = None


def install(path: Path | None = None) -> CodeCache:
    """Give ``dataclasses`` the cached ``exec`` and ``typing`` the cached ``compile`` (once per process);
    returns the cache."""
    global _installed
    if _installed is None:
        import dataclasses

        _installed = CodeCache(path or cache_file())
        import typing

        dataclasses.exec = _installed.exec  # type: ignore[attr-defined]  # the module's own name wins over builtins
        typing.compile = _installed.compile  # type: ignore[attr-defined]
    return _installed


def save() -> bool:
    """:meth:`CodeCache.save` of the installed cache (False when none is installed)."""
    return _installed.save() if _installed is not None else False
