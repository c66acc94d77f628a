"""The one error base of the engine: everything the rules refuse is a :class:`RuleError`
naming its rule, so an edge (the GUI, the command line) catches one type, once."""
from __future__ import annotations


class RuleError(ValueError):
    """Something the rules (or a campaign file) do not allow: ``rule`` names the rule, or the
    file and field; ``message`` says why in words."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{rule}: {message}" if rule else message)
        self.rule, self.message = rule, message


class NoBattleHex(RuleError):
    """There is no open Battle Hex where one was asked for (V13.11)."""
