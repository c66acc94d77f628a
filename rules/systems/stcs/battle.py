"""The stcs system's run on the shared seam (:class:`rules.battlehex.run.ReplayRun`): seeded dice,
the log, replay of the record's answers, undo, secret answers (the cloaked side's hidden D10,
sealed in the file), save and write-back."""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from hexmap import Label, LaneGraph
from rules.battlehex.change import RunStatus
from rules.battlehex.log import GM, EventLog
from rules.battlehex.questions import QKind, Question
from rules.battlehex.run import ReplayRun
from rules.battlehex.state import BattleState
from rules.dice import DiceRoller, Roll
from rules.model.campaign import Campaign
from rules.systems.stcs import actkeys, acts as more_acts, bodies, cloaklock
from rules.systems.stcs.advantage import HIDDEN
from rules.systems.stcs.cloaked import CLOAKED_OUT, hidden
from rules.systems.stcs.compat import begin
from rules.systems.stcs.engine import RULE, STCSEngine
from rules.systems.stcs.sensors import CLOAK




class STCSBattle(ReplayRun[STCSEngine]):
    """The registry entry's engine: the STCS battle at ``at`` of ``campaign``."""

    ROUNDS_RULE = RULE
    RESULT_RULE = "STCS Campaign Advancement"  # seed 002: "handled by the Campaign Master"
    RULINGS = True
    SECRET_DICE = True  # the cloak scan dice, a cloaked ship's activation die... (issue 25)

    def __init__(self, campaign: Campaign, at: Label, graph: LaneGraph | None = None,
                 dice: Callable[[int], DiceRoller] = DiceRoller) -> None:
        self._resumed = False
        super().__init__(campaign, at, graph, dice)
        begin(self)  # the record's era (rules/systems/stcs/compat.py)
        self.bodies = bodies.of_battle(self.campaign, self.record)
        self.restart(list(self.record.answers))

    def _engine(self, state: BattleState, log: EventLog, dice: DiceRoller) -> STCSEngine:
        e = STCSEngine(state, log, dice)
        e.bodies = dict(self.bodies)  # (read from the sector once: a battle begun before its era reads none)
        return e

    def _log_roll(self, roll: Roll) -> None:
        """A cloaked ship's warp-out activation die and a tie roll with a cloaked ship in it are shown to the
        cloaked side (its ``who``) and the GM only; a cloak scan's dice are in the scan's one secret line
        (:func:`.cloaked.scan`: as many lines whatever the number of dice)."""
        if roll.rule in (CLOAK, cloaklock.RULE):  # (in the cloaked side's one line of it)
            return
        if roll.rule not in (CLOAKED_OUT, HIDDEN):
            super()._log_roll(roll)
            return
        named = dataclasses.replace(roll, who=self.engine.name(roll.who))
        self.log.add("roll", roll.rule, named.describe().removeprefix(f"{roll.rule}: "),
                     {"faces": list(roll.faces), "total": roll.total, "purpose": roll.purpose, "who": roll.who},
                     visible_to=(roll.who, GM))

    def unseen(self, viewer: str) -> frozenset[str]:
        """The other side's cloaked ships the battle never showed ``viewer`` (its log never names them): not learned
        by it (rules.battlehex.sight.learned), so the campaign's result lines keep them out of its version (issue 25:
        the Bird of Prey destroyed while cloaked read "Bird of Prey destroyed" in Blue's campaign log)."""
        seen = " ".join(e.text for e in self.log.for_viewer(viewer))
        return frozenset(x for x, u in self.engine.units.items() if u.team != viewer and u.unit.is_cloaked
                         and u.name not in seen)

    def _give(self, raw: Any, expected: int | None = None) -> set[str]:
        """An act entering damage to a cloaked ship (:data:`.cloaked.HIDDEN_ACTS`) is its side's and the GM's: its
        answer, questions (secret to the other side's screen), rulings and dice (their own streams) until
        the next act question, unless the rules reveal the ship (issue 25: they named it to everyone)."""
        q, e = self.pending, self.engine
        if q is not None and q.key.endswith("/act") and isinstance(raw, str) and hidden(e, raw) and q.check(raw) == raw:
            e.log.hidden_to = (e.units[actkeys.split(raw, e.units)[1]].team, GM)
            e.dice.hide(f"{q.key}/{len(self.answers)}")
        unseen = {t: more_acts.unseen_by(e, t, q.check(raw)) for t in (e.attacker, e.defender)} if q is not None and \
            q.key == "stcs/destroyed" else {}
        if any(unseen.values()):  # the GM's answer names a ship a side did not see: not that side's (issue 25)
            e.log.hidden_to = (*(t for t, h in unseen.items() if not h), GM)
        try:
            return super()._give(raw, expected)
        finally:
            if any(unseen.values()) or self.pending is None or self.pending.key.endswith("/act"):
                self.engine.log.hidden_to = None
                self.engine.dice.hide("")

    def _advance(self, value: Any, first: bool = False) -> Question | None:
        """The hiding of :meth:`_give` ends once the next act question is logged (``first``: a start, or a
        checkpoint resumed at that question, which logs it again as it was logged)."""
        self._resumed = first
        q = super()._advance(value, first)
        if q is None or q.key.endswith("/act"):
            self.engine.log.hidden_to = None
        return q

    def _came(self, q: Question | None) -> Question | None:
        """The act question asked again after an act :meth:`_give` hid is logged for that side and the GM only
        (issue 25: asked again in everyone's log, it told the other side that the GM had entered something it
        may not read); questions while hidden are secret."""
        e = self.engine
        if q is None or q.key.endswith("/act"):
            if q is not None and not self._resumed:
                e.act_to = e.log.hidden_to
            e.log.hidden_to = e.act_to if q is not None else None
            e.dice.hide("")
        elif e.log.hidden_to:
            q = dataclasses.replace(q, data={**q.data, "secret": True})  # the other side's screen shows nothing
        return q

    def _words(self, q: Question, raw: Any) -> str:
        given = raw["answer"] if isinstance(raw, dict) and "gm_ruling" in raw else raw
        words = q.data.get("option_words", {})
        if q.kind is QKind.YES_NO and isinstance(given, bool):  # (the Not Firing ruling: not "True")
            return "yes" if given else "no"
        if q.kind is QKind.CHOOSE and isinstance(given, str) and given in words:
            return str(words[given])
        if q.kind is QKind.CHOOSE_UNITS and isinstance(given, list):
            return ", ".join(self.state.units[x].name for x in given if x in self.state.units) or "none"
        return str(given)

    def _marks(self) -> dict[str, Any]:
        e = self.engine
        return {u.id: (u.status.value, str(e.at.get(u.id, "")), e.cloaked.get(u.id, False))
                for u in self.state.units.values()}

    def _step(self) -> object:
        return self.state.resolved, self.engine.round, len(self.engine.dispersions)

    def summary(self, raw: Any) -> str:
        q = self.pending
        words = self._words(q, raw) if q is not None else str(raw)
        return f"Battle {self.record.at}: {words}"

    def status(self) -> RunStatus:
        e = self.engine
        if self.state.resolved:
            stage = "resolved"
        elif e.round:
            t, s = e.turn_segment()
            stage = f"turn {t}, segment {s}"
        else:
            stage = "set-up"
        return RunStatus(f"{e.name(e.attacker)} attacks {e.name(e.defender)}", stage, self.state.resolved,
                         self.state.resolution)

    def unit_names(self) -> dict[str, str]:
        return {u.id: u.name for u in self.state.units.values()}
