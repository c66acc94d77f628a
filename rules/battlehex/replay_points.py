"""Checkpoints of a dice battle's replay, for every system on :class:`rules.battlehex.run.ReplayRun`
(issue 21 part 1: the guarantees V13 got in :mod:`rules.battlehex.checkpoints`, given by the seam).

A battle's state is a function of (campaign, seed, answers). Where a system's engine can go on
from a pending question (:meth:`~rules.battlehex.run.RunEngine.resume` gives the procedure from
there, asking that question again), a :class:`Point` keeps a private copy of the engine, the
dice generator's state and the log and rolls so far. An undo resumes the newest point at or
before its target and replays only the answers after it; a replay keeps points every
``spacing`` answers and at every resumable question of its last :data:`TAIL` answers, so undo
after a reopen is as quick as undo during play. At most :data:`MOST` points are kept: when
there are more, every other one goes and the spacing doubles.

Reopening the same battle in the same process (the window closed and opened again, the file
opened again) finds the points of the run that made them in :data:`SHELF`, filed under the
battle's inputs (the campaign without this record's answers, the system, the seed), so it
replays only the answers after the newest point that its answers begin with.
"""
from __future__ import annotations

import copy
import dataclasses
import gc
import hashlib
import json
import weakref
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from operator import is_
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel

from rules.battlehex.checkpoints import restore_roller, roller_state, shared
from rules.battlehex.log import Event, EventLog
from rules.battlehex.state import BattleState
from rules.dice import DiceRoller, Roll
from rules.model.campaign import Campaign
from rules.model.records import BattleHexRecord

MOST = 24
"""The most points one run keeps (thinned to every other one beyond it)."""
TAIL = 3
"""A replay keeps a point at every resumable question among its last this many answers."""
REPLAY_POINTS = 5
"""About how many points a replay keeps before its tail (each copies the engine)."""
SHELVES = 4
"""How many battles' points the process keeps for a reopen (the least recently used go)."""


class Copyable(Protocol):
    """What a point copies: an engine with its state, log and dice."""

    @property
    def state(self) -> BattleState: ...

    @property
    def log(self) -> EventLog: ...

    @property
    def dice(self) -> DiceRoller: ...


C = TypeVar("C", bound=Copyable)


def clone(engine: C, record: BattleHexRecord) -> C:
    """A private copy of ``engine`` on ``record``: the campaign's immutable objects (units,
    teams) are shared; the log and the dice are the same objects (the caller replaces them)."""
    memo = shared(engine.state)
    memo[id(engine.state.record)] = record
    memo[id(engine.log)] = engine.log
    memo[id(engine.dice)] = engine.dice
    collecting = gc.isenabled()
    gc.disable()  # thousands of new objects would set off collections of everything the process holds
    try:
        out: C = _copy(engine, memo)
    finally:
        if collecting:
            gc.enable()
    return out


_SHARED: dict[type, bool] = {str: True, int: True, float: True, bool: True, type(None): True, Fraction: True,
                             frozenset: True, bytes: True}
"""Per type: True when its values are immutable and shared (scalars, enums, frozen dataclasses,
pydantic models: the campaign's objects are never changed in place), False when copied."""


def _is_shared(t: type) -> bool:
    known = _SHARED.get(t)
    if known is None:
        params = getattr(t, "__dataclass_params__", None)
        known = issubclass(t, (Enum, BaseModel)) or bool(params is not None and params.frozen)
        _SHARED[t] = known
    return known


_PLAIN: dict[type, bool] = {}
"""Per type: True when its objects are copied attribute by attribute (a ``__dict__``, no slots,
not callable), False when ``copy.deepcopy`` copies them."""


