"""The AF/EF battle lines (seed 001, 4.1-4.2): each unit's factors, hit marker and line, and
the checks of declared attacks and return fire.

An attack plan is data, ``{shooter_id: {target_id: af, ...}, ...}``: how many of its attack
factors (dice) each unit puts on each target. A unit whose AF was reduced to zero or less
still rolls one die (4.1.b), so it has one factor to place, stepped down; a unit whose AF was
zero to begin with never fires.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.battlehex.log import IllegalAnswer, shown
from rules.battlehex.roster import BUnit, Status
from rules.systems.afef.odds import interphase, is_damaged, is_destroyed

R_VALUES = "AF/EF 4.1.b"
R_SETUP = "AF/EF 4.2.a"
R_RETURN = "AF/EF 4.2.a (return fire)"
R_RESOLVE = "AF/EF 4.2.b"
R_HITS = "AF/EF 4.2.c"
R_BREAK_OFF = "AF/EF 4.2.d"
R_ROUNDS = "AF/EF 4.2.e"
R_BREAKTHROUGH = "AF/EF 4.2.f"

FRONT, SCREENED, LINE = "front", "screened", "line"
"""The defender's front (active) and screened (inactive) lines; the attacker's single line."""

Plan = dict[str, dict[str, int]]


@dataclass
class AUnit:
    """One unit in an AF/EF battle; ``b`` is the roster's unit, written back to the campaign."""

    b: BUnit
    af: int
    ef: int
    damaged_af: int
    hits: int = 0
    damaged: bool = False
    destroyed: bool = False
    line: str = LINE
    modifier: int = 0
    """This round's AF modifier (the GM's, for circumstances 4.1.b leaves to other chapters)."""
    fought: int | None = None
    """The hit marker the fighting left it, once the battle is resolved and the interphase has
    taken off what it removes (4.2.c; ``hits`` is then what it keeps); None before."""

    @classmethod
    def of(cls, b: BUnit, line: str) -> AUnit:
        """A roster unit with ``afef`` values; a crippled unit comes in damaged with the hits an
        interphase leaves it (half its EF, rounded down, 4.2.c)."""
        v = b.unit.afef
        assert v is not None, f"{b.name} has no AF/EF values"
        u = cls(b, v.af, v.ef, v.damaged_af, line=line)
        if b.is_crippled:
            u.damaged, u.hits = True, interphase(v.ef, v.ef, True)
        return u

    @property
    def id(self) -> str:
        return self.b.id

    @property
    def name(self) -> str:
        return self.b.name

    @property
    def team(self) -> str:
        return self.b.team

    @property
    def alive(self) -> bool:
        """Still in the battle: not destroyed and not broken off."""
        return not self.destroyed and self.b.status is Status.PRESENT

    @property
    def printed_af(self) -> int:
        """The AF of the side it shows: the damaged side's when damaged (4.1.b)."""
        return self.damaged_af if self.damaged else self.af

    @property
    def fire_af(self) -> int:
        """The AF after this round's modifiers (may be zero or less)."""
        return self.printed_af + self.modifier

    @property
    def dice(self) -> int:
        """The dice it may place: its modified AF, at least one, none when its AF was zero (4.1.b)."""
        return 0 if self.printed_af <= 0 else max(1, self.fire_af)

    @property
    def stepped(self) -> bool:
        """Its one die is stepped down (AF reduced to zero or less, 4.1.b)."""
        return self.printed_af > 0 and self.fire_af <= 0

    def take(self, hits: int) -> None:
        """Add ``hits`` to its marker (cumulative, 4.2.c); status follows in :meth:`settle`."""
        self.hits += hits

    def settle(self) -> str:
        """Flip or remove it by its marker after a round's rolls (4.2.c): ``"destroyed"``,
        ``"damaged"`` (newly) or ``""``."""
        if self.destroyed:
            return ""
        if is_destroyed(self.hits, self.ef):
            self.destroyed = True
            self.b.status = Status.DESTROYED
            return "destroyed"
        if not self.damaged and is_damaged(self.hits, self.ef):
            self.damaged = True
            self.b.crippled = True
            return "damaged"
        return ""

    def show(self) -> str:
        state = "destroyed" if self.destroyed else "damaged" if self.damaged else ""
        return f"{self.name} AF {self.printed_af}/EF {self.ef}, hits {self.hits}" + (f", {state}" if state else "")


def parse_plan(raw: Any, shooters: Mapping[str, AUnit], targets: Iterable[str], rule: str, who: str) -> Plan:
    """Check a plan's form and limits: known shooters and legal targets, whole positive AF,
    no more AF placed than each shooter's dice (4.1.b: AF may be split)."""
    legal = set(targets)
    if not isinstance(raw, dict):
        raise IllegalAnswer(rule, f"{who}: give the attacks as {{unit: {{target: AF}}}}, not {shown(raw)}")
    out: Plan = {}
    for sid, split in raw.items():
        u = shooters.get(sid)
        if u is None:
            raise IllegalAnswer(rule, f"{who}: {shown(sid)} cannot fire now (firing: "
                                      f"{', '.join(shooters) or 'none'})")
        if not isinstance(split, dict):
            raise IllegalAnswer(rule, f"{u.name}: give its targets as {{target: AF}}, not {shown(split)}")
        row: dict[str, int] = {}
        for tid, af in split.items():
            if tid not in legal:
                raise IllegalAnswer(rule, f"{u.name} cannot fire at {shown(tid)}: targets are "
                                          f"{', '.join(sorted(legal)) or 'none'}")
            if isinstance(af, bool) or not isinstance(af, int) or af < 1:
                raise IllegalAnswer(rule, f"{u.name}: the AF on {tid} must be a whole number of at least 1, "
                                          f"not {shown(af)}")
            row[tid] = af
        used = sum(row.values())
        if used > u.dice:
            raise IllegalAnswer(R_VALUES, f"{u.name} places {used} AF but has {u.dice}"
                                + (" (one stepped-down die: its AF is reduced to zero or less)" if u.stepped else ""))
        if row:
            out[sid] = row
    return out


def on_target(plan: Plan) -> dict[str, dict[str, int]]:
    """Per target, the AF each shooter puts on it."""
    out: dict[str, dict[str, int]] = {}
    for sid, row in plan.items():
        for tid, af in row.items():
            out.setdefault(tid, {})[sid] = af
    return out


def must_match(plan: Plan, units: Mapping[str, AUnit]) -> dict[str, tuple[int, tuple[str, ...]]]:
    """Per targeted defender, the AF it must fire back at its attackers as a group and who they
    are (4.2.a): the AF they put on it, or all its own dice when it has fewer."""
    return {tid: (min(sum(by.values()), units[tid].dice), tuple(by))
            for tid, by in on_target(plan).items() if units[tid].dice > 0}


def check_matched(reply: Plan, owed: Mapping[str, tuple[int, tuple[str, ...]]], units: Mapping[str, AUnit]) -> None:
    """Refuse return fire in which a targeted defender puts less than it owes on its attackers
    (any split among them; the surplus is free, 4.2.a)."""
    for tid, (need, attackers) in owed.items():
        back = sum(af for aid, af in reply.get(tid, {}).items() if aid in attackers)
        if back < need:
            names = ", ".join(units[a].name for a in attackers)
            raise IllegalAnswer(R_RETURN, f"{units[tid].name} is attacked with {need} AF by {names}: it must fire "
                                          f"back at them with at least {need} AF as a group, not {back}")
