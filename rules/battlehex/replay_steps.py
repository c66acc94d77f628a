"""A battle stepped answer by answer, for its replay on the map (issue 22): the state after
answer ``k`` of any system, ready at once.

A battle's state is a function of (campaign, seed, answers). :class:`Steps` gives the answers
once, as far as the replay is stepped, on a private run (never the live one: a replay writes
nothing to the campaign and leaves its undo alone) and keeps a :class:`Frame` after each: the
battle state (V13) or the engine (the systems on :class:`rules.battlehex.run.ReplayRun`), the
pending question and how long the log was. A frame shares with the one before it every object
the answer left unchanged (:class:`Snapshots`), so its memory is what the answer changed, and
stepping to an answer already reached is setting the view run to its frame (:meth:`Steps.at`),
with no replay. Frames are read, never played on: the view run must not be answered (the
window refuses answers while it replays).
"""
from __future__ import annotations

import copy
import inspect
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hexmap import Label, LaneGraph
from rules.battlehex.change import BattleChange
from rules.battlehex.checkpoints import shared
from rules.battlehex.log import Event, EventLog
from rules.battlehex.questions import Question
from rules.battlehex.state import BattleState, Ctx
from rules.dice import DiceRoller
from rules.systems import BattleRun, open_record
from rules.battlehex.replay_points import _SHARED, _is_shared

_BUSY = object()
"""Marks an object being snapshotted (met again: the graph has a cycle)."""


class _Cycle(Exception):
    """The object graph has a cycle: the frame is a plain copy instead."""


class Snapshots:
    """Read-only copies of one live object graph taken one after another, each sharing with the
    one before it every object whose contents did not change (the live objects are matched by
    identity: the run holds them between two snapshots)."""

    def __init__(self) -> None:
        self._old: dict[int, Any] = {}
        self._new: dict[int, Any] = {}

    def take(self, root: Any, keep: dict[int, Any]) -> Any:
        """A copy of ``root`` (a fresh object at the top, so a frame may set its own log);
        ``keep`` maps the ids of objects shared, never copied (the campaign's, the log, the dice)."""
        self._new = dict(keep)
        try:
            out = self._snap(root)
        except _Cycle:
            self._new = {}
            out = copy.deepcopy(root, dict(keep))
        self._old = self._new
        return copy.copy(out)

    def _snap(self, x: Any) -> Any:
        t = type(x)
        if _is_shared(t):
            return x
        i = id(x)
        if i in self._new:
            got = self._new[i]
            if got is _BUSY:
                raise _Cycle
            return got
        self._new[i] = _BUSY
        before: Any = self._old.get(i)
        scalar = _SHARED.get
        snap = self._snap
        y: Any
        if t is dict:
            items = {k: v if scalar(type(v)) else snap(v) for k, v in x.items()}
            # dict equality: the same keys, values the same objects (or equal scalars); order kept
            y = before if type(before) is dict and before == items and list(before) == list(items) else items
        elif t is list or t is tuple:
            vals = [v if scalar(type(v)) else snap(v) for v in x]
            y = before if type(before) is t and len(before) == len(vals) and all(map(_same, before, vals)) \
                else (vals if t is list else tuple(vals))
        elif hasattr(x, "__dict__") and not hasattr(t, "__slots__") and not callable(x):
            fields = {k: v if scalar(type(v)) else snap(v) for k, v in x.__dict__.items()}
            if type(before) is t and before.__dict__ == fields:
                y = before
            else:
                y = object.__new__(t)
                y.__dict__.update(fields)
        else:  # (a set, a slotted object): deepcopy reads its memo by id, so not the in-progress mark
            del self._new[i]
            y = copy.deepcopy(x, self._new)
        self._new[i] = y
        return y


def _same(a: Any, b: Any) -> bool:
    return a is b or (type(a) is type(b) and _is_shared(type(a)) and bool(a == b))


@dataclass(frozen=True, slots=True)
class Frame:
    """The battle after ``answers`` answers.

    Attributes:
        answers: how many answers were given.
        events: how many events the log held.
        pending: the question then pending (None: the battle resolved).
        body: the state (V13's :class:`BattleState`) or the engine (a ReplayRun's), read only.
        secret: answer index -> the Team that gave it in secret.
    """

    answers: int
    events: int
    pending: Question | None
    body: Any
    secret: tuple[tuple[int, str], ...]


def _roller(seed: int) -> DiceRoller:
    """The seeded roller, made so that the private run files no checkpoints in the process's
    shelf (:func:`rules.battlehex.replay_points.shelved`): the replay never touches the live battle's."""
    return DiceRoller(seed)


