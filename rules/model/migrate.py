"""Reading older campaign files: each format version is migrated to the next on load, so a
file written by an earlier BattleHex opens with nothing lost (issue 13).

Version 1 -> 2: version 2 adds civilian fleets, cargo, ground units, encounter states and the
Combat Phase's sub-phases. A version-1 campaign had none of them, so its fleets become
military fleets, its Battle Hexes keep the V13.11 formation they were made by (no encounter
step: ``settings.combat_phase`` ``v13``) and its phase stays where it was; the campaign log says
the file was migrated.
"""
from __future__ import annotations

from typing import Any

MIGRATED = "file format version {old} read as version {new}: fleets are military, Battle Hexes form by V13.11 " \
           "with no encounter step (settings.combat_phase v13)"


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` (a parsed campaign file) brought to the current format version; other data unchanged.

    Only a file that says ``"version": 1`` is touched: anything malformed is left for the
    validation that follows to name.
    """
    version = data.get("version")
    if type(version) is not int or version != 1:
        return data
    out = dict(data)
    out["version"] = 2
    log = out.get("log", [])
    turn = out.get("turn", 1)
    if isinstance(log, list) and type(turn) is int:
        out["log"] = [*log, {"turn": turn, "rule": "file format", "text": MIGRATED.format(old=1, new=2)}]
    return out
