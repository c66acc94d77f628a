"""V13 reopened cold: a battle opened from its file in a new process resumes from a checkpoint
on disk instead of replaying every answer (issue 21 part 4: open + Fight < 100 ms at 5,000
answers).

The checkpoints are V13's own in-process ones (:mod:`rules.battlehex.checkpoints`: the battle state
while a ``combat/N`` question is pending), written and read by :mod:`rules.battlehex.resume` with
its guarantees: the file is MAC'd with the data folder's private key, made by the same code,
filed under the battle's inputs (the campaign without this record's answers, the seed), used
only when the answers being replayed begin with the ones it was made after, and only when the
procedure resumes at the question it names; else the answers are replayed from formation. The
answers after it are replayed as always (each checked again). A battle with anything secret (an
answer given in secret, a log line for some eyes only, a campaign that seals secrets) is never
written. The campaign file does not change: the same answers give the same bytes.

Two checkpoints are kept on disk, as the shared run keeps them (``resume/<battle>.last.bin`` beside
``resume/<battle>.bin``): the newest before the last answer, which a reopen resumes from, and an
older one at least :data:`DEPTH` answers before the last, so an undo of up to :data:`DEPTH` answers
after a cold reopen resumes from a checkpoint too (before it, it replayed from formation: 126 ms at
5,000 answers, issue 21) and replays at most :data:`DEPTH` plus
:data:`~rules.battlehex.checkpoints.SPACING` answers (the newest checkpoints in memory stay that far
apart however long the battle: the undo is flat in the battle's length, as its read is).
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from rules.battlehex.checkpoints import Checkpoint, copy_state, shared
from rules.battlehex.log import EventLog
from rules.battlehex.questions import Question
from rules.battlehex.state import BattleState, Ctx
from rules.dice import DiceRoller
from rules.battlehex import resume
from rules.battlehex.replay_points import Point

if TYPE_CHECKING:
    from rules.systems.v13.procedure import BattleProcedure

Resumed = Callable[[Ctx, int], Generator[Question, Any, None]]

COLD_FROM = 64
"""Fewer answers than this are replayed (a checkpoint would not pay for its reading)."""
DEPTH = 32
"""An undo of up to this many answers after a cold reopen resumes from a checkpoint on disk (the older one)."""


class Snapshot:
    """What :func:`rules.battlehex.resume.write` keeps of V13: the state with ``combat/{n}`` pending.

    ``log`` and ``dice`` are the run's (named in the file, not copied: the reader gives its own).
    """

    def __init__(self, state: BattleState, n: int, log: EventLog, dice: DiceRoller) -> None:
        self.state, self.n, self.log, self.dice = state, n, log, dice


def disk_key(proc: BattleProcedure) -> str:
    """What the battle's replay depends on: the seed and the campaign without this record's
    answers, secret answers and stored seed (the same before and after its first save)."""
    rec = proc.record
    bare = rec.model_copy(update={"answers": [], "secret_answers": {}, "seed": None})
    c = proc.campaign.model_copy(update={"battle_hexes": [bare if r is rec else r for r in proc.campaign.battle_hexes]})
    digest = hashlib.sha256(c.model_dump_json().encode("utf-8", "surrogatepass")).hexdigest()
    return f"V13:{proc.seed}:{rec.at}:{digest}"


def _key(proc: BattleProcedure) -> str:
    if proc._disk_key is None:
        proc._disk_key = disk_key(proc)
    return proc._disk_key


def _may(proc: BattleProcedure) -> bool:
    """Only the seeded roller is set back; a campaign that seals secrets, or a battle kept from
    some Teams, is never written."""
    return proc._dice is DiceRoller and not proc.campaign.keys and not proc.record.secret_of


def resume_cold(proc: BattleProcedure, state: BattleState, answers: list[Any], resumed: Resumed) -> bool:
    """Go on from the checkpoint on disk that ``answers`` begin with and replay the rest; False
    (the caller replays from formation) when there is none to trust or it does not resume at
    the question it names. ``state``: the battle at formation (its record, teams and units are
    the ones the checkpoint's state is read onto); ``resumed``: the procedure's combat loop
    going on after a given combat question."""
    if len(answers) < COLD_FROM or not _may(proc):
        return False
    point, newer = _read(proc, answers, state)
    if point is None:
        return False
    dice = proc._dice(proc.seed)
    if not point.dice_for(dice):
        return False
    snap = point.engine
    try:
        proc._begin(snap.state, EventLog(stored=point.events), dice, list(point.given), dict(point.secret))
        proc._gen = resumed(proc.ctx, snap.n - 1)
        proc.pending = proc._advance(None, first=True)
        if proc.pending is None or proc.pending.key != point.key:
            return False
        st = proc.ctx.state
        cp = Checkpoint(point.answers, snap.n, copy_state(st, shared(st)), point.dice, len(point.rolls),
                        len(point.events))
        proc._checkpoints.kept.append(cp)  # an undo to before the answers after it starts here too
        proc._tried = cp  # on disk already
        if not newer:
            proc._tried_older = cp  # the older one on disk
        proc._replay(answers[point.answers:])
    except Exception:  # noqa: BLE001 (whatever went wrong, the replay from formation decides: it refuses alike)
        return False
    return True


def _read(proc: BattleProcedure, answers: list[Any], state: BattleState) -> tuple[Point | None, bool]:
    """The checkpoint on disk that ``answers`` begin with and the procedure resumes from: the newer one (the
    reopen), else the older (an undo after the reopen that goes before the newer one); and whether it is the newer."""
    for last in (True, False):
        if last and len(answers) < proc._last_on_disk:
            continue  # the newer one was made after more answers than these (read or written by this procedure)
        point = resume.read(_key(proc), answers, state, last=last)
        if point is not None and isinstance(point.engine, Snapshot) and point.key == f"combat/{point.engine.n}":
            if last:
                proc._last_on_disk = point.answers
            return point, last
    return None, False


def write_cold(proc: BattleProcedure) -> None:
    """Write to disk, once each (a checkpoint is made every so many answers: most saves write nothing), the
    newest checkpoint before the last answer and the newest at least :data:`DEPTH` answers before it, unless
    the battle holds a secret. The older is written first: writing it removes the newer one's file."""
    n = len(proc.answers)
    if n < COLD_FROM or not _may(proc):
        return
    kept = proc._checkpoints.kept
    newer = next((c for c in reversed(kept) if c.answers < n), None)
    if newer is None or proc._tried is newer:
        return
    proc._tried = newer
    older = next((c for c in reversed(kept) if c.answers <= n - DEPTH), None)
    if older is newer:
        proc._tried_older = older
        _write(proc, older, last=False)  # one checkpoint old enough for both (the newer file, stale, removed)
        proc._last_on_disk = 0
        return
    if older is not None and older is not proc._tried_older:
        proc._tried_older = older
        _write(proc, older, last=False)
    if _write(proc, newer, last=True):
        proc._last_on_disk = newer.answers


def _write(proc: BattleProcedure, cp: Checkpoint, last: bool) -> bool:
    """Write checkpoint ``cp`` to disk (``last``: as the newer one); False when it holds a secret or is not written."""
    ctx = proc.ctx
    events = tuple(ctx.log.events[:cp.events])
    if any(i < cp.answers for i in proc._secret) or any(e.visible_to is not None for e in events):
        return False
    state = cp.restore(proc.record)
    point = Point(tuple(proc.answers[:cp.answers]), f"combat/{cp.n}", Snapshot(state, cp.n, EventLog(), DiceRoller(0)),
                  cp.dice, tuple(ctx.dice.history[:cp.rolls]), events, ())
    return resume.write(point, _key(proc), last=last)
