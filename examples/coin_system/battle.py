"""The coin system's engine: questions in, checked answers out, on the shared run
(:class:`rules.battlehex.run.ReplayRun`), which replays, checkpoints, undoes, saves and writes back."""
from __future__ import annotations

from collections.abc import Generator
from typing import Any

from hexmap import Label, LaneGraph
from rules.battlehex.change import RunStatus
from rules.battlehex.log import GM, EventLog, IllegalAnswer
from rules.battlehex.questions import QKind, Question
from rules.battlehex.roster import BUnit, Status
from rules.battlehex.state import BattleState
from rules.dice import DiceRoller
from rules.model.campaign import Campaign
from rules.battlehex.run import ReplayRun

RULE = "coin"
"""The rule the example's questions, rolls and rulings cite."""
CHOICES = ("toss", "stop")
Procedure = Generator[Question, Any, None]


class CoinEngine:
    """The forces, the round and the procedure."""

    def __init__(self, state: BattleState, log: EventLog, dice: DiceRoller) -> None:
        self.state, self.log, self.dice = state, log, dice
        self.attacker, self.defender = state.record.attacker, state.record.defender
        self.round = 0
        self.units: dict[str, BUnit] = {}
        self.enlist()

    def name(self, team: str) -> str:
        t = self.state.teams.get(team)
        return t.name if t else team

    def enlist(self) -> None:
        self.units = {u.id: u for u in self.state.units.values() if u.status is not Status.OUT}

    def alive(self, team: str) -> list[BUnit]:
        return [u for u in self.units.values() if u.team == team and u.status is Status.PRESENT]

    def run(self) -> Procedure:
        yield from self._rounds("next")

    def resume(self, key: str) -> Procedure | None:
        """From the pending question ``key`` (asked again): any round's toss question."""
        return self._rounds("ask") if key == f"coin/{self.round}/toss" else None

    def question_odds(self, q: Question) -> dict[str, Any]:
        return {"heads": "1/2", "tails": "1/2"} if q.key.endswith("/toss") else {}

    def _rounds(self, step: str) -> Procedure:
        while True:
            if step == "next":
                self.round += 1
            step = "next"
            choice = yield self._question()
            if choice == "stop":
                return self._resolve("the GM stopped")
            die = self.dice.roll("d6", purpose="coin", rule=RULE, who=self.attacker).total
            loser = self.defender if die % 2 == 0 else self.attacker
            lost = self.alive(loser)[0]
            lost.status = Status.DESTROYED
            self.log.add("ruling", RULE, f"round {self.round}: {'heads' if die % 2 == 0 else 'tails'}: "
                                         f"{lost.name} ({self.name(loser)}) is destroyed", {"unit": lost.id})
            if not self.alive(loser):
                return self._resolve(f"{self.name(loser)} has no units left")

    def _question(self) -> Question:
        def check(a: Any) -> str:
            if a not in CHOICES:
                raise IllegalAnswer(RULE, "answer toss or stop")
            return str(a)
        return Question(f"coin/{self.round}/toss", QKind.CHOOSE, GM, RULE,
                        f"Game Master: round {self.round}: toss the coin, or stop the battle?", CHOICES, check=check)

    def _resolve(self, why: str) -> None:
        st = self.state
        lost = {t: sum(1 for u in self.units.values() if u.team == t and u.status is Status.DESTROYED)
                for t in (self.attacker, self.defender)}
        st.resolution = f"coin toss, {why}: " + ", ".join(f"{self.name(t)} lost {n}" for t, n in lost.items())
        st.resolved = True
        self.log.add("ruling", RULE, f"Battle Hex {st.record.at} resolved: {st.resolution}")


class CoinBattle(ReplayRun[CoinEngine]):
    """The registry entry's engine: the coin battle at ``at`` of ``campaign``."""

    ROUNDS_RULE = RULE

    def __init__(self, campaign: Campaign, at: Label, graph: LaneGraph | None = None) -> None:
        super().__init__(campaign, at, graph)
        self.restart(list(self.record.answers))

    def _engine(self, state: BattleState, log: EventLog, dice: DiceRoller) -> CoinEngine:
        return CoinEngine(state, log, dice)

    def _words(self, q: Question, raw: Any) -> str:
        return str(raw)

    def _marks(self) -> dict[str, Any]:
        return {u.id: u.status.value for u in self.state.units.values()}

    def summary(self, raw: Any) -> str:
        return f"Battle {self.record.at}: {raw}"

    def status(self) -> RunStatus:
        e = self.engine
        stage = "resolved" if self.state.resolved else f"round {e.round}"
        return RunStatus(f"{e.name(e.attacker)} attacks {e.name(e.defender)}", stage, self.state.resolved,
                         self.state.resolution)

    def unit_names(self) -> dict[str, str]:
        return {u.id: u.name for u in self.state.units.values()}