def _private(run: BattleRun, graph: LaneGraph | None) -> BattleRun:
    """A new run of ``run``'s battle with no answers given, on the campaign ``run`` began on."""
    c = run.campaign
    rec = open_record(c, run.record.at)
    bare = rec.model_copy(update={"answers": [], "secret_answers": {}})
    c0 = c.model_copy(update={"battle_hexes": [bare if r is rec else r for r in c.battle_hexes]})
    at: Label = rec.at
    kind: Any = type(run)
    params = inspect.signature(kind).parameters
    kw: dict[str, Any] = {"graph": graph}
    if "dice" in params:
        kw["dice"] = _roller
    if "seed" in params:
        kw["seed"] = getattr(run, "seed", None)
    out: BattleRun = kind(c0, at, **kw)
    return out


class Steps:
    """Every answer's state of the battle ``run`` is fighting (or fought, once resolved).

    The frames are made as far as they are asked for (:meth:`at`, :meth:`change`,
    :meth:`answer_at`): entering a replay at its first answer costs nothing, a step forward one
    answer and its frame, and every frame once made stays.

    Args:
        run: the live run (read, never changed).
        graph: the campaign's lane graph, if built.
    """

    def __init__(self, run: BattleRun, graph: LaneGraph | None = None) -> None:
        self.answers: list[Any] = list(run.answers)
        self._player: BattleRun = _private(run, graph)  # gives the answers, one frame after each
        self.view: BattleRun = copy.copy(self._player)  # shows a frame (its state set by :meth:`at`)
        self._v13 = hasattr(self._player, "ctx")
        self._snaps = Snapshots()
        self.frames: list[Frame] = [self._frame()]
        self._counts = [self.frames[0].events]
        self.k = 0

    def __len__(self) -> int:
        """How many answers there are to step through."""
        return len(self.answers)

    @property
    def events(self) -> list[Event]:
        """The battle's log as far as the frames made so far go."""
        return self._player.log.events

    def ready(self, k: int) -> bool:
        """Whether the frame of answer ``k`` is made (stepping there replays nothing)."""
        return k < len(self.frames)

    def _make(self, k: int) -> None:
        """Make the frames up to answer ``k`` (each answer given once, on the private run)."""
        k = min(k, len(self.answers))
        while len(self.frames) <= k:
            self._player.answer(self.answers[len(self.frames) - 1])
            self.frames.append(self._frame())
            self._counts.append(self.frames[-1].events)

    def _frame(self) -> Frame:
        v: Any = self._player
        if self._v13:
            st: BattleState = v.ctx.state
            body = self._snaps.take(st, shared(st))
        else:
            e = v.engine
            keep = shared(e.state)
            keep[id(e.log)], keep[id(e.dice)] = e.log, e.dice
            body = self._snaps.take(e, keep)
        secret = tuple(sorted(getattr(v, "_secret", {}).items()))
        return Frame(len(v.answers), len(v.log.events), v.pending, body, secret)

    def at(self, k: int) -> BattleRun:
        """The view run showing the battle after ``k`` answers (clamped to 0..len); read only."""
        k = max(0, min(k, len(self.answers)))
        self._make(k)
        f = self.frames[k]
        v: Any = self.view
        log = EventLog(self.events[:f.events])
        if self._v13:
            old: Ctx = v.ctx
            v.ctx = Ctx(old.campaign, old.strategic, old.dice, log, f.body, old.window)
            v.placement = type(v.placement)(v.ctx, v._universe)
        else:
            f.body.log = log
            v.engine = f.body
            v._odds = None
        v.pending = f.pending
        v.answers = self.answers[:k]
        v._secret = dict(f.secret)
        self.k = k
        return self.view

    def change(self, k: int, to: int) -> BattleChange:
        """What the map redraws stepping from answer ``k`` to ``to``: the units whose marks
        differ, the step and the map window, and the log from the first event that differs."""
        k, to = max(0, min(k, len(self.answers))), max(0, min(to, len(self.answers)))
        self._make(max(k, to))
        a, b = self.frames[k], self.frames[to]
        sa, sb = self._state(a), self._state(b)
        ma, mb = sa.marks(), sb.marks()
        units = frozenset([u for u, m in mb.items() if ma.get(u) != m]) | (ma.keys() - mb.keys())
        back = b.events < a.events
        return BattleChange(min(a.events, b.events) if back else a.events, units=units, step=sa.step is not sb.step,
                            window=sa.window_key() != sb.window_key(), rewound=back)

    def _state(self, f: Frame) -> BattleState:
        st: BattleState = f.body if self._v13 else f.body.state
        return st

    def answer_at(self, event: int) -> int:
        """The step that shows the event of index ``event`` of the log: the fewest answers
        whose log holds it."""
        while self._counts[-1] <= event and len(self.frames) <= len(self.answers):
            self._make(len(self.frames))
        counts: Sequence[int] = self._counts
        k = bisect_right(counts, event)  # the first frame whose log holds more than ``event`` events
        return max(0, min(k, len(self.answers)))
