"""The battle systems' registry: one entry per system, found through the ``battlehex.systems``
entry points (issue 21), so a separate package adds a system by declaring one.

An entry point's object is a :class:`BattleSystem`: its key, title, blurb, its engine and its
panel, both as dotted names (``"module:attribute"``) loaded when a battle is fought, so this
module imports nothing of the engine and ``rules/`` never imports ``app/``. The built-in
systems are declared in ``pyproject.toml``; a checkout whose installed metadata predates them
(``pip install -e .`` not re-run) still finds them through :data:`BUILTIN`.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from rules.errors import RuleError

GROUP = "battlehex.systems"
"""The entry-point group a battle system is declared in."""

BUILTIN: dict[str, str] = {
    "v13": "rules.systems.v13:SYSTEM",
    "table": "rules.systems.table.entry:SYSTEM",
    "sidcors": "rules.systems.sidcors:SYSTEM",
    "afef": "rules.systems.afef:SYSTEM",
    "b5": "rules.systems.b5:SYSTEM",
    "stcs": "rules.systems.stcs:SYSTEM",
}
"""The built-in systems' entry points, as ``pyproject.toml`` declares them (a test keeps the
two equal): the fallback when the installed metadata lacks them."""


@dataclass(frozen=True, slots=True)
class BattleSystem:
    """A way to fight a Battle Hex: one registry entry.

    Attributes:
        key: the name a campaign file gives (``settings.battle_system``, a record's ``system``).
        title: the name shown to the GM.
        blurb: one line saying how the battle goes.
        engine: ``"module:callable"``, called ``(campaign, at, graph=graph)`` to start or resume the
            battle (a :class:`~rules.systems.BattleRun`: :func:`rules.systems.begin`).
        panel: ``"module:callable"`` in ``app/``, called with the battle window to make the
            system's panel (:class:`app.battle.panel.BattlePanel`).
        headless: ``"module:callable"`` running ``main.py battle`` for this system, called
            ``(campaign, at, graph, answers, viewer, replay, undo, out, err, source=FILE)``; the default
            prints the run's log, question and status (:func:`rules.battlehex.headless_systems.run_system`).
    """

    key: str
    title: str
    blurb: str
    engine: str
    panel: str
    headless: str = "rules.battlehex.headless_systems:run_system"


def load(dotted: str) -> Callable[..., Any]:
    """The object named ``"module:attribute"`` (a registry entry's engine or panel)."""
    module, _, attr = dotted.partition(":")
    obj: Any = importlib.import_module(module)
    for part in attr.split("."):
        obj = getattr(obj, part)
    if not callable(obj):
        raise TypeError(f"{dotted} is not callable")
    return obj  # type: ignore[no-any-return]


def _entry(name: str, value: str) -> BattleSystem:
    system = EntryPoint(name, value, GROUP).load()
    if not isinstance(system, BattleSystem) or system.key != name:
        raise TypeError(f"entry point {name} = {value} ({GROUP}) is not the BattleSystem {name!r}")
    return system


_loaded: dict[str, BattleSystem] | None = None


def systems() -> dict[str, BattleSystem]:
    """Every registered system by key: the installed entry points, then any built-in one the
    metadata lacks (built-in first, in :data:`BUILTIN`'s order; the others sorted by key)."""
    global _loaded
    if _loaded is None:
        _loaded = {k: _entry(k, v) for k, v in _declared().items()}
    return _loaded


_found: dict[str, str] | None = None


def _declared() -> dict[str, str]:
    """Key to entry-point value, without loading any entry."""
    global _found
    if _found is None:
        declared = {ep.name: ep.value for ep in entry_points(group=GROUP)}
        _found = {**BUILTIN, **{k: declared[k] for k in sorted(declared)}}
    return _found


def reset() -> None:
    """Forget the entry points read so far (they are read again when next asked for)."""
    global _loaded, _found
    _loaded = _found = None


def keys() -> tuple[str, ...]:
    """The registered systems' keys (no entry is loaded)."""
    return tuple(_declared())


def get(key: str, field: str = "settings.battle_system") -> BattleSystem:
    """The system ``key`` (only its entry is loaded); an unknown key raises ``RuleError`` naming
    the file's ``field``."""
    if _loaded is not None and key in _loaded:
        return _loaded[key]
    value = _declared().get(key)
    if value is None:
        raise RuleError(field, unknown(key))
    return _entry(key, value)


def unknown(key: str) -> str:
    """Why ``key`` names no system."""
    return (f"no battle system {key!r}: one of {', '.join(keys())} (a system is registered in the "
            f"{GROUP} entry points)")
