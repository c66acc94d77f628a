"""A side's Babylon 5 force (seed 003): its squadrons, each with one command ship, the group
flagship commanding its own squadron, and the flagship's escorts, checked with clear words.

Pure functions over ``(unit id, name, B5Data)`` triples, so the engine, the campaign checks
and the tests share them; a force that breaks a rule raises ``RuleError`` naming it.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.errors import RuleError
from rules.model.b5 import B5Data, Category
from rules.battlehex.words import possessive

RULE = "B5 Fleet Command"
Member = tuple[str, str, B5Data]
"""A unit of the force: its id, its name and its seed 003 data."""


@dataclass(frozen=True, slots=True)
class Squadron:
    """One squadron: its name, its command ship and its other ships (in the roster's order)."""

    name: str
    command: str
    members: tuple[str, ...]

    @property
    def ships(self) -> tuple[str, ...]:
        """The command ship first, then the others."""
        return (self.command, *self.members)


@dataclass(frozen=True, slots=True)
class Force:
    """A side's squadrons (the flagship's first), the flagship and its escorts."""

    squadrons: tuple[Squadron, ...]
    flagship: str
    escorts: tuple[str, ...]
    flights: tuple[str, ...]

    def squadron_of(self, uid: str) -> Squadron | None:
        """The squadron ``uid`` belongs to (None for an escort or a flight)."""
        for s in self.squadrons:
            if uid in s.ships:
                return s
        return None

    def target_group(self, uid: str) -> Squadron | None:
        """The enemy squadron a shot at ``uid`` targets (Target Selection): its squadron; the flagship's
        escorts go with the flagship, so they are targeted (and bypassed) with its squadron; None for
        a flight."""
        s = self.squadron_of(uid)
        flag = self.squadron_of(self.flagship)
        if flag is None or not self.escorts or (uid not in self.escorts and s != flag):
            return s
        return Squadron(flag.name, flag.command, flag.members + self.escorts)


def force_of(side: str, units: Sequence[Member]) -> Force:
    """``side``'s force from its units' data, or ``RuleError`` saying what is missing.

    Each squadron has exactly one command ship; the side has exactly one flagship, the
    command ship of its own squadron; escorts and fighter flights belong to no squadron.
    """
    if not units:
        raise RuleError(RULE, f"{side} has no ship with Babylon 5 data in this battle")
    names = {uid: name for uid, name, _ in units}
    by_squadron: dict[str, list[str]] = {}
    commands: dict[str, list[str]] = {}
    flags = [uid for uid, _, d in units if d.flagship]
    escorts = tuple(uid for uid, _, d in units if d.escort)
    flights = tuple(uid for uid, _, d in units if d.category is Category.FIGHTER and not d.squadron)
    for uid, _, d in units:
        if d.squadron:
            by_squadron.setdefault(d.squadron, []).append(uid)
            if d.command:
                commands.setdefault(d.squadron, []).append(uid)
    if len(flags) != 1:
        listed = ", ".join(names[f] for f in flags) or "none"
        raise RuleError(RULE, f"{side} needs exactly one group flagship (b5.flagship), not {len(flags)}: {listed}")
    squadrons = []
    for sq, ships in by_squadron.items():
        cmd = commands.get(sq, [])
        if len(cmd) != 1:
            listed = ", ".join(names[c] for c in cmd) or "none"
            raise RuleError(RULE, f"{possessive(side)} squadron {sq} needs exactly one command ship (b5.command), not "
                                  f"{len(cmd)}: {listed}")
        squadrons.append(Squadron(sq, cmd[0], tuple(s for s in ships if s != cmd[0])))
    flag = flags[0]
    squadrons.sort(key=lambda s: s.command != flag)  # the flag squadron first, the others as listed
    return Force(tuple(squadrons), flag, escorts, flights)
