"""Diplomatic stances between powers and teams (seed 004 Intel Phase; RULES_MATRIX §2.3).

Every question "may these two move, share control, fight?" is answered here from the
campaign's relations, so the other strategic modules never read diplomatic states directly.

Readings (docs/strategic_rules.md):
- A pair of powers without a stated relation is allied when they are in the same team and at
  Normal Relations otherwise; the powers of a GM-controlled team (monsters, aliens) are at war
  with every other power unless a relation says otherwise.
- *Allied* (shared control, double movement) = Alliance, Mutual Defense, Co-Belligerence.
- *Friendly* (never stop or fight each other) = allied or Peace Treaty ("friendly for all
  purposes").
- *May fight* (encounters, Battle Hexes, stopping each other on a lane) = Declaration of
  Hostilities or War; Normal Relations allow no encounter scenarios.
- Entry into the other power's sectors is prohibited under a Non-Aggression Treaty, and for
  military units under a Peace Treaty (non-military units may pass); under a Trade Treaty (without
  Peace) only Trade Fleets may visit.
"""
from __future__ import annotations

from collections.abc import Iterable

from rules.model.campaign import Campaign, Team
from rules.model.types import DiplomaticState as D
from rules.model.units import Unit

ALLIED_STATES = frozenset({D.ALLIANCE, D.MUTUAL_DEFENSE, D.CO_BELLIGERENT})
FRIENDLY_STATES = ALLIED_STATES | {D.PEACE}
FIGHTING_STATES = frozenset({D.HOSTILITIES, D.WAR})
NO_ENTRY_STATES = frozenset({D.NON_AGGRESSION, D.TRADE, D.PEACE})
INTERNMENT = "004 Intel Phase (Non-Aggression Treaty: internment)"
"""A fleet in a treaty partner's system it may not enter: "they can be held temporarily or allowed to
leave. The internment costs are covered by the nation holding the units" (rules/turn/internment.py)."""


class Diplomacy:
    """Relations of one campaign, looked up in constant time."""

    def __init__(self, campaign: Campaign) -> None:
        self._state = {frozenset(r.powers): r.state for r in campaign.diplomacy}
        self.team_of: dict[str, Team] = {p: t for t in campaign.teams for p in t.powers}
        self._gm = {p for t in campaign.teams if t.gm_controlled for p in t.powers}
        self._cache: dict[tuple[str, str], D] = {}
        self._names = {p.id: p.name for p in campaign.powers}

    def state(self, a: str, b: str) -> D:
        """The diplomatic state between powers ``a`` and ``b`` (defaults in the module doc)."""
        key = (a, b)
        hit = self._cache.get(key)
        if hit is not None:
            return hit
        st = self._state.get(frozenset(key))
        if st is None:
            ta, tb = self.team_of.get(a), self.team_of.get(b)
            if a == b or (ta is not None and ta is tb):
                st = D.ALLIANCE
            elif a in self._gm or b in self._gm:
                st = D.WAR
            else:
                st = D.NORMAL
        self._cache[key] = st
        return st

    def allied(self, a: str, b: str) -> bool:
        """Same power, or allies / Mutual Defense / Co-Belligerents: one control bloc."""
        return a == b or self.state(a, b) in ALLIED_STATES

    def friendly(self, a: str, b: str) -> bool:
        """Allied, or at Peace (friendly for all purposes)."""
        return a == b or self.state(a, b) in FRIENDLY_STATES

    def may_fight(self, a: str, b: str) -> bool:
        """Whether encounters between the two are allowed (Hostilities or War)."""
        return a != b and self.state(a, b) in FIGHTING_STATES

    def entry_refusal(self, mover: str, owner: str | None, units: list[Unit], trade_fleet: bool = False) -> str | None:
        """Why a fleet of ``mover`` (its ``units``; ``trade_fleet``: it is a Trade Fleet) may not enter a
        sector of ``owner``, or ``None``. Seed 004: the Trade Treaty "enables trade fleets from one power
        to visit the systems of another power" (a Trade Fleet only: colony and transport fleets need the
        Peace Treaty, which "allows the movement of non-military units such as trade, colony, and
        transport fleets")."""
        if owner is None or owner == mover:
            return None
        st = self.state(mover, owner)
        if st not in NO_ENTRY_STATES:
            return None
        name = self._names.get(owner, owner)
        if st is D.NON_AGGRESSION:
            return f"a Non-Aggression Treaty with {name} prohibits entering its sectors"
        if st is D.TRADE:
            if trade_fleet and all(u.is_civilian for u in units):
                return None
            return f"the Trade Treaty with {name} lets only trade fleets into its sectors (others need a Peace Treaty)"
        if all(u.is_civilian for u in units):
            return None
        return f"the Peace Treaty with {name} lets only non-military units into its sectors"

    # -- teams ---------------------------------------------------------------------------------
    def teams_may_fight(self, a: Team, b: Team, powers_a: Iterable[str] | None = None,
                        powers_b: Iterable[str] | None = None) -> bool:
        """Two teams may fight when they differ and any of their powers may (V13.11); pass the
        powers actually present to ask about one sector."""
        if a.id == b.id:
            return False
        if a.gm_controlled or b.gm_controlled:
            return True
        qs = list(b.powers if powers_b is None else powers_b)
        return any(self.may_fight(p, q) for p in (a.powers if powers_a is None else powers_a) for q in qs)
