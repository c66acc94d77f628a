"""One Battle Hex's procedure from formation to the first tactical turn (V13.10-V13.481).

The procedure is a generator that yields :class:`~rules.battlehex.questions.Question` objects
and receives checked answers. :class:`BattleProcedure` drives it: the state is a function of
(campaign, Battle Hex, seed, answers), so loading a saved battle replays its answers and undo
is a replay without the last one (from the newest checkpoint before it,
:mod:`rules.battlehex.checkpoints`); a replay gives runs of clock answers at once
(:mod:`rules.systems.v13.clock_run`). Every question, answer, roll and ruling goes to the event log
with its rule; an answer or an undo returns a :class:`~rules.battlehex.change.BattleChange`.
"""
from __future__ import annotations

import gc
import json
from collections.abc import Callable, Generator, Iterable
from typing import Any

from hexmap import Label, LaneGraph, MapWindow
from rules.systems.v13.approach import approach
from rules.systems.v13.centre import centre
from rules.battlehex.change import BattleChange, RunStatus
from rules.battlehex.checkpoints import Checkpoint, Checkpoints, restore_roller
from rules.systems.v13.clock_run import clock_run
from rules.systems.v13.cold import resume_cold, write_cold
from rules.systems.v13.combat import combat, combat_from
from rules.battlehex.compose import compose
from rules.systems.v13.endings import endings
from rules.battlehex.log import GM, EventLog, IllegalAnswer, ruled
from rules.systems.v13.opening_range import opening_range
from rules.systems.v13.placement import Placement
from rules.systems.v13.placement_steps import placement
from rules.battlehex.questions import QKind, Question
from rules.battlehex.results import write_back
from rules.battlehex.roster import BUnit, Role, build_roster, parties
from rules.battlehex.state import BattleState, Ctx
from rules.battlehex.words import possessive
from rules.systems.v13.weapon_status import weapon_status
from rules.systems.v13.withdrawal import withdrawal
from rules.systems.v13.wording import answer_summary, answer_text
from rules.systems.v13.zones import Universe
from rules.dice import DiceRoller, Roll
from rules.errors import NoBattleHex
from rules.model.campaign import Campaign
from rules.model.records import BattleHexRecord
from rules.strategic.state import StrategicState


def _procedure(ctx: Ctx, rules: Placement) -> Generator[Question, Any, None]:
    st = ctx.state
    _formation(ctx)
    if st.record.kind == "main":
        yield from compose(ctx.campaign, st.record, st.units, ctx.name, ctx.log)
        yield from withdrawal(ctx)
        if st.resolved:
            return
        yield from approach(ctx)
    elif st.record.kind == "base":  # V13.37 / A-28: a carrier or tender may withdraw again; no second approach
        ctx.info("V13.37", "the battle at the base after the Approach Battle (the attacker rolls Weapon Status again, "
                           "A-10)")
        if any(u.unit.is_carrier or u.unit.is_pf_tender for u in st.role_units(Role.DEFENDER)):
            yield from withdrawal(ctx)
            if st.resolved:
                return
    elif st.record.kind == "rear_guard":
        ctx.info("V13.737 / A-36", "the rear-guard battle: no Withdrawal Before Combat and no Approach Battle; "
                                   f"{possessive(ctx.name(st.attacker))} Pursuit Force attacks "
                                   f"{possessive(ctx.name(st.defender))} "
                                   "Rear Guard")
    else:
        ctx.info("A-39 / V13.712", f"a {st.record.kind} battle: no Withdrawal Before Combat and no Approach Battle; "
                                   f"{ctx.name(st.attacker)} (pursuing) attacks, {ctx.name(st.defender)} defends")
    yield from weapon_status(ctx)
    yield from opening_range(ctx)
    yield from placement(ctx, rules)
    yield from centre(ctx)
    ctx.info("V13.481", "every unit is placed: tactical combat begins with Turn 1")
    yield from combat(ctx)
    yield from endings(ctx)


def _resumed(ctx: Ctx, n: int) -> Generator[Question, Any, None]:
    """The procedure from the combat loop after ``n`` action questions (a checkpoint)."""
    yield from combat_from(ctx, n)
    yield from endings(ctx)


