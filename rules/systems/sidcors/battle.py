"""The ``sidcors`` battle run: the seam (:class:`rules.systems.BattleRun`) around the SIDCORS
procedure on :class:`rules.battlehex.run.ReplayRun` (seeded dice, the log, secret answers, replay, undo,
write-back)."""
from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from hexmap import Label, LaneGraph
from rules.battlehex.change import RunStatus
from rules.battlehex.log import EventLog
from rules.battlehex.questions import Question
from rules.battlehex.state import BattleState
from rules.dice import DiceRoller
from rules.model.campaign import Campaign
from rules.strategic.neighbours import neighbourhood
from rules.battlehex.run import ReplayRun
from rules.systems.sidcors import force as fz
from rules.systems.sidcors.force import SUnit
from rules.systems.sidcors.procedure import Engine
from rules.systems.sidcors.tables import R_ROUNDS
from rules.battlehex.words import plain, step_words


def step_of(key: str) -> str:
    """The step a question key names: ``bif`` for ``sidcors/2/bif/red``, ``cloak`` for ``sidcors/cloak/red``."""
    parts = key.split("/")
    return parts[2] if len(parts) > 2 and parts[1].isdigit() else parts[1] if len(parts) > 1 else key


class SidcorsBattle(ReplayRun[Engine]):
    """The SIDCORS procedure for the open Battle Hex at ``at`` of ``campaign`` (the arguments
    as :class:`~rules.battlehex.run.ReplayRun`'s); GM rulings and secret answers taken."""

    ROUNDS_RULE = R_ROUNDS
    RULINGS = True

    def __init__(self, campaign: Campaign, at: Label, graph: LaneGraph | None = None,
                 dice: Callable[[int], DiceRoller] = DiceRoller) -> None:
        super().__init__(campaign, at, graph, dice)
        self.restart(list(self.record.answers))

    def _engine(self, state: BattleState, log: EventLog, dice: DiceRoller) -> Engine:
        e = Engine(state, log, dice)
        e.neighbours = {t: neighbourhood(self.strategic, self.record.at, t, table=True) for t in e.sides}
        return e

    def _step(self) -> object:
        return self.status().stage

    def _marks(self) -> dict[str, tuple[str, bool, int]]:
        return {u.id: (u.b.status.value, u.crippled, u.ff) for t in self.engine.sides for u in self.engine.units[t]}

    def _words(self, q: Question, raw: Any) -> str:
        if isinstance(raw, dict) and "gm_ruling" in raw:
            return f"GM ruling ({raw['gm_ruling']}): {self._words(q, raw.get('answer'))}"
        kind = step_words(step_of(q.key))
        if isinstance(raw, dict) and "unit" in raw:
            u = self._unit_name(str(raw["unit"]))
            return f"{kind}: {raw.get('fighters')} fighter factors of {u}"
        words = q.data.get("option_words", {})
        if isinstance(raw, str) and isinstance(words, dict) and raw in words:  # the engine's words for an option
            return f"{kind}: {words[raw]}"
        if isinstance(raw, str):
            uid, _, how = raw.partition("@")
            return f"{kind}: {self._unit_name(uid)}" + (" with the mauler" if how else "")
        return f"{kind}: {plain(raw, self._unit_name)}"

    def _unit_name(self, uid: str) -> str:
        b = self.engine.state.units.get(uid)
        return b.name if b else uid

    # -- the seam (rules.systems.BattleRun) --------------------------------------------------------
    def summary(self, raw: Any) -> str:
        """The undo-stack text for answering the pending question with ``raw`` (a secret BIF hidden)."""
        q = self.pending
        if q is None:
            return f"Battle {self.record.at}"
        if q.data.get("secret"):
            return f"Battle {self.record.at}: {self._who(q.to)} chooses in secret"
        return f"Battle {self.record.at}: {self._who(q.to)}: {self._words(q, raw)}"

    def status(self) -> RunStatus:
        e = self.engine
        stage = "resolved" if self.state.resolved else f"round {e.round}: {step_words(step_of(self.pending.key))}" \
            if self.pending and e.round else "before the first round"
        return RunStatus(f"{e.name(e.attacker)} attacks {e.name(e.defender)}", stage, self.state.resolved,
                         self.state.resolution)

    # -- queries for a panel -----------------------------------------------------------------------
    def units(self, team: str) -> list[SUnit]:
        """``team``'s Battle Force, destroyed and retreated units included (``alive`` tells)."""
        return list(self.engine.units[team])

    def potential(self, team: str) -> Fraction:
        """``team``'s Combat Potential now."""
        return self.engine.potential(team)

    def shift(self, team: str) -> int:
        """``team``'s die roll shift this round (scouts, cloak)."""
        return self.engine.shift(team)

    def bir(self) -> int:
        """This round's Battle Intensity Rating once chosen (0 before the first round)."""
        return self.engine.bir

    def scored(self, team: str) -> int:
        """Damage Points ``team`` scored this round."""
        return self.engine.scored.get(team, 0)

    def owed(self, team: str) -> int:
        """Damage Points still to resolve against ``team``'s force."""
        return self.engine.owed[team]

    def plus_minus(self, team: str) -> int:
        """Points carried against ``team`` into its next round (negative: a credit)."""
        return self.engine.carry[team]

    def allocation_options(self, team: str) -> dict[str, tuple[str, int]]:
        """Unit id -> (``cripple`` | ``destroy``, the Damage Points it resolves)."""
        return self.engine.options(team)

    def mauler(self, team: str) -> str | None:
        """The mauler ``team`` may use for Directed Damage now, if any."""
        m = fz.directing_mauler(self.engine.units[team])
        return m.id if m else None

    def unit_names(self) -> dict[str, str]:
        """Unit id to name, for the dialogs."""
        return {u.id: u.name for u in self.state.units.values()}
