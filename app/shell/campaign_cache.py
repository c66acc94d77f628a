"""The built-in campaign, validated once and kept (issue 21: start-up).

Each start opens the installed default campaign; validating it (and building the models'
schemas, which ``defer_build`` leaves to the first validation) cost some 20 ms of a ~420 ms
start. Once it has opened cleanly, the campaign is stored pickled in the user's cache folder
under a key made of the file's bytes, the Python and pydantic versions and the size and
modification time of every source file of ``rules/`` and ``hexmap/``: a later start with the
same key takes the stored campaign instead. A file or a code that changed makes another key
(validated again, stored again); a cache that cannot be read is ignored and written again.
Only the built-in campaign is kept (a user's file may hold opened secrets).
"""
from __future__ import annotations

import hashlib
import os
import pickle
import sys
from collections.abc import Callable
from pathlib import Path

from app.shell.paths import source_listing
from rules.model import Campaign

CACHE_NAME = "default_campaign.pickle"
_code: str | None = None


def cache_file() -> Path:
    """Where the validated campaign is kept (beside the autosaves when ``BATTLEHEX_DATA`` names
    a folder, as in tests; else the user's cache folder)."""
    data = os.environ.get("BATTLEHEX_DATA")
    if data:
        return Path(data) / "cache" / CACHE_NAME
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("BattleHex", "BattleHex")) / CACHE_NAME


def code_key() -> str:
    """What the stored campaign depends on beside its file: Python, pydantic and every source
    file of the engine (path, size, modification time: ~1 ms for some 200 files)."""
    global _code
    if _code is None:
        import hexmap
        import pydantic
        import rules

        parts = [sys.version, pydantic.VERSION]
        for package in (rules, hexmap):
            for root in package.__path__:
                parts.extend(source_listing(root, ""))
        _code = "\n".join(parts)
    return _code


def key(data: bytes) -> bytes:
    """The key of a campaign file holding ``data`` with this code (64 hex digits)."""
    return hashlib.sha256(data + b"\0" + code_key().encode()).hexdigest().encode("ascii")


def open_cached(path: Path, validate: Callable[[Path], Campaign]) -> Campaign:
    """``path``'s campaign: the stored one when it was stored for these bytes with this code,
    else ``validate(path)`` (its errors raised as they are), then stored for the next start."""
    try:
        data = path.read_bytes()
    except OSError:
        return validate(path)
    wanted = key(data)
    store = cache_file()
    try:
        held = store.read_bytes()
        if held[:65] == wanted + b"\n":
            campaign = pickle.loads(held[65:])
            if isinstance(campaign, Campaign):
                return campaign
    except Exception:  # noqa: BLE001 (missing, cut short or corrupt: validated and stored again)
        pass
    campaign = validate(path)
    if path.read_bytes() == data:  # not changed while it was validated
        _store(store, wanted, campaign)
    return campaign


def _store(store: Path, wanted: bytes, campaign: Campaign) -> None:
    """Write the campaign (before anyone changes it) atomically; a cache that cannot be written
    only costs the next start its validation."""
    try:
        store.parent.mkdir(parents=True, exist_ok=True)
        temp = store.with_name(f"{store.name}.{os.getpid()}.tmp")
        temp.write_bytes(wanted + b"\n" + pickle.dumps(campaign, protocol=pickle.HIGHEST_PROTOCOL))
        os.replace(temp, store)
    except Exception:  # noqa: BLE001 (as above)
        pass
