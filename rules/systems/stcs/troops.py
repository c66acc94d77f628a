"""Seed 002's marines and military passengers aboard a ship in battle (Carrying Marines, Boarding
Operations, the Melee Strength and Morale Modifiers): how many are aboard and fit to fight, their
strength and morale by the tables' rows, and the refusal of marines in Stasis.

Readings: marines and military passengers are not crew ("Marines may not be used to man ships"): they
never go on the Percent Casualties Track, and beaming them over or losing them in melee leaves the track
alone. "Losses to the troops are taken in the same manner as for the crew": each crew hit on the ship
(:mod:`.casualties`) costs its marines and passengers aboard the same percent of their original number.
Marines in Stasis "must be reanimated ... cannot be performed during battle": none of them fight, unless the
scenario revived them before the battle (``stasis_revived``: "Scenario setup rules may permit Marines in Stasis to be
revived prior to the start of a battle"). Troops a ship carries for this battle (``temporary_troops``) are marines. A
boarded ship may add up to 40% of its original marines a phase (as 20% of its crew, each its own limit);
its military passengers are not committed in its defence here. Military passengers take the Personnel
row too (Klingon or Gorn 1.1: they are non-marine personnel), Poor Crew Quality and never On Own Ship.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rules.battlehex.log import IllegalAnswer
from rules.battlehex.words import possessive
from rules.model.stcs import Carry, Nation

if TYPE_CHECKING:
    from rules.systems.stcs.engine import STCSEngine

CARRY = "STCS Carrying Marines"
CREW, MARINES, PASSENGERS = "crew", "marines", "passengers"
KINDS = (CREW, MARINES, PASSENGERS)
"""The kinds of personnel in a melee, in the order losses are taken after the side's first choice."""
DEFEND_MOST = 40
"""Percent of its original marines a boarded ship may add to a melee each phase."""
POOR = 44
"""The Crew Efficiency read for military passengers (always Poor Crew Quality)."""


@dataclass
class Troops:
    """A ship's marines and military passengers left aboard (each kind from its data until one leaves)."""

    left: dict[str, int] = field(default_factory=dict)


def carried(e: STCSEngine, x: str, kind: str) -> int:
    """``x``'s original marines (with troops carried for this battle) or military passengers (its data)."""
    d = e.data(x)
    return d.marines + d.temporary_troops if kind == MARINES else d.military_passengers


def in_stasis(e: STCSEngine, x: str) -> bool:
    """Whether ``x`` carries its marines in Stasis (none of them fight in a battle), not revived before it."""
    d = e.data(x)
    return d.marines > 0 and d.marines_carry is Carry.STASIS and not d.stasis_revived


def aboard(e: STCSEngine, x: str, kind: str) -> int:
    """``x``'s marines or military passengers aboard and able to fight (none in Stasis)."""
    if kind == MARINES and in_stasis(e, x):
        return 0
    t = e.contact.troops.get(x)
    return t.left.get(kind, carried(e, x, kind)) if t else carried(e, x, kind)


def leave(e: STCSEngine, x: str, kind: str, n: int) -> None:
    """``n`` of ``x``'s marines or passengers are no longer aboard (beamed over, lost in melee, withdrawn)."""
    t = e.contact.troops.setdefault(x, Troops())
    t.left[kind] = max(0, aboard(e, x, kind) - n)


def hurt(e: STCSEngine, x: str, pct: int) -> None:
    """A crew hit of ``pct`` percent on ``x`` costs its troops aboard as much of their original number."""
    for kind in (MARINES, PASSENGERS):
        if aboard(e, x, kind):
            leave(e, x, kind, carried(e, x, kind) * pct // 100)


def words(e: STCSEngine, x: str) -> str:
    """``x``'s troops aboard in words (" 20 marines aboard, 40 military passengers aboard"; "" for none)."""
    have = [(k, aboard(e, x, k)) for k in (MARINES, PASSENGERS) if carried(e, x, k) and not (
        k == MARINES and in_stasis(e, x))]
    return ",".join(f" {n} {'military passengers' if k == PASSENGERS else k} aboard" for k, n in have)


def defend_most(e: STCSEngine, x: str, fighting: int) -> int:
    """The marines ``x`` may add to a melee aboard it this phase: 40% of its original, of those not fighting."""
    return max(0, min(aboard(e, x, MARINES) - fighting, carried(e, x, MARINES) * DEFEND_MOST // 100))


def brawny(nation: Nation) -> bool:
    """The tables' "Klingon or Gorn"."""
    return nation in (Nation.KLINGON, Nation.GORN)


def factor(kind: str, efficiency: int, nation: Nation, own_ship: bool) -> Fraction:
    """The Melee Strength Modifiers of ``kind`` beyond the phase's (first phase, Shaken): Crew Quality (a ship's
    marines take its own; passengers always Poor), On Own Ship (crew, and marines permanently assigned; never
    passengers), Personnel / Marines / Military Passengers rows."""
    ce = POOR if kind == PASSENGERS else efficiency
    q = Fraction(4, 5) if ce <= 44 else Fraction(1) if ce <= 90 else Fraction(6, 5)
    own = own_ship and kind != PASSENGERS
    row = (Fraction(6, 5) if brawny(nation) else Fraction(11, 10)) if kind == MARINES else \
        (Fraction(11, 10) if brawny(nation) else Fraction(1)) * (Fraction(9, 10) if kind == PASSENGERS else 1)
    return q * (1 if own else Fraction(9, 10)) * row


def morale_bonus(kind: str, efficiency: int, nation: Nation, own_ship: bool) -> int:
    """The Melee Morale Modifiers of ``kind`` beyond the phase's: quality, own ship, Klingon or Gorn, Marines +1,
    Military Passengers -1."""
    ce = POOR if kind == PASSENGERS else efficiency
    return ((-1 if ce <= 44 else 0 if ce <= 90 else 1) + (1 if own_ship and kind != PASSENGERS else 0)
            + (1 if brawny(nation) else 0) + {MARINES: 1, PASSENGERS: -1}.get(kind, 0))


def take(groups: dict[str, int], n: int, first: str) -> dict[str, int]:
    """``n`` losses of a side: from the ``first`` kind its owner chose, then the others in :data:`KINDS` order."""
    out, rest = {k: 0 for k in groups}, n
    for k in (first, *[k for k in KINDS if k != first]):
        if k in groups:
            out[k] = min(groups[k], rest)
            rest -= out[k]
    return out


def no_stasis(e: STCSEngine, x: str, check: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``check`` refusing a boarding party of ``x``'s marines in Stasis, with the rule's words."""
    def refuse(a: Any) -> Any:
        if isinstance(a, str) and a.startswith(f"{MARINES}:") and in_stasis(e, x):
            raise IllegalAnswer(CARRY, f"{possessive(e.ship(x))} marines are in Stasis: they must be reanimated, "
                                "which cannot be performed during battle")
        return check(a)
    return refuse
