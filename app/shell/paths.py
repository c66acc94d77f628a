"""Where the program finds its own files (the built-in campaign, rules texts, icons).

In the repository they are the top-level folders ``assets/`` and ``scenarios/``; ``pip
install .`` puts the same folders inside this package (``app/assets``, ``app/scenarios``, see
pyproject.toml), so the installed ``battlehex`` command finds them with no checkout around.
"""
from __future__ import annotations

import functools
import os
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent
ROOT = PACKAGE.parent


def _data(name: str) -> Path:
    """``app/<name>`` when installed, else the checkout's top-level ``<name>/``."""
    installed = PACKAGE / name
    return installed if installed.is_dir() else ROOT / name


SCENARIOS = _data("scenarios")
DEFAULT_CAMPAIGN = SCENARIOS / "default_campaign.json"
ASSETS = _data("assets")
RULES_TEXTS = ASSETS / "rules"
ICONS = ASSETS / "icons"


def autosave_dir() -> Path:
    """The per-user folder for autosaves (``BATTLEHEX_DATA`` overrides it, e.g. in tests)."""
    import os

    from platformdirs import user_data_dir

    return Path(os.environ.get("BATTLEHEX_DATA") or user_data_dir("BattleHex", "BattleHex")) / "autosave"


def autosave_file(campaign_path: Path) -> Path:
    """The autosave of the campaign file at ``campaign_path``: its name and a short hash of its
    full resolved path, so two ``camp.json`` in different folders never share one autosave."""
    import hashlib
    import re

    resolved = Path(campaign_path).expanduser().resolve()
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", resolved.stem) or "campaign"
    digest = hashlib.sha256(str(resolved).encode("utf-8", "surrogateescape")).hexdigest()[:10]
    return autosave_dir() / f"{stem}.{digest}.autosave.json"


def legacy_autosave_file(campaign_path: Path) -> Path:
    """Where BattleHex before 2026-11-23 kept the autosave: by the file's name alone (shared by
    every ``camp.json``), so it is offered only for a campaign of the same name."""
    import re

    stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", Path(campaign_path).stem) or "campaign"
    return autosave_dir() / f"{stem}.autosave.json"


def discarded_file(autosave: Path) -> Path:
    """Where an autosave the user chose not to recover is kept aside (never deleted silently)."""
    return autosave.with_name(autosave.name.removesuffix(".autosave.json") + ".discarded.json")


def source_listing(folder: str, prefix: str = "") -> list[str]:
    """The ``.py`` files under ``folder``, each as "``prefix``relative/path.py size mtime", sorted:
    what a stored start (the campaign cache, the kept first frame) depends on. Listed once per
    process (both keys list rules/ and hexmap/: the code this process runs was loaded by then);
    ``source_listing.cache_clear()`` lists again. Path strings and ``os.scandir``, not pathlib:
    some 400 files on every start with nothing named."""
    return [prefix + line for line in _listing(folder)]


@functools.lru_cache(maxsize=None)
def _listing(folder: str) -> tuple[str, ...]:
    return tuple(_scan(folder, ""))


def _scan(folder: str, prefix: str) -> list[str]:
    found = []
    with os.scandir(folder) as entries:
        for entry in sorted(entries, key=lambda e: e.name):
            if entry.is_dir():
                if entry.name != "__pycache__":
                    found.extend(_scan(entry.path, f"{prefix}{entry.name}/"))
            elif entry.name.endswith(".py"):
                stat = entry.stat()
                found.append(f"{prefix}{entry.name} {stat.st_size} {stat.st_mtime_ns}")
    return found


source_listing.cache_clear = _listing.cache_clear  # type: ignore[attr-defined]
