"""The ``sidcors`` battle run: the seam (:class:`rules.systems.BattleRun`) around the SIDCORS
procedure, with seeded dice, the event log, secret answers, replay, undo and write-back."""
from __future__ import annotations

import json
from collections.abc import Callable, Generator
from fractions import Fraction
from typing import Any

from hexmap import Label, LaneGraph
from rules.battle.change import BattleChange, RunStatus
from rules.battle.log import GM, EventLog, IllegalAnswer
from rules.battle.questions import Question
from rules.battle.results import write_back
from rules.battle.roster import build_roster
from rules.battle.state import BattleState
from rules.dice import DiceRoller, Roll
from rules.model.campaign import Campaign
from rules.strategic.state import StrategicState
from rules.systems import open_record
from rules.systems.sidcors import force as fz
from rules.systems.sidcors.force import SUnit
from rules.systems.sidcors.procedure import Engine
from rules.systems.sidcors.tables import R_ROUNDS


def step_of(key: str) -> str:
    """The step a question key names: ``bif`` for ``sidcors/2/bif/red``, ``cloak`` for ``sidcors/cloak/red``."""
    parts = key.split("/")
    return parts[2] if len(parts) > 2 and parts[1].isdigit() else parts[1] if len(parts) > 1 else key


class SidcorsBattle:
    """The SIDCORS procedure for the open Battle Hex at ``at`` of ``campaign``.

    Args:
        campaign: the campaign holding the open Battle Hex record.
        at: the Battle Hex's sector.
        graph: the campaign's lane graph, if already built.
        dice: makes the roller from the seed (tests pass scripted dice).
    """

    def __init__(self, campaign: Campaign, at: Label, graph: LaneGraph | None = None,
                 dice: Callable[[int], DiceRoller] = DiceRoller) -> None:
        self.campaign = campaign
        self.record = open_record(campaign, at)
        self.strategic = StrategicState.compute(campaign, graph)
        r = self.record
        self.seed = r.seed if r.seed is not None else (
            campaign.dice_seed * 7919 + campaign.turn * 104_729 + at.col * 131 + at.row)
        self._dice = dice
        self.answers: list[Any] = []
        self.pending: Question | None = None
        self.restart(list(r.answers))

    # -- running -----------------------------------------------------------------------------------
    def restart(self, answers: list[Any]) -> None:
        """Start again from the first round and replay ``answers`` (each must still be legal)."""
        teams = {t.id: t for t in self.campaign.teams}
        state = BattleState(self.record, build_roster(self.campaign, self.strategic, self.record), teams,
                            terrain=self.record.terrain)
        dice = self._dice(self.seed)
        dice.listeners.append(self._log_roll)
        self.engine = Engine(state, EventLog(), dice)
        self.answers = []
        self._secret: dict[int, str] = {}
        self._gen: Generator[Question, Any, None] = self.engine.run()
        self.pending = self._advance(None, first=True)
        for a in answers:
            self._give(a)

    def _log_roll(self, roll: Roll) -> None:
        text = roll.describe().removeprefix(f"{roll.rule}: ")
        self.log.add("roll", roll.rule, text, {"faces": list(roll.faces), "total": roll.total,
                                               "purpose": roll.purpose, "who": roll.who})

    def _advance(self, value: Any, first: bool = False) -> Question | None:
        try:
            q = next(self._gen) if first else self._gen.send(value)
        except StopIteration:
            return None
        self.log.add("question", q.rule, q.text, {"key": q.key, "to": q.to})
        return q

    def _give(self, raw: Any) -> set[str]:
        q = self.pending
        if q is None:
            raise IllegalAnswer(R_ROUNDS, "the Battle Hex is resolved: no question is open")
        ruling = isinstance(raw, dict) and "gm_ruling" in raw
        if ruling:
            why = str(raw.get("gm_ruling") or "").strip()
            if not why:
                raise IllegalAnswer("GM ruling", "a GM ruling needs its reason")
            value = (q.parse or q.check)(raw.get("answer"))
        else:
            value = q.check(raw)
        secret = bool(q.data.get("secret"))
        self.answers.append(raw)
        if secret:
            self._secret[len(self.answers) - 1] = q.to
        before = self._marks()
        self.log.add("ruling" if ruling else "answer", q.rule, f"{self.engine.name(q.to)}: {self._words(q, raw)}",
                     {"key": q.key, "by": q.to, "answer": raw}, visible_to=(q.to, GM) if secret else None)
        self.pending = self._advance(value)
        after = self._marks()
        return {k for k in after if after[k] != before.get(k)}

    def _marks(self) -> dict[str, tuple[str, bool, int]]:
        return {u.id: (u.b.status.value, u.crippled, u.ff) for t in self.engine.sides for u in self.engine.units[t]}

    def _words(self, q: Question, raw: Any) -> str:
        if isinstance(raw, dict) and "gm_ruling" in raw:
            return f"GM ruling ({raw['gm_ruling']}): {self._words(q, raw.get('answer'))}"
        kind = step_of(q.key)
        if isinstance(raw, dict) and "unit" in raw:
            u = self._unit_name(str(raw["unit"]))
            return f"{kind}: {raw.get('fighters')} fighter factors of {u}"
        if isinstance(raw, str):
            uid, _, how = raw.partition("@")
            return f"{kind}: {self._unit_name(uid)}" + (" with the mauler" if how else "")
        return f"{kind}: {json.dumps(raw)}"

    def _unit_name(self, uid: str) -> str:
        b = self.engine.state.units.get(uid)
        return b.name if b else uid

    # -- the seam (rules.systems.BattleRun) --------------------------------------------------------
    @property
    def log(self) -> EventLog:
        return self.engine.log

    @property
    def state(self) -> BattleState:
        return self.engine.state

    def answer(self, raw: Any) -> BattleChange:
        """Give the pending question ``raw``; an illegal answer raises ``IllegalAnswer`` and changes nothing."""
        start, resolved, step = len(self.log.events), self.state.resolved, self.status().stage
        units = self._give(raw)
        return BattleChange(events_from=start, units=frozenset(units), step=self.status().stage != step,
                            resolved=self.state.resolved and not resolved)

    def undo(self, n: int = 1) -> BattleChange:
        """Take back the last ``n`` answers (a replay without them)."""
        if n < 1 or n > len(self.answers):
            raise IllegalAnswer("undo", f"cannot take back {n} answer{'s' if n != 1 else ''}: "
                                        f"{len(self.answers)} given")
        self.restart(self.answers[:-n])
        return BattleChange(events_from=len(self.log.events), rewound=True, step=True)

    def summary(self, raw: Any) -> str:
        """The undo-stack text for answering the pending question with ``raw`` (a secret BIF hidden)."""
        q = self.pending
        if q is None:
            return f"Battle {self.record.at}"
        if q.data.get("secret"):
            return f"Battle {self.record.at}: {self.engine.name(q.to)} chooses in secret"
        return f"Battle {self.record.at}: {self.engine.name(q.to)}: {self._words(q, raw)}"

    def saved(self) -> Campaign:
        """The campaign with the seed and answers stored; once resolved, its results written back."""
        secret = {str(i): t for i, t in sorted(self._secret.items())}
        stored = self.record.model_copy(update={"seed": self.seed, "answers": list(self.answers),
                                                "secret_answers": secret})
        new = self.campaign.model_copy(update={"battle_hexes": [stored if r is self.record else r
                                                                for r in self.campaign.battle_hexes]})
        return write_back(new, self.state) if self.state.resolved else new

    def adopt(self, campaign: Campaign) -> None:
        """Go on from ``campaign``, the result of :meth:`saved` while the battle is open."""
        self.campaign, self.record = campaign, open_record(campaign, self.record.at)

    def status(self) -> RunStatus:
        e = self.engine
        stage = "resolved" if self.state.resolved else f"round {e.round}: {step_of(self.pending.key)}" \
            if self.pending and e.round else "before the first round"
        return RunStatus(f"{e.name(e.attacker)} attacks {e.name(e.defender)}", stage, self.state.resolved,
                         self.state.resolution)

    # -- queries for a panel -----------------------------------------------------------------------
    def events_json(self, viewer: str = GM) -> str:
        """The log as JSON (one viewer's part of it), byte-for-byte reproducible."""
        return json.dumps([e.to_dict() for e in self.log.for_viewer(viewer)], indent=1, sort_keys=True)

    @property
    def round(self) -> int:
        """The current round (0 before the first)."""
        return self.engine.round

    @property
    def sides(self) -> tuple[str, str]:
        """(attacker, defender) team ids."""
        return self.engine.attacker, self.engine.defender

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

    def secret_answers(self) -> dict[str, str]:
        """Answer index -> the team that gave it in secret (the campaign file seals them)."""
        return {str(i): t for i, t in sorted(self._secret.items())}
