"""The ``afef`` battle run: the seam (:class:`rules.systems.BattleRun`) around the AF/EF
procedure on :class:`rules.battlehex.run.ReplayRun` (seeded dice, the log, replay, undo, write-back)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hexmap import Label, LaneGraph
from rules.battlehex.change import RunStatus
from rules.battlehex.log import GM, EventLog
from rules.battlehex.questions import Question
from rules.battlehex.state import BattleState
from rules.dice import DiceRoller
from rules.errors import RuleError
from rules.model.campaign import Campaign
from rules.systems.afef.lines import R_ROUNDS, R_VALUES, SCREENED, AUnit, Plan, must_match
from rules.systems.afef.odds import TargetOdds, pool_odds
from rules.systems.afef.procedure import Engine
from rules.battlehex.run import ReplayRun
from rules.battlehex.words import plain, step_words


class AfefBattle(ReplayRun[Engine]):
    """The AF/EF procedure (seed 001, 4.2) for the open Battle Hex at ``at`` of ``campaign`` (the
    arguments as :class:`~rules.battlehex.run.ReplayRun`'s).

    Raises:
        RuleError: a unit of the attacker or the defender has no AF/EF values (``afef``).
    """

    ROUNDS_RULE = R_ROUNDS

    def __init__(self, campaign: Campaign, at: Label, graph: LaneGraph | None = None,
                 dice: Callable[[int], DiceRoller] = DiceRoller) -> None:
        super().__init__(campaign, at, graph, dice)
        self.restart(list(self.record.answers))  # refused by _check when it builds the roster

    def _check(self, state: BattleState) -> None:
        r = self.record
        missing = [b.name for b in state.units.values() if b.team in (r.attacker, r.defender) and b.unit.afef is None]
        if missing:
            raise RuleError(R_VALUES, f"AF/EF combat needs every unit's AF and EF: {', '.join(missing)} "
                                      "have none (give them afef values, or fight this Battle Hex another way)")

    def _engine(self, state: BattleState, log: EventLog, dice: DiceRoller) -> Engine:
        return Engine(state, log, dice)

    def _marks(self) -> dict[str, tuple[int, bool, bool, str, str]]:
        return {u.id: (u.hits, u.damaged, u.destroyed, u.line, u.b.status.value) for u in self.engine.units.values()}

    def _who(self, team: str) -> str:
        return "Game Master" if team == GM else self.engine.name(team)

    def _name(self, uid: str) -> str:
        u = self.engine.units.get(uid)
        return u.name if u else uid

    def _words(self, q: Question, raw: Any) -> str:
        step = step_words(q.key.split("/")[-1])
        if isinstance(raw, list):
            return f"{step}: " + (", ".join(self._name(x) for x in raw if isinstance(x, str)) or "none")
        if isinstance(raw, dict) and isinstance(raw.get("attacks"), dict):
            parts = [f"{self._name(s)} at " + ", ".join(f"{self._name(t)} ({af} {'die' if af == 1 else 'dice'})"
                                                   for t, af in row.items())
                     for s, row in raw["attacks"].items() if isinstance(row, dict)]
            hold = raw.get("hold") or []
            if hold and isinstance(hold, list):
                parts.append("holding: " + ", ".join(self._name(h) for h in hold if isinstance(h, str)))
            return f"{step}: " + ("; ".join(parts) or "no fire")
        if isinstance(raw, dict) and "break_off" in raw:
            who = {"both": "both sides"}.get(str(raw["break_off"]), f"the {raw['break_off']}")
            return f"{step}: {who} breaks off ({raw.get('reason')})"
        return f"{step}: {plain(raw, self._name)}"

    # -- the seam (rules.systems.BattleRun) --------------------------------------------------------
    def summary(self, raw: Any) -> str:
        """The undo-stack text for answering the pending question with ``raw``."""
        q = self.pending
        if q is None:
            return f"Battle {self.record.at}"
        return f"Battle {self.record.at}: {self._who(q.to)}: {self._words(q, raw)}"

    def status(self) -> RunStatus:
        e = self.engine
        stage = "resolved" if self.state.resolved else f"round {e.round}: {step_words(self.pending.key.split('/')[-1])}" \
            if self.pending else ""
        return RunStatus(f"{e.name(e.attacker)} attacks {e.name(e.defender)}", stage, self.state.resolved,
                         self.state.resolution)

    # -- queries for a panel -----------------------------------------------------------------------
    def units(self, team: str) -> list[AUnit]:
        """``team``'s units in the battle, destroyed and broken-off ones included (``alive`` tells)."""
        return self.engine.side(team)

    def lines(self) -> dict[str, list[str]]:
        """Unit ids still fighting per line: ``attacker``, ``front`` and ``screened``."""
        e = self.engine
        return {"attacker": [u.id for u in e.alive(e.attacker)],
                "front": [u.id for u in e.alive(e.defender) if u.line != SCREENED],
                "screened": [u.id for u in e.alive(e.defender, SCREENED)]}

    def declared(self) -> dict[str, Plan]:
        """This round's plans so far: ``attacks`` (attacker), ``returns`` (defender),
        ``breakthrough`` and ``breakthrough_returns``."""
        e = self.engine
        return {"attacks": e.attacks, "returns": e.returns, "breakthrough": e.breakthrough,
                "breakthrough_returns": e.breakthrough_returns}

    def held(self) -> list[str]:
        """Attacker units holding their fire this round."""
        return list(self.engine.hold)

    def hits(self) -> dict[str, int]:
        """Each unit's hit marker."""
        return {u.id: u.hits for u in self.engine.units.values()}

    def must_match(self) -> dict[str, tuple[int, tuple[str, ...]]]:
        """Per defender attacked this round: the AF it must fire back and at whom (as a group)."""
        return must_match(self.engine.attacks, self.engine.units)

    def odds(self, target: str, dice: int, stepped: int = 0) -> TargetOdds:
        """The exact odds of a roll of ``dice`` (+ ``stepped`` stepped-down dice) on ``target`` now."""
        t = self.engine.units[target]
        return pool_odds(t.hits, t.ef, t.damaged, dice, stepped)