def _copy(x: Any, memo: dict[int, Any]) -> Any:
    """A deep copy of ``x`` sharing what ``memo`` names and the immutable values (several times
    quicker than ``copy.deepcopy`` on a battle's units: plain dicts, lists and objects, each
    copied whole at C speed and then only its values that are not shared copied in turn)."""
    t = type(x)
    if _is_shared(t):
        return x
    i = id(x)
    if i in memo:
        return memo[i]
    get = _SHARED.get
    y: Any
    if t is dict:
        y = memo[i] = x.copy()
        for k, v in y.items():  # values only: the dict keeps its size
            if not get(type(v)):
                y[k] = _copy(v, memo)
    elif t is list:
        y = memo[i] = x.copy()
        for n, v in enumerate(y):
            if not get(type(v)):
                y[n] = _copy(v, memo)
    elif t is tuple:
        if all(get(type(v)) for v in x):  # immutable through and through: shared
            return x
        y = memo[i] = tuple(_copy(v, memo) for v in x)
    elif _PLAIN.get(t) or t not in _PLAIN and _PLAIN.setdefault(
            t, hasattr(x, "__dict__") and not hasattr(t, "__slots__") and not callable(x)):
        y = memo[i] = object.__new__(t)
        d = x.__dict__.copy()
        for k, v in d.items():
            if not get(type(v)):
                d[k] = _copy(v, memo)
        y.__dict__ = d
    else:
        y = memo[i] = copy.deepcopy(x, memo)
    return y


@dataclass(frozen=True, slots=True)
class Point:
    """The replay after ``len(given)`` answers with the question ``key`` pending.

    Attributes:
        given: the answers given, in order (a replay resumes here only if its answers begin so).
        key: the pending question's key (the engine resumes there).
        engine: a private copy of the engine (never handed out: :meth:`engine_copy` copies it).
        dice: the roller's state (:func:`rules.battlehex.checkpoints.roller_state`).
        rolls: the roller's history.
        events: the log before the pending question was logged.
        secret: answer index -> the Team that gave it in secret.
    """

    given: tuple[Any, ...]
    key: str
    engine: Any
    dice: tuple[str, Any]
    rolls: tuple[Roll, ...]
    events: Sequence[Event]
    secret: tuple[tuple[int, str], ...]
    digest: list[str | None] = dataclasses.field(default_factory=list, compare=False, repr=False)
    """[the digest of ``given`` as a file holds its answers (:func:`rules.model.io.json_digest`;
    None when they are not plain JSON)], made when first compared with a file's (:meth:`fits`)."""

    @property
    def answers(self) -> int:
        """How many answers were given."""
        return len(self.given)

    def fits(self, answers: list[Any], digest: str | None = None) -> bool:
        """True when ``answers`` begin with this point's answers (``digest``: theirs as the file
        they were read from holds them, compared instead when they are as many: a reopen standing
        at this point, flat in their size: issue 21)."""
        n = len(self.given)
        if n > len(answers):
            return False
        if all(map(is_, self.given, answers)):  # the run's own answer objects (an undo, a reopen): at C speed
            return True
        if digest is not None and n == len(answers):
            if not self.digest:
                from rules.model.io import json_digest

                given = list(self.given)
                self.digest.append(json_digest(given) if _plain(given) else None)
            if self.digest[0] is not None:
                return self.digest[0] == digest
        return all(same(a, b) for a, b in zip(self.given, answers))

    def engine_copy(self, record: BattleHexRecord, log: EventLog, dice: DiceRoller) -> Any:
        """A fresh copy of the engine on ``record``, writing to ``log`` and rolling ``dice``."""
        e = clone(self.engine, record)
        e.log, e.dice = log, dice
        return e

    def engine_taken(self, record: BattleHexRecord, log: EventLog, dice: DiceRoller) -> Any:
        """The engine itself (the point is no longer kept: :meth:`Points.drop`), on ``record``,
        writing to ``log`` and rolling ``dice``."""
        e = self.engine
        e.state.record, e.log, e.dice = record, log, dice
        return e

    def dice_for(self, dice: DiceRoller) -> bool:
        """Set a fresh roller to this point's state and history; False when it is another kind."""
        if not restore_roller(dice, self.dice):
            return False
        dice.history[:] = self.rolls
        return True


