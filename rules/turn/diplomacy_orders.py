"""A power's own diplomacy among its Turn Orders (issue 23, ``settings.turn_orders`` powers): seed 004
"Diplomatic actions are recorded in the Intel Missions area" of the power's turn orders sheet, so each
power enters them behind its Team's hand-over as it enters its purchases (rules/turn/orders.py adds
these kinds to its question), in the very forms the GM answers (rules/turn/diplomacy_phase.py):
``{"propose": {to, treaty}}``, ``{"accept"|"reject": {from, treaty}}``, ``{"break": {with, treaty,
intel}}``, ``{"declare": {against, declaration, intel}}`` - the power being the one asked.

Secrets (docs/SECRETS.md): the engine's lines are unchanged - an attempt's Exhibit B line (its odds,
Intel Points and d100) is its Team's, a proposal, a signing and a success are every player's (the
other power must read a proposal to answer it). The odds a power is shown before it rolls count only
the facts its Team may know (:func:`odds`)."""
from __future__ import annotations

from typing import Any, Callable

from rules.battlehex.log import GM
from rules.economy.diplomacy import Chance, Treaty
from rules.model.campaign import Campaign
from rules.turn import diplomacy_phase as dp

HELP = ("{\"propose\": {to, treaty}}, {\"accept\": {from, treaty}}, {\"reject\": {from, treaty}}, "
        "{\"break\": {with, treaty, intel}}, {\"declare\": {against, declaration, intel}}")
"""The diplomacy orders as the power's Turn Orders question lists them (``main.py turn``)."""


def _kind(kind: str) -> Callable[[Campaign, Any], Campaign]:
    def order(c: Campaign, raw: Any) -> Campaign:
        return dp.order(c, kind, raw)
    return order


KINDS: dict[str, Callable[[Campaign, Any], Campaign]] = {k: _kind(k) for k in dp.ORDERS}
"""The diplomacy orders a power enters beside its purchases, judged by rules/turn/diplomacy_phase.py."""


def seat(c: Campaign, power: str) -> str | None:
    """The Team whose view ``power``'s odds are computed for: its own Team, or None (the GM's: every fact)."""
    team = c.team_of_power(power)
    return team.id if team is not None and team.id != GM else None


def odds(c: Campaign, power: str, other: str, treaty: Treaty, intel: int = 0) -> Chance:
    """The chance ``power`` is shown before its break or declaration against ``other``: every Exhibit B
    modifier its Team may know (a fact sealed for other Teams is left out, docs/SECRETS.md)."""
    return dp.chance(c, power, other, treaty, intel, seat(c, power))
