"""Checkpoints of a battle's replay, so an undo replays a bounded number of answers (issue 10).

A battle's state is a function of (campaign, seed, answers); undo used to replay every answer
from formation. While the pending question is the combat loop's own ``combat/N`` question the
whole procedure is the battle state plus ``N`` (:func:`~rules.systems.v13.combat.combat_from`), so a
checkpoint keeps a private copy of the state, the dice generator's state and how long the
log and the roll history were. Undo resumes the newest checkpoint at or before its target and
replays only the answers after it.

Immutable campaign objects (pydantic units, teams, the Battle Hex record) are shared, never
copied. At most :data:`MOST` checkpoints are kept: when there are more, every other one goes and
the spacing doubles, so memory stays bounded and an undo replays at most about ``spacing``
answers. The newest :data:`TAIL` stay :data:`SPACING` apart (the last answers of a replay and
every answer after it): an undo of a few answers, and the older checkpoint a cold reopen writes
(:mod:`rules.systems.v13.cold`), stand within :data:`SPACING` of their target however long the
battle (issue 21: at 5,000 answers the spacing was 128 and an undo of 10 after a cold reopen
replayed 126 answers, 22 at 100).
"""
from __future__ import annotations

import copy
import gc
from dataclasses import dataclass
from typing import Any

from hexmap import Facing, Hex
from rules.battlehex.questions import QKind, Question
from rules.battlehex.roster import Role, Status
from rules.battlehex.state import BattleState, Ctx, Step
from rules.dice import DiceRoller, ScriptedDice
from rules.model.records import BattleHexRecord

MOST = 64
SPACING = 32
TAIL = 3
"""The newest checkpoints kept :data:`SPACING` apart whatever the spacing."""
_ATOMIC = {str, int, float, bool, type(None), Hex, Facing, Status, Role, Step, frozenset}
"""Immutable values a copy may share (anything else is deep-copied)."""


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """The replay when ``answers`` answers were given and ``combat/{n}`` was pending.

    Attributes:
        answers: how many answers were given.
        n: the pending combat question's number; the loop resumes after ``n - 1``.
        state: a private copy of the battle state (never handed out: restoring copies it).
        dice: the dice roller's state (see :func:`roller_state`).
        rolls: how many rolls the roller's history held.
        events: how many events the log held before the pending question was logged.
    """

    answers: int
    n: int
    state: BattleState
    dice: tuple[str, Any]
    rolls: int
    events: int

    def restore(self, record: BattleHexRecord) -> BattleState:
        """A fresh copy of the state, on ``record`` (the procedure's record now)."""
        memo = shared(self.state)
        memo[id(self.state.record)] = record
        return copy_state(self.state, memo)


class Checkpoints:
    """The checkpoints of one procedure, oldest first.

    Args:
        expected: how many answers the replay that starts now will give; the spacing is
            chosen so that it makes at most about ``MOST / 2`` checkpoints.
    """

    def __init__(self, expected: int = 0) -> None:
        self.spacing = SPACING
        while expected > self.spacing * MOST // 2:
            self.spacing *= 2
        self.dense = expected - TAIL * SPACING
        """From how many answers on the checkpoints are :data:`SPACING` apart."""
        self.kept: list[Checkpoint] = []

    def offer(self, answers: int, pending: Question | None, ctx: Ctx) -> None:
        """Keep a checkpoint now if one is due and the pending question allows it."""
        if answers < self.due() or pending is None or pending.kind is not QKind.ACTION:
            return
        head, _, n = pending.key.partition("/")
        if head == "combat" and n.isdigit():
            self.keep(answers, int(n), ctx)

    def due(self) -> int:
        """From how many answers on the next checkpoint is due."""
        last = self.kept[-1].answers if self.kept else -self.spacing
        return min(last + self.spacing, max(last + SPACING, self.dense))

    def keep(self, answers: int, n: int, ctx: Ctx) -> None:
        """Keep a checkpoint after ``answers`` answers, ``combat/{n}`` pending and logged
        (unless the dice cannot be set back)."""
        dice = roller_state(ctx.dice)
        if dice is None:
            return
        self.kept.append(Checkpoint(answers, n, copy_state(ctx.state, shared(ctx.state)), dice,
                                    len(ctx.dice.history), ctx.log.size - 1))
        if len(self.kept) > MOST:  # thin out: the first (combat begins), every other one, the newest TAIL
            self.spacing *= 2
            self.kept = self.kept[:-TAIL][::2] + self.kept[-TAIL:]

    def at_or_before(self, answers: int) -> Checkpoint | None:
        """The newest checkpoint with at most ``answers`` answers; newer ones are dropped."""
        while self.kept and self.kept[-1].answers > answers:
            self.kept.pop()
        return self.kept[-1] if self.kept else None


def roller_state(dice: DiceRoller) -> tuple[str, Any] | None:
    """What a roller will roll next, or ``None`` for a roller of a kind not known here."""
    if type(dice) is DiceRoller:
        return "random", dice._rng.getstate()  # the seeded generator is the roller's only state
    if type(dice) is ScriptedDice:
        return "faces", tuple(dice._faces)
    return None


def restore_roller(dice: DiceRoller, saved: tuple[str, Any]) -> bool:
    """Set a fresh roller to ``saved``; False when it is not of the kind saved."""
    kind, value = saved
    if kind == "random" and type(dice) is DiceRoller:
        dice._rng.setstate(value)
        return True
    if kind == "faces" and type(dice) is ScriptedDice:
        dice._faces = list(value)
        return True
    return False


def shared(st: BattleState) -> dict[int, Any]:
    """A deepcopy memo that keeps the campaign's immutable objects shared."""
    memo: dict[int, Any] = {id(st.record): st.record}
    for t in st.teams.values():
        memo[id(t)] = t
    for u in st.units.values():
        memo[id(u.unit)] = u.unit
    return memo


def copy_state(st: BattleState, memo: dict[int, Any]) -> BattleState:
    """A deep copy of ``st`` sharing what ``memo`` names and the immutable values (fast: a
    unit's fields are mostly positions, facings and enums). The garbage collector waits meanwhile: the copy's new
    objects set off collections of everything the process holds (issue 21: an undo of one answer after a cold reopen
    read 0.3 ms CPU at 100 answers and 0.9 at 5,000 in bench/replay.py, flat with the collector off)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        new = copy.copy(st)
        for k, v in vars(st).items():
            if k == "units":
                new.units = {uid: _copy(u, memo) for uid, u in v.items()}
            elif type(v) not in _ATOMIC:
                setattr(new, k, copy.deepcopy(v, memo))
    finally:
        if collecting:
            gc.enable()
    return new


def _copy(obj: Any, memo: dict[int, Any]) -> Any:
    new = copy.copy(obj)
    fields = vars(new)
    for k, v in fields.items():  # only values change: the dict keeps its size
        if type(v) in _ATOMIC or type(v) is tuple and all(type(x) in _ATOMIC for x in v):
            continue
        fields[k] = memo[id(v)] if id(v) in memo else copy.deepcopy(v, memo)
    return new
