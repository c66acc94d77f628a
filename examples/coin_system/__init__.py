"""A minimal battle system, the example of "Adding a battle system" (docs/ARCHITECTURE.md).

The GM tosses a coin for each round: heads (an even die), the defender loses a unit; tails,
the attacker does; until a side has none left or the GM stops. The package is all a system
needs: this entry, an engine (:mod:`.battle`) and a panel (:mod:`.panel`). Declared in a
distribution's ``battlehex.systems`` entry points (``coin = examples.coin_system:SYSTEM``), it
gets checkpointed replay, undo, reopen, saving and the write-back from the shared run and the
shared battle window (tests/examples/test_coin_system.py proves it).
"""
from __future__ import annotations

from rules.systems.registry import BattleSystem

SYSTEM = BattleSystem("coin", "Coin toss (example)",
                      "the GM tosses a coin each round; the loser of the toss loses a unit",
                      engine="examples.coin_system.battle:CoinBattle", panel="examples.coin_system.panel:CoinPanel")
