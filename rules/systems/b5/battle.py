"""The b5 system's run on the shared seam (:class:`rules.battlehex.run.ReplayRun`): seeded
dice, the log, replay of the record's answers, undo, secret answers, save and write-back."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hexmap import Facing, Label, LaneGraph
from rules.battlehex.change import RunStatus
from rules.battlehex.log import EventLog, IllegalAnswer
from rules.battlehex.questions import QKind, Question
from rules.battlehex.run import ReplayRun
from rules.battlehex.state import BattleState
from rules.battlehex.words import clipped
from rules.dice import DiceRoller
from rules.model.campaign import Campaign
from rules.systems.b5 import compat
from rules.systems.b5.asking import read_place
from rules.systems.b5.engine import RESULT_RULE, B5Engine, TURN_RULE


class B5Battle(ReplayRun[B5Engine]):
    """The registry entry's engine: the Babylon 5 Fleet Action battle at ``at`` of ``campaign``."""

    ROUNDS_RULE = TURN_RULE
    RESULT_RULE = RESULT_RULE
    RULINGS = True

    def __init__(self, campaign: Campaign, at: Label, graph: LaneGraph | None = None,
                 dice: Callable[[int], DiceRoller] = DiceRoller) -> None:
        super().__init__(campaign, at, graph, dice)
        r = self.record
        if compat.era(r) != r.era:  # a battle begun now: recorded in this era (saved with it)
            self.record = r.model_copy(update={"era": compat.era(r)})
            self.campaign = self.campaign.model_copy(update={"battle_hexes": [self.record if b is r else b
                                                                              for b in self.campaign.battle_hexes]})
        compat.replay(self, list(self.record.answers))  # a record saved by older code too

    def _engine(self, state: BattleState, log: EventLog, dice: DiceRoller) -> B5Engine:
        return B5Engine(state, log, dice, compat.settings(self.campaign.settings.b5, self.record.era))

    def _words(self, q: Question, raw: Any) -> str:
        if isinstance(raw, dict) and "gm_ruling" in raw and q.kind is not QKind.PLACE:  # the ruling is logged apart
            raw = raw["answer"]
        if q.kind is QKind.PLACE:
            given = raw["answer"] if isinstance(raw, dict) and "gm_ruling" in raw else raw
            if given == "none" or isinstance(given, dict) and given.get("at") == "none":
                return "none"
            at, facing = read_place(given, q.rule)
            return f"{at}, facing {facing.name}"
        if q.kind is QKind.YES_NO and isinstance(raw, bool):
            return "yes" if raw else "no"  # not "True" (a dogfight's call-off, a gate used)
        words = q.data.get("option_words", {})
        if q.kind is QKind.CHOOSE and isinstance(raw, str) and raw in words:
            return str(words[raw])
        if q.kind is QKind.CHOOSE_UNITS and isinstance(raw, list):
            return ", ".join(self.state.units[x].name for x in raw if x in self.state.units) or "none"
        return str(raw).strip() or "none"  # a field left empty (the Tactical Planner's no move): not "Blue: "

    def _marks(self) -> dict[str, Any]:
        e = self.engine
        return {u.id: (u.status.value, str(e.at.get(u.id, ""))) for u in self.state.units.values()}

    def _step(self) -> object:
        return (self.state.resolved, self.engine.round, len(self.engine.vortices))

    def summary(self, raw: Any) -> str:
        q = self.pending
        what = q.text.split(": ", 1)[-1] if q else "answer"
        try:
            words = self._words(q, raw) if q is not None else str(raw)
        except IllegalAnswer:  # no hex typed: the answer itself is refused, in the rule's words
            words = str(raw)
        return f"Battle {self.record.at}: {clipped(what)}: {words}"

    def status(self) -> RunStatus:
        e = self.engine
        if self.state.resolved:
            stage = "resolved"
        elif e.round:
            q = self.pending
            step = q.key.split("/")[2:3] if q is not None else []
            stage = f"turn {e.round}" + (" (plotting)" if q is not None and "plot" in q.data else
                                         " (a secondary jump point)" if step in (["vortex"], ["arrive"]) else
                                         f", pulse {e.pulse}" if e.plotting and e.pulse and q is not None
                                         and step != ["morale"] else "")
        else:
            stage = f"deployment ({e.scenario})" if e.scenario else "set-up"
        return RunStatus(f"{e.name(e.attacker)} attacks {e.name(e.defender)}", stage, self.state.resolved,
                         self.state.resolution)

    def unit_names(self) -> dict[str, str]:
        return {u.id: u.name for u in self.state.units.values()}

    def legal(self) -> list[Label]:
        """The hexes the pending placement accepts (what the panel draws)."""
        return self.engine.legal()

    def facings(self) -> tuple[Facing, ...]:
        """The facings the pending placement accepts, A (the top of the board) then clockwise: all six, or the one
        a ship coming through a vortex has (what the panel lets its waiting counter turn to). Asked of the
        question's own check at a hex it accepts; all six when it accepts none or asks for no ship."""
        q = self.pending
        legal = self.legal()
        if q is None or q.kind is not QKind.PLACE or not legal:
            return tuple(Facing)
        out = []
        for f in Facing:
            try:
                q.check({"at": str(legal[0]), "facing": f.name})
            except IllegalAnswer:
                continue
            out.append(f)
        return tuple(out) or tuple(Facing)
