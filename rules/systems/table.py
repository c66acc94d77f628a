"""The ``table`` battle system: the Battle Hex is fought off the computer, with any game,
and the GM enters the outcome (the minimal example of the battle-system seam).

Three questions to the GM: which units were destroyed, which captured, which crippled. The
last answer resolves the Battle Hex and writes the results back exactly as V13's write-back
does (V13.01: destroyed and captured units leave their fleets, crippled units stay
crippled). Answers are checked, logged with their rule and replayed on load, so undo, save
and the shared battle window work as for any system.
"""
from __future__ import annotations

from collections.abc import Generator
from typing import Any

from hexmap import Label, LaneGraph
from rules.battle.change import BattleChange, RunStatus
from rules.battle.compose import answer_words, compose
from rules.battle.log import GM, EventLog, IllegalAnswer
from rules.battle.questions import QKind, Question
from rules.battle.results import write_back
from rules.battle.roster import Status, build_roster
from rules.battle.state import BattleState
from rules.model.campaign import Campaign
from rules.strategic.state import StrategicState
from rules.systems import open_record

RULE = "V13.01"
_ASKED = (("destroyed", "were destroyed"), ("captured", "were captured"), ("crippled", "were crippled"))


class TableBattle:
    """The ``table`` system's procedure for the open Battle Hex at ``at`` of ``campaign``."""

    def __init__(self, campaign: Campaign, at: Label, graph: LaneGraph | None = None) -> None:
        self.campaign = campaign
        self.record = open_record(campaign, at)
        self.strategic = StrategicState.compute(campaign, graph)
        self.state = self._state()
        self._log = EventLog()
        self.answers: list[Any] = []
        self.pending: Question | None = None
        self._gen = self._procedure()
        self.restart(list(self.record.answers))

    def _state(self) -> BattleState:
        teams = {t.id: t for t in self.campaign.teams}
        return BattleState(self.record, build_roster(self.campaign, self.strategic, self.record), teams,
                           terrain=self.record.terrain)

    def _name(self, team: str) -> str:
        t = self.state.teams.get(team)
        return t.name if t else team

    # -- the procedure -----------------------------------------------------------------------------
    def _procedure(self) -> Generator[Question, Any, None]:
        st = self.state
        r = self.record
        self._log.add("info", "V13.14", f"Battle Hex {r.at}: {self._name(r.attacker)} attacks {self._name(r.defender)}"
                                        f"; fought at the table, the GM enters the results")
        yield from compose(self.campaign, r, st.units, self._name, self._log)
        self._log.add("info", "V13.13", "units present: " + ", ".join(
            f"{u.name} ({self._name(u.team)})" for u in st.units.values() if u.status is not Status.OUT))
        left = [u.id for u in st.units.values() if u.status is not Status.OUT]
        for status, verb in _ASKED:
            chosen = yield self._units_question(status, verb, left)
            for uid in chosen:
                u = st.units[uid]
                if status == "crippled":
                    u.crippled = True
                else:
                    u.status = Status.DESTROYED if status == "destroyed" else Status.CAPTURED
            left = [x for x in left if x not in chosen]
        counts = {s: sum(1 for u in st.units.values() if (u.crippled if s == "crippled" else u.status.value == s))
                  for s, _ in _ASKED}
        st.resolution = "fought at the table: " + ", ".join(f"{n} {s}" for s, n in counts.items())
        st.resolved = True
        self._log.add("ruling", RULE, f"Battle Hex {r.at} resolved: {st.resolution}")

    def _units_question(self, status: str, verb: str, options: list[str]) -> Question:
        def check(a: Any) -> list[str]:
            if not isinstance(a, list) or any(x not in options for x in a) or len(set(a)) != len(a):
                raise IllegalAnswer(RULE, f"choose the units that {verb} among: "
                                          + (", ".join(self.state.units[x].name for x in options) or "none left"))
            return a
        return Question(f"table/{status}", QKind.CHOOSE_UNITS, GM, RULE,
                        f"Game Master: which units {verb} in the battle? (none: answer with no unit ticked)",
                        tuple(options), check=check)

    def _advance(self, value: Any, first: bool = False) -> Question | None:
        try:
            q = next(self._gen) if first else self._gen.send(value)
        except StopIteration:
            return None
        self._log.add("question", q.rule, q.text, {"key": q.key, "to": q.to})
        return q

    # -- the seam (rules.systems.BattleRun) --------------------------------------------------------
    @property
    def log(self) -> EventLog:
        return self._log

    def restart(self, answers: list[Any]) -> None:
        """Start again and replay ``answers``."""
        self.state, self._log, self.answers = self._state(), EventLog(), []
        self._gen = self._procedure()
        self.pending = self._advance(None, first=True)
        for a in answers:
            self.answer(a)

    def answer(self, raw: Any) -> BattleChange:
        q = self.pending
        if q is None:
            raise IllegalAnswer(RULE, "the Battle Hex is resolved: no question is open")
        if isinstance(raw, dict) and "gm_ruling" in raw:
            raise IllegalAnswer(RULE, "the GM enters these results: there is no rule here to overrule (answer with "
                                      "the units themselves)")
        value = q.check(raw)
        start = len(self._log.events)
        self.answers.append(raw)
        chosen = value if isinstance(value, list) else [value]
        names = ", ".join(self.state.units[x].name for x in chosen) or "none"
        words = f"{self._name(q.to)}: {answer_words(q, raw, self.state.units)}" if q.key.startswith("composition/") \
            else f"{q.key.split('/')[-1]}: {names}"
        self._log.add("answer", q.rule, words, {"key": q.key, "by": q.to, "answer": raw})
        self.pending = self._advance(value)
        return BattleChange(events_from=start, units=frozenset(chosen), resolved=self.state.resolved,
                            step=self.state.resolved)

    def undo(self, n: int = 1) -> BattleChange:
        if n < 1 or n > len(self.answers):
            raise IllegalAnswer("undo", f"cannot take back {n} answer{'s' if n != 1 else ''}: "
                                        f"{len(self.answers)} given")
        self.restart(self.answers[:-n])
        return BattleChange(events_from=len(self._log.events), rewound=True, step=True)

    def summary(self, raw: Any) -> str:
        q = self.pending
        what = q.key.split("/")[-1] if q else "answer"
        names = ", ".join(u.name for x in (raw if isinstance(raw, list) else [raw])
                          if (u := self.state.units.get(x)) is not None) or "none"
        return f"Battle {self.record.at}: {what}: {names}"

    def saved(self) -> Campaign:
        stored = self.record.model_copy(update={"answers": list(self.answers)})
        new = self.campaign.model_copy(update={"battle_hexes": [stored if r is self.record else r
                                                                for r in self.campaign.battle_hexes]})
        return write_back(new, self.state) if self.state.resolved else new

    def adopt(self, campaign: Campaign) -> None:
        self.campaign, self.record = campaign, open_record(campaign, self.record.at)

    def status(self) -> RunStatus:
        r = self.record
        stage = "resolved" if self.state.resolved else f"results: {self.pending.key.split('/')[-1]}" \
            if self.pending else ""
        return RunStatus(f"{self._name(r.attacker)} attacks {self._name(r.defender)}", stage, self.state.resolved,
                         self.state.resolution)

    def unit_names(self) -> dict[str, str]:
        """Unit id to name, for the dialogs."""
        return {u.id: u.name for u in self.state.units.values()}