def _changed(before: dict[str, tuple[Any, ...]], after: dict[str, tuple[Any, ...]]) -> frozenset[str]:
    """The units whose marks differ (or that are in one of the two only)."""
    return frozenset([k for k, m in after.items() if before.get(k) != m]) | (before.keys() - after.keys())


def _formation(ctx: Ctx) -> None:
    st = ctx.state
    r = st.record
    others = ", ".join(ctx.name(t) for t in parties(r)[2:])  # a seed 004 meeting: its two sides alone
    ctx.info("V13.14", f"Battle Hex {r.at}: {ctx.name(r.attacker)} attacks ({r.attacker_reason}); "
                       f"{ctx.name(r.defender)} defends" + (f"; also present: {others}" if others else ""))
    ctx.info("V13.17", f"terrain: {st.terrain.title} ({r.terrain_source})")
    for team in dict.fromkeys(u.team for u in st.units.values()):
        inc = [u for u in st.units.values() if u.team == team and u.incidental]
        if inc:
            ctx.info("V13.03", f"Incidental Units of {ctx.name(team)}: " + ", ".join(u.name for u in inc)
                     + " (hidden from the other Teams until the attacker's placement is complete)",
                     visible_to=(team, GM))


class BattleProcedure:
    """Runs the procedure for the open Battle Hex at ``at`` of ``campaign``.

    Args:
        campaign: the campaign, after End Movement, holding the Battle Hex record.
        at: the Battle Hex's sector.
        seed: the dice seed; by default the record's, else one derived from the campaign.
        answers: answers to replay; by default the record's (a saved battle resumes).
        graph: the campaign's lane graph, if already built.
        dice: makes the roller from the seed (tests pass scripted dice).
    """

    def __init__(self, campaign: Campaign, at: Label, seed: int | None = None, answers: Iterable[Any] | None = None,
                 graph: LaneGraph | None = None, dice: Callable[[int], DiceRoller] = DiceRoller) -> None:
        self.campaign = campaign
        self.record = self._record(campaign, at)
        self.strategic = StrategicState.compute(campaign, graph)
        if seed is None:
            seed = self.record.seed if self.record.seed is not None else (
                campaign.dice_seed * 7919 + campaign.turn * 104_729 + at.col * 131 + at.row)
        self.seed = seed
        self._dice = dice
        self._universe: Universe | None = None  # the placement zones' cache of the plane, kept across replays
        self._disk_key: str | None = None  # the battle's inputs, its checkpoints on disk filed under it (cold.py)
        self._tried: Checkpoint | None = None  # the checkpoint last written to disk (or tried: a secret)
        self._tried_older: Checkpoint | None = None  # the older one on disk (cold.py: for an undo after a reopen)
        self._last_on_disk = 0  # how many answers the newer checkpoint on disk was made after (0: none known)
        self.restart(list(self.record.answers if answers is None else answers))

    @staticmethod
    def _record(campaign: Campaign, at: Label) -> BattleHexRecord:
        for b in campaign.battle_hexes:
            if b.at == at and not b.resolved:
                return b
        raise NoBattleHex("V13.11", f"there is no open Battle Hex at {at}: execute movement first (Turn > End "
                                    "Movement)")

    # -- running -------------------------------------------------------------------------------
    def restart(self, answers: list[Any]) -> None:
        """Start again from formation (or a checkpoint on disk these answers begin with: a reopen
        in a new process, :mod:`rules.systems.v13.cold`) and replay ``answers`` (each must still be legal)."""
        teams = {t.id: t for t in self.campaign.teams}
        state = BattleState(self.record, build_roster(self.campaign, self.strategic, self.record), teams,
                            terrain=self.record.terrain, min_range=self.campaign.settings.standard_range)
        self._checkpoints = Checkpoints(len(answers))
        self._gen: Generator[Question, Any, None]
        self.pending: Question | None
        if resume_cold(self, state, answers, _resumed):
            return
        self._begin(state, EventLog(), self._dice(self.seed), [])
        self._checkpoints = Checkpoints(len(answers))
        self._gen = _procedure(self.ctx, self.placement)
        self.pending = self._advance(None, first=True)
        self._replay(answers)

    def _begin(self, state: BattleState, log: EventLog, dice: DiceRoller, answers: list[Any],
               secret: dict[int, str] | None = None) -> None:
        dice.listeners.append(lambda roll: self._log_roll(roll))
        s = self.campaign.settings
        self.ctx = Ctx(self.campaign, self.strategic, dice, log, state, MapWindow(s.map_cols, s.map_rows))
        self.placement = Placement(self.ctx, self._universe)
        self._universe = self.placement.universe
        self.answers: list[Any] = answers
        self._secret: dict[int, str] = secret or {}  # answer index -> the Team that gave it in secret (V13.723)

    def _resume(self, cp: Checkpoint, answers: list[Any]) -> bool:
        """Continue from checkpoint ``cp`` and replay the rest of ``answers``; False (nothing
        changed) when the dice cannot be set back."""
        dice = self._dice(self.seed)
        if not restore_roller(dice, cp.dice):
            return False
        old = self.ctx
        dice.history = old.dice.history[:cp.rolls]
        self._begin(cp.restore(self.record), old.log.head(cp.events), dice, answers[:cp.answers],
                    {i: t for i, t in self._secret.items() if i < cp.answers})
        self._gen = _resumed(self.ctx, cp.n - 1)
        self.pending = self._advance(None, first=True)
        self._replay(answers[cp.answers:])
        return True

    def _replay(self, answers: list[Any]) -> None:
        collecting = gc.isenabled()
        gc.disable()  # a replay makes many small objects and no garbage: no collections meanwhile
        try:
            i, end = 0, len(answers)
            while i < end:
                i = self._clocks(answers, i)
                if i < end:
                    self._give(answers[i])
                    i += 1
        finally:
            if collecting:
                gc.enable()

    def _clocks(self, answers: list[Any], start: int) -> int:
        """Give the run of plain clock answers from ``answers[start]`` to a pending ``combat``
        question without the generator (:mod:`rules.systems.v13.clock_run`); returns where the run
        ends (``start``: none given)."""
        q = self.pending
        if q is None or q.kind is not QKind.ACTION or not q.key.startswith("combat/"):
            return start
        end, n = clock_run(self.ctx, int(q.key.removeprefix("combat/")), answers, start, self.answers,
                           self._checkpoints)
        if end > start:  # the combat loop goes on from combat/{n}, already logged (as from a checkpoint)
            self._gen = _resumed(self.ctx, n - 1)
            q = next(self._gen)
            if q.key != f"combat/{n}":
                raise RuntimeError(f"a clock run ended at combat/{n}, the procedure asks {q.key}")
            self.pending = q
        return end

    def _log_roll(self, roll: Roll) -> None:
        text = roll.describe().removeprefix(f"{roll.rule}: ")
        self.ctx.log.add("roll", roll.rule, text, {"faces": list(roll.faces), "total": roll.total,
                                                               "purpose": roll.purpose, "who": roll.who})

    def _advance(self, value: Any, first: bool = False) -> Question | None:
        try:
            q = next(self._gen) if first else self._gen.send(value)
        except StopIteration:
            return None
        told = q.data.get("visible_to")  # a question told only to some Teams (V13.28's figure: the two sides')
        self.ctx.log.add("question", q.rule, q.text, {"key": q.key, "to": q.to},
                         visible_to=None if told is None else (*told, GM))
        return q

    def answer(self, raw: Any) -> BattleChange:
        """Give the pending question its answer; an illegal one raises and changes nothing.

        ``{"gm_ruling": "why", "answer": X}`` overrules the rule check (the form is still read)
        and is logged as a GM ruling. Returns what the answer changed.
        """
        st = self.state
        events, marks, step, window, resolved = self.log.size, st.marks(), st.step, st.window_key(), st.resolved
        self._give(raw)
        return BattleChange(events, units=_changed(marks, st.marks()), step=st.step is not step,
                            window=st.window_key() != window, resolved=st.resolved and not resolved)

    def _give(self, raw: Any) -> None:
        q = self.pending
        if q is None:
            raise IllegalAnswer("V13.481", "the set-up is complete: no question is open")
        ruling = isinstance(raw, dict) and "gm_ruling" in raw
        if ruling:
            value = (q.parse or q.check)(ruled(raw))
        else:
            value = q.check(raw)
        self.answers.append(raw)
        if q.data.get("secret"):
            self._secret[len(self.answers) - 1] = q.to
        self.ctx.log.add("ruling" if ruling else "answer", q.rule, answer_text(q, raw, self.ctx),
                         {"key": q.key, "by": q.to, "answer": raw},
                         visible_to=(q.to, GM) if q.data.get("secret") else None)
        self.pending = self._advance(value)
        self._checkpoints.offer(len(self.answers), self.pending, self.ctx)

    def summary(self, raw: Any) -> str:
        """The undo-stack text for giving the pending question ``raw``, in words (secret
        choices not shown), e.g. "Battle 0604: Alliance places KHS Claw of Rrit at 2103"."""
        if self.pending is None:
            return f"Battle {self.record.at}"
        return answer_summary(self.pending, raw, self.ctx)

    def undo(self, n: int = 1) -> BattleChange:
        """Take back the last ``n`` answers; nothing changes when there are fewer than ``n``.

        The result is the replay without them: from the newest checkpoint before them when
        there is one, else from formation. Returns what changed (``rewound``; the log keeps
        ``events_from`` events).
        """
        if n < 1 or n > len(self.answers):
            raise IllegalAnswer("undo", f"cannot take back {n} answer{'s' if n != 1 else ''}: "
                                        f"{len(self.answers)} given")
        st = self.state
        marks, step, window = st.marks(), st.step, st.window_key()
        keep = self.answers[:-n]
        cp = self._checkpoints.at_or_before(len(keep))
        if cp is None or not self._resume(cp, keep):
            self.restart(keep)
        st = self.state
        return BattleChange(self.log.size, rewound=True, units=_changed(marks, st.marks()),
                            step=st.step is not step, window=st.window_key() != window)

    # -- reading ---------------------------------------------------------------------------------
    @property
    def state(self) -> BattleState:
        return self.ctx.state

    @property
    def log(self) -> EventLog:
        return self.ctx.log

    @property
    def done(self) -> bool:
        return self.pending is None

    def events_json(self, viewer: str = GM) -> str:
        """The log as JSON (one viewer's part of it), byte-for-byte reproducible."""
        return json.dumps([e.to_dict() for e in self.log.for_viewer(viewer)], indent=1, sort_keys=True)

    def units_for(self, viewer: str) -> list[BUnit]:
        """The units ``viewer`` may see (V13.03)."""
        return self.state.visible_units(viewer)

    def status(self) -> RunStatus:
        """Who attacks whom, the step, and the resolution once resolved (rules.systems.BattleRun)."""
        st = self.state
        return RunStatus(f"{self.ctx.name(st.attacker)} attacks {self.ctx.name(st.defender)}", st.step.value,
                         st.resolved, st.resolution)

    def saved(self) -> Campaign:
        """The campaign with this battle's seed and answers stored in its Battle Hex record;
        when the procedure has resolved the hex, with its results written back (V13.01).

        Only the record changes, so the rest of the campaign is shared with the original
        (campaigns are values: every change elsewhere copies before it writes).
        """
        write_cold(self)  # now and then: the newest checkpoint, for a reopen in a new process
        stored = self.record.model_copy(update={"seed": self.seed, "answers": list(self.answers),
                                                "secret_answers": self.secret_answers()})
        new = self.campaign.model_copy(update={"battle_hexes": [stored if r is self.record else r
                                                                for r in self.campaign.battle_hexes]})
        if self.state.resolved:
            new = write_back(new, self.state, run=self)
        return new

    def secret_answers(self) -> dict[str, str]:
        """The answers given in secret (V13.723), by index (as the record keeps them), with
        the Team each belongs to: the campaign file seals them for it (rules/model/secrets.py)."""
        return {str(i): t for i, t in sorted(self._secret.items())}

    def adopt(self, campaign: Campaign) -> None:
        """Continue on ``campaign``, the result of :meth:`saved` while the hex is still open, so
        the next answer needs no replay."""
        self.campaign, self.record = campaign, self._record(campaign, self.record.at)