def same(a: Any, b: Any) -> bool:
    """The same JSON answer, types included (``True`` is not ``1``, ``1.0`` is not ``1``).

    A dict or list is compared at C speed (an answer read from a file again is another object
    than the run's, and a 300-unit answer has thousands of values: issue 21, the file opened
    again): equal (which tells a tuple from a list, ``{1: ..}`` from ``{"1": ..}``) and the same
    JSON text (which tells ``True`` from ``1``, ``1.0`` from ``1`` and the order of a dict's keys)."""
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    if type(a) is dict or type(a) is list:
        if a != b:
            return False
        try:
            return _text(a) == _text(b)
        except (TypeError, ValueError):  # not JSON through and through: value by value
            return _same_values(a, b)
    return _same_values(a, b)


def _plain(a: Any) -> bool:
    """Whether ``a`` is plain JSON (what its text reads back as: no tuple, no key that is not a string)."""
    try:
        return same(a, json.loads(_text(a)))
    except (TypeError, ValueError):
        return False


def _text(a: Any) -> str:
    return json.dumps(a, ensure_ascii=False, separators=(",", ":"), check_circular=False)


def _same_values(a: Any, b: Any) -> bool:
    """:func:`same`, value by value (in Python)."""
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same_values(v, b[k]) for k, v in a.items())  # order counts (rolls follow it)
    if isinstance(a, list):
        return len(a) == len(b) and all(_same_values(x, y) for x, y in zip(a, b))
    return bool(a == b)


def make_point(given: list[Any], key: str, engine: Copyable, secret: dict[int, str]) -> Point | None:
    """A point now, the question ``key`` pending and logged (None when the dice cannot be set back)."""
    dice = roller_state(engine.dice)
    if dice is None:
        return None
    return Point(tuple(given), key, clone(engine, engine.state.record), dice, tuple(engine.dice.history),
                 tuple(engine.log.events[:-1]), tuple(sorted(secret.items())))


class Points:
    """The points of one battle, oldest first (shared by the runs of the same battle)."""

    def __init__(self) -> None:
        self.spacing = 1
        self.kept: list[Point] = []
        self.written: Point | None = None
        """The point last written to disk (:mod:`rules.battlehex.resume`), or read from it."""
        self._lent: dict[int, tuple[Point, weakref.ref[Any]]] = {}
        """id of a point whose engine a run goes on with -> (the point, the run)."""

    def lent(self, point: Point) -> bool:
        """Whether a live run goes on with ``point``'s engine (another run copies it, never takes it)."""
        entry = self._lent.get(id(point))
        return entry is not None and entry[0] is point and entry[1]() is not None

    def lend(self, point: Point, run: Any) -> None:
        """``run`` goes on with ``point``'s engine itself (a reopen standing exactly at the point:
        no copy); it gives it back (:meth:`give_back`) before it changes it."""
        self._lent[id(point)] = (point, weakref.ref(run))

    def give_back(self, point: Point, changing: bool) -> None:
        """The run ``point`` was lent to is done with its engine. ``changing``: it is about to
        change it (an answer), so the point keeps a copy made now, while the engine still stands
        at the point; else (an undo left it, never changed again) the point keeps the engine."""
        if self._lent.pop(id(point), None) is None or not changing:
            return
        engine = point.engine
        kept = dataclasses.replace(point, engine=clone(engine, engine.state.record))
        self.kept = [kept if p is point else p for p in self.kept]
        if self.written is point:
            self.written = kept

    def plan(self, expected: int) -> None:
        """A replay of ``expected`` answers starts: space its points so it makes about
        :data:`REPLAY_POINTS` (and the tail's)."""
        while expected > self.spacing * REPLAY_POINTS:
            self.spacing *= 2

    def due(self, answers: int, expected: int) -> bool:
        """Whether a point is due after ``answers`` answers of a replay of ``expected``."""
        if self.kept and self.kept[-1].answers >= answers:
            return False
        last = self.kept[-1].answers if self.kept else 0
        return answers - last >= self.spacing or answers > expected - TAIL

    def keep(self, point: Point) -> None:
        """Keep ``point`` (newer ones than it, from another line of answers, go)."""
        while self.kept and self.kept[-1].answers >= point.answers:
            self.kept.pop()
        self.kept.append(point)
        if len(self.kept) > MOST:  # thin out: the first, every other one, the newest TAIL (undo goes there)
            self.spacing *= 2
            self.kept = self.kept[:-TAIL][::2] + self.kept[-TAIL:]

    def drop(self, point: Point) -> None:
        """Keep ``point`` no more (an undo takes its engine)."""
        self.kept = [p for p in self.kept if p is not point]

    def best(self, answers: list[Any], digest: str | None = None) -> Point | None:
        """The newest point that ``answers`` begin with (``digest``: :meth:`Point.fits`)."""
        for p in reversed(self.kept):
            if p.fits(answers, digest):
                return p
        return None


