"""The ``afef`` battle run: the seam (:class:`rules.systems.BattleRun`) around the AF/EF
procedure, with seeded dice, the event log, replay, undo and write-back."""
from __future__ import annotations

import json
from collections.abc import Callable, Generator
from typing import Any

from hexmap import Label, LaneGraph
from rules.battle.change import BattleChange, RunStatus
from rules.battle.log import GM, EventLog, IllegalAnswer
from rules.battle.questions import Question
from rules.battle.results import write_back
from rules.battle.roster import build_roster
from rules.battle.state import BattleState
from rules.dice import DiceRoller, Roll
from rules.errors import RuleError
from rules.model.campaign import Campaign
from rules.strategic.state import StrategicState
from rules.systems import open_record
from rules.systems.afef.lines import R_ROUNDS, R_VALUES, SCREENED, AUnit, Plan, must_match
from rules.systems.afef.odds import TargetOdds, target_odds
from rules.systems.afef.procedure import Engine


class AfefBattle:
    """The AF/EF procedure (seed 001, 4.2) for the open Battle Hex at ``at`` of ``campaign``.

    Args:
        campaign: the campaign holding the open Battle Hex record.
        at: the Battle Hex's sector.
        graph: the campaign's lane graph, if already built.
        dice: makes the roller from the seed (tests pass scripted dice).

    Raises:
        RuleError: a unit of the attacker or the defender has no AF/EF values (``afef``).
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
        missing = [b.name for b in self._state().units.values()
                   if b.team in (r.attacker, r.defender) and b.unit.afef is None]
        if missing:
            raise RuleError(R_VALUES, f"AF/EF combat needs every unit's AF and EF: {', '.join(missing)} "
                                      "have none (give them afef values, or fight this Battle Hex another way)")
        self.restart(list(r.answers))

    def _state(self) -> BattleState:
        teams = {t.id: t for t in self.campaign.teams}
        return BattleState(self.record, build_roster(self.campaign, self.strategic, self.record), teams,
                           terrain=self.record.terrain)

    # -- running -----------------------------------------------------------------------------------
    def restart(self, answers: list[Any]) -> None:
        """Start again from the first round and replay ``answers`` (each must still be legal)."""
        dice = self._dice(self.seed)
        dice.listeners.append(self._log_roll)
        self.engine = Engine(self._state(), EventLog(), dice)
        self.answers = []
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
        value = q.check(raw)
        self.answers.append(raw)
        before = self._marks()
        self.log.add("answer", q.rule, f"{self._who(q.to)}: {self._words(q, raw)}",
                     {"key": q.key, "by": q.to, "answer": raw})
        self.pending = self._advance(value)
        after = self._marks()
        return {k for k in after if after[k] != before.get(k)}

    def _marks(self) -> dict[str, tuple[int, bool, bool, str, str]]:
        return {u.id: (u.hits, u.damaged, u.destroyed, u.line, u.b.status.value) for u in self.engine.units.values()}

    def _who(self, team: str) -> str:
        return "Game Master" if team == GM else self.engine.name(team)

    def _name(self, uid: str) -> str:
        u = self.engine.units.get(uid)
        return u.name if u else uid

    def _words(self, q: Question, raw: Any) -> str:
        step = q.key.split("/")[-1]
        if isinstance(raw, list):
            return f"{step}: " + (", ".join(self._name(x) for x in raw if isinstance(x, str)) or "none")
        if isinstance(raw, dict) and isinstance(raw.get("attacks"), dict):
            parts = [f"{self._name(s)} -> " + ", ".join(f"{self._name(t)} {af}" for t, af in row.items())
                     for s, row in raw["attacks"].items() if isinstance(row, dict)]
            hold = raw.get("hold") or []
            if hold and isinstance(hold, list):
                parts.append("holding: " + ", ".join(self._name(h) for h in hold if isinstance(h, str)))
            return f"{step}: " + ("; ".join(parts) or "no fire")
        if isinstance(raw, dict) and "break_off" in raw:
            return f"{step}: {raw['break_off']} breaks off ({raw.get('reason')})"
        return f"{step}: {json.dumps(raw, sort_keys=True)}"

    # -- the seam (rules.systems.BattleRun) --------------------------------------------------------
    @property
    def log(self) -> EventLog:
        return self.engine.log

    @property
    def state(self) -> BattleState:
        return self.engine.state

    def answer(self, raw: Any) -> BattleChange:
        """Give the pending question ``raw``; an illegal answer raises ``IllegalAnswer`` and changes nothing."""
        start, resolved = len(self.log.events), self.state.resolved
        units = self._give(raw)
        return BattleChange(events_from=start, units=frozenset(units), step=self.state.resolved and not resolved,
                            resolved=self.state.resolved and not resolved)

    def undo(self, n: int = 1) -> BattleChange:
        """Take back the last ``n`` answers (a replay without them)."""
        if n < 1 or n > len(self.answers):
            raise IllegalAnswer("undo", f"cannot take back {n} answer{'s' if n != 1 else ''}: "
                                        f"{len(self.answers)} given")
        self.restart(self.answers[:-n])
        return BattleChange(events_from=len(self.log.events), rewound=True, step=True)

    def summary(self, raw: Any) -> str:
        """The undo-stack text for answering the pending question with ``raw``."""
        q = self.pending
        if q is None:
            return f"Battle {self.record.at}"
        return f"Battle {self.record.at}: {self._who(q.to)}: {self._words(q, raw)}"

    def saved(self) -> Campaign:
        """The campaign with the seed and answers stored; once resolved, its results written back."""
        stored = self.record.model_copy(update={"seed": self.seed, "answers": list(self.answers)})
        new = self.campaign.model_copy(update={"battle_hexes": [stored if r is self.record else r
                                                                for r in self.campaign.battle_hexes]})
        return write_back(new, self.state) if self.state.resolved else new

    def adopt(self, campaign: Campaign) -> None:
        """Go on from ``campaign``, the result of :meth:`saved` while the battle is open."""
        self.campaign, self.record = campaign, open_record(campaign, self.record.at)

    def status(self) -> RunStatus:
        e = self.engine
        stage = "resolved" if self.state.resolved else f"round {e.round}: {self.pending.key.split('/')[-1]}" \
            if self.pending else ""
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
        return target_odds(t.hits, t.ef, t.damaged, dice, stepped)
