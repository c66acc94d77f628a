"""The battle procedure of one Battle Hex (V13.20 onwards): questions in, answers out.

``BattleProcedure`` and ``Step`` load on first use, so importing the package (its registry
entry, or ``GM`` and ``IllegalAnswer`` from :mod:`rules.battlehex.log`) does not load the whole engine
(start-up stays fast: the main window needs the battle engine only when a battle is fought).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.battlehex.log import GM, IllegalAnswer
from rules.systems.registry import BattleSystem

if TYPE_CHECKING:
    from rules.systems.v13.procedure import BattleProcedure
    from rules.battlehex.state import Step

__all__ = ["GM", "SYSTEM", "BattleProcedure", "IllegalAnswer", "Step"]

SYSTEM = BattleSystem("v13", "Tactical Combat Interface (V13)",
                      "withdrawal, approach, weapon status, opening range and placement on the floating tactical "
                      "map, then the battle with every exit classified",
                      engine="rules.systems.v13.procedure:BattleProcedure", panel="app.systems.v13.panel:V13Panel",
                      headless="rules.battlehex.headless:run_v13")
"""The ``v13`` battle system's registry entry (pyproject.toml's ``battlehex.systems``)."""


def __getattr__(name: str) -> Any:
    if name == "BattleProcedure":
        from rules.systems.v13.procedure import BattleProcedure
        return BattleProcedure
    if name == "Step":
        from rules.battlehex.state import Step
        return Step
    raise AttributeError(f"module 'rules.systems.v13' has no attribute {name!r}")
