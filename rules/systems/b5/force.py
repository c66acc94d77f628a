"""A side's Babylon 5 force (seed 003): its squadrons, each with one command ship, the group
flagship commanding its own squadron, and the flagship's escorts, checked with clear words.

Pure functions over ``(unit id, name, B5Data)`` triples, so the engine, the campaign checks
and the tests share them; a force that breaks a rule raises ``RuleError`` naming it.
"""
from __future__ import annotations

from collections.abc import Collection, Sequence
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


def force_of(side: str, units: Sequence[Member], flagship: str = "", commands: Collection[str] = ()) -> Force:
    """``side``'s force from its units' data, or ``RuleError`` saying what is wrong.

    Each squadron has exactly one command ship; the side has exactly one flagship, the
    command ship of its own squadron; escorts and fighter flights belong to no squadron. A
    squadron whose command ship is not in the battle takes the ship of ``commands`` among its
    own, else the seed's choice (:func:`able_commanders`); a side whose flagship is not in the
    battle takes ``flagship``, else the seed's (:func:`flagship_choices`); a side with escorts
    and no squadron has them as a squadron of their own (:data:`ESCORTS`), as an Improved Command
    Network's excess ships are (rules/systems/b5/fleet.py asks and logs these designations).
    """
    names = {uid: name for uid, name, _ in units}
    data = {uid: d for uid, _, d in units}
    if not any(d.category is not Category.FIGHTER or d.squadron for d in data.values()):
        raise RuleError(RULE, f"{side} has no ship with Babylon 5 data in this battle"
                        + (" (its fighter flights have no ship to fly from)" if units else ""))
    flags = [uid for uid, _, d in units if d.flagship]
    escorts = tuple(uid for uid, _, d in units if d.escort)
    flights = tuple(uid for uid, _, d in units if d.category is Category.FIGHTER and not d.squadron)
    if len(flags) > 1:
        raise RuleError(RULE, f"{side} needs exactly one group flagship (b5.flagship), not {len(flags)}: "
                              + ", ".join(names[f] for f in flags))
    squadrons = []
    for sq, ships in squadron_ships(side, units).items():
        cmd = [uid for uid in ships if data[uid].command] or [uid for uid in ships if uid in commands]
        if len(cmd) > 1:
            raise RuleError(RULE, f"{possessive(side)} squadron {sq} needs exactly one command ship (b5.command), not "
                                  f"{len(cmd)}: {', '.join(names[c] for c in cmd)}")
        lead = cmd[0] if cmd else able_commanders([(u, names[u], data[u]) for u in ships])[0]
        squadrons.append(Squadron(sq, lead, tuple(s for s in ships if s != lead)))
    if not any(d.squadron for d in data.values()):
        escorts = ()  # they are a squadron of their own (ESCORTS)
    heads = [(s.command, names[s.command], data[s.command]) for s in squadrons]
    flag = flags[0] if flags else flagship if flagship in [h[0] for h in heads] else flagship_choices(heads)[0]
    squadrons.sort(key=lambda s: s.command != flag)  # the flag squadron first, the others as listed
    return Force(tuple(squadrons), flag, escorts, flights)


ESCORTS = "escorts"
"""The name of the squadron a side's escorts form when it has no squadron (nor flagship) in the battle."""


def squadron_ships(side: str, units: Sequence[Member]) -> dict[str, list[str]]:
    """Squadron name -> its ships in the roster's order; a side with escorts and no squadron has
    them as one (:data:`ESCORTS`: "any excess ships become a squadron of their own", Improved
    Command Network)."""
    by_squadron: dict[str, list[str]] = {}
    for uid, _, d in units:
        if d.squadron:
            by_squadron.setdefault(d.squadron, []).append(uid)
    if not by_squadron and any(d.escort for _, _, d in units):
        by_squadron[f"{possessive(side)} {ESCORTS}"] = [uid for uid, _, d in units if d.escort]
    return by_squadron


def able_commanders(ships: Sequence[Member]) -> list[str]:
    """The ships that may be designated a squadron's commander, the seed's usual choice first
    (Squadron Commander is Destroyed: "This will generally be the ship with the highest command
    rating ... It must be a ship with the ability to command all the ships remaining in the
    squadron. If no such ship exists, then the ship that can command the most units should be
    designated"): those whose command rating reaches the others, else those with the highest;
    the highest rating first, then the roster's order."""
    others = len(ships) - 1
    able = [m for m in ships if m[2].command_rating >= others]
    if not able:
        most = max(m[2].command_rating for m in ships)
        able = [m for m in ships if m[2].command_rating == most]
    return [m[0] for m in sorted(able, key=lambda m: -m[2].command_rating)]


def flagship_choices(commanders: Sequence[Member]) -> list[str]:
    """The squadron commanders that may be designated the flagship, in the roster's order (Fleet
    Flagship is Destroyed: "This is chosen from the squadron commander with the highest command
    rating")."""
    most = max(m[2].command_rating for m in commanders)
    return [m[0] for m in commanders if m[2].command_rating == most]
