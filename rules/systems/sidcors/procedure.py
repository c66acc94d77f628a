"""The SIDCORS procedure (seed 004, SIDCORS EXTRACT) as a generator of questions.

Each round: Battle Intensity (secret BIFs, or one side picks the BIR against non-mobile
defenses), Damage Determination (potential, one die per side with its shifts, coefficient,
Damage Points), plus/minus points, Directed Damage (attacker, then defender), Damage
Allocation (defender, then attacker), the maulers' shock rolls, then each side may retreat.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Generator
from fractions import Fraction
from typing import Any

from rules.battlehex.log import EventLog
from rules.battlehex.questions import Question, number, yes_no
from rules.battlehex.roster import Status
from rules.battlehex.state import BattleState
from rules.dice import DiceRoller, Modifier
from rules.model.units import unit_secret
from rules.model.visibility import listed
from rules.strategic.neighbours import NeighbourSector
from rules.systems.sidcors import ending
from rules.systems.sidcors.allocation import Asked, allocate
from rules.systems.sidcors.directed import directed
from rules.systems.sidcors import force as fz
from rules.systems.sidcors.force import SUnit
from rules.systems.sidcors.odds import by_bir, cloak_shifts, cloak_text, shock_odds, shock_text, summary
from rules.systems.sidcors.retreat import retreat
from rules.systems.sidcors.tables import (
    BIF_HIGH,
    BIF_LOW,
    BIR_HIGH,
    BIR_LOW,
    CLOAK_HIGH,
    CLOAK_LOW,
    R_CLOAK,
    R_DAMAGE,
    R_INTENSITY,
    R_MAULER,
    R_NON_MOBILE,
    R_PLUS_MINUS,
    R_ROUNDS,
    R_SCOUTS,
    R_SHIFTS,
    SHOCK,
    coefficient,
    damage_points,
    shifted,
    show,
)

Procedure = Generator[Question, Any, None]


def points(n: int) -> str:
    """``n`` Damage Points in words: "1 Damage Point", "3 Damage Points"."""
    return f"{n} Damage Point{'' if n == 1 else 's'}"


class Engine:
    """The battle's state and its procedure; :class:`rules.systems.sidcors.SidcorsBattle` runs it."""

    def __init__(self, state: BattleState, log: EventLog, dice: DiceRoller) -> None:
        self.state, self.log, self.dice = state, log, dice
        r = state.record
        self.attacker, self.defender = r.attacker, r.defender
        self.sides = (self.attacker, self.defender)
        self.units: dict[str, list[SUnit]] = {}
        self.neighbours: dict[str, list[NeighbourSector]] = {}
        """Per team, the sectors around the Battle Hex as it sees them (where a retreat may go)."""
        self.enlist()
        self.round = 0
        self.bir = 0
        self.bif: dict[str, int] = {}
        self.die: dict[str, int] = {}
        self.scored: dict[str, int] = {}
        """Damage Points each side scored this round."""
        self.owed: dict[str, int] = {t: 0 for t in self.sides}
        """Damage Points still to resolve against each side's force."""
        self.carry: dict[str, int] = {t: 0 for t in self.sides}
        """Plus/minus points against each side for its next round (negative: credit)."""
        self.cloak: dict[str, int] = {t: 0 for t in self.sides}
        """First-round shift each side's die takes from the other's cloak roll."""
        self.mauler_used: dict[str, str] = {}
        self.loose: dict[str, int] = {t: 0 for t in self.sides}
        self.going: list[str] = []
        """The sides that chose to retreat at the end of this round (so far)."""
        self.asking: dict[str, Asked] = {}
        """Per team, its damage allocation question pending, as made (an engine kept at it asks
        it again without counting every unit again: issue 21, a reopen flat in units)."""

    def enlist(self) -> None:
        """Build each Battle Force from the roster's units that take part (not kept out by fleet composition)."""
        self.units = {t: SUnit.force(b for b in self.state.units.values() if b.team == t and b.status is not Status.OUT)
                      for t in self.sides}

    # -- reading (for a panel) ---------------------------------------------------------------------
    def enemy(self, team: str) -> str:
        return self.defender if team == self.attacker else self.attacker

    def name(self, team: str) -> str:
        t = self.state.teams.get(team)
        return t.name if t else team

    def unit(self, uid: str) -> SUnit:
        return next(u for t in self.sides for u in self.units[t] if u.id == uid)

    def potential(self, team: str) -> Fraction:
        return fz.potential(self.units[team])

    def shifts(self, team: str) -> list[Modifier]:
        """This round's die roll shifts of ``team``'s die, each with its rule."""
        out = []
        scout = fz.scout_shift(self.units[team], self.units[self.enemy(team)])
        if scout:
            out.append(Modifier("no scout against the enemy's EW", scout, R_SCOUTS))
        if self.round <= 1 and self.cloak[team]:
            out.append(Modifier("the enemy's cloak roll", self.cloak[team], R_CLOAK))
        return out

    def shift(self, team: str) -> int:
        return sum(m.value for m in self.shifts(team))

    def options(self, team: str) -> dict[str, tuple[str, int]]:
        """Damage allocation: per unit of ``team`` left, what damaging it does and the points it resolves."""
        return {u.id: (u.next_step, u.df) for u in fz.alive(self.units[team]) if u.df > 0}

    # -- the procedure -----------------------------------------------------------------------------
    def run(self) -> Procedure:
        a, d = self.attacker, self.defender
        self.log.add("info", R_ROUNDS, f"Battle Hex {self.state.record.at}: {self.name(a)} attacks {self.name(d)}, "
                                       "resolved by SIDCORS in rounds until a side retreats or is destroyed")
        for t in self.sides:
            self.log.add("info", R_DAMAGE, f"{self.name(t)}: " + (", ".join(
                f"{u.name} {u.unit.fe.attack}-{u.df}" + (" crippled" if u.crippled else "")
                for u in self.units[t]) or "no units"))
        others = [b for b in self.state.units.values() if b.team not in self.sides]
        if others:
            self.log.add("info", R_ROUNDS, "SIDCORS is fought between two Battle Forces: not in this battle (the GM "
                                           "rules on them): " + ", ".join(f"{b.name} ({self.name(b.team)})"
                                                                          for b in others))
        for t in self.sides:
            if fz.all_cloaked(self.units[t]):
                q = yes_no(f"sidcors/cloak/{t}", t, R_CLOAK, f"{self.name(t)}: your force is all cloaking ships; use "
                           "the cloak offensively (2d6: 5 or less the enemy -1 in the first round, 11-12 the enemy +1)?")
                use = yield dataclasses.replace(q, data={"odds": cloak_text()})
                if use:
                    self.log.add("info", R_CLOAK, f"{self.name(t)}: the odds of the cloak roll: {cloak_text()}",
                                 {"team": t, "odds": {str(k): str(p) for k, p in sorted(cloak_shifts().items())}})
                    roll = self.dice.roll("2d6", purpose="offensive cloak", rule=R_CLOAK, who=t).total
                    e = self.enemy(t)
                    self.cloak[e] = -1 if roll <= CLOAK_LOW else 1 if roll >= CLOAK_HIGH else 0
                    self.log.add("ruling", R_CLOAK, f"{roll}: {self.name(e)} has a {self.cloak[e]:+d} shift in the "
                                                    "first round" if self.cloak[e] else f"{roll}: normal combat")
        yield from self._rounds()

    def _rounds(self) -> Procedure:
        """Rounds until the battle is resolved."""
        while not self.state.resolved:
            if not all(fz.alive(self.units[t]) for t in self.sides):
                self._resolve()
                break
            if not any(self.potential(t) for t in self.sides) and not any(self.carry.values()):
                self._resolve("neither force has a Combat Potential")
                break
            if why := ending.why_end(self):  # nobody can hurt anybody, or ROUND_LIMIT rounds fought
                self._resolve((yield from ending.end(self, why)))
                break
            self.round += 1
            self.log.add("step", R_ROUNDS, f"round {self.round}")
            yield from self._round()

    def _round(self, first: int = 0) -> Procedure:
        """One round, from its first Battle Intensity question (``first``: the side whose BIF is asked first)."""
        yield from self._intensity(first)
        self._determine()
        for t in self.sides:
            yield from directed(self, t)
        yield from self._allocations((self.defender, self.attacker))

    def _allocations(self, order: tuple[str, ...]) -> Procedure:
        for t in order:
            yield from allocate(self, t)
        self._shock()
        if all(fz.alive(self.units[t]) for t in self.sides):
            yield from self._retreats()

    def resume(self, key: str) -> Procedure | None:
        """The procedure from the pending question ``key`` (asked again): a round's first
        Battle Intensity question (either side's), a damage allocation, a retreat or its
        direction (issue 21)."""
        parts = key.split("/")
        if len(parts) not in (3, 4) or not parts[1].isdigit():
            return None
        step, team = parts[2], parts[-1]
        if step == "bir" or step == "bif" and team in self.sides:
            return self._then(self._round(self.sides.index(team) if step == "bif" else 0))
        if step == "allocate" and team in self.sides:
            return self._then(self._allocations((self.defender, self.attacker) if team == self.defender
                                                else (self.attacker,)))
        if step == "retreat" and team in self.sides:
            return self._then(self._retreats(team))
        if step == "direction" and team in self.going:  # (the GM's ending asks it too: not from there)
            return self._then(self._retreats(team, chose=True))
        return None

    def _then(self, part: Procedure) -> Procedure:
        yield from part
        yield from self._rounds()

    def question_odds(self, q: Question) -> dict[str, Any]:
        """The exact odds the pending question ``q`` is shown with (a Battle Intensity question's
        ``dealt`` and ``taken``; {} for the others)."""
        parts = q.key.split("/")
        if len(parts) >= 3 and parts[2] in ("bif", "bir") and q.to in self.sides:
            return self._odds(q.to, bir=parts[2] == "bir")
        return {}

    def _odds(self, team: str, bir: bool = False) -> dict[str, Any]:
        e = self.enemy(team)
        how = by_bir if bir else summary
        return {"dealt": how(self.potential(team), self.shift(team)), "taken": how(self.potential(e), self.shift(e))}

    def _intensity(self, first: int = 0) -> Procedure:
        mobile = {t: any(u.can_retreat for u in fz.alive(self.units[t])) for t in self.sides}
        r = self.round
        if mobile[self.attacker] != mobile[self.defender]:
            chooser = self.attacker if mobile[self.attacker] else self.defender
            q = number(f"sidcors/{r}/bir", chooser, R_NON_MOBILE, f"{self.name(chooser)}: the enemy has only units "
                       f"that cannot retreat: choose the Battle Intensity Rating (both numbers, {BIR_LOW}-{BIR_HIGH})",
                       BIR_LOW, BIR_HIGH, default=(BIR_LOW + BIR_HIGH) // 2)  # no usual case: mid-scale
            self.bir = yield dataclasses.replace(q, data={"bir": True})
            self.bif = {}
            self.log.add("ruling", R_NON_MOBILE, f"round {r}: {self.name(chooser)} chose BIR {self.bir}")
            return
        if not first:
            self.bif = {}
        for t in self.sides[first:]:
            q = number(f"sidcors/{r}/bif/{t}", t, R_INTENSITY, f"{self.name(t)} (secret): choose your Battle "
                       f"Intensity Factor for round {r} ({BIF_LOW}-{BIF_HIGH})", BIF_LOW, BIF_HIGH,
                       default=(BIF_LOW + BIF_HIGH) // 2)  # no usual case: mid-scale
            self.bif[t] = yield dataclasses.replace(q, data={"secret": True})
        self.bir = sum(self.bif.values())
        self.log.add("ruling", R_INTENSITY, f"round {r}: " + ", ".join(
            f"{self.name(t)} BIF {self.bif[t]}" for t in self.sides) + f": Battle Intensity Rating {self.bir}")

    def _determine(self) -> None:
        for t in self.sides:
            pot, mods = self.potential(t), self.shifts(t)
            roll = self.dice.roll("d6", purpose="Combat Coefficient", rule=R_DAMAGE, who=t, modifiers=mods)
            die = shifted(roll.natural, roll.modifier_total)
            pct = coefficient(self.bir, die)
            self.die[t], self.scored[t] = die, damage_points(pot, pct)
            half = fz.halved_maulers(self.units[t])
            why = f" (maulers at half value: {', '.join(self.unit(u).name for u in sorted(half))}, {R_MAULER})" \
                if half else ""
            clamp = f" (held at {die}, {R_SHIFTS})" if die != roll.total else ""
            self.log.add("ruling", R_DAMAGE, f"{self.name(t)}: Combat Potential {show(pot)}{why}, die {die}{clamp}, "
                                             f"BIR {self.bir}: {pct}% = {points(self.scored[t])}",
                         {"team": t, "potential": show(pot), "die": die, "percent": pct, "points": self.scored[t]})
        for t in self.sides:
            e = self.enemy(t)
            owed = self.scored[e] + self.carry[t]
            if self.carry[t]:
                self.log.add("ruling", R_PLUS_MINUS, f"{self.name(t)}: {self.carry[t]:+d} from the last round: "
                                                     f"{self.scored[e]} become {points(max(0, owed))} against it")
            self.owed[t], self.carry[t] = max(0, owed), 0

    # -- end of round ------------------------------------------------------------------------------
    def _shock(self) -> None:
        for team, uid in sorted(self.mauler_used.items()):
            m = self.unit(uid)
            if m.alive and not m.crippled:
                self.log.add("info", R_MAULER, f"{m.name}: the odds of the shock roll: {shock_text()}",
                             {"unit": uid, "odds": {"crippled": str(shock_odds()[True])}})
                roll = self.dice.roll("d6", purpose=f"excessive shock ({m.name})", rule=R_MAULER, who=team).total
                if roll >= SHOCK:
                    m.damage()
                self.log.add("ruling", R_MAULER, f"{m.name}: shock roll {roll}: " + (
                    "crippled" if roll >= SHOCK else "unharmed"), {"unit": uid})
            else:
                self.log.add("ruling", R_MAULER, f"{m.name} was crippled or destroyed this round: no shock roll")
        self.mauler_used = {}

    def _retreats(self, team: str = "", chose: bool = False) -> Procedure:
        """Each side (from ``team``'s question, resuming) may retreat; then each that does
        chooses its direction (from ``team``'s when ``chose``)."""
        if not chose:
            if not team:
                self.going = []
            for t in self.sides[self.sides.index(team) if team else 0:]:
                if any(u.can_retreat for u in fz.alive(self.units[t])):
                    if (yield yes_no(f"sidcors/{self.round}/retreat/{t}", t, R_ROUNDS,
                                     f"{self.name(t)}: round {self.round} is over; retreat from the battle?")):
                        self.going.append(t)
        for t in self.going[self.going.index(team) if chose else 0:]:
            yield from retreat(self, t)
        if self.going:
            self._resolve()

    def _resolve(self, why: str = "") -> None:
        """The resolution: each side's units destroyed, crippled, retreated and left, by name, every clause always
        there, no count (issue 23): a viewer's version takes out the names of the hidden units it may not know
        (V13.03, V13.29; seed 004's SIDCORS announces no losses), which a count or a clause would still tell."""
        st = self.state
        parts = [why] if why else []
        for t in self.sides:
            us = self.units[t]
            gone = [u for u in us if u.b.status is Status.RETREATED]
            way = gone[0].b.forced_direction if gone else None
            where = "" if all(unit_secret(u.unit) for u in gone) else (  # the hidden units' own lines say where
                f", next strategic move in direction {way.name}" if way else ", the GM moves it: no lane out")
            parts.append(f"{self.name(t)} (destroyed: {_named(u for u in us if u.destroyed)}; crippled: "
                         f"{_named(u for u in us if not u.destroyed and u.crippled)}; retreated: {_named(gone)}"
                         f"{where}; left in {st.record.at}: {_named(fz.alive(us))})")
        st.resolution = f"SIDCORS, {self.round} round{'s' if self.round != 1 else ''}: " + "; ".join(parts)
        st.resolved = True
        self.log.add("ruling", R_ROUNDS, f"Battle Hex {st.record.at} resolved: {st.resolution}")


def _named(units: Any) -> str:
    """"A, B and C" of the units' names; "none" (:func:`rules.model.visibility.listed`)."""
    return listed(u.name for u in units)
