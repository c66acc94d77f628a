"""The AF/EF procedure (seed 001, 4.2) as a generator of questions.

Each round: the GM's AF modifiers (4.1.b), the defender's set-up (which units are screened),
the attacker's declared attacks and held fire, the defender's return fire (each targeted
unit matching its attackers' AF as a group), resolution (attacker first, pooled rolls,
simultaneous), a breakthrough to the screened line when the front line is wiped out, then
the GM: another round or a break-off (4.2.d-e).
"""
from __future__ import annotations

from collections.abc import Generator
from typing import Any

from rules.battlehex.log import EventLog
from rules.battlehex.questions import Question
from rules.battlehex.roster import Status
from rules.battlehex.state import BattleState
from rules.battlehex.words import possessive
from rules.dice import DiceExpr, DiceRoller
from rules.systems.afef import asking
from rules.systems.afef.lines import (
    FRONT,
    LINE,
    R_BREAK_OFF,
    R_BREAKTHROUGH,
    R_HITS,
    R_RESOLVE,
    R_ROUNDS,
    R_SETUP,
    R_VALUES,
    SCREENED,
    AUnit,
    Plan,
    on_target,
)
from rules.systems.afef.odds import face_hits, interphase, is_destroyed
from rules.systems.afef.shown import question_odds

Procedure = Generator[Question, Any, None]
STEPS = ("modifiers", "screen", "declare", "return", "breakthrough", "breakthrough_return")
"""A round's questions, in order (each one the procedure can resume from)."""
POOL_PART = 100
"""The most dice one roll of the roller takes: a bigger pool (4.2.b sets no limit to the AF added
on one target) is rolled in parts of this many dice and its hits added, as one roll."""
POOLS = tuple(DiceExpr(k, 6) for k in range(1, POOL_PART + 1))
"""``POOLS[k - 1]``: k d6, as ``DiceExpr.parse(f"{k}d6")`` reads it, made once (issue 21: a round of fire of 300
units a side rolls ~230 times, and a cold reopen replays one: the text read again at each roll)."""