SHELF: OrderedDict[str, Points] = OrderedDict()
"""The process's points per battle (:func:`shelf_key`), for a reopen."""


_KNOWN: OrderedDict[int, tuple[Campaign, str]] = OrderedDict()
"""Campaign object id -> (the campaign, its battle's key): a campaign a run adopted (the same
battle stored with more answers) keeps the run's key without serialising it again."""


_LATEST: dict[str, int] = {}
"""Battle key -> the id of the campaign in :data:`_KNOWN` last adopted by a run of it."""


def remember(campaign: Campaign, key: str) -> None:
    """``campaign`` (adopted by the run filed under ``key``) has that key. One campaign is kept
    per battle, the newest (the session's): a battle's every answer stored never pushes another
    battle's campaign out (issue 21: a reopen would serialise it to find its checkpoints)."""
    older = _LATEST.pop(key, None)
    hit = _KNOWN.get(older) if older is not None else None
    if older is not None and hit is not None and hit[1] == key:
        del _KNOWN[older]
    _KNOWN.pop(id(campaign), None)
    _KNOWN[id(campaign)] = (campaign, key)  # the campaign is held: its id is not reused meanwhile
    _LATEST[key] = id(campaign)
    while len(_KNOWN) > 2 * SHELVES:
        _gone, (_c, gone_key) = _KNOWN.popitem(last=False)
        if _LATEST.get(gone_key) == _gone:
            del _LATEST[gone_key]


def shelf_key(system: str, campaign: Campaign, record: BattleHexRecord, seed: int) -> str:
    """What a battle's replay depends on: the system, the seed and the campaign without this
    record's answers (anything else that changes gives another key)."""
    known = _KNOWN.get(id(campaign))
    if known is not None and known[0] is campaign and known[1].startswith(f"{system}:{seed}:{record.at}:"):
        return known[1]
    return f"{system}:{seed}:{record.at}:{inputs_digest(campaign, record)}"


def inputs_digest(campaign: Campaign, record: BattleHexRecord) -> str:
    """A digest of ``campaign`` without ``record``'s answers: of its data as a save writes it
    (fields at their default left out), made when it was read from a file
    (:func:`rules.model.io.read_digests`: not serialised again; issue 21, a cold reopen and the
    file opened again), else from its dump in the same form (a run in the app: the same digest
    as the file it saves). Every other record's answers count (as digests of their own)."""
    from rules.model.io import inputs_digests, read_digests

    digests = read_digests(campaign)
    if digests is None:
        digests = inputs_digests(json.loads(campaign.model_dump_json(exclude_defaults=True)))
    base, parts, _each = digests
    i = next((k for k, r in enumerate(campaign.battle_hexes) if r is record), -1)
    joined = ",".join("-" if k == i else p for k, p in enumerate(parts))
    return hashlib.sha256(f"{base}:{joined}".encode()).hexdigest()


def shelved(key: str) -> Points:
    """The points filed under ``key`` (new, empty ones if none), now the most recently used."""
    points = SHELF.pop(key, None) or Points()
    SHELF[key] = points
    while len(SHELF) > SHELVES:
        SHELF.popitem(last=False)
    return points
