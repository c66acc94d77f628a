"""The battle procedure of one Battle Hex (V13.20 onwards): questions in, answers out.

``BattleProcedure`` and ``Step`` load on first use, so importing a light module of the
package (``rules.battle.change``, ``log``, ``questions``) does not load the whole engine
(start-up stays fast: the main window needs the battle engine only when a battle is fought).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.battle.log import GM, IllegalAnswer
from rules.systems.registry import BattleSystem

if TYPE_CHECKING:
    from rules.battle.procedure import BattleProcedure
    from rules.battle.state import Step

__all__ = ["GM", "SYSTEM", "BattleProcedure", "IllegalAnswer", "Step"]

SYSTEM = BattleSystem("v13", "Tactical Combat Interface (V13)",
                      "withdrawal, approach, weapon status, opening range and placement on the floating tactical "
                      "map, then the battle with every exit classified",
                      engine="rules.battle.procedure:BattleProcedure", panel="app.battle_v13:V13Panel",
                      headless="rules.battle.headless:run_v13")
"""The ``v13`` battle system's registry entry (pyproject.toml's ``battlehex.systems``)."""


def __getattr__(name: str) -> Any:
    if name == "BattleProcedure":
        from rules.battle.procedure import BattleProcedure
        return BattleProcedure
    if name == "Step":
        from rules.battle.state import Step
        return Step
    raise AttributeError(f"module 'rules.battle' has no attribute {name!r}")
