"""The battle procedure of one Battle Hex (V13.20 onwards): questions in, answers out."""
from __future__ import annotations

from rules.battle.log import GM, IllegalAnswer
from rules.battle.procedure import BattleProcedure
from rules.battle.state import Step

__all__ = ["GM", "BattleProcedure", "IllegalAnswer", "Step"]
