"""Seed 004, Intel Phase: which treaties two powers may sign, and what a declaration, a break or an
armistice leaves between them (the alliance cascade included).

Relations are kept per pair of powers as the set of treaties and declarations in force
(:class:`Relations`); "no contact" is the absence of the pair, "Normal Relations" a pair with an
empty set. How the seed's words are read (docs/economy.md):

* Prerequisites: a Peace Treaty and a Trade Treaty need a Non-Aggression Treaty; a Mutual
  Defense Treaty needs a Peace Treaty; an Alliance needs a Mutual Defense Treaty with every other
  member of the alliance, the consent of every member, and neither power in another alliance; an
  Armistice needs a declaration in force; a Treaty of Co-Belligerence needs a Non-Aggression
  Treaty and a power both are at war with. No treaty but the Armistice is signed while a
  declaration stands.
* "A successful Declaration of Hostilities or War against a power will break all existing
  treaties and agreements immediately"; War includes Hostilities' effects (the set holds War
  alone). "Declaring war or hostilities against one power automatically triggers a declaration
  of war or hostilities against all other alliance members": the declarer then stands in the same
  declaration with each member.
* An Armistice restores Normal Relations (an empty set).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rules.economy.diplomacy import DECLARATIONS, Treaty

Pair = frozenset[str]


def pair(a: str, b: str) -> Pair:
    """The unordered pair of two different powers."""
    if a == b:
        raise ValueError(f"a power has no relations with itself ({a})")
    return frozenset((a, b))


@dataclass(frozen=True)
class Relations:
    """Every pair of powers in contact and the treaties and declarations between them."""

    pairs: Mapping[Pair, frozenset[Treaty]]

    def between(self, a: str, b: str) -> frozenset[Treaty] | None:
        """What stands between ``a`` and ``b``; ``None`` when they have no contact."""
        return self.pairs.get(pair(a, b))

    def alliance_of(self, power: str) -> frozenset[str]:
        """The other members of ``power``'s alliance (every power it has an Alliance Treaty with)."""
        return frozenset(next(iter(p - {power})) for p, ts in self.pairs.items()
                         if power in p and Treaty.ALLIANCE in ts)

    def at_war_with(self, power: str) -> frozenset[str]:
        """The powers ``power`` is at war with."""
        return frozenset(next(iter(p - {power})) for p, ts in self.pairs.items() if power in p and Treaty.WAR in ts)

    def with_pair(self, a: str, b: str, treaties: frozenset[Treaty]) -> Relations:
        """A copy with the pair's treaties set."""
        return Relations({**self.pairs, pair(a, b): treaties})


_NEEDS: dict[Treaty, Treaty] = {Treaty.PEACE: Treaty.NON_AGGRESSION, Treaty.TRADE: Treaty.NON_AGGRESSION,
                                Treaty.MUTUAL_DEFENSE: Treaty.PEACE, Treaty.CO_BELLIGERENCE: Treaty.NON_AGGRESSION}


def why_not_sign(r: Relations, treaty: Treaty, a: str, b: str, consenting: Iterable[str] = ()) -> str | None:
    """Why ``a`` and ``b`` may not sign ``treaty`` now (``None``: they may).

    Args:
        consenting: the powers that agreed (an Alliance needs every current member of each side's
            alliance).
    """
    if treaty in DECLARATIONS:
        return f"a {treaty.title} is declared, not signed"
    now = r.between(a, b)
    if now is None:
        return f"{a} and {b} have no contact: trace a path of explored or friendly systems first"
    if treaty in now:
        return f"the {treaty.title} is already in force"
    declared = now & frozenset(DECLARATIONS)
    if treaty is Treaty.ARMISTICE:
        return None if declared else "an Armistice ends a Declaration of Hostilities or War, and none stands"
    if declared:
        return f"a {next(iter(declared)).title} stands: sign an Armistice first"
    need = _NEEDS.get(treaty)
    if need is not None and need not in now:
        return f"the {treaty.title} needs a {need.title} in force"
    if treaty is Treaty.CO_BELLIGERENCE and not (r.at_war_with(a) & r.at_war_with(b)):
        return "a Treaty of Co-Belligerence needs a power both are at war with"
    if treaty is Treaty.ALLIANCE:
        return _why_not_ally(r, a, b, frozenset(consenting))
    return None


