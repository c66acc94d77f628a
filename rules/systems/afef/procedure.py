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

from rules.battle.log import GM, EventLog, IllegalAnswer, shown
from rules.battle.questions import QKind, Question
from rules.battle.roster import Status
from rules.battle.state import BattleState
from rules.dice import DiceRoller
from rules.model.units import FACTOR
from rules.systems.afef.lines import (
    FRONT,
    LINE,
    R_BREAK_OFF,
    R_BREAKTHROUGH,
    R_HITS,
    R_RESOLVE,
    R_RETURN,
    R_ROUNDS,
    R_SETUP,
    R_VALUES,
    SCREENED,
    AUnit,
    Plan,
    check_matched,
    must_match,
    on_target,
    parse_plan,
)
from rules.systems.afef.odds import face_hits, interphase, is_destroyed
from rules.systems.afef.shown import question_odds

Procedure = Generator[Question, Any, None]
POOL_PART = 100
"""The most dice one roll of the roller takes: a bigger pool (4.2.b sets no limit to the AF added
on one target) is rolled in parts of this many dice and its hits added, as one roll."""
ENDINGS = ("fight", "attacker", "defender", "both")
ROUND_LIMIT = 30
"""The most rounds an AF/EF battle is fought (the engine's bound: 4.2.e sets none while both sides
are willing): after the last one the GM's question offers only a break-off (4.2.d, a ruling)."""
R_BOUND = f"{R_ROUNDS} (the engine's bound of {ROUND_LIMIT} rounds: GM ruling)"


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

    # -- reading -----------------------------------------------------------------------------------
    def name(self, team: str) -> str:
        t = self.state.teams.get(team)
        return t.name if t else team

    def side(self, team: str) -> list[AUnit]:
        """``team``'s units, in the roster's order (destroyed and broken-off ones included)."""
        return [u for u in self.units.values() if u.team == team]

    def alive(self, team: str, line: str | None = None) -> list[AUnit]:
        return [u for u in self.side(team) if u.alive and (line is None or u.line == line)]

    def enemy(self, team: str) -> str:
        return self.defender if team == self.attacker else self.attacker

    # -- the procedure -----------------------------------------------------------------------------
    def run(self) -> Procedure:
        a, d = self.attacker, self.defender
        self.log.add("info", R_SETUP, f"Battle Hex {self.state.record.at}: {self.name(a)} attacks {self.name(d)}, "
                                      "fought by AF/EF combat (seed 001, 4.2) in rounds")
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
                end = yield self._continue_question()
                if end != "fight":
                    self._break_off(end["break_off"], end["reason"])
                    continue
            self.round += 1
            self.log.add("step", R_ROUNDS, f"round {self.round}")
            yield from self._round()
        self._resolve()

    def resume(self, key: str) -> Procedure | None:
        """The procedure from the pending question ``key`` (asked again): a round's GM modifiers,
        the defender's set-up, the attacker's declaration or the GM's another round (issue 21)."""
        step = key.rpartition("/")[2]
        if step == "continue":
            return self._rounds()
        if step in ("modifiers", "screen", "declare"):
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
            mods = yield self._modifiers_question()
            for u in self.units.values():
                u.modifier = mods.get(u.id, 0)
            if any(mods.values()):
                self.log.add("ruling", R_VALUES, "AF modifiers this round: " + ", ".join(
                    f"{self.units[k].name} {v:+d} (AF {self.units[k].fire_af})" for k, v in mods.items() if v))
        if step in ("modifiers", "screen"):
            screened = yield self._screen_question()
            for u in self.alive(self.defender):
                u.line = SCREENED if u.id in screened else FRONT
            self.log.add("ruling", R_SETUP, f"round {r}: {self.name(self.defender)}'s front line "
                         + ", ".join(u.name for u in self.alive(self.defender, FRONT)) + "; screened: "
                         + (", ".join(u.name for u in self.alive(self.defender, SCREENED)) or "none"))
        declared = yield self._declare_question()
        self.attacks, self.hold = declared
        self.returns = yield self._return_question()
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
            self.log.add("ruling", R_BREAKTHROUGH, f"{self.name(self.defender)}'s front line is wiped out: "
                                                   "breakthrough; the held fire may attack the screened line and "
                                                   "the screened units may fire back")
            self.breakthrough = yield self._breakthrough_question()
            self.breakthrough_returns = yield self._breakthrough_return_question()
            self._resolve_fire(self.breakthrough, self.attacker)
            self._resolve_fire(self.breakthrough_returns, self.defender)
        else:
            self.log.add("ruling", R_BREAKTHROUGH, "no breakthrough: " + ", ".join(
                self.units[h].name for h in self.hold) + " lose their held attacks (they may not switch targets)")

    def _over(self) -> bool:
        if not all(self.alive(t) for t in self.sides):
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
                                            "off; the seed leaves break-off to each unit type's chapter")

    def _resolve(self) -> None:
        for u in self.units.values():
            if not u.destroyed:
                u.hits = interphase(u.hits, u.ef, u.damaged)
        self.log.add("ruling", R_HITS, "hit markers come off in the game turn's interphases and the campaign keeps "
                                       "no markers: undamaged units' hits are cleared, damaged units keep their "
                                       "damaged status (and the hits up to half their EF)")
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
                roll = self.dice.roll(f"{k}d6", purpose=f"{who} at {t.name}{part}", rule=R_RESOLVE, who=team)
                faces += roll.faces
                hits += sum(face_hits(f) for f in roll.faces)
            for s in by:
                if self.units[s].stepped:
                    roll = self.dice.roll("d6", purpose=f"{self.units[s].name} at {t.name}, stepped down",
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

    # -- questions ---------------------------------------------------------------------------------
    def _modifiers_question(self) -> Question:
        live = {u.id: u for u in self.units.values() if u.alive}

        def check(a: Any) -> dict[str, int]:
            if not isinstance(a, dict):
                raise IllegalAnswer(R_VALUES, "give the AF modifiers as a whole number per unit, plus or minus "
                                              "(none for no change), "
                                              f"not {shown(a)}")
            for uid, m in a.items():
                if uid not in live:
                    raise IllegalAnswer(R_VALUES, f"{shown(uid)} is not a unit in the battle")
                if isinstance(m, bool) or not isinstance(m, int) or abs(m) > FACTOR:
                    raise IllegalAnswer(R_VALUES, f"{live[uid].name}: a modifier is a whole number, not {shown(m)}")
            return dict(a)
        return Question(f"afef/{self.round}/modifiers", QKind.ACTION, GM, R_VALUES,
                        f"Game Master: AF modifiers for round {self.round}: a whole number, plus or minus, for each unit "
                        "whose Attack Factor changes (none for no change). "
                        "An AF reduced to zero or less still rolls one die, stepped down",
                        data={"af": {u.id: u.printed_af for u in live.values()}}, check=check)

    def _screen_question(self) -> Question:
        live = [u.id for u in self.alive(self.defender)]

        def check(a: Any) -> list[str]:
            if not isinstance(a, list) or any(x not in live for x in a) or len(set(a)) != len(a):
                raise IllegalAnswer(R_SETUP, "choose the screened units among: " + ", ".join(live))
            if len(a) == len(live):
                raise IllegalAnswer(R_SETUP, "the screened line stands behind a front line: leave at least one "
                                             "unit in the front")
            return a
        return Question(f"afef/{self.round}/screen", QKind.CHOOSE_UNITS, self.defender, R_SETUP,
                        f"{self.name(self.defender)}: which units stand in the screened line (inactive, protected "
                        "by the front)? The rest form the front line", tuple(live),
                        check=check)

    def _declare_question(self) -> Question:
        shooters = {u.id: u for u in self.alive(self.attacker) if u.dice}
        front = self.alive(self.defender, FRONT)
        screened = [u.id for u in self.alive(self.defender, SCREENED)]
        who = self.name(self.attacker)

        def check(a: Any) -> tuple[Plan, list[str]]:
            if not isinstance(a, dict) or set(a) - {"attacks", "hold"}:
                raise IllegalAnswer(R_SETUP, f"{who}: answer {{\"attacks\": {{unit: {{target: AF}}}}, "
                                             f"\"hold\": [units]}}, not {shown(a)}")
            raw = a.get("attacks", {})
            if isinstance(raw, dict) and any(isinstance(v, dict) and set(v) & set(screened) for v in raw.values()):
                raise IllegalAnswer(R_SETUP, "screened units may not be targeted now: hold fire for a breakthrough")
            plan = parse_plan(raw, shooters, [u.id for u in front], R_SETUP, who)
            hold = a.get("hold", [])
            if not isinstance(hold, list) or any(h not in shooters for h in hold) or len(set(hold)) != len(hold):
                raise IllegalAnswer(R_SETUP, f"{who}: hold the fire of your own units that can fire, not {shown(hold)}")
            if hold and not screened:
                raise IllegalAnswer(R_SETUP, "fire may be held only when the defender has screened units")
            both = [self.units[h].name for h in hold if h in plan]
            if both:
                raise IllegalAnswer(R_SETUP, f"{', '.join(both)} cannot both attack and hold its fire")
            return plan, list(hold)
        return Question(f"afef/{self.round}/declare", QKind.ACTION, self.attacker, R_SETUP,
                        f"{who}: declare each unit's attacks on the front line (AF may be split); hold the fire of "
                        "units for a breakthrough to the screened line",
                        tuple(shooters), data={"dice": {k: u.dice for k, u in shooters.items()},
                                               "targets": [u.id for u in front], "screened": screened},
                        check=check)

    def _return_question(self) -> Question:
        shooters = {u.id: u for u in self.alive(self.defender, FRONT) if u.dice}
        targets = self.alive(self.attacker)
        owed = must_match(self.attacks, self.units)
        who = self.name(self.defender)

        def check(a: Any) -> Plan:
            if not isinstance(a, dict) or set(a) - {"attacks"}:
                raise IllegalAnswer(R_RETURN, f"{who}: answer {{\"attacks\": {{unit: {{target: AF}}}}}}, "
                                              f"not {shown(a)}")
            plan = parse_plan(a.get("attacks", {}), shooters, [u.id for u in targets], R_RETURN, who)
            check_matched(plan, owed, self.units)
            return plan
        return Question(f"afef/{self.round}/return", QKind.ACTION, self.defender, R_RETURN,
                        f"{who}: declare your front line's fire; each unit attacked must fire back at its attackers "
                        "with at least their AF as a group, the surplus is free", tuple(shooters),
                        data={"dice": {k: u.dice for k, u in shooters.items()}, "targets": [u.id for u in targets],
                              "must_match": {k: {"af": n, "attackers": list(by)} for k, (n, by) in owed.items()}},
                        check=check)

    def _breakthrough_question(self) -> Question:
        shooters = {h: self.units[h] for h in self.hold}
        targets = self.alive(self.defender, SCREENED)
        who = self.name(self.attacker)

        def check(a: Any) -> Plan:
            if not isinstance(a, dict) or set(a) - {"attacks"}:
                raise IllegalAnswer(R_BREAKTHROUGH, f"{who}: answer {{\"attacks\": {{unit: {{target: AF}}}}}}")
            return parse_plan(a.get("attacks", {}), shooters, [u.id for u in targets], R_BREAKTHROUGH, who)
        return Question(f"afef/{self.round}/breakthrough", QKind.ACTION, self.attacker, R_BREAKTHROUGH,
                        f"{who}: breakthrough! Declare the held units' attacks on the screened line",
                        tuple(shooters), data={"dice": {k: u.dice for k, u in shooters.items()},
                                               "targets": [u.id for u in targets]}, check=check)

    def _breakthrough_return_question(self) -> Question:
        shooters = {u.id: u for u in self.alive(self.defender, SCREENED) if u.dice}
        targets = [u for u in self.alive(self.attacker) if not is_destroyed(u.hits, u.ef)]
        who = self.name(self.defender)

        def check(a: Any) -> Plan:
            if not isinstance(a, dict) or set(a) - {"attacks"}:
                raise IllegalAnswer(R_BREAKTHROUGH, f"{who}: answer {{\"attacks\": {{unit: {{target: AF}}}}}}")
            return parse_plan(a.get("attacks", {}), shooters, [u.id for u in targets], R_BREAKTHROUGH, who)
        return Question(f"afef/{self.round}/breakthrough_return", QKind.ACTION, self.defender, R_BREAKTHROUGH,
                        f"{who}: your screened units may fire back (any target)", tuple(shooters),
                        data={"dice": {k: u.dice for k, u in shooters.items()}, "targets": [u.id for u in targets]},
                        check=check)

    def _continue_question(self) -> Question:
        bound = self.round >= ROUND_LIMIT

        def check(a: Any) -> Any:
            if a == "fight" and bound:
                raise IllegalAnswer(R_BOUND, f"{self.round} rounds are fought, the engine's bound: a side must "
                                             "break off ({\"break_off\": \"attacker\" | \"defender\" | "
                                             "\"both\", \"reason\": why})")
            if a == "fight":
                return a
            if isinstance(a, dict) and a.get("break_off") in ENDINGS[1:] and set(a) == {"break_off", "reason"} \
                    and isinstance(a["reason"], str) and a["reason"].strip():
                return {"break_off": a["break_off"], "reason": a["reason"].strip()}
            if isinstance(a, dict) and a.get("break_off") in ENDINGS[1:] and set(a) <= {"break_off", "reason"} \
                    and (not isinstance(a.get("reason"), str) or not a["reason"].strip()):
                raise IllegalAnswer(R_BREAK_OFF, f"the reason is missing: a break-off is the GM's ruling and needs "
                                                 f"its reason in words, not {shown(a.get('reason'))}")
            raise IllegalAnswer(R_BREAK_OFF, "answer \"fight\" for another round, or {\"break_off\": \"attacker\" | "
                                             "\"defender\" | \"both\", \"reason\": why} (a GM ruling: the seed leaves "
                                             "break-off to chapters we do not have)")
        if bound:
            return Question(f"afef/{self.round}/continue", QKind.CHOOSE, GM, R_BOUND,
                            f"Game Master: round {self.round} is over, the last the engine allows ({ROUND_LIMIT}), and "
                            "both sides have units left: which side breaks off (give the reason)?", ENDINGS[1:],
                            check=check)
        return Question(f"afef/{self.round}/continue", QKind.CHOOSE, GM, R_ROUNDS,
                        f"Game Master: round {self.round} is over and both sides have units left: another round, "
                        "or does a side break off (give the reason)?", ENDINGS, check=check)
