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
    point = resume.read(_key(proc), answers, state)
    if point is None or not isinstance(point.engine, Snapshot) or point.key != f"combat/{point.engine.n}":
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
        proc._replay(answers[point.answers:])
    except Exception:  # noqa: BLE001 (whatever went wrong, the replay from formation decides: it refuses alike)
        return False
    return True


def write_cold(proc: BattleProcedure) -> None:
    """Write the newest checkpoint before the last answer to disk, once (a checkpoint is made
    every so many answers: most saves write nothing), unless the battle holds a secret."""
    n = len(proc.answers)
    if n < COLD_FROM or not _may(proc):
        return
    cp = next((c for c in reversed(proc._checkpoints.kept) if c.answers < n), None)
    if cp is None or proc._tried is cp:
        return
    proc._tried = cp
    ctx = proc.ctx
    events = tuple(ctx.log.events[:cp.events])
    if any(i < cp.answers for i in proc._secret) or any(e.visible_to is not None for e in events):
        return
    state = cp.restore(proc.record)
    point = Point(tuple(proc.answers[:cp.answers]), f"combat/{cp.n}", Snapshot(state, cp.n, EventLog(), DiceRoller(0)),
                  cp.dice, tuple(ctx.dice.history[:cp.rolls]), events, ())
    resume.write(point, _key(proc))