class Engine:
    """The battle's lines, markers and plans, and its procedure (:meth:`run`)."""

    def __init__(self, state: BattleState, log: EventLog, dice: DiceRoller) -> None:
        self.state, self.log, self.dice = state, log, dice
        r = state.record
        self.attacker, self.defender = r.attacker, r.defender
        self.sides = (self.attacker, self.defender)
        self.units: dict[str, AUnit] = {}
        self.enlist()
        self.round = 0
        self.attacks: Plan = {}
        """The attacker's declared attacks this round."""
        self.hold: list[str] = []
        """Attacker units holding their fire for a breakthrough this round."""
        self.returns: Plan = {}
        """The defender's declared fire this round."""
        self.breakthrough: Plan = {}
        self.breakthrough_returns: Plan = {}
        self.ended = ""

    def enlist(self) -> None:
        """Take the roster's units that take part (not kept out by fleet composition) into their lines."""
        self.units = {b.id: AUnit.of(b, LINE if b.team == self.attacker else FRONT)
                      for b in self.state.units.values() if b.team in self.sides and b.status is not Status.OUT}
        self._teams = {t: [u for u in self.units.values() if u.team == t] for t in self.sides}
        """Each side's units in the roster's order (the units never change sides)."""

    # -- reading -----------------------------------------------------------------------------------
    def name(self, team: str) -> str:
        t = self.state.teams.get(team)
        return t.name if t else team

    def side(self, team: str) -> list[AUnit]:
        """``team``'s units, in the roster's order (destroyed and broken-off ones included)."""
        return list(self._teams.get(team, ()))

    def alive(self, team: str, line: str | None = None) -> list[AUnit]:
        return [u for u in self._teams.get(team, ()) if u.alive and (line is None or u.line == line)]

    def enemy(self, team: str) -> str:
        return self.defender if team == self.attacker else self.attacker

    # -- the procedure -----------------------------------------------------------------------------
    def run(self) -> Procedure:
        a, d = self.attacker, self.defender
        self.log.add("info", R_SETUP, f"Battle Hex {self.state.record.at}: {self.name(a)} attacks {self.name(d)}, "
                                      "fought by AF/EF combat in rounds")
        others = [b.name for b in self.state.units.values() if b.team not in self.sides]
        if others:
            self.log.add("ruling", R_SETUP, "AF/EF combat is between the attacker and the defender: "
                                            f"{', '.join(others)} take no part")
        for t in self.sides:
            self.log.add("info", R_VALUES, f"{self.name(t)}: " + "; ".join(u.show() for u in self.side(t)))
        hurt = [u for u in self.units.values() if u.damaged]
        if hurt:
            self.log.add("ruling", R_HITS, "crippled units come in damaged with the hits an interphase leaves "
                                           "them (half their EF, rounded down): "
                                           + ", ".join(f"{u.name} {u.hits}" for u in hurt))
        yield from self._rounds()

    def _rounds(self) -> Procedure:
        """Rounds until a side is gone, nobody can fire or the GM ends it, then the resolution."""
        while not self._over():
            if self.round:
                end = yield asking.continue_question(self)
                if end != "fight":
                    self._break_off(end["break_off"], end["reason"])
                    continue
            self.round += 1
            self.log.add("step", R_ROUNDS, f"round {self.round}")
            yield from self._round()
        self._resolve()

    def resume(self, key: str) -> Procedure | None:
        """The procedure from the pending question ``key`` (asked again): a round's GM modifiers,
        the defender's set-up, the attacker's declaration, the defender's return fire, the
        breakthrough and its return fire, or the GM's another round (issue 21): every question,
        so an undo or a reopen resumes where the battle stands."""
        step = key.rpartition("/")[2]
        if step == "continue":
            return self._rounds()
        if step in STEPS:
            return self._from(step)
        return None

    def _from(self, step: str) -> Procedure:
        yield from self._round(step)
        yield from self._rounds()

    def question_odds(self, q: Question) -> dict[str, Any]:
        """The exact odds the pending question ``q`` is shown with (:func:`.shown.question_odds`)."""
        return question_odds(self, q)

    def _round(self, step: str = "modifiers") -> Procedure:
        """One round, from its first question or (resuming) from ``step``'s."""
        r = self.round
        if step == "modifiers":
            self.attacks, self.hold, self.returns, self.breakthrough, self.breakthrough_returns = {}, [], {}, {}, {}
            mods = yield asking.modifiers_question(self)
            for u in self.units.values():
                u.modifier = mods.get(u.id, 0)
            if any(mods.values()):
                self.log.add("ruling", R_VALUES, "AF modifiers this round: " + ", ".join(
                    f"{self.units[k].name} {v:+d} (AF {self.units[k].fire_af})" for k, v in mods.items() if v))
        if step in ("modifiers", "screen"):
            screened = yield asking.screen_question(self)
            for u in self.alive(self.defender):
                u.line = SCREENED if u.id in screened else FRONT
            self.log.add("ruling", R_SETUP, f"round {r}: {possessive(self.name(self.defender))} front line "
                         + ", ".join(u.name for u in self.alive(self.defender, FRONT)) + "; screened: "
                         + (", ".join(u.name for u in self.alive(self.defender, SCREENED)) or "none"))
        if step in ("modifiers", "screen", "declare"):
            declared = yield asking.declare_question(self)
            self.attacks, self.hold = declared
        if step.startswith("breakthrough"):  # resumed within the breakthrough (the round's fire is resolved)
            yield from self._breakthrough_fire(step)
        else:
            self.returns = yield asking.return_question(self)
            self._resolve_fire(self.attacks, self.attacker)
            self._resolve_fire(self.returns, self.defender)
            if self.hold:
                yield from self._breakthrough()
        self._settle()

    def _breakthrough(self) -> Procedure:
        """4.2.f, within the round: units are flipped and removed only when the whole round has
        fired (4.2.b), so a held unit hit this round still fires with the AF it had."""
        front_gone = all(is_destroyed(u.hits, u.ef) for u in self.alive(self.defender, FRONT))
        if front_gone and self.alive(self.defender, SCREENED):
            self.log.add("ruling", R_BREAKTHROUGH, f"{possessive(self.name(self.defender))} front line is wiped out: "
                                                   "breakthrough; the held fire may attack the screened line and "
                                                   "the screened units may fire back")
            yield from self._breakthrough_fire("breakthrough")
        else:
            self.log.add("ruling", R_BREAKTHROUGH, "no breakthrough: " + ", ".join(
                self.units[h].name for h in self.hold) + " lose their held attacks (they may not switch targets)")

    def _breakthrough_fire(self, step: str) -> Procedure:
        """The held units' fire at the screened line and its return fire, from ``step``'s question."""
        if step == "breakthrough":
            self.breakthrough = yield asking.breakthrough_question(self)
        self.breakthrough_returns = yield asking.breakthrough_return_question(self)
        self._resolve_fire(self.breakthrough, self.attacker)
        self._resolve_fire(self.breakthrough_returns, self.defender)

    def _over(self) -> bool:
        if not all(any(u.alive for u in self._teams.get(t, ())) for t in self.sides):  # at the first unit left
            return True
        if not any(u.dice for u in self.units.values() if u.alive):
            self.ended = "neither side can fire (AF 0 never fires, 4.1.b)"
            self.log.add("ruling", R_VALUES, self.ended)
            return True
        return False

    def _break_off(self, who: str, reason: str) -> None:
        teams = self.sides if who == "both" else (self.attacker if who == "attacker" else self.defender,)
        for t in teams:
            for u in self.alive(t):
                u.b.status = Status.DISENGAGED
        names = " and ".join(self.name(t) for t in teams)
        self.ended = f"{names} broke off"
        self.log.add("ruling", R_BREAK_OFF, f"GM ruling ({reason}): {names} break{'s' if len(teams) == 1 else ''} "
                                            "off; the rules leave break-off to each unit type's chapter")

    def _resolve(self) -> None:
        cleared: dict[str, list[int]] = {}
        for u in self.units.values():
            u.fought = u.hits
            if not u.destroyed:
                u.hits = interphase(u.hits, u.ef, u.damaged)
            if u.hits != u.fought:
                cleared[u.id] = [u.fought, u.hits]
        changed = ", ".join(f"{self.units[k].name} {a} to {b}" for k, (a, b) in cleared.items())
        self.log.add("ruling", R_HITS, "hit markers come off in the game turn's interphases and the campaign keeps "
                                       "no markers: undamaged units' hits are cleared, damaged units keep their "
                                       "damaged status (and the hits up to half their EF)"
                     + (f"; hits {changed}" if changed else ""), {"cleared": cleared} if cleared else None)
        lost = [u.name for u in self.units.values() if u.destroyed]
        hurt = [u.name for u in self.units.values() if u.damaged and not u.destroyed]
        left = [t for t in self.sides if self.alive(t)]
        how = self.ended or (f"{self.name(left[0])} holds the field" if left else "both sides destroyed")
        self.state.resolution = (f"AF/EF, {self.round} round{'s' if self.round != 1 else ''}: {how}; destroyed: "
                                 f"{', '.join(lost) or 'none'}; damaged: {', '.join(hurt) or 'none'}")
        self.state.resolved = True
        self.log.add("ruling", R_ROUNDS, f"Battle Hex {self.state.record.at} resolved: {self.state.resolution}")

    # -- fire --------------------------------------------------------------------------------------
    def _resolve_fire(self, plan: Plan, team: str) -> None:
        """Roll ``team``'s fire target by target: one pooled roll of all normal AF on it, one
        stepped-down die per unit whose AF is reduced to zero or less (4.1.b, 4.2.b)."""
        for tid, by in on_target(plan).items():
            t = self.units[tid]
            normal = sum(af for s, af in by.items() if not self.units[s].stepped)
            who = ", ".join(self.units[s].name for s in by)
            faces: list[int] = []
            hits = 0
            for first in range(0, normal, POOL_PART):  # one pooled roll, in parts the roller takes
                k = min(POOL_PART, normal - first)
                part = f", dice {first + 1}-{first + k} of {normal}" if normal > POOL_PART else ""
                roll = self.dice.roll(POOLS[k - 1], purpose=f"{who} at {t.name}{part}", rule=R_RESOLVE, who=team)
                faces += roll.faces
                hits += sum(face_hits(f) for f in roll.faces)
            for s in by:
                if self.units[s].stepped:
                    roll = self.dice.roll(POOLS[0], purpose=f"{self.units[s].name} at {t.name}, stepped down",
                                          rule=R_VALUES, who=team)
                    faces += roll.faces
                    hits += face_hits(roll.faces[0], stepped=True)
            t.take(hits)
            self.log.add("ruling", R_RESOLVE, f"{who} fire {sum(by.values())} AF at {t.name}: {hits} hit"
                                              f"{'s' if hits != 1 else ''}, marker {t.hits}",
                         {"target": tid, "shooters": by, "faces": faces, "hits": hits, "marker": t.hits})

    def _settle(self) -> None:
        for u in self.units.values():
            what = u.settle()
            if what:
                self.log.add("ruling", R_HITS, f"{u.name} {what}: {u.hits} hits, EF {u.ef}",
                             {"unit": u.id, "status": what})
