"""The checkpoint side of :class:`rules.battlehex.run.ReplayRun` (issue 21 part 1): where a run
finds, keeps, takes and writes the checkpoints of :mod:`rules.battlehex.replay_points` and
:mod:`rules.battlehex.resume`, so undo, reopen and a reopen in a new process resume from one.

A mixin: :class:`Checkpointed` holds no state of its own; the run's attributes it reads are
named below for the type checker.
"""
from __future__ import annotations

import gc
import weakref
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from operator import is_
from typing import Any, ClassVar

from rules.battlehex.checkpoints import roller_state
from rules.battlehex.log import EventLog
from rules.battlehex.questions import Question
from rules.battlehex.replay_points import Point, Points, make_point, shelf_key, shelved
from rules.battlehex.state import BattleState
from rules.dice import DiceRoller, Roll
from rules.model.campaign import Campaign
from rules.model.records import BattleHexRecord


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic collector off within (as it was after): a replay of a round of fire makes thousands of rolls
    and events, which set off full collections of everything the process holds (issue 21: ~2 ms of an AF/EF cold
    reopen's 29 at 300 v 300, 0.3 of 15 at 100 v 100)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


class Checkpointed:
    """Finding, keeping, taking and writing a run's checkpoints (mixed into ``ReplayRun``)."""

    campaign: Campaign
    record: BattleHexRecord
    seed: int
    dice_key: str
    engine: Any
    answers: list[Any]
    pending: Question | None
    _dice: Callable[[int], DiceRoller]
    _gen: Generator[Question, Any, None]
    _secret: dict[int, str]
    _points: Points | None
    _key: str
    _keeping: bool
    _spare_state: BattleState | None
    _lent: Point | None
    SEEDED: ClassVar[bool]

    def _state(self) -> BattleState:
        raise NotImplementedError

    def _roller(self) -> DiceRoller:
        """The battle's dice: seeded, their secret streams keyed by the record's ``dice_key`` (the GM's secret)."""
        dice = self._dice(self.seed)
        dice.secret_key = self.dice_key
        return dice

    def _log_roll(self, roll: Roll) -> None:
        raise NotImplementedError

    def _advance(self, value: Any, first: bool = False) -> Question | None:
        raise NotImplementedError

    def _shelf(self) -> Points | None:
        """This battle's checkpoints (the process's, for a reopen); None when the dice are not
        the seeded roller (scripted test dice are never set back)."""
        if self._points is None and self._dice is DiceRoller:
            self._key = shelf_key(type(self).__name__, *self._as_saved(), self.seed)
            self._points = shelved(self._key)
        return self._points

    def _as_saved(self) -> tuple[Campaign, BattleHexRecord]:
        """The campaign and record as :meth:`saved` stores them (a battle begun now: its seed stored), so a battle's
        checkpoints are filed under the key its saved file gives (issue 21: a battle begun in the window was filed
        without its seed, and a cold reopen of its file never found the checkpoints its run wrote)."""
        r = self.record
        if not self.SEEDED or r.seed is not None:
            return self.campaign, r
        stored = r.model_copy(update={"seed": self.seed})
        return self.campaign.model_copy(update={"battle_hexes": [stored if b is r else b
                                                                 for b in self.campaign.battle_hexes]}), stored

    def _read_digest(self, answers: list[Any]) -> str | None:
        """The digest of ``answers`` as the file the campaign was read from holds them, when they
        are its record's (:func:`rules.model.io.read_digests`), else None."""
        from rules.model.io import read_digests

        own = self.record.answers
        if len(answers) != len(own) or not all(map(is_, answers, own)):
            return None
        digests = read_digests(self.campaign)
        i = next((k for k, r in enumerate(self.campaign.battle_hexes) if r is self.record), -1)
        return digests[2][i] if digests is not None and 0 <= i < len(digests[2]) else None

    def _resume_from(self, point: Point, take: bool = False) -> bool:
        """Go on from ``point`` (``take``: with its own engine, the point dropped); False when
        its dice cannot be set back."""
        dice = self._roller()
        if not point.dice_for(dice):
            return False
        self._listen(dice)
        log = EventLog(stored=point.events)  # read (a disk point's decoded) only when read
        self.engine = point.engine_taken(self.record, log, dice) if take else point.engine_copy(self.record, log, dice)
        gen = self.engine.resume(point.key)
        assert gen is not None, f"a checkpoint at {point.key} the engine cannot resume"
        self._gen = gen
        self.answers = list(point.given)
        self._secret = dict(point.secret)
        self.pending = self._advance(None, first=True)
        assert self.pending is not None and self.pending.key == point.key, "a checkpoint resumed elsewhere"
        return True

    def _listen(self, dice: DiceRoller) -> None:
        """Log ``dice``'s rolls, holding this run weakly: a run left (a window closed, a file
        opened again) is freed at once, not at the next garbage collection, so the engine it was
        lent goes back to its checkpoint for the next reopen (:meth:`Points.lent`)."""
        ref = weakref.WeakMethod(self._log_roll)

        def log_roll(roll: Roll) -> None:
            method = ref()
            if method is not None:
                method(roll)
        dice.listeners.append(log_roll)

    def _lend(self, point: Point, points: Points) -> bool:
        """Go on from ``point`` with its engine itself, lent (a reopen standing exactly there: no
        copy until this run changes it, :meth:`_give_back`); False when its dice cannot be set back."""
        if not self._resume_from(point, take=True):
            return False
        points.lend(point, self)
        self._lent = point
        return True

    def _give_back(self, changing: bool) -> None:
        """Give the engine lent by a point back before this run changes it (``changing``: the
        point keeps a copy of it made now) or leaves it (an undo)."""
        point, self._lent = self._lent, None
        if point is not None and self._points is not None:
            self._points.give_back(point, changing)

    def _from_disk(self, points: Points, answers: list[Any]) -> Point | None:
        """The checkpoint a run of this battle wrote to disk (a new process reopening the file);
        None when there is none to trust (:func:`rules.battlehex.resume.read`)."""
        from rules.battlehex import resume

        state = self._state()
        point = resume.load(points, self._key, answers, state)
        if point is None:
            self._spare_state = state  # only read: the replay from the first round starts on it
        return point

    def _write_point(self) -> None:
        """Keep the newest checkpoint on disk for a reopen in a new process
        (:func:`rules.battlehex.resume.keep`); never for a campaign whose file seals secrets (the
        checkpoint would hold them in plain: such a battle is replayed from its answers). It stands
        at least two answers before the last (``keep`` is told of all but the last), so undoing
        the last two after a reopen in a new process resumes from it as well."""
        if self._points is not None and not self.campaign.keys:
            from rules.battlehex import resume

            resume.keep(self._points, self.answers[:-1], self._key)

    def keep_last(self) -> None:
        """Write a checkpoint at the last answer to disk, beside the older one (:func:`rules.battlehex.resume.keep_last`:
        the battle window closed, the file saved), so a reopen in a new process replays no answer; where the engine
        cannot go on from the pending question, the newest point kept (if newer than the one on disk). Never for a
        campaign whose file seals secrets."""
        points, q = self._points, self.pending
        if points is None or q is None or self.campaign.keys:
            return
        from rules.battlehex import resume

        dice = roller_state(self.engine.dice)
        if self.engine.resume(q.key) is not None and dice is not None:  # the engine is written now (not copied)
            resume.keep_last(Point(tuple(self.answers), q.key, self.engine, dice, tuple(self.engine.dice.history),
                                   tuple(self.engine.log.events[:-1]), tuple(sorted(self._secret.items()))), self._key)
            return
        point, written = points.best(self.answers), points.written
        if point is not None and (written is None or point.answers > written.answers):
            resume.keep_last(point, self._key)

    def _checkpoint(self, expected: int) -> None:
        """Keep a checkpoint now if one is due and the engine can go on from the pending question."""
        points, q = self._points, self.pending
        if points is None or q is None or not self._keeping or not points.due(len(self.answers), expected) \
                or self.engine.resume(q.key) is None:
            return
        point = make_point(self.answers, q.key, self.engine, self._secret)
        if point is not None:
            points.keep(point)

    def _keep_here(self) -> None:
        """Before an answer given now changes anything: a checkpoint where the battle stands, if
        none is kept there (an undo took it, or a replay kept none so late), so undoing this
        answer again resumes here instead of replaying from an older checkpoint."""
        points, q = self._points, self.pending
        if points is None or q is None:
            return
        best = points.best(self.answers)
        if best is not None and best.answers == len(self.answers) or self.engine.resume(q.key) is None:
            return
        point = make_point(self.answers, q.key, self.engine, self._secret)
        if point is not None:
            points.keep(point)