def _why_not_ally(r: Relations, a: str, b: str, consenting: frozenset[str]) -> str | None:
    mine, theirs = r.alliance_of(a), r.alliance_of(b)
    if mine and theirs:
        return f"{a} and {b} are each in an alliance: a power joins one alliance at a time"
    members = mine | theirs
    newcomer = b if mine else a
    for m in sorted(members | ({a} if mine else {b})):
        if m != newcomer and Treaty.MUTUAL_DEFENSE not in (r.between(m, newcomer) or frozenset()):
            return f"an Alliance needs a Mutual Defense Treaty with every member: {newcomer} has none with {m}"
    missing = sorted(members - consenting)
    if missing:
        return f"every member must agree to a new member: {', '.join(missing)} did not"
    return None


def sign(r: Relations, treaty: Treaty, a: str, b: str, consenting: Iterable[str] = ()) -> Relations:
    """The relations after ``a`` and ``b`` sign ``treaty`` (refused with the reason)."""
    why = why_not_sign(r, treaty, a, b, consenting)
    if why is not None:
        raise ValueError(why)
    now = r.between(a, b) or frozenset()
    if treaty is Treaty.ARMISTICE:
        return r.with_pair(a, b, frozenset())
    if treaty is Treaty.ALLIANCE:  # joining an alliance allies the newcomer with every member
        members = r.alliance_of(a) | r.alliance_of(b)
        newcomer = b if r.alliance_of(a) else a
        out = r.with_pair(a, b, now | {Treaty.ALLIANCE})
        for m in members:
            out = out.with_pair(m, newcomer, (out.between(m, newcomer) or frozenset()) | {Treaty.ALLIANCE})
        return out
    return r.with_pair(a, b, now | {treaty})


def declare(r: Relations, declaration: Treaty, by: str, against: str) -> tuple[Relations, tuple[str, ...]]:
    """The relations after ``by`` successfully declares against ``against``, and the powers the
    declaration reaches (``against`` and its alliance): every treaty with each is broken."""
    if declaration not in DECLARATIONS:
        raise ValueError(f"{declaration.title} is not a declaration")
    if r.between(by, against) is None:
        raise ValueError(f"{by} and {against} have no contact")
    if Treaty.ALLIANCE in (r.between(by, against) or frozenset()):
        raise ValueError(f"{by} cannot declare against its Alliance partner {against}")
    reached = sorted({against} | (r.alliance_of(against) - {by}))
    out = r
    for p in reached:
        now = out.between(by, p) or frozenset()
        kept = Treaty.WAR if Treaty.WAR in now else declaration
        out = out.with_pair(by, p, frozenset({kept}))
    return out, tuple(reached)


def withdraw(r: Relations, treaty: Treaty, a: str, b: str) -> Relations:
    """The relations after a successful break of ``treaty`` (treaties that needed it fall with it)."""
    now = r.between(a, b) or frozenset()
    if treaty not in now or treaty in DECLARATIONS or treaty is Treaty.ARMISTICE:
        raise ValueError(f"no {treaty.title} stands between {a} and {b} to break")
    left = set(now - {treaty})
    changed = True
    while changed:  # a Peace Treaty broken takes the Mutual Defense Treaty with it, and so on
        changed = False
        for t in [x for x in Treaty if x in left]:  # the enum's order: a treaty before those needing it
            need = _NEEDS.get(t)
            if (need is not None and need not in left) or (t is Treaty.ALLIANCE and Treaty.MUTUAL_DEFENSE not in left):
                left.discard(t)
                changed = True
    return r.with_pair(a, b, frozenset(left))
