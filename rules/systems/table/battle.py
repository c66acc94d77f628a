"""The ``table`` battle system: the Battle Hex is fought off the computer, with any game,
and the GM enters the outcome (the minimal example of the battle-system seam).

Three questions to the GM: which units were destroyed, which captured, which crippled. The
last answer resolves the Battle Hex and writes the results back exactly as V13's write-back
does (V13.01: destroyed and captured units leave their fleets, crippled units stay
crippled). Answers are checked, logged with their rule and replayed on load, so undo, save
and the shared battle window work as for any system: the run is the seam's
:class:`~rules.battlehex.run.ReplayRun` (issue 21), with an engine that rolls no dice and has no
odds to show.
"""
from __future__ import annotations

from collections.abc import Generator
from typing import Any

from hexmap import Label, LaneGraph
from rules.battlehex.change import BattleChange, RunStatus
from rules.battlehex.compose import compose
from rules.battlehex.log import GM, EventLog, IllegalAnswer
from rules.battlehex.questions import QKind, Question
from rules.battlehex.roster import BUnit, Status
from rules.battlehex.state import BattleState
from rules.dice import DiceRoller
from rules.model.campaign import Campaign
from rules.model.units import unit_secret
from rules.model.visibility import listed
from rules.battlehex.run import ReplayRun

RULE = "V13.01"
_ASKED = (("destroyed", "were destroyed"), ("captured", "were captured"), ("crippled", "were crippled"))
Procedure = Generator[Question, Any, None]


class TableEngine:
    """The GM's three questions and the resolution they make."""

    def __init__(self, state: BattleState, log: EventLog, dice: DiceRoller) -> None:
        self.state, self.log, self.dice = state, log, dice
        self.attacker, self.defender = state.record.attacker, state.record.defender
        self.round = 0
        self.units: dict[str, BUnit] = {}
        """The roster's units in the battle (not kept out by fleet composition)."""
        self.enlist()

    def name(self, team: str) -> str:
        t = self.state.teams.get(team)
        return t.name if t else team

    def enlist(self) -> None:
        """Take the roster's units that take part (not kept out by fleet composition)."""
        self.units = {u.id: u for u in self.state.units.values() if u.status is not Status.OUT}

    def intro(self) -> None:
        r = self.state.record
        self.log.add("info", "V13.14", f"Battle Hex {r.at}: {self.name(r.attacker)} attacks {self.name(r.defender)}"
                                       f"; fought at the table, the GM enters the results")

    def run(self) -> Procedure:
        st = self.state
        present = [u for u in st.units.values() if u.status is not Status.OUT]
        for team in dict.fromkeys(u.team for u in present):  # a line for each Team, its secret units apart, so
            for secret in (False, True):  # the sight keeps from a Team only the line naming what it may not know
                names = [u.name for u in present if u.team == team and bool(unit_secret(u.unit)) is secret]
                if names:
                    self.log.add("info", "V13.13", f"units present ({self.name(team)}"
                                                   f"{', kept from the other side' if secret else ''}): "
                                                   + ", ".join(names))
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
        named = {s: listed(u.name for u in self.units.values()  # names, not counts: a viewer's version takes
                           if (u.crippled if s == "crippled" else u.status.value == s))  # the hidden ones out
                 for s, _ in _ASKED}  # (issue 23: a count told the table of a cloaked unit's loss)
        st.resolution = "fought at the table: " + "; ".join(f"{s}: {n}" for s, n in named.items())
        st.resolved = True
        self.log.add("ruling", RULE, f"Battle Hex {st.record.at} resolved: {st.resolution}")

    def resume(self, key: str) -> Procedure | None:
        """Never: three answers replay at once."""
        return None

    def question_odds(self, q: Question) -> dict[str, Any]:
        """None: the GM enters what happened."""
        return {}

    def _units_question(self, status: str, verb: str, options: list[str]) -> Question:
        def check(a: Any) -> list[str]:
            if not isinstance(a, list) or any(x not in options for x in a) or len(set(a)) != len(a):
                raise IllegalAnswer(RULE, f"choose the units that {verb} among: "
                                          + (", ".join(self.state.units[x].name for x in options) or "none left"))
            return a
        return Question(f"table/{status}", QKind.CHOOSE_UNITS, GM, RULE,
                        f"Game Master: which units {verb} in the battle? (none: answer with no unit ticked)",
                        tuple(options), check=check)


class TableBattle(ReplayRun[TableEngine]):
    """The ``table`` system's procedure for the open Battle Hex at ``at`` of ``campaign``."""

    ROUNDS_RULE = RULE
    SEEDED = False

    def __init__(self, campaign: Campaign, at: Label, graph: LaneGraph | None = None) -> None:
        super().__init__(campaign, at, graph)
        self.restart(list(self.record.answers))

    def _engine(self, state: BattleState, log: EventLog, dice: DiceRoller) -> TableEngine:
        return TableEngine(state, log, dice)

    def _procedure(self) -> Procedure:
        """The heading, fleet composition, then the GM's questions."""
        e = self.engine
        e.intro()
        yield from compose(self.campaign, self.record, e.state.units, e.name, e.log)
        e.enlist()
        yield from e.run()

    def _marks(self) -> dict[str, tuple[str, bool]]:
        return {u.id: (u.status.value, u.crippled) for u in self.state.units.values()}

    def _words(self, q: Question, raw: Any) -> str:
        return "none"  # (the table's own text: :meth:`answer_text`)

    def answer_text(self, q: Question, raw: Any) -> str:
        if q.key.startswith("composition/"):
            return super().answer_text(q, raw)
        names = ", ".join(self.state.units[x].name for x in raw) or "none"
        return f"{q.key.split('/')[-1]}: {names}"

    # -- the seam (rules.systems.BattleRun) --------------------------------------------------------
    def answer(self, raw: Any) -> BattleChange:
        if isinstance(raw, dict) and "gm_ruling" in raw:
            raise IllegalAnswer(RULE, "the GM enters these results: there is no rule here to overrule (answer with "
                                      "the units themselves)")
        return super().answer(raw)

    def summary(self, raw: Any) -> str:
        q = self.pending
        what = q.key.split("/")[-1] if q else "answer"
        names = ", ".join(u.name for x in (raw if isinstance(raw, list) else [raw])
                          if (u := self.state.units.get(x)) is not None) or "none"
        return f"Battle {self.record.at}: {what}: {names}"

    def status(self) -> RunStatus:
        r = self.record
        stage = "resolved" if self.state.resolved else f"results: {self.pending.key.split('/')[-1]}" \
            if self.pending else ""
        return RunStatus(f"{self.engine.name(r.attacker)} attacks {self.engine.name(r.defender)}", stage,
                         self.state.resolved, self.state.resolution)

    def unit_names(self) -> dict[str, str]:
        """Unit id to name, for the dialogs."""
        return {u.id: u.name for u in self.state.units.values()}
